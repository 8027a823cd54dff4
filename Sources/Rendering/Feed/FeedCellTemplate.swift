public import Canvas
public import Elements

/// Turns a feed item into the element tree of its cell at a given width: a pure function of its
/// arguments, called off the loop by ``FeedLayoutCache`` (on any thread, concurrently).
///
/// The cell's height is not the template's business: the cache lays the tree out at the width
/// and takes the tree's natural height (see ``FeedItemLayout/height``), so a longer text makes a
/// taller cell without the template measuring anything. A ``FeedLayoutCache`` keys its entries by
/// item and width only, so one cache serves one template.
public protocol FeedCellTemplate: Sendable {
    /// The cell's element tree for `item`, `width` points wide.
    func element(for item: FeedItem, width: Double) -> Element
}

/// One item's cell, laid out off the loop at one width: its element tree, the
/// ``LayoutResult`` (every frame, every text measured) and its height, ready to be drawn by an
/// ``ElementRenderer`` or placed by a list.
public struct FeedItemLayout: Sendable {
    /// The item's identifier.
    public let id: String
    /// The item's ``FeedItem/contentHash()`` when it was laid out.
    public let contentHash: ContentHash
    /// The cell's element tree.
    public let element: Element
    /// The tree laid out in ``size``.
    public let layout: LayoutResult

    /// Creates a layout record.
    public init(id: String, contentHash: ContentHash, element: Element, layout: LayoutResult) {
        self.id = id
        self.contentHash = contentHash
        self.element = element
        self.layout = layout
    }

    /// The cell's size: the width asked for and the tree's natural height at that width.
    public var size: Size { layout.size }
    /// The width the cell was laid out at, in points.
    public var width: Double { layout.size.width }
    /// The cell's height, in points.
    public var height: Double { layout.size.height }
}
