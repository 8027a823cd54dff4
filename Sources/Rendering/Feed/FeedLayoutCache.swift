import Canvas
public import Elements

/// Pre-layout (预排版): the element tree, ``/Elements/LayoutResult`` and height of each of the caller's
/// items at a width, computed off the loop on ``RenderLanes``, bounded by
/// ``maxConcurrentLayouts`` and cached by item (its whole value) and width. See <doc:FeedsArticle>.
///
/// `Item` is the caller's own type (see ``FeedCellTemplate``). The limits on this path:
/// - every tree is checked against ``limits`` before it is walked (nodes, depth, text, pixels);
/// - a width must be finite and greater than 0, else ``/Elements/ElementError/invalidLayout(_:)``;
/// - one ``layouts(of:width:onEach:)`` call runs at most ``maxConcurrentLayouts`` layouts at once,
///   on the lanes in the lane of ``priority``;
/// - at most `maxEntries` layouts are kept, the least recently used leaving first.
public actor FeedLayoutCache<Item: Identifiable & Hashable & Sendable> where Item.ID: Sendable {
    /// What identifies one cached layout: the item's value and the width.
    public struct Key: Hashable, Sendable {
        /// The item.
        public var item: Item
        /// The width, in points.
        public var width: Double

        /// The key of `item` at `width`.
        public init(item: Item, width: Double) {
            self.item = item
            self.width = width
        }
    }

    /// One item's layout.
    public typealias Layout = FeedItemLayout<Item.ID>

    /// What the cache has done.
    public struct Metrics: Sendable, Hashable {
        /// Layouts actually computed (cache misses that were not shared with a layout in flight).
        public var layoutsComputed = 0
        /// Requests answered from the cache.
        public var hits = 0
        /// Requests the cache could not answer at once.
        public var misses = 0
        /// Layouts held now.
        public var entries = 0
        /// Layouts pushed out to stay within the entry limit.
        public var evictions = 0
    }

    /// The template that makes each item's tree.
    public nonisolated let template: any FeedCellTemplate<Item>
    /// The limits every tree is checked against before layout.
    public nonisolated let limits: ElementLimits
    /// Where text measurement and layout run.
    public nonisolated let lanes: RenderLanes
    /// The lane pre-layout runs in.
    public nonisolated let priority: RenderPriority
    /// The most items of one ``layouts(of:width:onEach:)`` call in flight at once.
    public nonisolated let maxConcurrentLayouts: Int
    /// Where measured texts are shared with renderers; `nil`: texts are measured per layout.
    public nonisolated let textCache: ElementCache?

    private var store: LRUByteStore<Key, Layout>
    private var counters = Metrics()
    private let inFlight = InFlightWork<Key, Layout>()

    /// Creates a cache.
    ///
    /// - Parameters:
    ///   - template: Makes each item's element tree.
    ///   - limits: Checked on every tree before layout.
    ///   - lanes: Where layout runs; default ``RenderLanes/shared``.
    ///   - priority: The lane; default `.utility` (pre-layout is ahead-of-need work).
    ///   - maxConcurrentLayouts: The window of one call; default the lanes' width.
    ///   - textCache: Shares measured texts with renderers using the same ``ElementCache``.
    ///   - maxEntries: The most layouts kept.
    public init(
        template: some FeedCellTemplate<Item>,
        limits: ElementLimits = .default,
        lanes: RenderLanes = .shared,
        priority: RenderPriority = .utility,
        maxConcurrentLayouts: Int? = nil,
        textCache: ElementCache? = nil,
        maxEntries: Int = 4_096
    ) {
        self.template = template
        self.limits = limits
        self.lanes = lanes
        self.priority = priority
        self.maxConcurrentLayouts = max(1, maxConcurrentLayouts ?? lanes.executor.width)
        self.textCache = textCache
        self.store = LRUByteStore(byteLimit: max(0, maxEntries))
    }

    /// The cached layout of `item` at `width`, or `nil`; counts neither a hit nor a miss.
    public func cachedLayout(for item: Item, width: Double) -> Layout? {
        store.value(for: Key(item: item, width: width))
    }

    /// Hits, misses, layouts computed and entries.
    public var metrics: Metrics {
        var snapshot = counters
        snapshot.entries = store.count
        return snapshot
    }

    /// Drops every cached layout.
    public func removeAll() {
        counters.evictions += store.evict(downTo: 0).count
    }

    /// The layout of `item` at `width`: from the cache, from a layout of the same key in flight,
    /// or computed now off the loop (then cached).
    ///
    /// - Throws: ``/Elements/ElementError`` (a limit, an unusable width, a text the Canvas
    ///   refuses), `CancellationError` when the calling task is cancelled, ``RenderLaneError``
    ///   when the lanes refuse the work.
    public nonisolated func layout(of item: Item, width: Double) async throws -> Layout {
        // Checked before the width becomes a key: NaN is not equal to itself, so a NaN key could
        // never be found again, in the cache or among the layouts in flight.
        guard width.isFinite, width > 0 else {
            throw ElementError.invalidLayout("width \(width): expected a finite number > 0")
        }
        let key = Key(item: item, width: width)
        if let cached = await lookUp(key) { return cached }
        return try await inFlight.value(for: key, priority: priority.taskPriority) {
            // Looked up again inside the shared work: a layout that finished between the first
            // look and this one is in the cache by now.
            if let cached = await self.peek(key) { return cached }
            let layout = try await Self.compute(item, key: key, width: width, template: self.template,
                                                           limits: self.limits, lanes: self.lanes,
                                                           priority: self.priority, textCache: self.textCache)
            await self.insert(layout, for: key)
            return layout
        }
    }

    /// Lays out `items` at `width`, at most ``maxConcurrentLayouts`` at once, calling `onEach`
    /// (in the calling task, off the loop, in completion order) with each item's layout or error as
    /// it finishes. An item whose layout was cancelled is not reported. Returns when every item is
    /// reported or the calling task is cancelled (in-flight layouts are then cancelled, and the
    /// items not yet started never start).
    public nonisolated func layouts(
        of items: [Item],
        width: Double,
        onEach: (Item, Result<Layout, any Error>) -> Void
    ) async {
        await window(items, width: width) { index, result in onEach(items[index], result) }
    }

    /// The layouts of `items` at `width`, in the items' order (each a layout or its error; an item
    /// not laid out because the calling task was cancelled has a `CancellationError`).
    public nonisolated func layouts(of items: [Item], width: Double) async -> [Result<Layout, any Error>] {
        var results = [Result<Layout, any Error>](repeating: .failure(CancellationError()), count: items.count)
        await window(items, width: width) { index, result in results[index] = result }
        return results
    }

    /// The sliding window: `maxConcurrentLayouts` child tasks at most, a new one started as each
    /// finishes; `handle` runs in the calling task.
    private nonisolated func window(
        _ items: [Item],
        width: Double,
        _ handle: (Int, Result<Layout, any Error>) -> Void
    ) async {
        await withTaskGroup(of: (Int, Result<Layout, any Error>)?.self) { group in
            var next = items.startIndex
            func startNext() {
                guard next < items.endIndex, !Task.isCancelled else { return }
                let index = next, item = items[next]
                next += 1
                group.addTask {
                    do {
                        return (index, .success(try await self.layout(of: item, width: width)))
                    } catch is CancellationError {
                        return nil  // no longer needed: not reported
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            for _ in 0..<maxConcurrentLayouts { startNext() }
            while let finished = await group.next() {
                if let (index, result) = finished { handle(index, result) }
                startNext()
            }
        }
    }

    // MARK: Bookkeeping

    private func lookUp(_ key: Key) -> Layout? {
        let found = store.value(for: key)
        if found != nil { counters.hits += 1 } else { counters.misses += 1 }
        return found
    }

    private func peek(_ key: Key) -> Layout? {
        store.value(for: key)
    }

    private func insert(_ layout: Layout, for key: Key) {
        counters.layoutsComputed += 1
        let outcome = store.insert(layout, cost: 1, for: key)
        counters.evictions += outcome.evicted.count
    }

    // MARK: Layout

    /// The tree of `item` and its layout at `width` with its natural height: the template on the
    /// concurrent executor, the measuring and placing on a lane.
    @concurrent
    private static func compute(
        _ item: Item, key: Key, width: Double, template: any FeedCellTemplate<Item>, limits: ElementLimits,
        lanes: RenderLanes, priority: RenderPriority, textCache: ElementCache?
    ) async throws -> Layout {
        try Task.checkCancellation()
        let element = template.element(for: item, width: width)
        // Checked here, before anything walks the tree recursively (collecting its texts, laying it out).
        try limits.check(element)
        // Hashed once here, so that a render of this layout, or a cache key, never walks it again.
        let hashed = try HashedElement(element)
        let tree = ElementTraversal(element, canvas: Size(width: width, height: 0))
        var known: [TextContent: TextMeasurements] = [:]
        if let textCache {
            let contents = TextMeasurer.contents(of: tree)
            if !contents.isEmpty { known = await textCache.textMeasurements(for: contents) }
        }
        let snapshot = known
        let laid = try await lanes.render(priority: priority) { () throws(ElementError) -> Laid in
            let texts = TextMeasurer(known: snapshot)
            // As tall as its content, rounded up to whole points; laid out again at that
            // height when the rounding changed it.
            var layout = try ElementLayout.layout(tree, width: width, height: nil, limits: limits, texts: texts, scale: 1)
            let height = layout.size.height.rounded(.up)
            if height != layout.size.height {
                layout = try ElementLayout.layout(tree, width: width, height: height, limits: limits, texts: texts, scale: 1)
            }
            return Laid(layout: layout, added: texts.added)
        }
        let layout = laid.layout, added = laid.added
        if let textCache, !added.isEmpty { await textCache.insertTextMeasurements(added) }
        return Layout(id: item.id, tree: hashed, layout: layout)
    }
}

/// A layout made on a lane, with the texts it measured that the text cache did not have.
private struct Laid: Sendable {
    let layout: LayoutResult
    let added: [TextContent: TextMeasurements]
}
