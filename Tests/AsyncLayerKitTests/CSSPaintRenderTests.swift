import AsyncLayerKit
import AsyncLayerKitTesting
import Testing

/// What the CSS paint properties draw: a reviewed golden of every kind, and pixel checks of the
/// rules a golden would not pin down (premultiplied mixing, repeats, shadows drawn only outside
/// or inside the box, dashes fitted to a side, conic quadrants), and hostile values.
@Suite struct CSSPaintRenderTests {
    static let renderer = ElementRenderer()

    /// Renders a document's JSON at `scale`.
    static func render(_ json: String, scale: Double = 1) async throws -> Bitmap {
        let document = try ElementDocument.decode(Array(json.utf8))
        return try await renderer.render(document.root, size: try #require(document.size), scale: scale)
    }

    /// One view of `width`×`height` with `style`, at the top-left of a canvas of the same size.
    static func box(_ style: String, width: Int = 100, height: Int = 10, canvas: (Int, Int)? = nil) -> String {
        let (cw, ch) = canvas ?? (width, height)
        return #"{"version": 2, "size": {"width": \#(cw), "height": \#(ch)}, "root": {"type": "view", "children": [{"type": "view", "style": {"position": "absolute", "left": \#((cw - width) / 2), "top": \#((ch - height) / 2), "width": \#(width), "height": \#(height), \#(style)}}]}}"#
    }

    static func rgba(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> (Int, Int, Int, Double) {
        let c = bitmap.color(x: x, y: y)!
        return (Int((c.red * 255).rounded()), Int((c.green * 255).rounded()), Int((c.blue * 255).rounded()), c.alpha)
    }

    static func near(_ a: (Int, Int, Int, Double), _ b: (Int, Int, Int, Double), _ tolerance: Int = 6) -> Bool {
        abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance && abs(a.3 - b.3) <= Double(tolerance) / 255
    }

    static let sampler = """
    {"version": 2, "size": {"width": 400, "height": 360}, "root": {"type": "view", "style": {"flexDirection": "row", "flexWrap": "wrap", "gap": 16, "padding": 16, "backgroundColor": "#ffffff"}, "children": [
      {"type": "view", "style": {"width": 100, "height": 70, "backgroundImage": "linear-gradient(135deg, #f06 0%, #48f 100%)", "borderRadius": 12}},
      {"type": "view", "style": {"width": 100, "height": 70, "background": "radial-gradient(circle at 30% 30%, #fff, #f06 60%, #48f)"}},
      {"type": "view", "style": {"width": 100, "height": 70, "backgroundImage": "conic-gradient(from 45deg, red, blue, red)"}},
      {"type": "view", "style": {"width": 100, "height": 70, "backgroundImage": "repeating-linear-gradient(45deg, #000 0 6px, #fff 6px 12px)"}},
      {"type": "view", "style": {"width": 100, "height": 70, "border": "4px dashed #f06", "backgroundColor": "#eee"}},
      {"type": "view", "style": {"width": 100, "height": 70, "border": "6px dotted #48f", "borderRadius": 16}},
      {"type": "view", "style": {"width": 100, "height": 70, "border": "9px double black", "borderTopColor": "red"}},
      {"type": "view", "style": {"width": 100, "height": 70, "backgroundColor": "#fff", "boxShadow": "0 4px 12px -2px #00000080, inset 0 0 0 3px #f06", "borderRadius": 10}},
      {"type": "view", "style": {"width": 100, "height": 70, "backgroundImage": "linear-gradient(to right, transparent, red)", "backgroundSize": "25px 100%"}},
      {"type": "view", "style": {"width": 60, "height": 30, "boxShadow": "0 10px 0 0 red"}},
      {"type": "view", "style": {"width": 60, "height": 30, "boxShadow": "5px 5px 4px blue", "backgroundColor": "oklch(92% 0.03 250)"}},
      {"type": "view", "style": {"width": 120, "height": 30, "background": "radial-gradient(closest-side, hsl(50 100% 60%), transparent) no-repeat center / 50% 100%, hwb(200 10% 20%)", "borderRadius": "15"}}
    ]}}
    """

    @Test func samplerMatchesItsGolden() async throws {
        let bitmap = try await Self.render(Self.sampler, scale: 2)
        try goldenImages.assertMatches(bitmap, named: "css-paint-sampler", tolerance: 12, maxDifferingFraction: 0.01)
    }

    @Test func linearGradientsMixPremultipliedAlongTheirLine() async throws {
        let plain = try await Self.render(Self.box(#""backgroundImage": "linear-gradient(to right, red, blue)""#))
        #expect(Self.near(Self.rgba(plain, 0, 5), (254, 0, 1, 1)))
        #expect(Self.near(Self.rgba(plain, 50, 5), (126, 0, 129, 1)))
        #expect(Self.near(Self.rgba(plain, 99, 5), (1, 0, 254, 1)))
        // transparent → red: the colour stays red while its alpha rises (no dark fringe).
        let fade = try await Self.render(Self.box(#""backgroundImage": "linear-gradient(to right, transparent, red)""#))
        let middle = Self.rgba(fade, 50, 5)
        #expect(middle.0 >= 250 && abs(middle.3 - 0.5) < 0.03, "\(middle)")
    }

    @Test func repeatingGradientsRepeatTheirStops() async throws {
        let stripes = try await Self.render(Self.box(#""backgroundImage": "repeating-linear-gradient(to right, red 0 5px, blue 5px 10px)""#))
        for x in [2, 12, 52, 92] { #expect(Self.near(Self.rgba(stripes, x, 5), (255, 0, 0, 1)), "x \(x)") }
        for x in [7, 17, 57, 97] { #expect(Self.near(Self.rgba(stripes, x, 5), (0, 0, 255, 1)), "x \(x)") }
    }

    @Test func conicGradientsGoClockwiseFromUp() async throws {
        let quadrants = try await Self.render(Self.box(#""backgroundImage": "conic-gradient(red 0 25%, blue 25% 50%, lime 50% 75%, yellow 75%)""#, width: 40, height: 40))
        #expect(Self.near(Self.rgba(quadrants, 30, 10), (255, 0, 0, 1)))
        #expect(Self.near(Self.rgba(quadrants, 30, 30), (0, 0, 255, 1)))
        #expect(Self.near(Self.rgba(quadrants, 10, 30), (0, 255, 0, 1)))
        #expect(Self.near(Self.rgba(quadrants, 10, 10), (255, 255, 0, 1)))
    }

    @Test func outerShadowsAreDrawnOnlyOutsideTheBorderBox() async throws {
        let bitmap = try await Self.render(Self.box(#""boxShadow": "0 0 0 10px red""#, width: 40, height: 40, canvas: (80, 80)))
        #expect(Self.rgba(bitmap, 40, 40).3 == 0)  // inside the box: nothing (no background)
        #expect(Self.near(Self.rgba(bitmap, 15, 40), (255, 0, 0, 1)))  // in the spread
        #expect(Self.rgba(bitmap, 5, 40).3 == 0)  // beyond it
    }

    @Test func insetShadowsAreDrawnInsideThePaddingBox() async throws {
        let bitmap = try await Self.render(Self.box(#""borderWidth": 4, "borderColor": "black", "boxShadow": "inset 0 0 0 5px red""#, width: 40, height: 40))
        #expect(Self.near(Self.rgba(bitmap, 1, 20), (0, 0, 0, 1)))      // the border
        #expect(Self.near(Self.rgba(bitmap, 6, 20), (255, 0, 0, 1)))    // 2 px inside the padding box
        #expect(Self.rgba(bitmap, 20, 20).3 == 0)                       // the middle
    }

    @Test func dashesAreFittedSoBothCornersAreDrawn() async throws {
        let bitmap = try await Self.render(Self.box(#""borderTop": "4px dashed black""#, width: 101, height: 10))
        let row = (0..<101).map { Self.rgba(bitmap, $0, 2).3 > 0.5 }
        #expect(row.first == true && row.last == true)
        let runs = zip(row, row.dropFirst()).filter { !$0 && $1 }.count + 1
        #expect(runs >= 8 && runs <= 14, "\(runs) dashes")
    }

    /// Chromium picks its dash pattern by the line's width in device pixels: a 2 px dashed border
    /// at scale 2 (4 device pixels) has dashes of 2 × the width and gaps of 1 × (measured: 8 and 4
    /// device pixels), a 1 px one 3 × and 2 × (6 and 4); a 2 px dotted one has round dots.
    @Test func dashesFollowTheWidthInDevicePixels() async throws {
        func runs(_ style: String) async throws -> [Int] {
            let bitmap = try await Self.render(Self.box(style, width: 101, height: 10), scale: 2)
            let row = (0..<202).map { Self.rgba(bitmap, $0, 1).3 > 0.5 }
            var lengths: [Int] = [], current = 0
            for dark in row {
                if dark { current += 1 } else if current > 0 { lengths.append(current); current = 0 }
            }
            return Array(lengths.dropFirst().dropLast())  // the middle dashes (the end ones meet the corners)
        }
        let thick = try await runs(#""borderTop": "2px dashed black""#)
        #expect(!thick.isEmpty && thick.allSatisfy { (8...9).contains($0) }, "\(thick)")  // (a gap's fraction may darken a pixel)
        let thin = try await runs(#""borderTop": "1px dashed black""#)
        #expect(!thin.isEmpty && thin.allSatisfy { (6...7).contains($0) }, "\(thin)")
    }

    @Test func hostileValuesDrawBoundedOrAreRefused() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        _ = try await Self.render(Self.box(#""boxShadow": "0 0 1000000000px 1000000000px red, inset 1e9px -1e9px 1e9px red""#, width: 40, height: 40, canvas: (80, 80)))
        _ = try await Self.render(Self.box(#""backgroundImage": "repeating-linear-gradient(red 0 0.001px, blue 0.001px 0.002px)", "backgroundSize": "0.01px 0.01px""#, width: 80, height: 80))
        _ = try await Self.render(Self.box(#""border": "1e9px dotted red""#, width: 40, height: 40, canvas: (80, 80)))
        #expect(clock.now - start < .seconds(20))
        // A value built in Swift is validated like the JSON: NaN is refused.
        let bad = Element.view(style: ElementStyle(boxShadows: [BoxShadow(x: .points(.nan), y: 0)]))
        await #expect(throws: ElementError.self) { try await Self.renderer.render(bad, size: Size(width: 10, height: 10), scale: 1) }
    }
}
