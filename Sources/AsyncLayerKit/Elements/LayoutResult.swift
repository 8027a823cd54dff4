public import Canvas

/// A laid-out element tree: every element's resolved frame, and every text measured at its final
/// width, ready to be drawn (pre-layout: compute once, render later, on any thread).
///
/// Nodes are in pre-order (an element, then its children's subtrees in order), the order
/// ``ElementRenderer`` walks the tree in. A result belongs to the tree it was computed for:
/// ``ElementRenderer/draw(_:layout:images:scale:)`` checks only that the node counts agree, so
/// drawing another tree with as many elements uses the wrong frames.
public struct LayoutResult: Sendable {
    /// One element's place.
    public struct Node: Sendable {
        /// The element's frame in the root's coordinates, in points.
        public let frame: Rect
        /// The frame inside the element's padding.
        public let contentFrame: Rect
        /// For a text element, its text measured at the content width; drawn as is.
        public let text: TextLayout?
    }

    /// The canvas size the tree was laid out in.
    public let size: Size
    /// Every element's node, in pre-order.
    public let nodes: [Node]
}
