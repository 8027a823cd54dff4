import AsyncLayerKit
import AsyncLayerKitTesting
import Foundation
import Testing

/// The example cards written with CSS paint and text (`Examples/element-cards/`): a gradient hero,
/// a ticket with a dashed perforation, a rotated ribbon, a glass panel, a neon title, an article
/// card whose fonts are inherited, and a post and an Arabic offer written as inline runs with an
/// inline emoji picture; each draws its reviewed golden (`Golden/css-*.png`),
/// and the effect each is there to show is checked on its pixels.
@Suite struct CSSCardGoldenTests {
    let renderer = ElementRenderer(limits: .testing, imageLoader: BundledImageLoader())

    static func render(_ name: String, with renderer: ElementRenderer) async throws -> Bitmap {
        let document = try FlexCardGoldenTests.card(name)
        return try await renderer.render(document.root, size: try #require(document.size), scale: 2)
    }

    @Test(arguments: ["gradient-hero", "ticket", "ribbon", "glass-panel", "neon-title", "article-card", "post-card", "arabic-offer"])
    func theCardDrawsItsGolden(name: String) async throws {
        let bitmap = try await Self.render(name, with: renderer)
        try goldenImages.assertMatches(bitmap, named: "css-\(name)", tolerance: 12, maxDifferingFraction: 0.01)
    }

    /// The ribbon is rotated about its centre (250, 46): the red band runs down-right from there, but is not 60 points
    /// to its left, where the band would lie unrotated (layout is not moved by a transform).
    @Test func theRibbonIsRotated() async throws {
        let bitmap = try await Self.render("ribbon", with: renderer)
        let centre = try #require(bitmap.color(x: 2 * 264, y: 2 * 60))  // along the band, past its text
        let unrotated = try #require(bitmap.color(x: 2 * 190, y: 2 * 46))
        #expect(centre.red > 0.7 && centre.green < 0.3, "\(centre)")
        #expect(unrotated.red > 0.8 && unrotated.green > 0.5, "\(unrotated)")  // the amber card, not the band
    }

    /// The glass panel blurs what is beneath: inside it, the cyan disc's hard edge becomes a ramp.
    @Test func theGlassPanelBlursItsBackdrop() async throws {
        let bitmap = try await Self.render("glass-panel", with: renderer)
        // Along a row through the panel, neighbouring pixels never jump as the disc's edge does outside.
        var largestStep = 0.0
        for x in stride(from: 2 * 60, to: 2 * 120, by: 1) {
            let a = try #require(bitmap.color(x: x, y: 2 * 80)), b = try #require(bitmap.color(x: x + 1, y: 2 * 80))
            largestStep = max(largestStep, abs(a.green - b.green))
        }
        #expect(largestStep < 0.08, "largest step \(largestStep)")
    }

    /// The neon title glows: between its two words, where no glyph is, the text shadows tint the
    /// dark background pink; the title stays on one line (its letter spacing does not wrap it).
    @Test func theNeonTitleGlowsOnOneLine() async throws {
        let document = try FlexCardGoldenTests.card("neon-title")
        let layout = try ElementLayout.layout(document.root, in: try #require(document.size))
        #expect(layout.nodes[1].text?.lineCount == 1)
        #expect(layout.nodes[2].text?.lineCount == 2)  // balanced
        let bitmap = try await Self.render("neon-title", with: renderer)
        let glow = try #require(bitmap.color(x: 2 * 180, y: 2 * 58))
        #expect(glow.red > 0.25 && glow.red > glow.green + 0.1, "\(glow)")
    }

    /// The article card's texts inherit the card's serif and size; the summary is clamped.
    @Test func theArticleInheritsAndClamps() throws {
        let document = try FlexCardGoldenTests.card("article-card")
        let layout = try ElementLayout.layout(document.root, in: try #require(document.size))
        let headline = try #require(layout.nodes[3].text), summary = try #require(layout.nodes[4].text)
        #expect(headline.style.fontFamily == "DejaVu Serif" && headline.style.size == 14 * 1.4)
        #expect(summary.lineCount == 3 && summary.isTruncated)
        #expect(summary.text.string.hasPrefix("Engineers opened the old locks upstream"))
    }

    /// The post's paragraph is one Pango paragraph of runs: the emoji picture sits in the first
    /// line, centred on the x-height, and the link runs report where they were laid out.
    @Test func thePostWrapsRunsAndAnInlineImageTogether() async throws {
        let document = try FlexCardGoldenTests.card("post-card")
        let layout = try ElementLayout.layout(document.root, in: try #require(document.size))
        let body = try #require(layout.nodes[5].text)
        #expect(body.lineCount == 5)
        let emoji = try #require(body.attachments.first)
        #expect(emoji.rect.width == 14 * 1.2 && emoji.rect.maxY < body.lines[0].rect.maxY && emoji.rect.minY > body.lines[0].rect.minY - 2)
        #expect(body.links.map(\.value) == ["https://example.com/notes", "hashtag:swift"])
        let bitmap = try await Self.render("post-card", with: renderer)
        // The picture's yellow face, drawn where the layout put it.
        let origin = layout.nodes[5].contentFrame.origin
        let face = try #require(bitmap.color(x: Int(2 * (origin.x + emoji.rect.midX)), y: Int(2 * (origin.y + emoji.rect.minY + 3))))
        #expect(face.red > 0.9 && face.green > 0.6 && face.blue < 0.4, "\(face)")
    }
}
