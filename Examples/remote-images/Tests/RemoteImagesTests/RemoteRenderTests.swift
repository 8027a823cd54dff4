import AsyncLayerKit
import OriginServer
import Testing
import RemoteImages

/// A tree naming an image by URL, rendered end to end through the loader.
@Suite(.timeLimit(.minutes(1))) struct RemoteRenderTests {
    static let size = Size(width: 40, height: 40)
    static let grey = Color(red255: 200, green255: 200, blue255: 200)

    static func card(_ url: String, placeholder: ImagePlaceholder?) -> Element {
        var layout = FlexStyle()
        layout.width = .points(40)
        layout.height = .points(40)
        return .view(layout: layout, style: ElementStyle(background: .white), children: [
            .image(.named(url), placeholder: placeholder, layout: layout),
        ])
    }

    static func origin() throws -> OriginServer {
        let blue = try solidPNG(red: 0, green: 0, blue: 255)
        return try OriginServer { request in
            request.path == "/avatar.png"
                ? OriginResponse(headers: [("Cache-Control", "max-age=60")], body: .bytes(blue))
                : OriginResponse(status: 404, body: .bytes(Array("not found".utf8)))
        }
    }

    @Test func aURLImageIsDrawnAndAWarmRenderMakesNoRequest() async throws {
        let origin = try Self.origin()
        defer { origin.stop() }
        let loader = try RemoteImageLoader(policy: loopbackPolicy())
        let renderer = ElementRenderer(imageLoader: loader, cache: ElementCache(byteLimit: 8 << 20))
        let bitmap = try await renderer.render(Self.card(origin.url("/avatar.png"), placeholder: nil), size: Self.size, scale: 2)
        #expect(bitmap.pixel(x: 40, y: 40) == PremultipliedPixel(red: 0, green: 0, blue: 255, alpha: 255))
        _ = try await renderer.render(Self.card(origin.url("/avatar.png"), placeholder: nil), size: Self.size, scale: 2)
        #expect(origin.requestCount("/avatar.png") == 1 && loader.statistics.cacheHits == 1)
    }

    @Test func a404DrawsThePlaceholderOrFailsWithoutOne() async throws {
        let origin = try Self.origin()
        defer { origin.stop() }
        let renderer = ElementRenderer(imageLoader: try RemoteImageLoader(policy: loopbackPolicy()))
        let url = origin.url("/gone.png")
        let bitmap = try await renderer.render(Self.card(url, placeholder: .color(Self.grey)), size: Self.size, scale: 2)
        #expect(bitmap.pixel(x: 40, y: 40) == PremultipliedPixel(red: 200, green: 200, blue: 200, alpha: 255))
        await #expect(throws: ElementError.imageLoadFailed(name: url, detail: "HTTP status 404")) {
            _ = try await renderer.render(Self.card(url, placeholder: nil), size: Self.size, scale: 2)
        }
    }

    /// A refused host is a load failure like any other: the placeholder covers it.
    @Test func aRefusedHostDrawsThePlaceholder() async throws {
        let renderer = ElementRenderer(imageLoader: try RemoteImageLoader(policy: RemoteImagePolicy(allowedHosts: ["images.example.com"])))
        let bitmap = try await renderer.render(Self.card("http://10.0.0.1/a.png", placeholder: .color(Self.grey)), size: Self.size, scale: 1)
        #expect(bitmap.pixel(x: 20, y: 20) == PremultipliedPixel(red: 200, green: 200, blue: 200, alpha: 255))
    }
}
