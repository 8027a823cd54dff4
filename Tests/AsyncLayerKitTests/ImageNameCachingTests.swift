import AsyncLayerKit
import Synchronization
import Testing

/// Serves one solid-colour PNG per name, which a test may change, and counts the loads; its
/// names are cached as ``ImageNameCaching`` says.
final class ChangingImageLoader: ElementImageLoader {
    let files = Mutex<[String: [UInt8]]>([:])
    let loads = Mutex<[String: Int]>([:])
    let mode: ImageNameCaching

    init(mode: ImageNameCaching) {
        self.mode = mode
    }

    func serve(_ color: Color, as name: String) throws {
        let bytes = try solidPNG(color)
        files.withLock { $0[name] = bytes }
    }

    func imageBytes(named name: String) async throws -> [UInt8] {
        loads.withLock { $0[name, default: 0] += 1 }
        guard let bytes = files.withLock({ $0[name] }) else { throw BundledImageLoader.Missing() }
        return bytes
    }

    func caching(forName name: String) -> ImageNameCaching { mode }

    func count(_ name: String) -> Int { loads.withLock { $0[name] ?? 0 } }
}

/// An 8×8 PNG of one opaque colour.
func solidPNG(_ color: Color, width: Int = 8, height: Int = 8) throws -> [UInt8] {
    let r = UInt8((color.red * 255).rounded()), g = UInt8((color.green * 255).rounded()), b = UInt8((color.blue * 255).rounded())
    let pixels = [UInt8](repeating: 0, count: width * height * 4).enumerated().map { index, _ in [b, g, r, 255][index % 4] }
    return try ImageEncoder.encode(Bitmap(width: width, height: height, premultipliedBGRA: pixels), as: .png())
}

/// A loader that answers nothing itself: the protocol's default for ``ElementImageLoader/caching(forName:)``.
private struct PlainLoader: ElementImageLoader {
    func imageBytes(named name: String) async throws -> [UInt8] { [] }
}

@Suite struct ImageNameCachingTests {
    static let size = Size(width: 40, height: 40)

    static func tree(_ name: String) -> Element {
        .image(.named(name), layout: flexLayout(width: 40, height: 40))
    }

    static func centre(_ bitmap: Bitmap) -> PremultipliedPixel? {
        bitmap.pixel(x: bitmap.width / 2, y: bitmap.height / 2)
    }

    @Test func aLoaderCachesByNameUnlessItSaysOtherwise() {
        #expect(PlainLoader().caching(forName: "https://example.com/a.png") == .byName)
        #expect(FolderImageLoader(folder: "/nonexistent").caching(forName: "cover") == .byName)
    }

    /// `.byContent`: the loader is asked on every render, the picture decoded once per bytes, and
    /// new bytes behind the same name are drawn at once.
    @Test func byContentNamesAreLoadedEveryRenderAndDecodedOncePerBytes() async throws {
        let name = "https://images.example.com/avatar.png"
        let loader = ChangingImageLoader(mode: .byContent)
        try loader.serve(Color(red: 1, green: 0, blue: 0), as: name)
        let cache = ElementCache(byteLimit: 8 << 20)
        let renderer = ElementRenderer(limits: .testing, imageLoader: loader, cache: cache)

        let first = try await renderer.render(Self.tree(name), size: Self.size, scale: 1)
        let second = try await renderer.render(Self.tree(name), size: Self.size, scale: 1)
        #expect(loader.count(name) == 2)
        var images = await cache.metrics.images
        #expect(images.count == 1 && images.misses == 1 && images.hits == 1)
        #expect(Self.centre(first) == PremultipliedPixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(first.premultipliedBGRABytes() == second.premultipliedBGRABytes())

        try loader.serve(Color(red: 0, green: 0, blue: 1), as: name)
        let changed = try await renderer.render(Self.tree(name), size: Self.size, scale: 1)
        #expect(loader.count(name) == 3)
        images = await cache.metrics.images
        #expect(images.count == 2 && images.misses == 2)
        #expect(Self.centre(changed) == PremultipliedPixel(red: 0, green: 0, blue: 255, alpha: 255))
    }

