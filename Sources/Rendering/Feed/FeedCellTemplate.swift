public import Canvas
public import Elements

/// Turns one of the caller's items into the element tree of its cell at a given width: a pure
/// function of its arguments, called off the loop by ``FeedLayoutCache`` (on any thread,
/// concurrently).
///
/// `Item` is the application's own model value: anything `Identifiable`, `Hashable` and
/// `Sendable` (a post, a product, a message). Its identity keys a list's heights; its value (all
/// of it, through `Hashable`) keys the cached layouts, so an edited item is laid out again and a
/// stale layout is never served.
///
/// The cell's height is not the template's business: the cache lays the tree out at the width
/// and takes the tree's natural height (see ``FeedItemLayout/height``), so a longer text makes a
/// taller cell without the template measuring anything. A ``FeedLayoutCache`` keys its entries by
/// item and width only, so one cache serves one template.
public protocol FeedCellTemplate<Item>: Sendable {
    /// The caller's item type.
    associatedtype Item: Identifiable & Hashable & Sendable where Item.ID: Sendable

    /// The cell's element tree for `item`, `width` points wide.
    func element(for item: Item, width: Double) -> Element
}

/// One item's cell, laid out off the loop at one width: its element tree with its content hash
/// (hashed once, so a renderer or a cache key never walks the tree again), the ``/Elements/LayoutResult``
/// (every frame, every text measured) and its height, ready to be drawn by an
/// ``ElementRenderService`` or placed by a list.
public struct FeedItemLayout<ID: Hashable & Sendable>: Sendable {
    /// The item's identifier.
    public let id: ID
    /// The cell's element tree and its content hash.
    public let tree: HashedElement
    /// The tree laid out in ``size``.
    public let layout: LayoutResult

    /// Creates a layout record.
    public init(id: ID, tree: HashedElement, layout: LayoutResult) {
        self.id = id
        self.tree = tree
        self.layout = layout
    }

    /// The cell's element tree.
    public var element: Element { tree.element }
    /// The cell's size: the width asked for and the tree's natural height at that width.
    public var size: Size { layout.size }
    /// The width the cell was laid out at, in points.
    public var width: Double { layout.size.width }
    /// The cell's height, in points.
    public var height: Double { layout.size.height }
}
