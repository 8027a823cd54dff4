/// An element tree with its content hash computed once.
///
/// ``Element/contentHash()`` walks the whole tree; a feed that shows the same tree on many
/// frames, or a server that renders one template for many requests, hashes it once here and
/// passes this value around. Equality and hashing use the content hash alone (128 bits), so this
/// is also a cheap dictionary key where comparing two trees field by field would walk both.
public struct HashedElement: Hashable, Sendable {
    /// The tree.
    public let element: Element
    /// Its content hash.
    public let contentHash: ContentHash

    /// Hashes `element`.
    ///
    /// - Throws: ``ElementError/tooDeep(depth:limit:)`` for a tree deeper than
    ///   ``Element/maxSupportedDepth``; ``ElementError/invalidJSON(path:message:)`` for a value
    ///   that cannot be encoded (a NaN or infinite number).
    public init(_ element: Element) throws(ElementError) {
        self.element = element
        self.contentHash = try element.contentHash()
    }

    /// Two hashed trees are equal when their content hashes are.
    public static func == (lhs: HashedElement, rhs: HashedElement) -> Bool {
        lhs.contentHash == rhs.contentHash
    }

    /// Hashes the content hash.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(contentHash)
    }
}
