/// A node's laid-out box: where it sits in its parent and its resolved edges, in points.
public struct FlexFrame: Hashable, Sendable {
    /// The left edge of the border box, relative to the parent's border box.
    public var left: Double
    /// The top edge of the border box, relative to the parent's border box.
    public var top: Double
    /// The border-box width.
    public var width: Double
    /// The border-box height.
    public var height: Double
    /// The resolved padding, physical edges, in points (start/end and percentages resolved).
    public var padding: ResolvedEdges
    /// The resolved border widths, physical edges.
    public var border: ResolvedEdges
    /// The resolved margins, physical edges (auto margins as the space they took).
    public var margin: ResolvedEdges
    /// The node's direction after inheritance.
    public var direction: LayoutDirection

    /// Creates a frame.
    public init(left: Double, top: Double, width: Double, height: Double,
                padding: ResolvedEdges = .zero, border: ResolvedEdges = .zero, margin: ResolvedEdges = .zero,
                direction: LayoutDirection = .ltr) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
        self.padding = padding
        self.border = border
        self.margin = margin
        self.direction = direction
    }
}

/// Four physical edges in points.
public struct ResolvedEdges: Hashable, Sendable {
    /// Top.
    public var top: Double
    /// Left.
    public var left: Double
    /// Bottom.
    public var bottom: Double
    /// Right.
    public var right: Double

    /// Creates edges.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// All zero.
    public static let zero = ResolvedEdges()
}

/// The layout of a ``FlexTree``: one frame per node, by node index. Nodes outside the laid-out
/// root's subtree, and nodes with `display: none` and their subtrees, have zero frames.
public struct FlexLayoutResult: Hashable, Sendable {
    /// Every node's frame, by index.
    public var frames: [FlexFrame]

    /// Creates a result.
    public init(frames: [FlexFrame]) { self.frames = frames }

    /// The frame of `node`.
    public subscript(node: FlexTree.NodeID) -> FlexFrame { frames[node.index] }
}
