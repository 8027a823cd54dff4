import AsyncLayerKit
import AsyncLayerKitTesting
import Testing

/// Image blur (`ImageContent.blurRadius`, JSON `"blur"`) and shadows of elements without a
/// background.
@Suite struct ElementEffectsTests {
    static let family = ElementGoldenTests.family
    let renderer = ElementRenderer(limits: .testing, imageLoader: BundledImageLoader())

    // MARK: JSON

    @Test func theBlurKeyRoundTripsAndIsLeftOutAtZero() throws {
        let blurred = ElementDocument(root: .image(.named("cover"), blurRadius: 8, layout: flexLayout(width: 40, height: 30)))
        let json = String(decoding: try blurred.jsonBytes(), as: UTF8.self)
        #expect(json.contains(#""blur":8"#), "\(json)")
        let again = try ElementDocument.decode(try blurred.jsonBytes())
        #expect(again == blurred)
        guard case .image(let content) = again.root.kind else {
            Issue.record("not an image: \(again.root.kind)")
            return
        }
        #expect(content.blurRadius == 8)

        let sharp = ElementDocument(root: .image(.named("cover"), layout: flexLayout(width: 40, height: 30)))
        #expect(!String(decoding: try sharp.jsonBytes(), as: UTF8.self).contains("blur"))
        #expect(try blurred.root.contentHash() != sharp.root.contentHash())
    }

    @Test func aMissingBlurKeyIsNoBlur() throws {
        let json = #"{"version": 1, "root": {"type": "image", "image": {"source": {"named": "cover"}}}}"#
        let document = try ElementDocument.decode(Array(json.utf8))
        #expect(document.root.kind == .image(ImageContent(.named("cover"), contentMode: .aspectFill, blurRadius: 0)))
    }

