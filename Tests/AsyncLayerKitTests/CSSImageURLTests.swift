import AsyncLayerKit
import Foundation
import Testing

/// `url()` pictures in backgroundImage, the background shorthand and maskImage: data: URIs and
/// names for the image loader, drawn at their natural size, scaled or tiled as CSS says.
@Suite struct CSSImageURLTests {
    /// A 2 × 2 PNG: red, green / blue, white.
    static let png: [UInt8] = {
        let pixels: [UInt8] = [0, 0, 255, 255, 0, 255, 0, 255, 255, 0, 0, 255, 255, 255, 255, 255]  // BGRA
        let bitmap = try! Bitmap(width: 2, height: 2, premultipliedBGRA: pixels)
        return try! ImageEncoder.encode(bitmap, as: .png())
    }()

    static func decode(style: String) throws -> ElementStyle {
        try ElementDocument.decode(Array(#"{"version": 2, "root": {"type": "view", "style": \#(style)}}"#.utf8)).root.style
    }

    @Test func urlFormsReadAsImageSources() throws {
        let base64 = Data(Self.png).base64EncodedString()
        let unquoted = try Self.decode(style: #"{"backgroundImage": "url(data:image/png;base64,\#(base64))"}"#)
        #expect(unquoted.backgroundLayers.map(\.image) == [.image(.encoded(Self.png))])
        let quoted = try Self.decode(style: #"{"backgroundImage": "url('avatar'), linear-gradient(red, blue)"}"#)
        #expect(quoted.backgroundLayers.first?.image == .image(.named("avatar")))
        let percent = try Self.decode(style: #"{"maskImage": "url(\"data:text/plain,%41%42C\")"}"#)
        #expect(percent.maskLayers.map(\.image) == [.image(.encoded(Array("ABC".utf8)))])
        let shorthand = try Self.decode(style: #"{"background": "url(cover) center / cover no-repeat #eee"}"#)
        #expect(shorthand.backgroundLayers.first?.image == .image(.named("cover")))
        #expect(shorthand.backgroundLayers.first?.size == .cover)
        let prefixed = try Self.decode(style: #"{"WebkitMaskImage": "url(m)", "WebkitMaskSize": "10px 10px"}"#)
        #expect(prefixed.maskLayers.first?.size == .size(.points(10), .points(10)))
    }

    @Test func urlsRoundTripThroughJSON() throws {
        let json = #"{"version": 2, "root": {"type": "view", "style": {"backgroundImage": "url(\"a b.png\"), url(data:image/png;base64,\#(Data(Self.png).base64EncodedString()))"}}}"#
        let document = try ElementDocument.decode(Array(json.utf8))
        let again = try ElementDocument.decode(document.jsonBytes())
        #expect(again.root == document.root)
    }

    @Test(arguments: [#""url()""#, #""url(data:image/png;base64)""#, #""url(data:,%4)""#, #""image-set(url(a) 1x)""#, #""url(a, b)""#])
    func badURLsAreErrors(value: String) {
        #expect(throws: ElementError.self) { try Self.decode(style: #"{"backgroundImage": \#(value)}"#) }
    }

    /// Renders a 20 × 10 view with `style` at scale 1; `loader` serves named images.
    static func render(style: String, loader: (any ElementImageLoader)? = nil) async throws -> Bitmap {
        let root = try ElementDocument.decode(Array(#"{"version": 2, "root": {"type": "view", "style": \#(style)}}"#.utf8)).root
        // Lanes of its own and no deadline: the shared pool may be busy with other suites' blocking work.
        let renderer = ElementRenderer(limits: ElementLimits(maxRenderDuration: nil), imageLoader: loader, lanes: RenderLanes(width: 1))
        return try await renderer.render(root, size: Size(width: 20, height: 10), scale: 1)
    }

    struct OneImage: ElementImageLoader {
        let bytes: [UInt8]
        func imageBytes(named name: String) async throws -> [UInt8] { bytes }
    }

    @Test func aTiledPictureRepeatsAtItsNaturalSize() async throws {
        let bitmap = try await Self.render(style: #"{"backgroundImage": "url(tile)"}"#, loader: OneImage(bytes: Self.png))
        // 2 × 2 tiles from the top-left: red at even columns and rows, white at odd ones.
        let expected: [(Int, Int, [Int])] = [(0, 0, [255, 0, 0]), (1, 0, [0, 255, 0]), (0, 1, [0, 0, 255]), (1, 1, [255, 255, 255]),
                                             (16, 8, [255, 0, 0]), (19, 9, [255, 255, 255])]
        for (x, y, rgb) in expected {
            let p = try #require(bitmap.pixel(x: x, y: y))
            let actual: [Int] = [Int(p.red), Int(p.green), Int(p.blue)]
            #expect(actual == rgb, "(\(x), \(y))")
        }
    }

    @Test func coverScalesThePictureToCoverTheBox() async throws {
        let bitmap = try await Self.render(style: #"{"backgroundImage": "url(tile)", "backgroundSize": "cover", "backgroundRepeat": "no-repeat"}"#,
                                           loader: OneImage(bytes: Self.png))
        // 20 × 20 over a 20 × 10 box: the top half of the picture, red on the left, green on the right.
        let left = try #require(bitmap.pixel(x: 2, y: 2)), right = try #require(bitmap.pixel(x: 17, y: 2))
        #expect(left.red > 200 && left.green < 60 && right.green > 200 && right.red < 60)
    }

    @Test func aNamedURLWithoutALoaderIsATypedError() async {
        await #expect(throws: ElementError.self) { _ = try await Self.render(style: #"{"backgroundImage": "url(tile)"}"#) }
    }

    @Test func theFolderLoaderChecksLayerNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layer-names-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let loader = FolderImageLoader(folder: folder.path)
        let root = try ElementDocument.decode(Array(#"{"version": 2, "root": {"type": "view", "style": {"maskImage": "url(missing)"}}}"#.utf8)).root
        #expect(throws: FolderImageLoaderError.self) { try loader.checkImageNames(in: root) }
    }
}
