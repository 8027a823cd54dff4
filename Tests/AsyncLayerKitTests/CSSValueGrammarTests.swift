@testable import Elements
import Canvas
import Flexbox
import Testing

/// The CSS value layer under the paint properties: tokens, component values, lengths with
/// `calc()`, gradients, positions, backgrounds, shadows and borders.
@Suite struct CSSValueGrammarTests {
    static let context = LengthContext(fontSize: 20, rootFontSize: 10, canvasSize: Size(width: 400, height: 200))

    static func components(_ text: String) throws -> [CSSComponent] { try CSSComponentParser.parse(text) }

    static func length(_ text: String) throws -> StyleLength {
        try CSSLengthGrammar.single(components(text), expected: "a length")
    }

    @Test func tokenizerReadsNumbersUnitsHashesStringsAndURLs() throws {
        let words = CSSComponentParser.words(try Self.components(#"12px -1.5e1% #f06 "a\"b" url(x.png) 'c' +.5 7 /* note */ /"#))
        #expect(words == [
            .token(.dimension(12, unit: "px")), .token(.percentage(-15)), .token(.hash("f06")), .token(.string("a\"b")),
            .token(.url("x.png")), .token(.string("c")), .token(.number(0.5)), .token(.number(7)), .token(.delim("/")),
        ])
        #expect(try Self.components("a(b(c), [d])") == [.function("a", [.function("b", [.token(.ident("c"))]), .token(.comma), .token(.whitespace), .block("[", [.token(.ident("d"))])])])
        #expect(throws: CSSValueError.self) { try Self.components("\"open\nstring\"") }
        #expect(throws: CSSValueError.self) { try Self.components("a)") }
    }

    @Test func deepNestingIsRefusedNotRecursed() {
        let deep = String(repeating: "calc(", count: 10_000) + "1px" + String(repeating: ")", count: 10_000)
        #expect(throws: CSSValueError.self) { try Self.length(deep) }
    }

    @Test(arguments: [
        ("12px", 12.0), ("12", 12), ("50%", 50), ("2em", 40), ("3rem", 30), ("10vw", 40), ("10vh", 20),
        ("1in", 96), ("3pt", 4), ("calc(50% - 8px)", 42), ("calc(2 * (10px + 5px))", 30), ("calc(100% / 4)", 25),
        ("min(30px, 50%)", 30), ("max(30px, 50%)", 50), ("clamp(10px, 80%, 60px)", 60), ("clamp(70px, 10%, 60px)", 70),
        ("calc(1em + 1rem + 1vw)", 34), ("10vmin", 20), ("10vmax", 40),
    ])
    func lengthsResolve(text: String, points: Double) throws {
        #expect(abs(try Self.length(text).resolved(Self.context, percentOf: 100) - points) < 1e-9)
    }

    @Test(arguments: ["calc(10px * 10px)", "calc(1px / 0)", "calc(10px +5px)", "calc(10px + 2)", "12parsecs", "calc()", "1e400px", "min()", "clamp(1px, 2px)"])
    func badLengthsAreErrors(text: String) {
        #expect(throws: CSSValueError.self) { try Self.length(text) }
    }

    static func gradient(_ text: String) throws -> BackgroundImage {
        let words = CSSComponentParser.words(try components(text))
        return try #require(try CSSGradientGrammar.gradient(words[0]))
    }