    @Test(arguments: [
        (#""blur": -1"#, "root.children[0].image.blur: blur radius -1.0 is not a number in 0...1000.0"),
        (#""blur": 1e9"#, "root.children[0].image.blur: blur radius 1000000000.0 is not a number in 0...1000.0"),
        (#""blur": "soft""#, "root.children[0].image.blur: expected a number"),
        (#""blur": null"#, "root.children[0].image"),
    ])
    func aBadBlurNamesItsPath(blur: String, expected: String) {
        let json = #"{"version": 1, "root": {"type": "view", "children": [{"type": "image", "image": {"source": {"named": "cover"}, \#(blur)}}]}}"#
        do {
            let document = try ElementDocument.decode(Array(json.utf8))
            // JSON null for an optional key is the same as leaving it out.
            #expect(blur.hasSuffix("null"), "decoded \(document)")
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error.description)")
        }
    }

    // MARK: Rendering

    /// The blur is in the points the image is drawn at: an in-memory bitmap drawn at twice its
    /// size is blurred with half the radius in its own points.
    @Test func aBitmapSourceIsBlurredInDisplayPoints() async throws {
        let stripes = try Bitmap.render(size: Size(width: 20, height: 20)) { context in
            for i in stride(from: 0, to: 20, by: 4) { context.fill(Rect(x: Double(i), y: 0, width: 2, height: 20), with: .black) }
        }
        let big: Element = .image(.bitmap(BitmapImage(stripes)), contentMode: .scaleToFill, blurRadius: 4,
                                  layout: flexLayout(width: 40, height: 40))
        let layout = try ElementLayout.layout(big, in: Size(width: 40, height: 40), limits: .testing)
        let images = try await renderer.resolveImages(big, layout: layout, scale: 1)
        let resolved = try #require(images.bitmaps[0])
        let expected = try stripes.blurred(radius: 2)
        #expect(resolved.premultipliedBGRABytes() == expected.premultipliedBGRABytes())
    }

    /// Blurred images of every kind of source and content mode, beside the sharp cover.
    static let blurredImages: Element = .hstack(spacing: 8, alignment: .start, layout: flexLayout(padding: EdgeInsets(all: 8)), children: [
        .image(.named("cover"), layout: flexLayout(width: 120, height: 68), style: ElementStyle(cornerRadii: CornerRadii(all: 8))),
        .image(.named("cover"), blurRadius: 3, layout: flexLayout(width: 120, height: 68), style: ElementStyle(cornerRadii: CornerRadii(all: 8))),
        .image(.named("cover"), blurRadius: 10, layout: flexLayout(width: 120, height: 68), style: ElementStyle(cornerRadii: CornerRadii(all: 8))),
        .image(.named("avatar"), contentMode: .aspectFit, blurRadius: 2, layout: flexLayout(width: 68, height: 68)),
    ])

    @Test func blurredImages() async throws {
        let bitmap = try await renderer.render(Self.blurredImages, size: Size(width: 468, height: 84), scale: 2)
        try goldenImages.assertMatches(bitmap, named: "element-blurred-images", tolerance: 12, maxDifferingFraction: 0.01)
    }

    /// Shadows of elements without a background follow what they draw; with a background, the
    /// background's shape casts it as before.
    static let shadows: Element = .hstack(spacing: 20, alignment: .center, layout: flexLayout(padding: EdgeInsets(all: 16)),
                                          style: ElementStyle(background: Color(white: 0.96)), children: [
        .image(.named("cover"), layout: flexLayout(width: 100, height: 64),
               style: ElementStyle(cornerRadii: CornerRadii(all: 16),
                                   shadow: Shadow(offset: Size(width: 0, height: 4), radius: 10, color: Color.black.withAlpha(0.5)))),
        .image(.named("avatar"), contentMode: .scaleToFill, layout: flexLayout(width: 64, height: 64),
               style: ElementStyle(cornerRadii: CornerRadii(all: 32),
                                   shadow: Shadow(offset: Size(width: 3, height: 3), radius: 6, color: Color.black.withAlpha(0.6))))
            .border(width: 2, color: .white),
        .text("Shadow", style: TextStyle(fontFamily: family, size: 26, weight: .bold, color: .white), maxLines: 1,
              layout: flexLayout(width: 110), style: ElementStyle(shadow: Shadow(offset: Size(width: 2, height: 2), radius: 4, color: Color(red255: 200, green255: 0, blue255: 80)))),
        .vstack(spacing: 4, layout: flexLayout(width: 40),
                style: ElementStyle(shadow: Shadow(offset: Size(width: 0, height: 3), radius: 4, color: Color.black.withAlpha(0.6))), children: [
            .view(layout: boxLayout(height: 12), style: ElementStyle(background: ElementGoldenTests.pink, cornerRadii: CornerRadii(all: 6))),
            .view(layout: boxLayout(height: 12), style: ElementStyle(background: .blue, cornerRadii: CornerRadii(all: 6))),
        ]),
        .view(layout: boxLayout(width: 50, height: 50),
              style: ElementStyle(background: .white, cornerRadii: CornerRadii(all: 10),
                                  shadow: Shadow(offset: Size(width: 0, height: 4), radius: 10, color: Color.black.withAlpha(0.5)))),
    ])

    @Test func shadowsOfElementsWithoutABackground() async throws {
        let bitmap = try await renderer.render(Self.shadows, size: Size(width: 500, height: 100), scale: 2)
        try goldenImages.assertMatches(bitmap, named: "element-shadows-without-background", tolerance: 12, maxDifferingFraction: 0.01)
    }

    /// The shadow hugs a round image's circle: beside the circle's corner box, inside its square
    /// frame but outside the circle, the shadow shows; a square shadow would be darkest there.
    @Test func aRoundImageCastsARoundShadow() async throws {
        let tree: Element = .view(style: ElementStyle(background: .white), children: [
            .image(.named("avatar"), contentMode: .scaleToFill, frame: Rect(x: 20, y: 20, width: 40, height: 40),
                   style: ElementStyle(cornerRadii: CornerRadii(all: 20),
                                       shadow: Shadow(offset: .zero, radius: 4, color: .black))),
        ])
        let bitmap = try await renderer.render(tree, size: Size(width: 80, height: 80), scale: 1)
        let corner = try #require(bitmap.pixel(x: 21, y: 21))
        let edge = try #require(bitmap.pixel(x: 40, y: 18))
        // The frame's corner is far from the circle: light. Just above the circle's top: dark.
        #expect(Int(corner.red) > Int(edge.red) + 40, "corner \(corner), edge \(edge)")
        #expect(corner.red > 250)
    }

    /// A shadowed element with nothing to draw casts nothing.
    @Test func anEmptyElementCastsNoShadow() async throws {
        let tree: Element = .view(style: ElementStyle(background: .white), children: [
            .view(frame: Rect(x: 10, y: 10, width: 20, height: 20), style: ElementStyle(shadow: Shadow(offset: .zero, radius: 4, color: .black))),
        ])
        let bitmap = try await renderer.render(tree, size: Size(width: 40, height: 40), scale: 1)
        for y in 0..<40 {
            for x in 0..<40 where bitmap.pixel(x: x, y: y) != PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255) {
                Issue.record("(\(x), \(y)) is \(bitmap.pixel(x: x, y: y)!)")
                return
            }
        }
    }
}
