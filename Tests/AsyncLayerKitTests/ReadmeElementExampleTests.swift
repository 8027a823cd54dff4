import AsyncLayerKit
import Testing

/// The README's element-tree example, compiled and run as written (with the bundled images).
@Suite struct ReadmeElementExampleTests {
    @Test func theReadmeExampleRendersACard() async throws {
        let assets = BundledImageLoader()
        // --- README ---
        let card = Element.vstack(spacing: 6, style: ElementStyle(background: .white, cornerRadii: CornerRadii(all: 12)), children: [
            Element.image(.named("cover")).size(height: 120).cornerRadius(8),
            .text("Live from the Bund · 上海外滩夜景", style: TextStyle(size: 15, weight: .bold), maxLines: 2),
        ]).padding(12)
        let service = ElementRenderService(.init(imageLoader: assets))   // owns its cache, shared renders, lanes
        let bitmap = try await service.render(RenderRequest(card, size: Size(width: 320, height: 200), scale: 2))
        // --- end ---
        #expect(bitmap.width == 640 && bitmap.height == 400)
        // The cover is drawn (not the white background) at its place, the corner is transparent.
        let cover = try #require(bitmap.pixel(x: 320, y: 100))
        #expect(cover.alpha == 255 && !(cover.red > 250 && cover.green > 250 && cover.blue > 250))
        #expect(bitmap.pixel(x: 0, y: 0)?.alpha == 0)
    }
}