    @Test func linearGradients() throws {
        let red = StyleColor.color(Color(red: 1, green: 0, blue: 0)), blue = StyleColor.color(Color(red: 0, green: 0, blue: 1))
        #expect(try Self.gradient("linear-gradient(red, blue)") == .linear(LinearGradient(stops: [ColorStop(red), ColorStop(blue)])))
        #expect(try Self.gradient("linear-gradient(0.25turn, red 10%, 30%, blue 20px 40px)") == .linear(LinearGradient(.angle(90), stops: [
            ColorStop(red, at: .percent(10)), .hint(.percent(30)), ColorStop(blue, at: 20), ColorStop(blue, at: 40),
        ])))
        #expect(try Self.gradient("repeating-linear-gradient(to top left, red, blue 10px)") == .linear(LinearGradient(.toward(.left, .top), stops: [
            ColorStop(red), ColorStop(blue, at: 10),
        ], repeating: true)))
        for bad in ["linear-gradient(red)", "linear-gradient(to middle, red, blue)", "linear-gradient(red, 10%)", "linear-gradient(10%, red, blue)", "linear-gradient(red,, blue)"] {
            #expect(throws: CSSValueError.self, "\(bad)") { try Self.gradient(bad) }
        }
        let many = "linear-gradient(" + Array(repeating: "red", count: 100_001).joined(separator: ",") + ")"
        #expect(throws: CSSValueError.self) { try Self.gradient(many) }
    }

    @Test func radialAndConicGradients() throws {
        guard case .radial(let circle) = try Self.gradient("radial-gradient(circle closest-side at right 10px top, red, blue)") else { Issue.record(); return }
        #expect(circle.shape == .circle && circle.extent == .closestSide)
        #expect(circle.center == BoxPosition(x: .sum([.percent(100), .product(10, -1)]), y: .percent(0)))
        guard case .radial(let ellipse) = try Self.gradient("radial-gradient(40px 20%, red, blue)") else { Issue.record(); return }
        #expect(ellipse.shape == .ellipse && ellipse.extent == .radii(40, .percent(20)))
        guard case .radial(let plain) = try Self.gradient("radial-gradient(red, blue)") else { Issue.record(); return }
        #expect(plain.extent == .farthestCorner && plain.center == .center)
        guard case .conic(let conic) = try Self.gradient("repeating-conic-gradient(from 90deg at 25% 75%, red 0deg 45deg, blue 50%)") else { Issue.record(); return }
        #expect(conic.from == 90 && conic.repeating && conic.center == BoxPosition(x: .percent(25), y: .percent(75)))
        #expect(conic.stops.map(\.position) == [.percent(0), .percent(12.5), .percent(50)])
        #expect(throws: CSSValueError.self) { try Self.gradient("radial-gradient(circle 10% , red, blue)") }
    }

    @Test func backgroundShorthandAndLonghands() throws {
        let parsed = try CSSBoxPaintGrammar.background(Self.components("linear-gradient(red, blue) right 4px bottom / 50% no-repeat content-box, #fff"))
        #expect(parsed.color == .color(.white))
        let layer = try #require(parsed.layers.first)
        #expect(layer.position == BoxPosition(x: .sum([.percent(100), .product(4, -1)]), y: .percent(100)))
        #expect(layer.size == .size(.percent(50), nil))
        #expect(layer.repeatX == .noRepeat && layer.repeatY == .noRepeat)
        #expect(layer.origin == .contentBox && layer.clip == .contentBox)
        #expect(throws: CSSValueError.self) { try CSSBoxPaintGrammar.background(Self.components("red, linear-gradient(red, blue)")) }
        #expect(try CSSBoxPaintGrammar.background(Self.components("url(a.png)")).layers.map(\.image) == [.image(.named("a.png"))])
        #expect(throws: CSSValueError.self) { try CSSBoxPaintGrammar.background(Self.components("url(a.png) url(b.png)")) }
    }

    @Test func boxShadows() throws {
        let shadows = try CSSBoxPaintGrammar.boxShadows(Self.components("0 4px 12px -2px rgba(0,0,0,.25), inset 0 1px 0 #fff, 2px 3px"))
        #expect(shadows.count == 3)
        #expect(shadows[0] == BoxShadow(x: 0, y: 4, blur: 12, spread: -2, color: .color(Color(red: 0, green: 0, blue: 0, alpha: 0.25))))
        #expect(shadows[1] == BoxShadow(x: 0, y: 1, blur: 0, spread: 0, color: .color(.white), inset: true))
        #expect(shadows[2].color == .currentColor)
        for bad in ["4px", "1px 2px 3px 4px 5px", "1px red 2px", "1px 2px -3px red", "1px 2px red blue", "1px 2px 10%"] {
            #expect(throws: CSSValueError.self, "\(bad)") { try CSSBoxPaintGrammar.boxShadows(Self.components(bad)) }
        }
        #expect(try CSSBoxPaintGrammar.boxShadows(Self.components("none")).isEmpty)
    }

    @Test func textFormsReadBackToTheSameValue() throws {
        let images = [
            "linear-gradient(135deg, #f06 0%, #48f 100%)", "repeating-linear-gradient(to right, red 0 4px, transparent 4px 8px)",
            "radial-gradient(circle farthest-side at 10% 20%, red, 40%, blue calc(100% - 4px))",
            "conic-gradient(from 10deg at 50% 50%, red, yellow 0.25turn, red)",
        ]
        for text in images {
            let image = try Self.gradient(text)
            #expect(try Self.gradient(image.cssText) == image, "\(text) → \(image.cssText)")
        }
    }
}
