import Synchronization
public import Canvas
public import Elements

/// Renders (and encodes) element trees the way a server or a feed wants them: from the cache when
/// the same tree was drawn before, shared when it is being drawn right now, and otherwise on the
/// render lanes. See <doc:CachingAndSharing>.
public final class ElementRenderService: Sendable {
    private let renderCount = Atomic<Int>(0)
    /// Encodes started (cache misses that were not shared).
    let encodeCount = Atomic<Int>(0)
    /// Shared encodes that stopped because their last waiter left.
    let cancelledEncodeCount = Atomic<Int>(0)
    /// Numbers the encode requests, so that each can tell whether it started the shared work.
    let encodeRequests = Atomic<UInt64>(0)

    /// What identifies one render.
    public typealias Key = ElementCache.RenderKey

    /// Finished renders, decoded images and measured texts, under one byte budget.
    public let cache: ElementCache
    /// The renders in flight.
    public let inFlight = InFlightWork<Key, Bitmap>()
    /// The encodes in flight (each with the render it needs).
    public let encodes = InFlightWork<ElementCache.EncodingKey, SharedEncode>()
    /// Where renders run.
    public let lanes: RenderLanes
    /// How trees are drawn: limits and the image loader, with the service's ``cache`` for images
    /// and texts.
    public let renderer: ElementRenderer

    /// Creates a service.
    ///
    /// - Parameters:
    ///   - renderer: Limits and the image loader. The service gives it its cache (decoded images
    ///     and measured texts share the renders' budget) and its lanes (image loads and decodes
    ///     run there).
    ///   - lanes: Where renders run; default ``RenderLanes/shared``.
    ///   - cacheBytes: The budget of a new cache; default 128 MiB.
    public init(renderer: ElementRenderer = ElementRenderer(), lanes: RenderLanes = .shared, cacheBytes: Int = 128 << 20) {
        var renderer = renderer
        let cache = renderer.cache ?? ElementCache(byteLimit: cacheBytes)
        renderer.cache = cache
        renderer.imageExecutor = renderer.imageExecutor ?? lanes.executor
        self.renderer = renderer
        self.lanes = lanes
        self.cache = cache
    }

    /// The bitmap of `root` drawn at `size` points and `scale`, from the cache, a render in flight,
    /// or a new render on the lanes.
    ///
    /// This computes the tree's content hash (a walk of the tree); a caller that asks for the same
    /// tree again and again can hash it once with ``/Elements/HashedElement``.
    ///
    /// - Throws: ``/Elements/ElementError`` (limits, images, drawing), `CancellationError` when the calling
    ///   task is cancelled, or ``RenderLaneError`` when the lanes refuse the work.
    public func render(
        _ root: Element,
        size: Size,
        scale: Double,
        priority: RenderPriority = .userInitiated
    ) async throws -> Bitmap {
        try await render(HashedElement(root), size: size, scale: scale, priority: priority)
    }

    /// The bitmap of a tree whose content hash is known, drawn at `size` points and `scale`.
    ///
    /// - Throws: as ``render(_:size:scale:priority:)-(Element,_,_,_)``.
    public func render(
        _ tree: HashedElement,
        size: Size,
        scale: Double,
        priority: RenderPriority = .userInitiated
    ) async throws -> Bitmap {
        try await render(tree, size: size, scale: scale, priority: priority, layout: nil)
    }

    /// The bitmap of a tree laid out before (pre-layout), drawn at `scale`: from the cache, a
    /// render in flight, or a render that skips the layout step. The cache key is the same as
    /// for ``render(_:size:scale:priority:)-(HashedElement,_,_,_)`` at `layout.size`, so both
    /// kinds of request share renders.
    ///
    /// - Throws: as ``render(_:size:scale:priority:)-(Element,_,_,_)``, and
    ///   ``/Elements/ElementError/invalidLayout(_:)`` when `layout` is not this tree's.
    public func render(
        _ tree: HashedElement,
        layout: LayoutResult,
        scale: Double,
        priority: RenderPriority = .userInitiated
    ) async throws -> Bitmap {
        try await render(tree, size: layout.size, scale: scale, priority: priority, layout: layout)
    }

    /// The render behind every public entry point, and behind an encode's render.
    func render(
        _ tree: HashedElement,
        size: Size,
        scale: Double,
        priority: RenderPriority,
        layout: LayoutResult?
    ) async throws -> Bitmap {
        let key = Key(hash: tree.contentHash, size: size, scale: scale)
        if let cached = cache.render(for: key) {
            return cached
        }
        let lanes = self.lanes, renderer = self.renderer, cache = self.cache
        let root = tree.element
        // The shared render's task prefers the lanes' executor: its cache lookups and the render
        // itself run on the lanes' threads, without hops back to the cooperative pool.
        return try await inFlight.value(for: key, priority: priority.taskPriority, executor: lanes.executor) {
            // Looked up again inside the shared work (not counted: the request counted its miss):
            // a render that finished between this request's first look and its joining is in
            // the cache by now.
            if let cached = cache.peekRender(for: key) {
                return cached
            }
            self.renderCount.add(1, ordering: .relaxed)
            // No explicit lane: the shared task's current priority, the most urgent waiter's
            // (InFlightWork escalates it), and renderAsync follows later escalations.
            let bitmap = try await lanes.renderAsync {
                if let layout {
                    return try await renderer.render(root, layout: layout, scale: scale)
                }
                return try await renderer.render(root, size: size, scale: scale)
            }
            // Cached before the in-flight entry ends, so no later request can miss both.
            await cache.insertRender(bitmap, for: key)
            return bitmap
        }
    }

    /// Trees actually drawn (cache misses that were not shared).
    public var renders: Int { renderCount.load(ordering: .relaxed) }
}