    /// `.byName` (the default) keeps the first picture of a name: the loader is not asked again.
    @Test func byNameNamesKeepTheirFirstPicture() async throws {
        let loader = ChangingImageLoader(mode: .byName)
        try loader.serve(Color(red: 1, green: 0, blue: 0), as: "cover")
        let renderer = ElementRenderer(limits: .testing, imageLoader: loader, cache: ElementCache(byteLimit: 8 << 20))
        _ = try await renderer.render(Self.tree("cover"), size: Self.size, scale: 1)
        try loader.serve(Color(red: 0, green: 0, blue: 1), as: "cover")
        let again = try await renderer.render(Self.tree("cover"), size: Self.size, scale: 1)
        #expect(loader.count("cover") == 1)
        #expect(Self.centre(again) == PremultipliedPixel(red: 255, green: 0, blue: 0, alpha: 255))
    }

    /// Every name of a tree, depth first, each once: images, inline images, url() layers.
    @Test func aTreeListsItsImageNamesOnce() throws {
        let json = ##"""
        {"version": 2, "root": {"type": "view", "style": {"backgroundImage": "url(bg)"}, "children": [
          {"type": "image", "image": {"source": {"named": "https://a.example/x.png"}}},
          {"type": "text", "text": {"text": [{"text": "hi"}, {"image": {"named": "emoji"}}]}},
          {"type": "image", "style": {"display": "none"}, "image": {"source": {"named": "bg"}}}
        ]}}
        """##
        let root = try ElementDocument.decode(Array(json.utf8)).root
        #expect(root.imageNamesInTree == ["bg", "https://a.example/x.png", "emoji"])
    }

    /// Two names whose bytes are the same share one decoded picture.
    @Test func byContentNamesWithTheSameBytesShareOneDecode() async throws {
        let loader = ChangingImageLoader(mode: .byContent)
        try loader.serve(Color(red: 0, green: 1, blue: 0), as: "https://a.example.com/x.png")
        try loader.serve(Color(red: 0, green: 1, blue: 0), as: "https://b.example.com/y.png")
        let cache = ElementCache(byteLimit: 8 << 20)
        let renderer = ElementRenderer(limits: .testing, imageLoader: loader, cache: cache)
        _ = try await renderer.render(Self.tree("https://a.example.com/x.png"), size: Self.size, scale: 1)
        _ = try await renderer.render(Self.tree("https://b.example.com/y.png"), size: Self.size, scale: 1)
        let images = await cache.metrics.images
        #expect(images.count == 1 && images.hits == 1)
    }

    /// A service keeps no finished render or encoding of a tree whose pictures may change: the
    /// second request renders again and shows the new picture; a by-name tree is served cached.
    @Test func aServiceRendersATreeWithChangingPicturesAgain() async throws {
        let changing = ChangingImageLoader(mode: .byContent)
        try changing.serve(.red, as: "u")
        let service = ElementRenderService(.init(limits: ElementLimits(maxRenderDuration: nil), imageLoader: changing, lanes: RenderLanes(width: 1)))
        let request = try RenderRequest(Self.tree("u"), size: Self.size, scale: 1)
        #expect(service.picturesMayChange(in: request.tree))
        let first = try await service.encoded(request, as: .png())
        try changing.serve(.blue, as: "u")
        #expect(service.cachedEncoding(of: request, as: .png()) == nil)
        let second = try await service.render(request)
        #expect(Self.centre(second)?.blue == 255 && Self.centre(second)?.red == 0)
        #expect(first.bytes != (try ImageEncoder.encode(second, as: .png())))
        #expect(service.renders == 2)

        let stable = ChangingImageLoader(mode: .byName)
        try stable.serve(.red, as: "n")
        let cached = ElementRenderService(.init(limits: ElementLimits(maxRenderDuration: nil), imageLoader: stable, lanes: RenderLanes(width: 1)))
        let named = try RenderRequest(Self.tree("n"), size: Self.size, scale: 1)
        #expect(!cached.picturesMayChange(in: named.tree))
        _ = try await cached.render(named)
        try stable.serve(.blue, as: "n")
        let again = try await cached.render(named)
        #expect(Self.centre(again)?.red == 255)
        #expect(cached.renders == 1)
    }
}
