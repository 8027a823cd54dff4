import AsyncLayerKit
import AsyncLayerKitTesting
import Foundation
import Testing

@testable import Elements

/// Fonts given with a document (`"fonts"`, as `@font-face`) and registered on a service: decoded
/// with a path for every error, used by that render only, cached apart, drawn as the golden shows.
/// The fonts are the Canvas tests' own (scripts/fonts/make-test-fonts.py).
@Suite struct DocumentFontTests {
    static func font(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../CanvasTests/Fixtures/Fonts/\(name)")
        return try [UInt8](Data(contentsOf: url))
    }

    static func dataURL(_ name: String) throws -> String {
        "data:font/woff2;base64," + Data(try font(name)).base64EncodedString()
    }

    /// A card: a title in the brand family (a bold span in it), a line with a ★ the brand lacks.
    static func document(fonts: String) -> String {
        """
        {"version": 2, "size": {"width": 240, "height": 90}, \(fonts)
         "root": {"type": "view", "style": {"flexDirection": "column", "padding": 10, "gap": 6, "backgroundColor": "#FFFFFF",
                  "fontFamily": "Brand, sans-serif", "fontSize": 20, "color": "#1E293B"},
           "children": [
             {"type": "text", "text": {"text": [{"text": "Brand "}, {"text": "Bold", "style": {"fontWeight": 700, "color": "#2563EB"}}]}},
             {"type": "text", "text": {"text": "Star ★ 2026"}, "style": {"fontSize": 16, "fontStyle": "italic"}}
           ]}}
        """
    }

    static func brandFonts() throws -> String {
        """
        "fonts": [
          {"family": "Brand", "src": "\(try dataURL("ALKTest-Regular.woff2"))"},
          {"family": "Brand", "src": "\(try dataURL("ALKTest-Bold.otf"))", "weight": "bold"},
          {"family": "Brand", "src": "\(try dataURL("ALKTest-Italic.ttf"))", "style": "italic"}
        ],
        """
    }

    static func renderer(fonts: FontSet?) -> ElementRenderer {
        ElementRenderer(limits: ElementLimits(maxRenderDuration: nil), fonts: fonts, lanes: RenderLanes(width: 1))
    }

    @Test func aDocumentsFontsDecodeAndDrawItsTexts() async throws {
        let document = try ElementDocument.decode(Array(Self.document(fonts: try Self.brandFonts()).utf8))
        #expect(document.fonts.map(\.family) == ["Brand", "Brand", "Brand"])
        #expect(document.fonts.map(\.weight) == [400...400, 700...700, 400...400])
        #expect(document.fonts.map(\.isItalic) == [false, false, true])
        #expect(document.fonts[0].data.format == .woff2)
        let fonts = try document.fontSet()
        let layout = try ElementLayout.layout(document.root, in: document.size!, scale: 2, fonts: fonts)
        guard let title = layout.nodes[1].text, let star = layout.nodes[2].text else {
            Issue.record("no text layouts")
            return
        }
        #expect(title.fontsUsed == ["Brand"])
        #expect(star.fontsUsed.first == "Brand")
        #expect(star.fontsUsed.count == 2)  // ★ from a system font
        let bitmap = try await Self.renderer(fonts: fonts).render(document.root, size: document.size!, scale: 2)
        try goldenImages.assertMatches(bitmap, named: "document-fonts-card", tolerance: 12, maxDifferingFraction: 0.01)
        // Without its fonts the same tree draws in system fonts: another picture.
        let plain = try await Self.renderer(fonts: nil).render(document.root, size: document.size!, scale: 2)
        #expect(plain.premultipliedBGRABytes() != bitmap.premultipliedBGRABytes())
    }

    @Test func theDocumentRoundTripsWithItsFonts() throws {
        let document = try ElementDocument.decode(Array(Self.document(fonts: try Self.brandFonts()).utf8))
        let again = try ElementDocument.decode(try document.jsonBytes())
        #expect(again.fonts == document.fonts)
        #expect(try again.fontSet() == document.fontSet())
    }

