import Flexbox
/// A box edge, as SwiftUI's `Edge`: `leading` and `trailing` are logical (CSS's inline start
/// and end: the right edge is leading in a right-to-left box).
public enum Edge: Hashable, Sendable, CaseIterable {
    /// The top edge.
    case top
    /// The leading edge: CSS `*-inline-start` (``/Flexbox/Edges/start``).
    case leading
    /// The bottom edge.
    case bottom
    /// The trailing edge: CSS `*-inline-end` (``/Flexbox/Edges/end``).
    case trailing

    /// A set of edges, as SwiftUI's `Edge.Set`: `.padding(.horizontal, 8)`.
    public struct Set: OptionSet, Hashable, Sendable {
        /// The bits.
        public let rawValue: UInt8
        /// A set from its bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The top edge.
        public static let top = Set(rawValue: 1)
        /// The leading edge.
        public static let leading = Set(rawValue: 2)
        /// The bottom edge.
        public static let bottom = Set(rawValue: 4)
        /// The trailing edge.
        public static let trailing = Set(rawValue: 8)
        /// Leading and trailing.
        public static let horizontal: Set = [.leading, .trailing]
        /// Top and bottom.
        public static let vertical: Set = [.top, .bottom]
        /// Every edge.
        public static let all: Set = [.horizontal, .vertical]
    }
}

extension Edges {
    /// These edges with `value` on each edge of `set` (leading and trailing as `start` and
    /// `end`), the others unchanged.
    func setting(_ set: Edge.Set, to value: Value) -> Edges {
        var edges = self
        if set.contains(.top) { edges.top = value }
        if set.contains(.bottom) { edges.bottom = value }
        if set.contains(.leading) { edges.start = value }
        if set.contains(.trailing) { edges.end = value }
        return edges
    }
}
