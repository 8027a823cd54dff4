import Synchronization

/// Renders element trees the way a server or a feed wants them: from the cache when the same tree
/// was drawn before, shared when the same tree is being drawn right now, and otherwise on the
/// render lanes.
///
/// A render is identified by the tree's content hash (``Element/contentHash()``), its size and its
/// scale. The steps:
/// 1. look in the cache (``ByteBudgetCache``; a bitmap costs its ``/Canvas/Bitmap/byteCount``);
/// 2. else join or start the render of that key (``InFlightWork``: one render for all concurrent
///    requests, cancelled only when its last requester cancels, at the highest requester's
///    priority);
/// 3. the render runs on ``RenderLanes`` (its own threads, in the lane of `priority`), then its
///    bitmap is cached.
public final class ElementRenderService: Sendable {
    private let renderCount = Atomic<Int>(0)

    /// What identifies one render.
    public struct Key: Hashable, Sendable {
        /// The tree's content hash.
        public var hash: ContentHash
        /// The canvas size in points.
        public var size: Size
        /// Pixels per point.
        public var scale: Double
    }

    /// The finished renders.
    public let cache: ByteBudgetCache<Key, Bitmap>
    /// The renders in flight.
    public let inFlight = InFlightWork<Key, Bitmap>()
    /// Where renders run.
    public let lanes: RenderLanes
    /// How trees are drawn (limits, image loader).
    public let renderer: ElementRenderer

    /// Creates a service.
    ///
    /// - Parameters:
    ///   - renderer: Limits and the image loader.
    ///   - lanes: Where renders run; default ``RenderLanes/shared``.
    ///   - cacheBytes: The bitmap cache's budget; default 128 MiB.
    public init(renderer: ElementRenderer = ElementRenderer(), lanes: RenderLanes = .shared, cacheBytes: Int = 128 << 20) {
        self.renderer = renderer
        self.lanes = lanes
        self.cache = ByteBudgetCache(byteLimit: cacheBytes)
    }

    /// The bitmap of `root` drawn at `size` points and `scale`, from the cache, a render in flight,
    /// or a new render on the lanes.
    ///
    /// - Throws: ``ElementError`` (limits, images, drawing), `CancellationError` when the calling
    ///   task is cancelled, or ``RenderLaneError`` when the lanes refuse the work.
    public func render(
        _ root: Element,
        size: Size,
        scale: Double,
        priority: RenderPriority = .userInitiated
    ) async throws -> Bitmap {
        let key = Key(hash: try root.contentHash(), size: size, scale: scale)
        if let cached = await cache.value(for: key) {
            return cached
        }
        let lanes = self.lanes, renderer = self.renderer, cache = self.cache
        return try await inFlight.value(for: key, priority: priority.taskPriority) {
            // Looked up again inside the shared work: a render that finished between this
            // request's first look and its joining is in the cache by now.
            if let cached = await cache.value(for: key) {
                return cached
            }
            self.renderCount.add(1, ordering: .relaxed)
            let bitmap = try await lanes.renderAsync(priority: priority) {
                try await renderer.render(root, size: size, scale: scale)
            }
            // Cached before the in-flight entry ends, so no later request can miss both.
            await cache.insert(bitmap, cost: bitmap.byteCount, for: key)
            return bitmap
        }
    }

    /// Trees actually drawn (cache misses that were not shared).
    public var renders: Int { renderCount.load(ordering: .relaxed) }
}
