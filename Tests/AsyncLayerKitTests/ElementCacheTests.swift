import AsyncLayerKit
import Synchronization
import Testing

/// Counts the loads of each name, optionally waiting a little so concurrent renders overlap.
final class CountingImageLoader: ElementImageLoader {
    let loads = Mutex<[String: Int]>([:])
    let delay: Duration

    init(delay: Duration = .zero) {
        self.delay = delay
    }

    func imageBytes(named name: String) async throws -> [UInt8] {
        loads.withLock { $0[name, default: 0] += 1 }
        if delay > .zero { try await Task.sleep(for: delay) }
        return try await BundledImageLoader().imageBytes(named: name)
    }

    func count(_ name: String) -> Int { loads.withLock { $0[name] ?? 0 } }
}

@Suite struct ElementCacheTests {
    static let size = Size(width: 160, height: 120)

    /// A card with the bundled cover and a title.
    static func card(_ title: String, coverHeight: Double = 80) -> Element {
        .vstack(spacing: 4, style: ElementStyle(background: .white), children: [
            .image(.named("cover"), layout: flexLayout(height: coverHeight)),
            .text(AttributedText(title), style: TextStyle(size: 12), maxLines: 1),
            .text("a label every card has", style: TextStyle(size: 10)),
        ])
    }

    @Test func aDecodedImageIsReusedByAnotherTreeAtTheSameSize() async throws {
        let loader = CountingImageLoader()
        let renderer = ElementRenderer(limits: .testing, imageLoader: loader, cache: ElementCache(byteLimit: 32 << 20))
        _ = try await renderer.render(Self.card("one"), size: Self.size, scale: 2)
        _ = try await renderer.render(Self.card("two"), size: Self.size, scale: 2)
        #expect(loader.count("cover") == 1)
        // Another display size is another decode.
        _ = try await renderer.render(Self.card("two", coverHeight: 60), size: Self.size, scale: 2)
        #expect(loader.count("cover") == 2)
        let images = try #require(await renderer.cache?.metrics.images)
        #expect(images.count == 2 && images.hits == 1 && images.misses == 2)
    }

