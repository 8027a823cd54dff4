import AsyncLayerKit
import AsyncLayerKitTesting
import Foundation
import Testing

@testable import Elements

/// SVG wherever images go: named through a ``FolderImageLoader``, inline as `data:` URIs and
/// base64, in `url()` background layers; laid out at its intrinsic size and drawn sharp.
@Suite struct SVGElementTests {
    /// 10×10 CSS px: the left half blue, the right half empty.
    static let halfBlue = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="10" fill="blue"/></svg>"#.utf8)
    /// 2×2 CSS px: the left half red, the right half blue.
    static let redBlue = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"><rect width="1" height="2" fill="red"/><rect x="1" width="1" height="2" fill="blue"/></svg>"#.utf8)

    static func renderer(_ loader: (any ElementImageLoader)? = nil) -> ElementRenderer {
        // Lanes of its own and no deadline: the shared pool may be busy with other suites' work.
        ElementRenderer(limits: ElementLimits(maxRenderDuration: nil), imageLoader: loader, lanes: RenderLanes(width: 1))
    }

    static func rgb(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [Int] {
        let p = bitmap.pixel(x: x, y: y)!
        return [Int(p.red), Int(p.green), Int(p.blue)]
    }

    static func close(_ a: [Int], _ b: [Int], _ tolerance: Int = 6) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func aNamedSVGFromAFolderIsDrawnAtTheRenderScale() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("svg-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.halfBlue).write(to: folder.appendingPathComponent("logo.svg"))
        let loader = FolderImageLoader(folder: folder.path)
        #expect(FolderImageLoader.imageExtensions.contains("svg"))
        #expect(try loader.path(ofImageNamed: "logo").hasSuffix("/logo.svg"))
        let root = Element.view(style: ElementStyle(background: .white), children: [
            .image(.named("logo"), contentMode: .aspectFit, layout: flexLayout(width: 30, height: 30)),
        ])
        let bitmap = try await Self.renderer(loader).render(root, size: Size(width: 30, height: 30), scale: 3)
        #expect(bitmap.width == 90)
        // Blue up to 45 px, white after: the edge falls on a pixel boundary and stays there.
        #expect(Self.rgb(bitmap, 44, 45) == [0, 0, 255])
        #expect(Self.rgb(bitmap, 45, 45) == [255, 255, 255])
        #expect(Self.rgb(bitmap, 2, 2) == [0, 0, 255])
    }

    @Test func anInlineSVGIsLaidOutAtItsIntrinsicSize() throws {
        let wide = Array(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 1"/>"#.utf8)
        let root = Element.hstack(alignment: .start, children: [
            .image(.encoded(Self.halfBlue), contentMode: .center),
            .image(.encoded(wide)),
        ])
        let layout = try ElementLayout.layout(root, in: Size(width: 400, height: 200))
        #expect(layout.nodes[1].frame.size == Size(width: 10, height: 10))
        // A viewBox alone: its ratio fitted into 300×150.
        #expect(layout.nodes[2].frame.size == Size(width: 300, height: 75))
    }

    @Test func dataURIsNameTheSVGMediaType() throws {
        let percent = Self.halfBlue.map { byte -> String in
            let c = Character(Unicode.Scalar(byte))
            return c.isLetter || c.isNumber ? String(c) : String(format: "%%%02X", byte)
        }.joined()
        let style = try ElementDocument.decode(Array(#"{"version": 2, "root": {"type": "view", "style": {"backgroundImage": "url(\"data:image/svg+xml,\#(percent)\")"}}}"#.utf8)).root.style
        #expect(style.backgroundLayers.first?.image == .image(.encoded(Self.halfBlue)))
        #expect(ImageSource.encoded(Self.halfBlue).urlText.hasPrefix("data:image/svg+xml;base64,"))
        let base64 = try ElementDocument.decode(Array(#"{"version": 2, "root": {"type": "image", "image": {"source": {"base64": "\#(Data(Self.halfBlue).base64EncodedString())"}}}}"#.utf8))
        guard case .image(let image) = base64.root.kind else {
            Issue.record("expected an image element")
            return
        }
        #expect(image.source == .encoded(Self.halfBlue))
    }

    @Test func anSVGBackgroundStretchedToCoverStaysSharp() async throws {
        let percent = Self.redBlue.map { byte -> String in
            let c = Character(Unicode.Scalar(byte))
            return c.isLetter || c.isNumber ? String(c) : String(format: "%%%02X", byte)
        }.joined()
        let json = #"{"version": 2, "root": {"type": "view", "style": {"width": 20, "height": 10, "backgroundImage": "url(\"data:image/svg+xml,\#(percent)\")", "backgroundSize": "cover", "backgroundRepeat": "no-repeat"}}}"#
        let root = try ElementDocument.decode(Array(json.utf8)).root
        let bitmap = try await Self.renderer().render(root, size: Size(width: 20, height: 10), scale: 2)
        // The 2×2 picture covers 20×20 pt: red over the left 10 pt (20 px), blue after. A 2×2
        // raster stretched 20 times would blend the two over most of the width.
        #expect(Self.close(Self.rgb(bitmap, 14, 10), [255, 0, 0]), "\(Self.rgb(bitmap, 14, 10))")
        #expect(Self.close(Self.rgb(bitmap, 17, 10), [255, 0, 0]), "\(Self.rgb(bitmap, 17, 10))")
        #expect(Self.close(Self.rgb(bitmap, 23, 10), [0, 0, 255]), "\(Self.rgb(bitmap, 23, 10))")
        #expect(Self.close(Self.rgb(bitmap, 2, 2), [255, 0, 0]) && Self.close(Self.rgb(bitmap, 37, 17), [0, 0, 255]))
    }

    @Test func anSVGBackgroundAtItsNaturalSizeTilesAtTheRenderScale() async throws {
        let json = #"{"version": 2, "root": {"type": "view", "style": {"width": 20, "height": 10, "backgroundImage": "url(logo)"}}}"#
        let root = try ElementDocument.decode(Array(json.utf8)).root
        struct OneImage: ElementImageLoader {
            let bytes: [UInt8]
            func imageBytes(named name: String) async throws -> [UInt8] { bytes }
        }
        let bitmap = try await Self.renderer(OneImage(bytes: Self.redBlue)).render(root, size: Size(width: 20, height: 10), scale: 2)
        // 2×2 pt tiles of 4×4 px: red, red, blue, blue, red… along a row.
        for x in 0..<40 {
            let expected = (x / 2) % 2 == 0 ? [255, 0, 0] : [0, 0, 255]
            #expect(Self.close(Self.rgb(bitmap, x, 5), expected), "x \(x): \(Self.rgb(bitmap, x, 5))")
        }
    }

    @Test func aHostileSVGIsARenderError() async throws {
        let deep = Array(("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">" + String(repeating: "<g>", count: 1_000) + String(repeating: "</g>", count: 1_000) + "</svg>").utf8)
        let root = Element.view(children: [.image(.encoded(deep), layout: flexLayout(width: 10, height: 10))])
        await #expect(throws: ElementError.canvas(.svgOverLimit(.depth, limit: 256))) {
            try await Self.renderer().render(root, size: Size(width: 10, height: 10), scale: 1)
        }
    }

    /// A logo: a rounded square with a diagonal gradient, a white bolt, a translucent ring.
    static let logo = Array(#"""
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ef5b9c"/><stop offset="1" stop-color="#5b6cef"/></linearGradient></defs>
      <rect width="48" height="48" rx="12" fill="url(#g)"/>
      <circle cx="24" cy="24" r="17" fill="none" stroke="white" stroke-opacity="0.35" stroke-width="2"/>
      <path d="M27 8 L14 27 H23 L20 40 L34 20 H25 Z" fill="white"/>
    </svg>
    """#.utf8)

    @Test func aCardWithAnSVGLogoMatchesItsGolden() async throws {
        let family = "Noto Sans CJK SC, DejaVu Sans"
        let card = Element.hstack(spacing: 10, alignment: .center, layout: flexLayout(padding: EdgeInsets(all: 11)),
                                  style: ElementStyle(background: .white, cornerRadii: CornerRadii(all: 12),
                                                      borderColor: Color(red255: 224, green255: 224, blue255: 224)), children: [
            .image(.encoded(Self.logo), contentMode: .aspectFit, layout: flexLayout(width: 40, height: 40)),
            .vstack(spacing: 2, children: [
                .text("AsyncLayerKit", style: TextStyle(fontFamily: family, size: 15, weight: .bold)),
                .text("SVG logos drawn as vectors", style: TextStyle(fontFamily: family, size: 11, color: .gray)),
            ]),
        ]).border(width: 1, color: Color(red255: 224, green255: 224, blue255: 224))
        let bitmap = try await Self.renderer().render(card, size: Size(width: 240, height: 64), scale: 2)
        // The logo is 80×80 px from (24, 24): the bolt white at its centre, the gradient pink near
        // the top-left corner and blue near the bottom-right one.
        #expect(Self.close(Self.rgb(bitmap, 64, 64), [255, 255, 255]), "\(Self.rgb(bitmap, 64, 64))")
        #expect(Self.close(Self.rgb(bitmap, 34, 34), [220, 91, 156], 12), "\(Self.rgb(bitmap, 34, 34))")
        #expect(Self.close(Self.rgb(bitmap, 94, 94), [110, 108, 235], 20), "\(Self.rgb(bitmap, 94, 94))")
        try goldenImages.assertMatches(bitmap, named: "svg-logo-card", tolerance: 12, maxDifferingFraction: 0.01)
    }
}
