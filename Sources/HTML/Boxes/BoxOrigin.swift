/// Where each element of a built tree came from, in the tree's shape: the HTML element a box
/// stands for (none for an anonymous box or a list marker) and, for a paragraph, the HTML nodes
/// behind each of its runs. Frames of HTML elements are read back through it after layout.
struct BoxOrigin: Sendable {
    /// The HTML element this box is, `nil` for an anonymous box.
    var node: HTMLTree.NodeID?
    /// The children's origins, in the element tree's order.
    var children: [BoxOrigin] = []
    /// For a paragraph: each run's text node (`nil` for a line break or an image) and the inline
    /// elements around it, outermost first.
    var runs: [RunOrigin] = []
    /// HTML elements that have no box of their own here but whose frame is this box's
    /// (an inline image run's `<img>` is in ``runs`` instead).
    var aliases: [HTMLTree.NodeID] = []
}

/// The HTML nodes behind one run of a paragraph.
struct RunOrigin: Sendable {
    /// The text node, or the `<img>`/`<br>` element, the run was made from.
    var node: HTMLTree.NodeID
    /// The inline elements the run is inside, outermost first.
    var inlineAncestors: [HTMLTree.NodeID]
    /// Whether the run is an atomic inline box (its element's frame is its own box's).
    var isAtomic = false
    /// For a spacing run at an inline element's edge (``node``): whether it is the element's
    /// border or padding (inside its border box) or its margin (outside).
    var edge: InlineEdge?
}

/// Which part of an inline element's start or end edge a spacing run stands for.
enum InlineEdge: Sendable {
    case margin, borderBox
}
