/// A tree of styled nodes to lay out: built parent first (pre-order), then laid out by
/// ``layout(root:width:height:direction:rounding:measurer:)`` into a ``FlexLayoutResult``.
///
/// Nodes live in one array and refer to each other by index, so building and laying out a
/// 10,000-node tree allocates a handful of arrays rather than a node object each.
public struct FlexTree: Sendable {
    /// A node's position in its tree.
    public struct NodeID: Hashable, Sendable, Comparable {
        /// The node's index, in the order nodes were added (0 is the first).
        public let index: Int
        /// Wraps an index.
        public init(_ index: Int) { self.index = index }
        /// By index.
        public static func < (a: NodeID, b: NodeID) -> Bool { a.index < b.index }
    }

    /// Every node's style, by index.
    public private(set) var styles: [FlexStyle] = []
    /// Every node's children, by index, in document order.
    public private(set) var children: [[NodeID]] = []
    /// Every node's parent (`nil` for roots).
    public private(set) var parents: [NodeID?] = []
    /// Whether each node is sized by the ``FlexMeasurer`` (a leaf such as a text or an image).
    public private(set) var isMeasured: [Bool] = []

    /// An empty tree.
    public init() {}

    /// The number of nodes.
    public var count: Int { styles.count }

    /// Adds a node as the last child of `parent` (`nil`: a new root) and returns it. A measured
    /// node's children are laid out but do not size it.
    @discardableResult
    public mutating func add(_ style: FlexStyle, measured: Bool = false, parent: NodeID? = nil) -> NodeID {
        let id = NodeID(styles.count)
        styles.append(style)
        children.append([])
        parents.append(parent)
        isMeasured.append(measured)
        if let parent { children[parent.index].append(id) }
        return id
    }

    /// Reserves room for `count` nodes.
    public mutating func reserveCapacity(_ count: Int) {
        styles.reserveCapacity(count)
        children.reserveCapacity(count)
        parents.reserveCapacity(count)
        isMeasured.reserveCapacity(count)
    }
}
