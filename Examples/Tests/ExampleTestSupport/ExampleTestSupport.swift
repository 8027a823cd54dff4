public import AsyncLayerKit
public import Foundation
import ReferenceCard
import Synchronization

/// A value behind a lock, shareable between the test, the loop and render threads.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    /// A lock around `value`.
    public init(_ value: Value) { mutex = Mutex(value) }
    /// Runs `body` with the value, under the lock.
    public func withLock<R>(_ body: (inout Value) -> R) -> R { mutex.withLock { body(&$0) } }
    /// The value now.
    public var value: Value { withLock { $0 } }
}

extension ElementLimits {
    /// The defaults without the render deadline: under the thread sanitizer, with other tests
    /// flooding the cooperative pool, a golden render can wait longer than 10 s for a thread.
    public static var testing: ElementLimits {
        var limits = ElementLimits.default
        limits.maxRenderDuration = nil
        return limits
    }
}

/// Serves the reference card's bundled cover and avatar by name (ReferenceCard's `Inputs`).
public struct BundledImageLoader: ElementImageLoader {
    /// A name other than "cover" and "avatar".
    public struct Missing: Error {}
    /// A loader over the bundled inputs.
    public init() {}
    /// The bytes of "cover" or "avatar".
    public func imageBytes(named name: String) async throws -> [UInt8] {
        let files = try ReferenceCardAssets.bundledFiles()
        switch name {
        case "cover": return files.cover
        case "avatar": return files.avatar
        default: throw Missing()
        }
    }
}

/// The Examples package's folders the tests read through `#filePath`.
public enum ExampleFolders {
    /// `Examples/`.
    public static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `Examples/element-cards`, the JSON example cards.
    public static let elementCards = examples.appendingPathComponent("element-cards")
    /// The repository's root (the library's package).
    public static let root = examples.deletingLastPathComponent()
}
