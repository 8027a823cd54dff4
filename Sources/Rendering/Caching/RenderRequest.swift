public import Canvas
public import Elements

/// One render asked of an ``ElementRenderService``: which tree, at what size and scale, laid out
/// before or not, in which lane. A value: build it anywhere, hash the tree once, send it to the
/// service as often as needed.
///
/// ```swift
/// let request = try RenderRequest(card, size: Size(width: 320, height: 200), scale: 2)
/// let bitmap = try await service.render(request)
/// let webp = try await service.encoded(request, as: .webp())
/// ```
public struct RenderRequest: Sendable {
    /// The tree and its content hash.
    public var tree: HashedElement
    /// The canvas size in points (with ``layout``, the layout's size).
    public var size: Size
    /// Pixels per point.
    public var scale: Double
    /// The tree's layout computed before (pre-layout), or `nil` to lay it out in the render.
    public var layout: LayoutResult?
    /// The lane the render asks for.
    public var priority: RenderPriority
    /// The render's own fonts (a document's, ``/Elements/ElementDocument/fontSet(over:)`` with no
    /// service set), over the service's (``ElementRenderService/Configuration/fonts``); part of
    /// the cache key. `nil`: the service's fonts only.
    public var fonts: FontSet?

    /// A request for `tree`, laid out in the render at `size` points.
    public init(_ tree: HashedElement, size: Size, scale: Double, priority: RenderPriority = .userInitiated) {
        self.tree = tree
        self.size = size
        self.scale = scale
        self.layout = nil
        self.priority = priority
    }

    /// A request for `element`, hashed here once (a walk of the tree).
    ///
    /// - Throws: as ``/Elements/HashedElement/init(_:)``.
    public init(_ element: Element, size: Size, scale: Double, priority: RenderPriority = .userInitiated) throws(ElementError) {
        self.init(try HashedElement(element), size: size, scale: scale, priority: priority)
    }

    /// A request for a tree laid out before, drawn at `layout.size` without its layout step. It
    /// shares cache entries with a request at the same size without a layout.
    public init(_ tree: HashedElement, layout: LayoutResult, scale: Double, priority: RenderPriority = .userInitiated) {
        self.tree = tree
        self.size = layout.size
        self.scale = scale
        self.layout = layout
        self.priority = priority
    }

    /// A request for a pre-laid-out feed cell (``FeedLayoutCache``): its tree, hashed when it
    /// was laid out, and its layout.
    public init<ID>(_ cell: FeedItemLayout<ID>, scale: Double, priority: RenderPriority = .userInitiated) {
        self.init(cell.tree, layout: cell.layout, scale: scale, priority: priority)
    }

    /// The cache key of the finished render.
    public var key: ElementCache.RenderKey { ElementCache.RenderKey(hash: tree.contentHash, size: size, scale: scale, fonts: fonts?.digest) }

}
