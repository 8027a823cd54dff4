import Synchronization
public import Canvas
import Elements

/// Encoded files from the render service: cached under the renders' byte budget, keyed by
/// (content hash, size, scale, ``/Canvas/EncodingOptions``), shared while in flight, and encoded
/// on the render lanes.
extension ElementRenderService {
    /// An encoded image and where it came from.
    public struct EncodedImage: Sendable, Hashable {
        /// Where the bytes came from.
        public enum Source: Sendable, Hashable {
            /// The cache: nothing rendered, nothing encoded.
            case cache
            /// An encode this request started (its render from the cache, shared or drawn).
            case encoded
            /// An identical encode another request had started.
            case joined
        }

        /// The encoded file.
        public var bytes: [UInt8]
        /// Where it came from.
        public var source: Source

        /// Creates an encoded image.
        public init(bytes: [UInt8], source: Source) {
            self.bytes = bytes
            self.source = source
        }

        /// Whether the bytes came from the cache.
        public var isCacheHit: Bool { source == .cache }
    }

    /// What one shared encode hands to each of its waiters.
    public struct SharedEncode: Sendable {
        /// The encoded file.
        public let bytes: [UInt8]
        /// The number of the request whose work ran.
        let startedBy: UInt64
        /// Whether the work found the bytes cached (a concurrent encode had just finished).
        let wasCached: Bool
    }

    /// The file of `request`'s render encoded with `options`: from the cache, an identical encode
    /// in flight, or a new encode on the lanes (after the render, itself from the cache, shared or
    /// drawn).
    ///
    /// The encoding is cached under the same byte budget as the renders (``ElementCache`` kind
    /// ``ElementCache/Metrics/encodings``). Identical concurrent requests share one encode,
    /// which runs at the priority of the most urgent; a request that is cancelled leaves alone,
    /// and the encode stops only when its last requester has left. A failed encode is not
    /// cached: its error reaches every requester, and the next request tries again.
    ///
    /// - Throws: as ``render(_:)``, and ``/Canvas/CanvasError`` when the encoder fails or
    ///   `options` are out of range.
    public func encoded(_ request: RenderRequest, as options: EncodingOptions) async throws -> EncodedImage {
        if let bytes = cachedEncoding(of: request, as: options) {
            return EncodedImage(bytes: bytes, source: .cache)
        }
        return try await encodeShared(request, as: options)
    }

    /// The cached encoding of `request`'s render with `options`, or `nil`; counted as a hit or a
    /// miss. Synchronous: read outside the cache's actor. The first half of
    /// ``encoded(_:as:)``: a caller that waits differently for a miss (say, watching its client's
    /// connection) looks here first and calls ``encodeShared(_:as:)`` on a miss.
    /// Always `nil` for a tree whose pictures may change (``picturesMayChange(in:)``).
    public func cachedEncoding(of request: RenderRequest, as options: EncodingOptions) -> [UInt8]? {
        guard !picturesMayChange(in: request.tree) else { return nil }
        return cache.encoding(for: ElementCache.EncodingKey(render: request.key, options: options))
    }

    /// The second half of ``encoded(_:as:)``, after the caller's own cache miss: joins an
    /// identical encode in flight or starts one (which looks in the cache again, uncounted,
    /// before it renders and encodes).
    ///
    /// - Throws: as ``encoded(_:as:)``.
    public func encodeShared(_ request: RenderRequest, as options: EncodingOptions) async throws -> EncodedImage {
        try await encodeShared(request.tree, size: request.size, scale: request.scale, options: options,
                               priority: request.priority, layout: request.layout, fonts: request.fonts)
    }

    /// Encoder calls: cache misses that were not shared and whose render succeeded (an encode
    /// that then fails counts too).
    public var encodeStarts: Int { encodeCount.load(ordering: .relaxed) }

    /// Shared encodes that stopped because every request waiting for them was cancelled.
    public var encodesCancelled: Int { cancelledEncodeCount.load(ordering: .relaxed) }

    private func encodeShared(
        _ tree: HashedElement, size: Size, scale: Double, options: EncodingOptions, priority: RenderPriority, layout: LayoutResult?, fonts: FontSet?
    ) async throws -> EncodedImage {
        let key = ElementCache.EncodingKey(render: Key(hash: tree.contentHash, size: size, scale: scale, fonts: fonts?.digest), options: options)
        let request = encodeRequests.add(1, ordering: .relaxed).newValue
        let cache = self.cache, lanes = self.lanes, keeps = !picturesMayChange(in: tree)
        // Like a render's, the shared task prefers the lanes' executor; only the first request's
        // closure runs, so `request` names the request that started the work.
        let shared = try await encodes.value(for: key, priority: priority.taskPriority, executor: lanes.executor) {
            // A request that missed just before an identical encode finished finds it here.
            if keeps, let bytes = cache.peekEncoding(for: key) {
                return SharedEncode(bytes: bytes, startedBy: request, wasCached: true)
            }
            do {
                // The render at the shared task's current priority: the most urgent waiter's.
                let bitmap = try await self.render(tree, size: size, scale: scale, priority: RenderPriority(Task.currentPriority), layout: layout, fonts: fonts,
                                                   keeps: keeps)
                // No explicit lane: the task's priority, raised if a more urgent request joins.
                let bytes = try await lanes.render {
                    self.encodeCount.add(1, ordering: .relaxed)
                    return try ImageEncoder.encode(bitmap, as: options)
                }
                // Cached before the in-flight entry ends, so no later request can miss both.
                if keeps { await cache.insertEncoding(bytes, for: key) }
                return SharedEncode(bytes: bytes, startedBy: request, wasCached: false)
            } catch {
                // This task is cancelled only when its last waiter has left (InFlightWork).
                if Task.isCancelled { self.cancelledEncodeCount.add(1, ordering: .relaxed) }
                throw error
            }
        }
        let source: EncodedImage.Source = shared.wasCached ? .cache : shared.startedBy == request ? .encoded : .joined
        return EncodedImage(bytes: shared.bytes, source: source)
    }
}
