public import Canvas
public import Elements

/// The caches of element rendering under **one** byte budget and one least-recently-used order:
/// finished renders, their encodings, decoded images and measured texts, so one ``trim(toBytes:)``
/// answers memory pressure for all four. The kinds, keys and costs are in <doc:CachingAndSharing>.
public actor ElementCache: TextMeasurementStore, DecodedImageStore {
    /// What identifies one finished render.
    public struct RenderKey: Hashable, Sendable {
        /// The tree's content hash.
        public var hash: ContentHash
        /// The canvas size in points.
        public var size: Size
        /// Pixels per point.
        public var scale: Double
        /// The digest of the request's own fonts (``RenderRequest/fonts``), or `nil` without any.
        public var fonts: String?

        /// Creates a key.
        public init(hash: ContentHash, size: Size, scale: Double, fonts: String? = nil) {
            self.hash = hash
            self.size = size
            self.scale = scale
            self.fonts = fonts
        }
    }

    /// What identifies one encoding: the render it encodes and how it was encoded. Different
    /// options (format, quality, method, …) are different entries.
    public struct EncodingKey: Hashable, Sendable {
        /// The render that was encoded.
        public var render: RenderKey
        /// The encoder's options.
        public var options: EncodingOptions

        /// Creates a key.
        public init(render: RenderKey, options: EncodingOptions) {
            self.render = render
            self.options = options
        }
    }

    /// What identifies one decoded image (see ``/Elements/DecodedImageKey``).
    public typealias DecodedImageKey = Elements.DecodedImageKey


    /// The most widths kept for one text (a resized card measures again at its new width).
    static let maxWidthsPerText = 8

    private enum Key: Hashable, Sendable {
        case render(RenderKey)
        case encoding(EncodingKey)
        case image(DecodedImageKey)
        case text(TextContent)
    }

    private enum Value: Sendable {
        case bitmap(Bitmap)
        case encoded([UInt8])
        case texts(TextMeasurements)
    }

    /// Hits and misses of one kind of entry.
    public struct KindMetrics: Sendable, Hashable {
        /// Lookups that found a value.
        public var hits = 0
        /// Lookups that found nothing.
        public var misses = 0
        /// Entries of this kind held now.
        public var count = 0
        /// Bytes those entries cost.
        public var bytes = 0

        /// Hits over lookups, 0 when there was none.
        public var hitRate: Double { hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses) }
    }

    /// What the cache holds and has done.
    public struct Metrics: Sendable, Hashable {
        /// Finished renders.
        public var renders = KindMetrics()
        /// Encoded files.
        public var encodings = KindMetrics()
        /// Decoded images.
        public var images = KindMetrics()
        /// Measured texts.
        public var texts = KindMetrics()
        /// Entries pushed out to stay within the budget, or by trimming.
        public var evictions = 0
        /// Values not stored because they alone exceed the budget.
        public var rejected = 0
        /// Bytes held now, all kinds together.
        public var bytes = 0
        /// The budget.
        public var byteLimit = 0
    }

    private var store: LRUByteStore<Key, Value>
    /// The finished renders and encodings, for lookups outside the actor; written only here.
    private nonisolated let finished = FinishedWorkIndex()
    private var counters = Metrics()
    private var held: [Kind: (count: Int, bytes: Int)] = [:]
    private let decodes = InFlightWork<DecodedImageKey, Bitmap>()

    private enum Kind { case render, encoding, image, text }

    /// Creates a cache holding at most `byteLimit` bytes of renders, encodings, images and texts
    /// together.
    public init(byteLimit: Int) {
        store = LRUByteStore(byteLimit: max(0, byteLimit))
    }

    // MARK: Renders

    /// The finished render for `key`, or `nil`. Synchronous and outside the actor: finished
    /// renders and encodings are read through a sharded index (see <doc:CachingAndSharing>), so
    /// warm requests on many threads do not queue on one executor.
    public nonisolated func render(for key: RenderKey) -> Bitmap? {
        if case .bitmap(let bitmap)? = finished.value(for: .render(key), counted: true) { return bitmap }
        return nil
    }

    /// The finished render for `key` without counting a hit or a miss: the shared render's second
    /// look, after the request's own counted one.
    nonisolated func peekRender(for key: RenderKey) -> Bitmap? {
        if case .bitmap(let bitmap)? = finished.value(for: .render(key), counted: false) { return bitmap }
        return nil
    }

    /// Stores a finished render.
    public func insertRender(_ bitmap: Bitmap, for key: RenderKey) {
        insert(.bitmap(bitmap), cost: bitmap.byteCount, for: .render(key))
    }

    // MARK: Encodings

    /// The encoded bytes for `key`, or `nil` (counted as a hit or a miss of ``Metrics/encodings``).
    /// Synchronous and outside the actor, as ``render(for:)``.
    public nonisolated func encoding(for key: EncodingKey) -> [UInt8]? {
        if case .encoded(let bytes)? = finished.value(for: .encoding(key), counted: true) { return bytes }
        return nil
    }

    /// The encoded bytes for `key` without counting a hit or a miss: the shared encode's second
    /// look, after the request's own counted one.
    nonisolated func peekEncoding(for key: EncodingKey) -> [UInt8]? {
        if case .encoded(let bytes)? = finished.value(for: .encoding(key), counted: false) { return bytes }
        return nil
    }

    /// Stores an encoding at the cost of its byte count.
    public func insertEncoding(_ bytes: [UInt8], for key: EncodingKey) {
        insert(.encoded(bytes), cost: bytes.count, for: .encoding(key))
    }

    // MARK: Decoded images

    /// The decoded image for `key`, or `nil`.
    public func decodedImage(for key: DecodedImageKey) -> Bitmap? {
        let found: Bitmap? = if case .bitmap(let bitmap)? = store.value(for: .image(key)) { bitmap } else { nil }
        count(found != nil, in: \.images)
        return found
    }

    /// Stores a decoded image.
    public func insertDecodedImage(_ bitmap: Bitmap, for key: DecodedImageKey) {
        insert(.bitmap(bitmap), cost: bitmap.byteCount, for: .image(key))
    }

    /// The cached decoded images among `keys` (each lookup counted): one call for the images a
    /// render needs.
    package func decodedImages(for keys: [DecodedImageKey]) -> [DecodedImageKey: Bitmap] {
        var found: [DecodedImageKey: Bitmap] = [:]
        for key in keys {
            if let bitmap = decodedImage(for: key) { found[key] = bitmap }
        }
        return found
    }

    /// The decoded image for `key` (which the caller looked up and missed): from a decode of the
    /// same key in flight, from the cache if one finished meanwhile, or from `decode` (run once
    /// for all concurrent requests, then cached). The shared decode runs in a task of its own,
    /// which inherits no executor preference: it runs on `executor` (the render lanes; `nil`: the
    /// cooperative pool), in the lane of `priority` (default: the caller's).
    package func decodedImage(
        for key: DecodedImageKey, priority: TaskPriority?, executor: (any TaskExecutor)?,
        decode: @escaping @Sendable () async throws -> Bitmap
    ) async throws -> Bitmap {
        return try await decodes.value(for: key, priority: priority, executor: executor) {
            if let cached = await self.peekImage(key) { return cached }
            let bitmap = try await decode()
            await self.insertDecodedImage(bitmap, for: key)
            return bitmap
        }
    }

    /// A lookup that counts neither a hit nor a miss (the shared decode re-checking).
    private func peekImage(_ key: DecodedImageKey) -> Bitmap? {
        if case .bitmap(let bitmap)? = store.value(for: .image(key)) { return bitmap }
        return nil
    }

    // MARK: Text layouts

    /// The cached measurements of each of `contents` that has some.
    package func textMeasurements(for contents: Set<TextContent>) -> [TextContent: TextMeasurements] {
        var found: [TextContent: TextMeasurements] = [:]
        for content in contents {
            if case .texts(let measurements)? = store.value(for: .text(content)) {
                found[content] = measurements
                counters.texts.hits += 1
            } else {
                counters.texts.misses += 1
            }
        }
        return found
    }

    /// Adds new measurements to those cached for each text.
    package func insertTextMeasurements(_ new: [TextContent: TextMeasurements]) {
        for (content, layouts) in new {
            var merged = layouts
            if case .texts(let old)? = store.value(for: .text(content)) {
                for (options, layout) in old where merged.count < Self.maxWidthsPerText {
                    merged[options] = merged[options] ?? layout
                }
            }
            let cost = merged.values.reduce(0) { $0 + $1.estimatedByteCount }
            insert(.texts(merged), cost: cost, for: .text(content))
        }
    }

    // MARK: Budget

    /// Evicts least recently used entries until at most `bytes` remain (memory pressure).
    public func trim(toBytes bytes: Int) {
        applyFinishedUses()
        let evicted = store.evict(downTo: max(0, bytes))
        evicted.forEach(forget)
        counters.evictions += evicted.count
    }

    /// Drops everything.
    public func removeAll() {
        trim(toBytes: 0)
    }

    /// Changes the budget, evicting if it shrank.
    public func setByteLimit(_ limit: Int) {
        store.byteLimit = max(0, limit)
        trim(toBytes: store.byteLimit)
    }

    /// Hits, misses, sizes and evictions, by kind.
    public var metrics: Metrics {
        var snapshot = counters
        let finishedCounts = finished.counts()
        snapshot.renders.hits = finishedCounts.renderHits
        snapshot.renders.misses = finishedCounts.renderMisses
        snapshot.encodings.hits = finishedCounts.encodingHits
        snapshot.encodings.misses = finishedCounts.encodingMisses
        snapshot.renders.count = held[.render]?.count ?? 0
        snapshot.renders.bytes = held[.render]?.bytes ?? 0
        snapshot.encodings.count = held[.encoding]?.count ?? 0
        snapshot.encodings.bytes = held[.encoding]?.bytes ?? 0
        snapshot.images.count = held[.image]?.count ?? 0
        snapshot.images.bytes = held[.image]?.bytes ?? 0
        snapshot.texts.count = held[.text]?.count ?? 0
        snapshot.texts.bytes = held[.text]?.bytes ?? 0
        snapshot.bytes = store.bytes
        snapshot.byteLimit = store.byteLimit
        return snapshot
    }

    // MARK: Bookkeeping

    private func insert(_ value: Value, cost: Int, for key: Key) {
        applyFinishedUses()
        let outcome = store.insert(value, cost: cost, for: key)
        if let replaced = outcome.replaced { forget(replaced) }
        if outcome.rejected {
            counters.rejected += 1
        } else {
            adjust(kind(of: key), count: 1, bytes: max(0, cost))
            switch (key, value) {
            case (.render(let render), .bitmap(let bitmap)): finished.set(.bitmap(bitmap), for: .render(render))
            case (.encoding(let encoding), .encoded(let bytes)): finished.set(.encoded(bytes), for: .encoding(encoding))
            default: break
            }
        }
        outcome.evicted.forEach(forget)
        counters.evictions += outcome.evicted.count
    }

    private func forget(_ entry: LRUByteStore<Key, Value>.Removed) {
        adjust(kind(of: entry.key), count: -1, bytes: -entry.cost)
        switch entry.key {
        case .render(let render): finished.remove(.render(render))
        case .encoding(let encoding): finished.remove(.encoding(encoding))
        case .image, .text: break
        }
    }

    /// Moves the finished renders and encodings hit outside the actor to the newest end of the
    /// least-recently-used order, oldest use first, before anything is evicted.
    private func applyFinishedUses() {
        for key in finished.drainUses() {
            switch key {
            case .render(let render): _ = store.value(for: .render(render))
            case .encoding(let encoding): _ = store.value(for: .encoding(encoding))
            }
        }
    }

    private func adjust(_ kind: Kind, count: Int, bytes: Int) {
        let current = held[kind] ?? (0, 0)
        held[kind] = (current.count + count, current.bytes + bytes)
    }

    private func kind(of key: Key) -> Kind {
        switch key {
        case .render: .render
        case .encoding: .encoding
        case .image: .image
        case .text: .text
        }
    }

    private func count(_ hit: Bool, in kind: WritableKeyPath<Metrics, KindMetrics>) {
        if hit { counters[keyPath: kind].hits += 1 } else { counters[keyPath: kind].misses += 1 }
    }
}
