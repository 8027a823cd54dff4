#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
internal import Synchronization

/// A count limit checked as a decoder reads, not after: a few bytes of JSON can name a value of
/// hundreds (`{"type":"view"},` is 16 bytes, a decoded element far more), so
/// ``ElementLimits/maxNodes`` (or a caller's own limit) stops a document at the first value over
/// them instead of after materializing all of it.
///
/// One budget per decode and kind of value, in the decoder's `userInfo` under its key; a decode
/// without one counts nothing. Public for the caller's own documents (a page of items counted
/// with a key of its own).
public final class DecodingBudget: Sendable {
    /// The key of the elements of an element document.
    package static let elements = CodingUserInfoKey(rawValue: "AsyncLayerKit.DecodingBudget.elements")!

    /// The most values the document may hold.
    public let limit: Int
    private let count = Atomic<Int>(0)

    /// A budget of `limit` values.
    public init(limit: Int) { self.limit = limit }

    /// Counts one more value of the kind `key` names, read by `decoder`.
    ///
    /// - Throws: ``Exceeded`` at the first value over the limit.
    public static func spend(_ key: CodingUserInfoKey, of decoder: any Decoder) throws {
        guard let budget = decoder.userInfo[key] as? DecodingBudget else { return }
        let count = budget.count.add(1, ordering: .relaxed).newValue
        guard count <= budget.limit else { throw Exceeded(count: count, limit: budget.limit) }
    }

    /// The value that went over the limit: the document's decoder turns it into its typed error
    /// (``ElementError/tooManyNodes(count:limit:)`` for an element document).
    public struct Exceeded: Error {
        /// The count reached: one over the limit.
        public let count: Int
        /// The limit.
        public let limit: Int
    }
}
