import AsyncLayerKit
@testable import Elements
@testable import Rendering
import Testing

/// Encodings in the render service: cached under the one byte budget, keyed with their options,
/// one encode for identical concurrent requests, cancellation and failure per InFlightWork's rules.
///
/// The sharing tests hold the lanes' single worker with a latch, so the shared encode cannot
/// start before every request has joined (``InFlightWork/waitForWaiters(_:for:)``): no sleeps.
@Suite(.timeLimit(.minutes(5))) struct EncodingCacheTests {
    static let size = Size(width: 100, height: 60)

    /// A tree with no text and no image: the cache then holds only renders and encodings.
    static func tree(_ red: Int = 30) -> Element {
        .vstack(spacing: 4, style: ElementStyle(background: Color(red255: red, green255: 120, blue255: 200)), children: [
            .view(layout: boxLayout(height: 20), style: ElementStyle(background: .blue))
        ])
    }

    static func key(_ tree: HashedElement, _ options: EncodingOptions, scale: Double = 2) -> ElementCache.EncodingKey {
        ElementCache.EncodingKey(render: .init(hash: tree.contentHash, size: size, scale: scale), options: options)
    }

    /// A service on lanes of one worker, and that worker held until the returned latch opens.
    static func heldService() async -> (service: ElementRenderService, latch: Latch, holder: Task<Void, any Error>) {
        let lanes = RenderLanes(width: 1, threadPriorities: .unchanged)
        let service = ElementRenderService(.init(limits: .testing, lanes: lanes, cacheBytes: 8 << 20))
        let latch = Latch()
        let holder = await holdWorker(of: lanes, until: latch)
        return (service, latch, holder)
    }

    // MARK: The one budget

    @Test func anEncodingIsCachedAndCountedUnderTheOneBudget() async throws {
        let service = ElementRenderService(.init(limits: .testing, cacheBytes: 8 << 20))
        let tree = try HashedElement(Self.tree())
        let first = try await service.encoded(RenderRequest(tree, size: Self.size, scale: 2), as: .png())
        #expect(first.source == .encoded)
        #expect(first.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let again = try await service.encoded(RenderRequest(tree, size: Self.size, scale: 2), as: .png())
        #expect(again.source == .cache && again.isCacheHit)
        #expect(again.bytes == first.bytes)
        #expect(service.encodeStarts == 1)
        #expect(service.renders == 1)
        let metrics = await service.cache.metrics
        #expect(metrics.encodings.count == 1)
        #expect(metrics.encodings.bytes == first.bytes.count)
        #expect(metrics.encodings.hits == 1 && metrics.encodings.misses == 1)
        #expect(metrics.bytes == metrics.renders.bytes + metrics.encodings.bytes)
    }

    @Test func encodingsEvictRendersAndRendersEvictEncodings() async throws {
        // The sizes of the render and of its PNG, measured on a service with room for both.
        let tree = try HashedElement(Self.tree())
        let roomy = ElementRenderService(.init(limits: .testing, cacheBytes: 8 << 20))
        let bitmapBytes = try await roomy.render(RenderRequest(tree, size: Self.size, scale: 2)).byteCount
        let pngBytes = try await roomy.encoded(RenderRequest(tree, size: Self.size, scale: 2), as: .png()).bytes.count

        // One byte short of both: whichever came in last pushes the other out.
        let service = ElementRenderService(.init(limits: .testing, cacheBytes: bitmapBytes + pngBytes - 1))
        _ = try await service.encoded(RenderRequest(tree, size: Self.size, scale: 2), as: .png())
        var metrics = await service.cache.metrics
        #expect(metrics.encodings.count == 1 && metrics.encodings.bytes == pngBytes)
        #expect(metrics.renders.count == 0)  // the render, cached first, was evicted by its encoding
        #expect(metrics.evictions == 1)
        // The encoding is still served without a render...
        #expect(try await service.encoded(RenderRequest(tree, size: Self.size, scale: 2), as: .png()).source == .cache)
        #expect(service.renders == 1)
        // ...and a render drawn again pushes the encoding out.
        _ = try await service.render(RenderRequest(tree, size: Self.size, scale: 2))
        #expect(service.renders == 2)
        metrics = await service.cache.metrics
        #expect(metrics.renders.count == 1 && metrics.renders.bytes == bitmapBytes)
        #expect(metrics.encodings.count == 0 && metrics.encodings.bytes == 0)
        #expect(metrics.evictions == 2)
        #expect(metrics.bytes == bitmapBytes)
    }

    @Test func theCacheCountsEncodingsAsTheirOwnKind() async throws {
        let cache = ElementCache(byteLimit: 1_000)
        let key = Self.key(try HashedElement(Self.tree()), .png())
        #expect(cache.encoding(for: key) == nil)
        await cache.insertEncoding([UInt8](repeating: 7, count: 600), for: key)
        #expect(cache.encoding(for: key)?.count == 600)
        // Another encoding that does not fit beside it pushes it out; one over the budget is refused.
        let other = Self.key(try HashedElement(Self.tree(99)), .png())
        await cache.insertEncoding([UInt8](repeating: 8, count: 500), for: other)
        await cache.insertEncoding([UInt8](repeating: 9, count: 1_001), for: Self.key(try HashedElement(Self.tree(1)), .png()))
        let metrics = await cache.metrics
        #expect(metrics.encodings == ElementCache.KindMetrics(hits: 1, misses: 1, count: 1, bytes: 500))
        #expect(metrics.evictions == 1 && metrics.rejected == 1)
        #expect(metrics.renders.count == 0 && metrics.bytes == 500)
    }

    // MARK: The key

    @Test func theKeyIncludesTheOptions() async throws {
        let service = ElementRenderService(.init(limits: .testing, cacheBytes: 8 << 20))
        let tree = try HashedElement(Self.tree())
        let options: [EncodingOptions] = [.png(), .webp(quality: 80), .webp(quality: 50), .jpeg(quality: 85)]
        var files: [[UInt8]] = []
        for option in options {
            let image = try await service.encoded(RenderRequest(tree, size: Self.size, scale: 2), as: option)
            #expect(image.source == .encoded, "\(option)")
            files.append(image.bytes)
        }
        #expect(files[0].starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(files[1].starts(with: Array("RIFF".utf8)) && files[2].starts(with: Array("RIFF".utf8)))
        #expect(files[3].starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(files[1] != files[2])  // another quality, another file
        // Four encodes of one render; each option now comes from the cache.
        #expect(service.encodeStarts == 4 && service.renders == 1)
        for (option, file) in zip(options, files) {
            let image = try await service.encoded(RenderRequest(tree, size: Self.size, scale: 2), as: option)
            #expect(image.source == .cache && image.bytes == file, "\(option)")
        }
        // Another scale is another render and another encoding.
        #expect(try await service.encoded(RenderRequest(tree, size: Self.size, scale: 1), as: .png()).source == .encoded)
        #expect(service.encodeStarts == 5 && service.renders == 2)
        #expect(await service.cache.metrics.encodings.count == 5)
    }

    @Test func aPreLaidOutTreeSharesTheEncodingsOfItsSize() async throws {
        let service = ElementRenderService(.init(limits: .testing, cacheBytes: 8 << 20))
        let tree = try HashedElement(Self.tree())
        let layout = try ElementLayout.layout(tree.element, in: Self.size)
        let fromLayout = try await service.encoded(RenderRequest(tree, layout: layout, scale: 2), as: .png())
        let fromSize = try await service.encoded(RenderRequest(tree, size: Self.size, scale: 2), as: .png())
        #expect(fromLayout.source == .encoded && fromSize.source == .cache)
        #expect(fromLayout.bytes == fromSize.bytes)
    }

    @Test func theEncodeRunsOnTheLanes() async throws {
        let lanes = RenderLanes(width: 1, threadPriorities: .unchanged)
        let service = ElementRenderService(.init(limits: .testing, lanes: lanes, cacheBytes: 8 << 20))
        let tree = try HashedElement(Self.tree())
        _ = try await service.render(RenderRequest(tree, size: Self.size, scale: 2))
        let admitted = lanes.metrics.admittedTotal
        // The render is cached: the only lane item is the encode.
        _ = try await service.encoded(RenderRequest(tree, size: Self.size, scale: 2), as: .png())
        #expect(lanes.metrics.admittedTotal == admitted + 1)
        #expect(service.renders == 1 && service.encodeStarts == 1)
    }

    // MARK: Sharing

    @Test func concurrentIdenticalEncodesShareOneEncode() async throws {
        let (service, latch, holder) = await Self.heldService()
        let tree = try HashedElement(Self.tree())
        let key = Self.key(tree, .png())
        let images = try await withThrowingTaskGroup(of: ElementRenderService.EncodedImage.self) { group in
            for _ in 0..<6 {
                group.addTask { try await service.encoded(RenderRequest(tree, size: Self.size, scale: 2), as: .png()) }
            }
            // All six wait on the one encode, which cannot start while the worker is held.
            try await service.encodes.waitForWaiters(6, for: key)
            latch.open()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        try await holder.value
        #expect(images.count == 6)
        #expect(Set(images.map(\.bytes)).count == 1)
        #expect(images.filter { $0.source == .encoded }.count == 1)
        #expect(images.filter { $0.source == .joined }.count == 5)
        #expect(service.encodeStarts == 1 && service.renders == 1)
        #expect(service.encodes.started == 1)
        #expect(service.encodes.joined == 5)
        #expect(await service.cache.metrics.encodings.count == 1)
    }

    @Test func aCancelledRequestLeavesTheOthersServed() async throws {
        let (service, latch, holder) = await Self.heldService()
        let tree = try HashedElement(Self.tree())
        let key = Self.key(tree, .webp(quality: 80))
        // The request that starts the encode is the one that leaves.
        let starter = Task { try await service.encoded(RenderRequest(tree, size: Self.size, scale: 2), as: .webp(quality: 80)) }
        try await service.encodes.waitForWaiters(1, for: key)
        let others = (0..<2).map { _ in Task { try await service.encoded(RenderRequest(tree, size: Self.size, scale: 2), as: .webp(quality: 80)) } }
        try await service.encodes.waitForWaiters(3, for: key)
        starter.cancel()
        await #expect(throws: CancellationError.self) { try await starter.value }
        #expect(service.encodes.waiterCount(for: key) == 2)
        latch.open()
        let served = try await [others[0].value, others[1].value]
        try await holder.value
        #expect(served[0].bytes == served[1].bytes && !served[0].bytes.isEmpty)
        // Neither started it: both joined the work of the request that left.
        #expect(served.allSatisfy { $0.source == .joined })
        #expect(service.encodeStarts == 1 && service.encodesCancelled == 0)
        #expect(service.encodes.cancelledWorks == 0)
        #expect(await service.cache.metrics.encodings.count == 1)
    }

    @Test func whenEveryRequestLeavesTheEncodeIsCancelledAndANewOneStartsAfresh() async throws {
        let (service, latch, holder) = await Self.heldService()
        let tree = try HashedElement(Self.tree())
        let key = Self.key(tree, .png())
        let requests = (0..<2).map { _ in Task { try await service.encoded(RenderRequest(tree, size: Self.size, scale: 2), as: .png()) } }
        try await service.encodes.waitForWaiters(2, for: key)
        for request in requests {
            request.cancel()
            await #expect(throws: CancellationError.self) { try await request.value }
        }
        #expect(service.encodes.cancelledWorks == 1)
        #expect(service.encodes.inFlightCount == 0)
        latch.open()
        try await holder.value
        let again = try await service.encoded(RenderRequest(tree, size: Self.size, scale: 2), as: .png())
        #expect(again.source == .encoded)
        #expect(service.encodes.started == 2)
    }

    @Test func aFailedEncodeReachesEveryWaiterAndIsNotCached() async throws {
        let (service, latch, holder) = await Self.heldService()
        let tree = try HashedElement(Self.tree())
        let invalid = EncodingOptions.webp(quality: 101)  // out of range: the encoder throws
        let key = Self.key(tree, invalid)
        let outcomes = await withTaskGroup(of: Result<ElementRenderService.EncodedImage, any Error>.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    do { return .success(try await service.encoded(RenderRequest(tree, size: Self.size, scale: 2), as: invalid)) } catch { return .failure(error) }
                }
            }
            do { try await service.encodes.waitForWaiters(3, for: key) } catch { Issue.record(error) }
            latch.open()
            return await group.reduce(into: []) { $0.append($1) }
        }
        try await holder.value
        #expect(outcomes.count == 3)
        for outcome in outcomes {
            guard case .failure(let error) = outcome, error is CanvasError else {
                Issue.record("expected the encoder's CanvasError, got \(outcome)")
                continue
            }
        }
        #expect(service.encodeStarts == 1)
        #expect(await service.cache.metrics.encodings.count == 0)
        // Not cached: the next request encodes again (and fails again), while the render it
        // needed is cached and reused.
        await #expect(throws: CanvasError.self) { try await service.encoded(RenderRequest(tree, size: Self.size, scale: 2), as: invalid) }
        #expect(service.encodeStarts == 2 && service.renders == 1)
    }
}
