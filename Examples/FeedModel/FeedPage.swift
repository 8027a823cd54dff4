#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
import AsyncLayerKit

/// A versioned JSON page of feed items, `{"version": 1, "items": […], "next": "…"}`, decoded off the
/// caller's actor by ``decode(_:limits:)``. The JSON form is tabled in <doc:FeedsArticle>.
public struct FeedPage: Hashable, Sendable, Codable {
    /// The schema version this library writes and reads.
    public static let currentVersion = 1

    /// The schema version; always ``currentVersion`` when decoded.
    public var version: Int
    /// The items, in feed order.
    public var items: [FeedItem]
    /// An opaque cursor for the page after this one; `nil` on the last page.
    public var next: String?

    /// A page at the current version.
    public init(items: [FeedItem], next: String? = nil) {
        self.version = Self.currentVersion
        self.items = items
        self.next = next
    }

    private enum Keys: String, CodingKey { case version, items, next }

    /// Thrown inside decoding to stop at a version this library does not read.
    private struct VersionMismatch: Error {
        let version: Int
    }

    /// Decodes a page, refusing any version but ``currentVersion``.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        version = try c.decode(Int.self, forKey: .version)
        guard version == Self.currentVersion else { throw VersionMismatch(version: version) }
        items = try c.decode([FeedItem].self, forKey: .items)
        next = try c.decodeIfPresent(String.self, forKey: .next)
    }

    /// Encodes the page.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(version, forKey: .version)
        try c.encode(items, forKey: .items)
        try c.encodeIfPresent(next, forKey: .next)
    }

    /// The `userInfo` key of the budget that counts a page's items as they are decoded.
    static let itemBudget = CodingUserInfoKey(rawValue: "FeedSupport.FeedPage.items")!

    /// The deepest JSON nesting a page has: page, items, item, live card (or a texts array).
    static let maxJSONDepth = 4

    /// Decodes and checks a page **off the caller's actor**: a `@concurrent` function, so a call
    /// from ``/DisplayLoop/DisplayActor`` (or any actor) suspends there and the decoding runs on
    /// the global concurrent executor.
    ///
    /// - Throws: ``FeedError/pageTooLarge(bytes:limit:)`` and ``FeedError/tooDeep(depth:limit:)``
    ///   (from the raw bytes, before decoding), ``FeedError/tooManyItems(count:limit:)`` (at the first
    ///   item over the limit, while decoding), ``FeedError/invalidJSON(path:message:)`` naming the
    ///   wrong path, ``FeedError/unsupportedVersion(_:)``, and the limits of ``FeedLimits/check(_:)``.
    @concurrent
    public static func decode(_ bytes: [UInt8], limits: FeedLimits = .default) async throws(FeedError) -> FeedPage {
        try decodeNow(bytes, limits: limits)
    }

    /// The synchronous body of ``decode(_:limits:)``, on the calling thread.
    static func decodeNow(_ bytes: [UInt8], limits: FeedLimits) throws(FeedError) -> FeedPage {
        guard bytes.count <= limits.maxPageBytes else {
            throw .pageTooLarge(bytes: bytes.count, limit: limits.maxPageBytes)
        }
        let nesting = JSONNestingScanner.maxDepth(of: bytes, stoppingAbove: maxJSONDepth)
        guard nesting <= maxJSONDepth else { throw .tooDeep(depth: nesting, limit: maxJSONDepth) }
        let page: FeedPage
        do {
            let decoder = JSONDecoder()
            decoder.userInfo[Self.itemBudget] = DecodingBudget(limit: limits.maxItems)
            page = try decoder.decode(FeedPage.self, from: Data(bytes))
        } catch let mismatch as VersionMismatch {
            throw .unsupportedVersion(mismatch.version)
        } catch let exceeded as DecodingBudget.Exceeded {
            throw .tooManyItems(count: exceeded.count, limit: exceeded.limit)
        } catch let error as DecodingError {
            guard case .invalidJSON(let path, let message) = JSONErrorPath.elementError(for: error) else {
                throw .invalidJSON(path: "", message: "\(error)")
            }
            throw .invalidJSON(path: path, message: message)
        } catch {
            throw .invalidJSON(path: "", message: "\(error)")
        }
        try limits.check(page)
        return page
    }

    /// The page as JSON (keys sorted, so equal pages give equal bytes).
    public func jsonBytes(prettyPrinted: Bool = false) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = prettyPrinted ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        // Strings and arrays of strings only: encoding cannot fail.
        return (try? [UInt8](encoder.encode(self))) ?? []
    }
}
