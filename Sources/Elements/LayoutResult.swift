public import Canvas
public import Flexbox

/// A laid-out element tree: every element's resolved frame, and every text measured at its final
/// width, ready to be drawn (pre-layout: compute once, render later, on any thread).
///
/// Nodes are in pre-order (an element, then its children's subtrees in document order), the order
/// the renderer walks the tree in. A result belongs to the tree it was computed for:
/// ``ElementRenderer/draw(_:layout:images:scale:)`` draws with the flattened tree the layout kept
/// when given that same tree, and otherwise checks only that the node counts agree, so drawing
/// another tree with as many elements uses the wrong frames.
public struct LayoutResult: Sendable {
    /// One element's place.
    public struct Node: Sendable {
        /// The element's border box in the root's coordinates, in points (zero for an element
        /// under `display: none`).
        public let frame: Rect
        /// The frame inside the element's border and padding: where its content is drawn.
        public let contentFrame: Rect
        /// The resolved border widths, physical edges, in points.
        public let border: ResolvedEdges
        /// The element's direction after inheritance.
        public let direction: LayoutDirection
        /// For a text element, its text measured at the content width; drawn as is.
        public let text: TextLayout?
        /// For a text whose clamp keeps the lines past it (`continue: -webkit-legacy`) and cut
        /// some: the whole text laid out, whose lines from `text`'s line count on are drawn too.
        package var linesPastClamp: TextLayout? = nil
    }

    /// The canvas size the tree was laid out in.
    public let size: Size
    /// Every element's node, in pre-order.
    public let nodes: [Node]
    /// The flattened tree the layout was computed from (by ``ElementLayout/layout(_:in:limits:scale:fonts:)``),
    /// so that drawing the same tree does not flatten it again.
    var tree: ElementTraversal?
}