    @Test func concurrentRendersShareOneDecode() async throws {
        let loader = CountingImageLoader(delay: .milliseconds(50))
        let renderer = ElementRenderer(limits: .testing, imageLoader: loader, cache: ElementCache(byteLimit: 32 << 20))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for i in 0..<6 {
                group.addTask { _ = try await renderer.render(Self.card("card \(i)"), size: Self.size, scale: 2) }
            }
            try await group.waitForAll()
        }
        #expect(loader.count("cover") == 1)
    }

    @Test func withoutACacheEveryRenderLoadsAgain() async throws {
        let loader = CountingImageLoader()
        let renderer = ElementRenderer(limits: .testing, imageLoader: loader)
        _ = try await renderer.render(Self.card("one"), size: Self.size, scale: 2)
        _ = try await renderer.render(Self.card("one"), size: Self.size, scale: 2)
        #expect(loader.count("cover") == 2)
    }

    @Test func encodedImagesAreKeyedByTheirBytes() async throws {
        let files = try ElementTestFiles.referenceCardInputs()
        let cache = ElementCache(byteLimit: 32 << 20)
        let renderer = ElementRenderer(limits: .testing, cache: cache)
        func tree(_ bytes: [UInt8]) -> Element { .image(.encoded(bytes), layout: flexLayout(width: 40, height: 40)) }
        _ = try await renderer.render(tree(files.cover), size: Size(width: 40, height: 40), scale: 1)
        _ = try await renderer.render(tree(files.cover), size: Size(width: 40, height: 40), scale: 1)
        _ = try await renderer.render(tree(files.avatar), size: Size(width: 40, height: 40), scale: 1)
        let images = await cache.metrics.images
        #expect(images.count == 2 && images.hits == 1)
    }

    /// A changed title is measured again; the label every card shares is not.
    @Test func unchangedTextsAreNotMeasuredAgain() async throws {
        let cache = ElementCache(byteLimit: 32 << 20)
        let renderer = ElementRenderer(limits: .testing, imageLoader: BundledImageLoader(), cache: cache)
        _ = try await renderer.render(Self.card("first title"), size: Self.size, scale: 2)
        let before = await cache.metrics.texts
        #expect(before.count == 2 && before.hits == 0 && before.misses == 2)
        _ = try await renderer.render(Self.card("second title"), size: Self.size, scale: 2)
        let after = await cache.metrics.texts
        #expect(after.count == 3 && after.hits == 1 && after.misses == 3)
    }

    /// Cached images and measurements draw exactly what a render without a cache draws.
    @Test func cachedPartsDrawTheSamePixels() async throws {
        let cached = ElementRenderer(limits: .testing, imageLoader: BundledImageLoader(), cache: ElementCache(byteLimit: 32 << 20))
        let plain = ElementRenderer(limits: .testing, imageLoader: BundledImageLoader())
        _ = try await cached.render(Self.card("warm up"), size: Self.size, scale: 2)
        for title in ["warm up", "another"] {
            let a = try await cached.render(Self.card(title), size: Self.size, scale: 2)
            let b = try await plain.render(Self.card(title), size: Self.size, scale: 2)
            #expect(a.premultipliedBGRABytes() == b.premultipliedBGRABytes())
        }
    }

    /// Renders, images and texts share one budget and one least-recently-used order.
    @Test func oneBudgetForAllKinds() async throws {
        let cache = ElementCache(byteLimit: 1 << 20)
        let renderer = ElementRenderer(limits: .testing, imageLoader: BundledImageLoader(), cache: cache)
        let bitmap = try await renderer.render(Self.card("title"), size: Self.size, scale: 2)  // 320×240×4 = 300 KiB
        let filled = await cache.metrics
        #expect(filled.images.count == 1 && filled.texts.count == 2)
        #expect(filled.bytes == filled.images.bytes + filled.texts.bytes)
        // Three renders of 300 KiB push the least recently used entries (the image first) out.
        for i in 0..<3 {
            await cache.insertRender(bitmap, for: ElementCache.RenderKey(hash: ContentHash(high: 0, low: UInt64(i)), size: Self.size, scale: 2))
        }
        let full = await cache.metrics
        #expect(full.bytes <= 1 << 20)
        #expect(full.images.count == 0)
        #expect(full.renders.count == 3)
        #expect(full.evictions >= 1)
        #expect(full.bytes == full.renders.bytes + full.images.bytes + full.texts.bytes)
        await cache.trim(toBytes: 0)
        let empty = await cache.metrics
        #expect(empty.bytes == 0 && empty.renders.count == 0 && empty.texts.count == 0 && empty.renders.bytes == 0)
    }

    @Test func aValueLargerThanTheBudgetIsNotKept() async throws {
        let cache = ElementCache(byteLimit: 1000)
        let bitmap = try Bitmap.render(size: Size(width: 100, height: 100)) { _ in }
        await cache.insertRender(bitmap, for: ElementCache.RenderKey(hash: ContentHash(high: 1, low: 1), size: Self.size, scale: 1))
        let metrics = await cache.metrics
        #expect(metrics.rejected == 1 && metrics.renders.count == 0 && metrics.bytes == 0)
    }

    /// The blur is done once: a blurred image is cached blurred, beside the sharp one.
    @Test func blurredImagesAreCachedBlurred() async throws {
        let loader = CountingImageLoader()
        let cache = ElementCache(byteLimit: 32 << 20)
        let renderer = ElementRenderer(limits: .testing, imageLoader: loader, cache: cache)
        func tree(blur: Double, title: String) -> Element {
            .vstack(children: [
                .image(.named("cover"), blurRadius: blur, layout: flexLayout(height: 80)),
                .text(AttributedText(title), style: TextStyle(size: 12)),
            ])
        }
        _ = try await renderer.render(tree(blur: 6, title: "a"), size: Self.size, scale: 2)
        _ = try await renderer.render(tree(blur: 6, title: "b"), size: Self.size, scale: 2)
        _ = try await renderer.render(tree(blur: 0, title: "c"), size: Self.size, scale: 2)
        let images = await cache.metrics.images
        #expect(images.count == 2 && images.hits == 1)
        #expect(loader.count("cover") == 2)  // one load per cached variant
        // An in-memory bitmap is cached only when it is blurred.
        let bitmap = try Bitmap.render(size: Size(width: 40, height: 40)) { $0.fill(Rect(x: 10, y: 10, width: 20, height: 20), with: .red) }
        for _ in 0..<2 {
            _ = try await renderer.render(.image(.bitmap(bitmap), blurRadius: 4, layout: flexLayout(width: 40, height: 40)), size: Size(width: 40, height: 40), scale: 1)
        }
        let after = await cache.metrics.images
        #expect(after.count == 3 && after.hits == 2)
    }

    @Test(arguments: [-1.0, .nan, .infinity, 5000])
    func aBadBlurRadiusIsALimitErrorBeforeAnyWork(radius: Double) async {
        let loader = CountingImageLoader()
        let renderer = ElementRenderer(limits: .testing, imageLoader: loader)
        await #expect {
            _ = try await renderer.render(.image(.named("cover"), blurRadius: radius), size: Self.size, scale: 1)
        } throws: { error in
            guard case .invalidLayout(let message) = error as? ElementError else { return false }
            return message.contains("image.blur")
        }
        #expect(loader.count("cover") == 0)
    }
}