    @Test(arguments: [
        (#""fonts": [{"family": "Brand", "src": "https://example.com/brand.woff2"}],"#, "must be a data: URL"),
        (#""fonts": [{"family": "Brand", "src": "data:font/woff2;base64,AAAA"}],"#, "not a TrueType"),
        (#""fonts": [{"family": "Brand", "src": "data:font/woff2;base64,@@@"}],"#, "does not decode"),
        (#""fonts": [{"family": "sans-serif", "src": "FONT"}],"#, "generic family"),
        (#""fonts": [{"family": "Brand", "src": "FONT", "weight": 1200}],"#, "1...1000"),
        (#""fonts": [{"family": "Brand", "src": "FONT", "weight": "900 100"}],"#, "expected normal, bold"),
        (#""fonts": [{"family": "Brand", "src": "FONT", "style": "slanted"}],"#, "expected normal, italic or oblique"),
    ])
    func unusableFontsFailTheDocumentWithTheirPath(fonts: String, message: String) throws {
        let json = Self.document(fonts: fonts.replacingOccurrences(of: "FONT", with: try Self.dataURL("ALKTest-Regular.ttf")))
        #expect {
            _ = try ElementDocument.decode(Array(json.utf8))
        } throws: { error in
            guard case ElementError.unusableValue(let path, let detail) = error else { return false }
            return path == "fonts[0]" && detail.contains(message)
        }
    }

    @Test func malformedFontEntriesAreInvalidJSON() {
        for (fonts, path) in [(#""fonts": [{"family": "Brand"}],"#, "fonts[0].src"), (#""fonts": {"family": "Brand"},"#, "fonts")] {
            #expect {
                _ = try ElementDocument.decode(Array(Self.document(fonts: fonts).utf8))
            } throws: { error in
                guard case ElementError.invalidJSON(let reported, _) = error else { return false }
                return reported.hasPrefix(path)
            }
        }
    }

    @Test func aServiceFallsBackToItsFontsBeforeTheSystemsAndKeysRendersByFonts() async throws {
        let stars = try FontFace(family: "ALK Stars", data: FontData(bytes: Self.font("ALKStars-Regular.ttf")))
        let service = ElementRenderService(.init(limits: ElementLimits(maxRenderDuration: nil), lanes: RenderLanes(width: 1),
                                                 fonts: try FontSet([stars], fallbackFamilies: ["ALK Stars"])))
        let document = try ElementDocument.decode(Array(Self.document(fonts: try Self.brandFonts()).utf8))
        let tree = try HashedElement(document.root)
        var request = RenderRequest(tree, size: document.size!, scale: 1)
        let systemOnly = try await service.render(request)
        request.fonts = try document.fontSet()
        let branded = try await service.render(request)
        #expect(service.renders == 2)  // the fonts are part of the key: two renders, not a hit
        #expect(systemOnly.premultipliedBGRABytes() != branded.premultipliedBGRABytes())
        _ = try await service.render(request)
        #expect(service.renders == 2)
        // The ★ comes from the service's fallback font: a diamond, ink at its centre line.
        let layout = try ElementLayout.layout(document.root, in: document.size!, fonts: try document.fontSet(over: service.configuration.fonts))
        #expect(layout.nodes[2].text?.fontsUsed == ["Brand", "ALK Stars"])
    }

    /// The DocC picture (Elements "Fonts per render"): DejaVu Serif given as data under the family
    /// "Brand" (regular and bold), a line whose CJK and emoji the brand lacks, and under it the
    /// fonts each text ended up using, as the layout reports them.
    @Test func aCardInABrandFontSaysWhichFontsItUsed() async throws {
        let folder = "/usr/share/fonts/truetype/dejavu/"
        let faces = try ["DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf"].map { file in
            try FontFace(family: "Brand", data: FontData(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + file)))))
        }
        let fonts = try FontSet(faces)
        let title = AttributedText("Brand fonts, per render")
        let body = AttributedText(segments: [.init("Given with the card as "), .init("WOFF2, OTF or TTF", style: TextStyleOverrides(weight: .bold)),
                                             .init(", matched as CSS matches faces.")])
        let mixed = AttributedText("Fallback: 漢字 ★ 🎉")
        func card(_ footer: String) -> Element {
            Element.vstack(spacing: 6, alignment: .start) {
                Element.text(title, style: TextStyle(fontFamily: "Brand", size: 20, weight: .bold, color: try! Color(hex: "#0F172A")))
                Element.text(body, style: TextStyle(fontFamily: "Brand", size: 13, color: try! Color(hex: "#334155"), lineHeight: 18))
                Element.text(mixed, style: TextStyle(fontFamily: "Brand", size: 15, color: try! Color(hex: "#1D4ED8")))
                Element.text(AttributedText(footer), style: TextStyle(size: 10, color: try! Color(hex: "#64748B"), lineHeight: 14))
            }
            .padding(EdgeInsets(all: 14))
            .background(try! Color(hex: "#F8FAFC"))
        }
        let size = Size(width: 320, height: 170)
        let probe = try ElementLayout.layout(card("x"), in: size, scale: 2, fonts: fonts)
        let used = (1...3).map { probe.nodes[$0].text?.fontsUsed.joined(separator: ", ") ?? "" }
        #expect(used[0] == "Brand" && used[1] == "Brand")
        #expect(used[2].hasPrefix("Brand, "))
        let footer = "fontsUsed: title \(used[0]); body \(used[1]); last line \(used[2])"
        let bitmap = try await Self.renderer(fonts: fonts).render(card(footer), size: size, scale: 2)
        try goldenImages.assertMatches(bitmap, named: "fonts-per-render-card", tolerance: 12, maxDifferingFraction: 0.01)
    }
}
