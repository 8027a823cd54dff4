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

    /// Everything the service owns, set once: what a tree may ask for, where named images come
    /// from, where the work runs and how much it keeps.
    public struct Configuration: Sendable {
        /// What a tree may ask for (nodes, depth, text, pixels, the render deadline).
        public var limits: ElementLimits
        /// Resolves named images; `nil` makes a named image an error.
        public var imageLoader: (any ElementImageLoader)?
        /// The pictures drawn in place of graphemes (``/Elements/ElementRenderer/emojiImages``):
        /// a Twemoji-style folder, a map; `nil`: the fonts draw every emoji. A tree's own map
        /// (``/Elements/ElementDocument/resolvedRoot(limits:)``) wins over it.
        ///
        /// It is applied inside the render, after the cache was looked up by the tree's hash,
        /// so it is not part of ``ElementRenderService/Key``: like ``imageLoader``, it is fixed
        /// for the service's life, and one service never draws one key two ways. Measured texts
        /// are cached by their content with the pictures in it.
        public var emojiImages: EmojiImages?
        /// Where renders, image loads and decodes, and encodes run.
        public var lanes: RenderLanes
        /// The byte budget of the service's cache: finished renders, encodings, decoded images and
        /// measured texts together.
        public var cacheBytes: Int
        /// The service's fonts: families every tree may name, and the fallback tried before the
        /// system's for characters a text's fonts lack (``/Canvas/FontSet/fallbackFamilies``).
        /// A request's own fonts replace the families they declare. `nil`: system fonts only.
        public var fonts: FontSet?

        /// A configuration; the defaults suit a server of cards.
        ///
        /// - Parameters:
        ///   - limits: What a tree may ask for; default ``/Elements/ElementLimits/default``.
        ///   - imageLoader: Resolves named images.
        ///   - emojiImages: Pictures drawn in place of graphemes; `nil`: the fonts draw them.
        ///   - lanes: Where the work runs; default ``RenderLanes/shared``.
        ///   - cacheBytes: The cache's budget; default 128 MiB.
        ///   - fonts: The service's fonts; default none.
        public init(limits: ElementLimits = .default, imageLoader: (any ElementImageLoader)? = nil, emojiImages: EmojiImages? = nil,
                    lanes: RenderLanes = .shared, cacheBytes: Int = 128 << 20, fonts: FontSet? = nil) {
            self.limits = limits
            self.imageLoader = imageLoader
            self.emojiImages = emojiImages
            self.lanes = lanes
            self.cacheBytes = cacheBytes
            self.fonts = fonts
        }
    }

    /// The configuration the service was made with.
    public let configuration: Configuration
    /// Finished renders, encodings, decoded images and measured texts, under one byte budget. The
    /// service owns it; read its metrics, trim it under memory pressure.
    public let cache: ElementCache
    /// The renders in flight.
    package let inFlight = InFlightWork<Key, Bitmap>()
    /// The encodes in flight (each with the render it needs).
    package let encodes = InFlightWork<ElementCache.EncodingKey, SharedEncode>()
    /// Where renders run (``Configuration/lanes``).
    public var lanes: RenderLanes { configuration.lanes }
    /// The pure stage, equipped with the service's cache and lanes.
    package let renderer: ElementRenderer

    /// Creates a service that owns a new cache and renders on `configuration.lanes`.
    public convenience init(_ configuration: Configuration = Configuration()) {
        self.init(configuration, cache: ElementCache(byteLimit: configuration.cacheBytes))
    }

    /// Creates a service that uses `cache` (whose budget wins over `configuration.cacheBytes`):
    /// for tests that share one cache between a service and a plain renderer.
    package init(_ configuration: Configuration, cache: ElementCache) {
        self.configuration = configuration
        self.cache = cache
        self.renderer = ElementRenderer(limits: configuration.limits, imageLoader: configuration.imageLoader, fonts: configuration.fonts,
                                        emojiImages: configuration.emojiImages, cache: cache, lanes: configuration.lanes)
    }

    /// The bitmap `request` asks for, through the pipeline's stages in order: the cache (the
    /// tree's hash is in the request), a render of the same key in flight, admission to a lane,
    /// then the renderer's layout (texts from the cache in one call, new ones back in another),
    /// images (one lookup, one shared decode per miss) and paint, and the result into the cache.
    /// See <doc:CachingAndSharing>.
    ///
    /// - Throws: ``/Elements/ElementError`` (limits, images, drawing), `CancellationError` when
    ///   the calling task is cancelled, or ``RenderLaneError`` when the lanes refuse the work;
    ///   ``/Elements/ElementError/invalidLayout(_:)`` when the request's layout is not its tree's.
    public func render(_ request: RenderRequest) async throws -> Bitmap {
        try await render(request.tree, size: request.size, scale: request.scale, priority: request.priority, layout: request.layout, fonts: request.fonts)
    }

    /// The renderer for a request with its own `fonts`: the service's over-laid by them.
    func renderer(for fonts: FontSet?) throws(ElementError) -> ElementRenderer {
        guard let fonts else { return renderer }
        var renderer = self.renderer
        do { renderer.fonts = try configuration.fonts?.overlaid(by: fonts.faces) ?? fonts } catch { throw .canvas(error) }
        return renderer
    }

    /// Loads and decodes the images of a laid-out request into the cache (Texture's preload
    /// range): the render that follows finds them there. The loads and decodes run on the
    /// service's lanes; the walk runs in the calling task.
    ///
    /// - Throws: ``/Elements/ElementError`` (``/Elements/ElementError/invalidLayout(_:)`` for a
    ///   request without a layout or with another tree's), or a load or decode failure.
    public func prefetchImages(of request: RenderRequest) async throws(ElementError) {
        guard let layout = request.layout else {
            throw .invalidLayout("prefetching images needs the request's layout (RenderRequest(_:layout:scale:priority:))")
        }
        _ = try await renderer.resolveImages(request.tree.element, layout: layout, scale: request.scale)
    }

    /// Whether `tree` names a picture whose bytes may change between renders: a name the image
    /// loader caches by content (``/Elements/ImageNameCaching/byContent``, a URL under HTTP
    /// caching). Such a tree's finished renders and encodings are not kept (identical renders
    /// in flight are still shared): each request renders again, with its texts and decoded
    /// images from the cache, so a picture that changed behind its URL shows at once.
    public func picturesMayChange(in tree: HashedElement) -> Bool {
        guard let loader = configuration.imageLoader else { return false }
        return tree.element.imageNamesInTree.contains { loader.caching(forName: $0) == .byContent }
    }

    /// Requests that joined a render already in flight rather than start their own.
    public var joinedRenders: Int { inFlight.joined }

    /// The render behind ``render(_:)`` and behind an encode's render.
    func render(
        _ tree: HashedElement,
        size: Size,
        scale: Double,
        priority: RenderPriority,
        layout: LayoutResult?,
        fonts: FontSet?,
        keeps known: Bool? = nil
    ) async throws -> Bitmap {
        let key = Key(hash: tree.contentHash, size: size, scale: scale, fonts: fonts?.digest)
        // Whether the finished render is kept; an encode that asked already passes its answer.
        let keeps = known ?? !picturesMayChange(in: tree)
        if keeps, let cached = cache.render(for: key) {
            return cached
        }
        let lanes = self.lanes, renderer = try self.renderer(for: fonts), cache = self.cache
        let root = tree.element
        // The shared render's task prefers the lanes' executor: its cache lookups and the render
        // itself run on the lanes' threads, without hops back to the cooperative pool.
        return try await inFlight.value(for: key, priority: priority.taskPriority, executor: lanes.executor) {
            // Looked up again inside the shared work (not counted: the request counted its miss):
            // a render that finished between this request's first look and its joining is in
            // the cache by now.
            if keeps, let cached = cache.peekRender(for: key) {
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
            if keeps { await cache.insertRender(bitmap, for: key) }
            return bitmap
        }
    }

    /// Trees actually drawn (cache misses that were not shared).
    public var renders: Int { renderCount.load(ordering: .relaxed) }
}
