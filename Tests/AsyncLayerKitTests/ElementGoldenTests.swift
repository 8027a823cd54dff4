import AsyncLayerKit
import AsyncLayerKitTesting
import Testing

/// Golden images of element trees: look at each PNG in `Golden/` before committing it.
@Suite struct ElementGoldenTests {
    static let pink = Color(red255: 239, green255: 91, blue255: 156)
    static let family = "Noto Sans CJK SC, DejaVu Sans"

    /// A card made of stacks: a shadowed rounded panel, a rounded image, a radial gradient
    /// badge, a custom element, group opacity and wrapped text.
    static let stackCard: Element = .vstack(
        spacing: 8,
        layout: flexLayout(padding: EdgeInsets(all: 12)),
        children: [
            .hstack(spacing: 10, alignment: .center,
                    layout: flexLayout(padding: EdgeInsets(all: 9)),  // + the 1 pt border: 10 pt to the content
                    style: ElementStyle(background: .white, cornerRadii: CornerRadii(all: 14),
                                        borderColor: Color(red255: 224, green255: 224, blue255: 224),
                                        shadow: Shadow(offset: Size(width: 0, height: 3), radius: 6, color: Color.black.withAlpha(0.25))),
                    children: [
                        .image(.named("avatar"), layout: flexLayout(width: 44, height: 44),
                               style: ElementStyle(cornerRadii: CornerRadii(all: 22))).border(width: 2, color: pink),
                        // `flex: 1`: the texts take the space the avatar and badge leave (their
                        // natural width would overflow the row and shrink the fixed-size items).
                        .vstack(spacing: 2, layout: { var l = FlexStyle(); l.setFlex(1); return l }(), children: [
                            .text("Element trees", style: TextStyle(fontFamily: family, size: 15, weight: .bold)),
                            .text("Value types drawn into one bitmap, wrapped over lines when they are long enough.",
                                  style: TextStyle(fontFamily: family, size: 11, color: .gray), maxLines: 3),
                        ]),
                        .custom(BadgeElement(color: pink), layout: flexLayout(width: 18, height: 18)),
                    ]).border(width: 1, color: Color(red255: 224, green255: 224, blue255: 224)),
            .hstack(spacing: 8, alignment: .stretch, layout: flexLayout(height: 50), children: [
                .image(.named("cover"), layout: flexLayout(grow: 2), style: ElementStyle(cornerRadii: CornerRadii(topLeft: 12, bottomLeft: 12))),
                .gradient(.radial(Gradient(colors: [.white, pink]), center: Point(x: 0.5, y: 0.5), radius: 0.7),
                          layout: flexLayout(grow: 1), style: ElementStyle(cornerRadii: CornerRadii(all: 8))),
                .gradient(.linear(Gradient(colors: [.blue, .green]), start: Point(x: 0, y: 0), end: Point(x: 1, y: 1)),
                          layout: flexLayout(grow: 1),
                          style: ElementStyle(cornerRadii: CornerRadii(topRight: 12, bottomRight: 12), opacity: 0.5)),
            ]),
        ]
    )

    /// One tile per element kind, each 60×60 pt with its own box properties.
    static let kinds: Element = .hstack(spacing: 8, alignment: .start, layout: flexLayout(padding: EdgeInsets(all: 8)), children: [
        .view(layout: boxLayout(width: 60, height: 60),
              style: ElementStyle(background: Color(red255: 255, green255: 214, blue255: 102), cornerRadii: CornerRadii(topLeft: 20, bottomRight: 20)))
            .border(width: 3, color: Color(red255: 200, green255: 120, blue255: 0)),
        .image(.named("cover"), contentMode: .aspectFit, layout: flexLayout(width: 60, height: 60),
               style: ElementStyle(background: Color(white: 0.9), cornerRadii: CornerRadii(all: 6))),
        .text("Wrapped text in a box, cut after three lines of it", style: TextStyle(fontFamily: family, size: 10), maxLines: 3,
              layout: flexLayout(width: 60, height: 60, padding: EdgeInsets(all: 2)))  // + the 1 pt border: 3 pt
            .border(width: 1, color: .gray),
        .gradient(.linear(Gradient(colors: [pink, .blue]), start: Point(x: 0, y: 0), end: Point(x: 1, y: 0)),
                  layout: flexLayout(width: 60, height: 60), style: ElementStyle(cornerRadii: CornerRadii(all: 30))),
        .gradient(.radial(Gradient(colors: [.white, .green, .clear]), center: Point(x: 0.3, y: 0.3), radius: 0.8),
                  layout: flexLayout(width: 60, height: 60),
                  style: ElementStyle(background: .black, shadow: Shadow(offset: Size(width: 2, height: 2), radius: 4, color: Color.black.withAlpha(0.5)))),
        .custom(BadgeElement(color: pink), layout: flexLayout(width: 60, height: 60), style: ElementStyle(opacity: 0.6)),
    ])

    let renderer = ElementRenderer(limits: .testing, imageLoader: BundledImageLoader())

    @Test func oneTilePerElementKind() async throws {
        let bitmap = try await renderer.render(Self.kinds, size: Size(width: 416, height: 76), scale: 2)
        try goldenImages.assertMatches(bitmap, named: "element-kinds", tolerance: 12, maxDifferingFraction: 0.01)
    }

    @Test func aCardOfStacks() async throws {
        let bitmap = try await renderer.render(Self.stackCard, size: Size(width: 280, height: 176), scale: 2)
        try goldenImages.assertMatches(bitmap, named: "element-stack-card", tolerance: 12, maxDifferingFraction: 0.01)
    }

    /// The same tree through its JSON form draws the same pixels. (Colours travel as 8-bit hex,
    /// so an alpha such as 0.25 comes back as 64/255: the decoded tree is a fixed point of the
    /// round trip, and draws within a rounding step of the original.)
    @Test func theJSONFormDrawsTheSame() async throws {
        let options = ElementDecodingOptions(customTypes: [BadgeElement.self])
        let decoded = try ElementDocument.decode(try ElementDocument(root: Self.stackCard).jsonBytes(), options: options).root
        let again = try ElementDocument.decode(try ElementDocument(root: decoded).jsonBytes(), options: options).root
        #expect(again == decoded)
        #expect(try again.contentHash() == decoded.contentHash())
        let a = try await renderer.render(Self.stackCard, size: Size(width: 280, height: 176), scale: 1)
        let b = try await renderer.render(decoded, size: Size(width: 280, height: 176), scale: 1)
        #expect(goldenImages.difference(a, b, tolerance: 2).differingPixels == 0)
    }
}
