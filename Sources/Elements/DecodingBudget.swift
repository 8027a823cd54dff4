#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
internal import Synchronization

/// A count limit checked as a decoder reads, not after: a few bytes of JSON can name a value of
/// hundreds (`{"type":"view"},` is 16 bytes, a decoded element far more), so
/// ``ElementLimits/maxNodes`` and ``FeedLimits/maxItems`` stop a document at the first value over
/// them instead of after materializing all of it.
///
/// One budget per decode and kind of value, in the decoder's `userInfo` under its key; a decode
/// without one counts nothing.
package final class DecodingBudget: Sendable {
    /// The key of the elements of an element document.
    package static let elements = CodingUserInfoKey(rawValue: "AsyncLayerKit.DecodingBudget.elements")!
    /// The key of the items of a feed page.
    package static let feedItems = CodingUserInfoKey(rawValue: "AsyncLayerKit.DecodingBudget.feedItems")!

    /// The most values the document may hold.
    package let limit: Int
    private let count = Atomic<Int>(0)

    package init(limit: Int) { self.limit = limit }

    /// Counts one more value of the kind `key` names, read by `decoder`.
    ///
    /// - Throws: ``Exceeded`` at the first value over the limit.
    package static func spend(_ key: CodingUserInfoKey, of decoder: any Decoder) throws {
        guard let budget = decoder.userInfo[key] as? DecodingBudget else { return }
        let count = budget.count.add(1, ordering: .relaxed).newValue
        guard count <= budget.limit else { throw Exceeded(count: count, limit: budget.limit) }
    }

    /// The value that went over the limit: the document's decoder turns it into its typed error
    /// (``ElementError/tooManyNodes(count:limit:)``, ``FeedError/tooManyItems(count:limit:)``).
    package struct Exceeded: Error {
        package let count: Int
        package let limit: Int
    }
}
