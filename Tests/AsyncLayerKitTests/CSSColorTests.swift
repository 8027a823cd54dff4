import Canvas
@testable import Elements
import Testing

/// The CSS Color 4 `<color>` grammar (``CSSColorParser``), its named colours and its colour-space
/// conversions. Unless a case says otherwise, expected values are what Chromium 156 gives for the
/// same text: `getComputedStyle(el).color` for sRGB forms, and the pixel a 2D canvas `fillRect`
/// draws for lab/lch/oklab/oklch and `color-mix()` (its sRGB display value, channels clipped), read
/// with `getImageData`, as 8-bit channels. Chromium converts with skcms, so those allow ±1.
@Suite struct CSSColorTests {
    /// The colour `text` parses to; fails the test for `currentColor`.
    static func color(_ text: String) throws -> Color {
        guard case .color(let color) = try CSSColorParser.parse(text) else {
            Issue.record("\(text) parsed to currentColor")
            return .clear
        }
        return color
    }

    /// The 8-bit red, green and blue of `color`.
    static func bytes(_ color: Color) -> [Int] {
        [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
    }

    /// The error message `text` gets, or a recorded issue when it parses.
    static func message(_ text: String) -> String {
        do {
            let parsed = try CSSColorParser.parse(text)
            Issue.record("\(text) parsed to \(parsed)")
            return ""
        } catch {
            return error.message
        }
    }

    // MARK: sRGB forms (Chromium's computed style)

    static let srgbCases: [(String, [Int], Double)] = [
        ("#abc", [170, 187, 204], 1), ("#abcd", [170, 187, 204], 221.0 / 255), ("#ABCDEF", [171, 205, 239], 1),
        ("#ABCDEF80", [171, 205, 239], 128.0 / 255), ("REBECCAPURPLE", [102, 51, 153], 1), ("transparent", [0, 0, 0], 0),
        ("rgb(1, 2, 3)", [1, 2, 3], 1), ("rgb( 1 , 2 , 3 )", [1, 2, 3], 1), ("RGB(1 2 3)", [1, 2, 3], 1),
        ("rgb(300, -20, 127.5)", [255, 0, 128], 1), ("rgb(100%, 0%, 50%)", [255, 0, 128], 1), ("rgba(1,2,3,50%)", [1, 2, 3], 0.5),
        ("rgba(1, 2, 3, 0.25)", [1, 2, 3], 0.25), ("rgb(1-2-3)", [1, 0, 0], 1), ("rgb(255 0 0/50%)", [255, 0, 0], 0.5),
        ("rgb(100% 0 0)", [255, 0, 0], 1), ("rgb(none 0 0)", [0, 0, 0], 1), ("rgb(1 2 3 / none)", [1, 2, 3], 0),
        ("rgba(1 2 3)", [1, 2, 3], 1), ("rgb(1 2 3 / 2)", [1, 2, 3], 1), ("rgb(1 2 3 / -1)", [1, 2, 3], 0),
        ("rgb(1 2 3 / 0.5%)", [1, 2, 3], 0.005), ("rgb(+1 +2 +3)", [1, 2, 3], 1), ("rgb(1e2 2 3)", [100, 2, 3], 1),
        ("rgb(1 2 3 / 1e-1)", [1, 2, 3], 0.1),
        ("hsl(120 50 50)", [64, 191, 64], 1), ("hsl(120deg, 50%, 50%)", [64, 191, 64], 1), ("hsl(120, 50%, 50%, 0.5)", [64, 191, 64], 0.5),
        ("hsl(1turn 100% 50%)", [255, 0, 0], 1), ("hsl(1TURN 100% 50%)", [255, 0, 0], 1), ("hsl(0.5turn, 50%, 50%)", [64, 191, 191], 1),
        ("hsl(200grad 100% 50%)", [0, 255, 255], 1), ("hsl(3.14159rad 100% 50%)", [0, 255, 255], 1), ("hsl(-120 100% 50%)", [0, 0, 255], 1),
        ("hsl(9e2 100% 50%)", [0, 255, 255], 1), ("hsl(0 -10% 50%)", [128, 128, 128], 1), ("hsl(0 100% 150%)", [255, 255, 255], 1),
        ("hsl(0 150% 50%)", [255, 0, 0], 1), ("hsl(none 100% 50%)", [255, 0, 0], 1), ("hsl(120 none 50%)", [128, 128, 128], 1),
        ("hsl(120 100% 25% / 0.5)", [0, 128, 0], 0.5), ("hsla(120 50% 50% / .5)", [64, 191, 64], 0.5),
        ("hwb(0 20% 30%)", [179, 51, 51], 1), ("hwb(0 20 30)", [179, 51, 51], 1), ("hwb(0 60% 60%)", [128, 128, 128], 1),
        ("hwb(0 -20% 30%)", [179, 0, 0], 1), ("hwb(0 120% 30%)", [204, 204, 204], 1), ("hwb(0 20% 30% / 50%)", [179, 51, 51], 0.5),
        ("hwb(90 10% 10% / none)", [128, 230, 26], 0),
    ]

    @Test(arguments: srgbCases)
    func srgbForms(text: String, expected: [Int], alpha: Double) throws {
        let color = try Self.color(text)
        #expect(Self.bytes(color) == expected, "\(text)")
        #expect(abs(color.alpha - alpha) < 1e-9, "\(text)")
    }

    // MARK: lab, lch, oklab, oklch (Chromium's canvas pixels)

    static let labCases: [(String, [Int], Double)] = [
        // The spec's sRGB red in each space (CSS Color 4 §8.2, §9.2 examples).
        ("lab(54.29 80.8 69.89)", [255, 0, 0], 1), ("lab(54.29% 80.8 69.89)", [255, 0, 0], 1),
        ("lch(54.29 106.84 40.85)", [255, 0, 0], 1), ("oklch(62.8% 0.2577 29.23)", [255, 0, 0], 1),
        ("oklch(0.628 0.2577 29.23)", [255, 0, 0], 1), ("oklab(0.628 0.2249 0.1258)", [255, 0, 0], 1),
        // Percentages against the reference ranges: a/b 100% = 125 (lab), 0.4 (oklab); C 100% = 0.4 (oklch).
        ("lab(50 100% -100%)", [214, 0, 255], 1), ("oklch(62.8% 64% 29.23)", [254, 6, 4], 1), ("oklab(62.8% 56% 31%)", [254, 6, 8], 1),
        // L clamps to its range, a negative chroma to 0.
        ("lab(150 0 0)", [255, 255, 255], 1), ("lab(-10 0 0)", [0, 0, 0], 1), ("oklch(1.5 0 0)", [255, 255, 255], 1),
        ("lch(50 -10 0)", [119, 119, 119], 1),
        // Out of gamut: each channel clipped.
        ("oklch(70% 0.4 150)", [0, 214, 0], 1),
        ("lch(50 30 1turn)", [166, 98, 120], 1), ("oklch(50% 0.1 none)", [144, 73, 97], 1),
        ("lch(none none none)", [0, 0, 0], 1), ("oklab(none 0 0)", [0, 0, 0], 1),
        ("lab(50 0 0 / 0.5)", [119, 119, 119], 0.5), ("lab(50 0 0 / 150%)", [119, 119, 119], 1),
    ]

    @Test(arguments: labCases)
    func labAndOklabForms(text: String, expected: [Int], alpha: Double) throws {
        let color = try Self.color(text)
        let got = Self.bytes(color)
        #expect(zip(got, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(text): \(got), Chromium \(expected)")
        #expect(abs(color.alpha - alpha) < 1e-9, "\(text)")
    }

    // MARK: color-mix() (Chromium's canvas pixels, or its computed color(srgb …) where alpha < 1)

    static let mixCases: [(String, [Int], Double)] = [
        ("color-mix(in srgb, red, blue)", [128, 0, 128], 1), ("color-mix(In SRGB, red, blue)", [128, 0, 128], 1),
        ("color-mix(in srgb, red 30%, blue)", [77, 0, 179], 1), ("color-mix(in srgb, 30% red, blue)", [77, 0, 179], 1),
        ("color-mix(in srgb, red, blue 10%)", [230, 0, 26], 1), ("color-mix(in srgb, red 60%, blue 60%)", [128, 0, 128], 1),
        ("color-mix(in srgb, red 20%, blue 20%)", [128, 0, 128], 0.4), ("color-mix(in srgb, red 0%, blue 0%)", [128, 0, 128], 0),
        ("color-mix(red, blue)", [140, 83, 162], 1), ("color-mix(in oklab, red, blue)", [140, 83, 162], 1),
        ("color-mix(in oklch, red, blue)", [186, 0, 194], 1), ("color-mix(in lab, red, blue)", [193, 0, 136], 1),
        ("color-mix(in lch longer hue, red, blue)", [0, 130, 64], 1),
        ("color-mix(in hsl, red, blue)", [255, 0, 255], 1), ("color-mix(in hwb, red, blue)", [255, 0, 255], 1),
        ("color-mix(in hsl shorter hue, red, blue)", [255, 0, 255], 1), ("color-mix(in hsl longer hue, red, blue)", [0, 255, 0], 1),
        ("color-mix(in hsl increasing hue, red, blue)", [0, 255, 0], 1), ("color-mix(in hsl decreasing hue, red, blue)", [255, 0, 255], 1),
        ("color-mix(in xyz, red, blue)", [188, 0, 188], 1), ("color-mix(in xyz-d50, red, blue)", [188, 0, 188], 1),
        ("color-mix(in srgb-linear, red, blue)", [188, 0, 188], 1),
        // Premultiplied alpha: color(srgb 0.333333 0 0.666667 / 0.75).
        ("color-mix(in srgb, rgb(255 0 0 / 0.5), blue)", [85, 0, 170], 0.75),
        ("color-mix(in oklab, rgb(255 0 0 / 0), blue)", [0, 0, 255], 0.5), ("color-mix(in oklch, transparent, blue)", [0, 0, 255], 0.5),
        // Missing components take the other colour's (filled before premultiplying: 0.501961 / 0.75).
        ("color-mix(in srgb, rgb(none 0 0), blue)", [0, 0, 128], 1),
        ("color-mix(in srgb, rgb(none 0 0 / 0.5), rgb(128 0 0))", [128, 0, 0], 0.75),
        ("color-mix(in hsl, hsl(30 50% 50% / none), hsl(90 50% 50% / 0.5))", [191, 191, 64], 0.5),
        ("color-mix(in srgb, rgb(0 0 0 / none), rgb(0 0 255 / none))", [0, 0, 128], 0),
        // A red that is missing has no analogue in hsl or oklch; black's hue there is powerless.
        ("color-mix(in hsl, rgb(none 0 0), blue)", [32, 32, 96], 1), ("color-mix(in oklch, rgb(none 0 0), blue)", [0, 0, 99], 1),
        // Achromatic colours have a powerless (missing) hue once converted; a stated hue is kept.
        ("color-mix(in oklch, white, blue)", [115, 163, 255], 1), ("color-mix(in hsl, white, blue)", [159, 159, 223], 1),
        ("color-mix(in lch, gray, blue)", [110, 79, 192], 1),
        ("color-mix(in oklch, oklch(0.5 0 30), oklch(0.7 0.1 90))", [151, 122, 98], 1),
        ("color-mix(in oklch, oklch(0.5 0 none), oklch(0.7 0.1 90))", [140, 127, 94], 1),
        ("color-mix(in srgb, color-mix(in srgb, red, blue), white)", [191, 128, 191], 1), // color(srgb 0.75 0.5 0.75)
    ]

    @Test(arguments: mixCases)
    func colorMix(text: String, expected: [Int], alpha: Double) throws {
        let color = try Self.color(text)
        let got = Self.bytes(color)
        #expect(zip(got, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(text): \(got), Chromium \(expected)")
        #expect(abs(color.alpha - alpha) < 1e-9, "\(text)")
    }

    // MARK: Named colours

    @Test func namedColours() throws {
        #expect(CSSNamedColors.values.count == 148)
        #expect(try Self.color("rebeccapurple") == Color(red255: 102, green255: 51, blue255: 153))
        #expect(try Self.color("RebeccaPurple") == Self.color("#663399"))
        #expect(try Self.color("grey") == Self.color("gray"))
        #expect(try Self.color("darkslategrey") == Self.color("darkslategray"))
        #expect(try Self.color("lightgoldenrodyellow") == Self.color("#fafad2"))
        #expect(try Self.color("transparent") == .clear)
        #expect(try CSSColorParser.parse("currentColor") == .currentColor)
        #expect(try CSSColorParser.parse("CURRENTCOLOR") == .currentColor)
        // ASCII case-insensitive only: a Kelvin sign is not a "k".
        #expect(CSSNamedColors.color(named: "blac\u{212A}") == nil)
    }

    // MARK: Conversions (CSS Color 4's sample code values, as color.js gives them)

    @Test func conversionsMatchTheSpec() {
        let red = SIMD3<Double>(1, 0, 0)
        let lab = ColorSpaceConversion.convert(red, from: .srgb, to: .lab)
        let oklab = ColorSpaceConversion.convert(red, from: .srgb, to: .oklab)
        let oklch = ColorSpaceConversion.convert(red, from: .srgb, to: .oklch)
        #expect(abs(lab.x - 54.2905) < 1e-3 && abs(lab.y - 80.8049) < 1e-3 && abs(lab.z - 69.8910) < 1e-3, "\(lab)")
        #expect(abs(oklab.x - 0.627955) < 1e-5 && abs(oklab.y - 0.224863) < 1e-5 && abs(oklab.z - 0.125846) < 1e-5, "\(oklab)")
        #expect(abs(oklch.y - 0.257683) < 1e-5 && abs(oklch.z - 29.2339) < 1e-3, "\(oklch)")
        // Round trips through every space come back to the colour.
        let colour = SIMD3<Double>(0.2, 0.5, 0.8)
        for space in [CSSColorSpace.srgbLinear, .hsl, .hwb, .lab, .lch, .oklab, .oklch, .xyzD50, .xyzD65] {
            let back = ColorSpaceConversion.convert(ColorSpaceConversion.convert(colour, from: .srgb, to: space), from: space, to: .srgb)
            let difference = back - colour
            #expect(max(abs(difference.x), abs(difference.y), abs(difference.z)) < 1e-9, "\(space): \(back)")
        }
        // White is achromatic: its hue is powerless (NaN) in the polar spaces.
        #expect(ColorSpaceConversion.convert(SIMD3(1, 1, 1), from: .srgb, to: .oklch).z.isNaN)
        #expect(ColorSpaceConversion.convert(SIMD3(1, 1, 1), from: .srgb, to: .hsl).x.isNaN)
        #expect(ColorSpaceConversion.linear(0.5) == 0.21404114048223255)
        #expect(abs(ColorSpaceConversion.gamma(0.21404114048223255) - 0.5) < 1e-15)
    }

    // MARK: Errors

    /// Values Chromium 156 refuses too.
    @Test(arguments: [
        "rgb(100%, 0, 0)", "rgb(1%, 2, 3)", "rgb(0, 0, 0, none)", "rgb(1,2,3,)", "hsl(120, 50, 50)", "hwb(0, 20%, 30%)",
        "rgb(1, 2, 3 / 0.5)", "hsl(120, 50%, 50% / 0.5)", "hsl(120, none, 50%)", "rgb()", "rgb(1 2 3 4)",
        "rgb(1 2 3 / 0.5 / 1)", "rgb(1 2 3 /)", "rgb(1 2, 3)", "rgb(1px 2 3)", "hsl(10px 100% 50%)", "hsl(10 100px 50%)",
        "color-mix(in srgb, red 120%, blue)", "color-mix(in srgb, red -10%, blue)", "color-mix(in srgb, red 30% 40%, blue)",
        "color-mix(in srgb shorter hue, red, blue)", "color-mix(in hsl hue longer, red, blue)",
        "color-mix(in srgb, red, blue, green)", "color-mix(in srgb, red 50%)", "color-mix(in srgb red, blue)",
        "#12345", "#ggg", "#12", "#", "red blue", "", "nocolour", "12px", "lab(50 0)", "oklch(50% 0.1 10px)",
    ])
    func refusedLikeChromium(text: String) {
        #expect(throws: CSSValueError.self, "\(text)") { try CSSColorParser.parse(text) }
    }

    @Test func messagesSayWhatWasExpected() {
        let notAColour = "expected a name, #RGB/#RRGGBB(AA), rgb(), hsl(), hwb(), lab(), lch(), oklab(), oklch(), color-mix() or currentColor"
        #expect(Self.message("nocolour") == "\"nocolour\" is not a colour: " + notAColour)
        #expect(Self.message("red blue") == "\"red blue\" is not a colour: " + notAColour)
        #expect(Self.message("#12") == "\"#12\" is not a valid colour: a hex colour has 3, 4, 6 or 8 hex digits, not 2")
        #expect(Self.message("#ggg") == "\"#ggg\" is not a valid colour: a hex colour has 3, 4, 6 or 8 hex digits (0-9, a-f)")
        #expect(Self.message("rgb(1 2)") == "\"rgb(1 2)\" is not a valid colour: rgb() takes 3 values and an optional \"/ alpha\", not 2")
        #expect(Self.message("rgb(1%, 2, 3)").hasSuffix("the comma syntax of rgb() takes three numbers or three percentages, not a mix"))
        #expect(Self.message("rgb(1px 2 3)").hasSuffix("expected a number, a percentage or \"none\", not 1px"))
        #expect(Self.message("hwb(0, 20%, 30%)").hasSuffix("hwb() takes space-separated values (hwb(a b c / alpha)), not commas"))
        #expect(Self.message("hsl(120, 50, 50)").hasSuffix("takes saturation and lightness as percentages, not 50"))
        #expect(Self.message("color-mix(in srgb, red 120%, blue)").hasSuffix("a color-mix() percentage must be from 0% to 100%, not 120%"))
        #expect(Self.message("color-mix(in srgb, red, nocolour)").hasSuffix("nocolour is not a colour"))
    }

    /// What Chromium accepts but this parser refuses on purpose, each with its own message.
    @Test func unsupportedFormsSaySo() {
        #expect(Self.message("rgb(calc(255) 0 0)").hasSuffix("calc() and the other math functions are not supported inside colour functions"))
        #expect(Self.message("hsl(min(10, 20) 50% 50%)").hasSuffix("min() and the other math functions are not supported inside colour functions"))
        #expect(Self.message("rgb(from red r g b)").hasSuffix("relative colours (rgb(from …)) are not supported"))
        #expect(Self.message("color(srgb 1 0 0)").hasSuffix("color() is not supported"))
        #expect(Self.message("light-dark(red, blue)").hasSuffix("light-dark() is not supported"))
        #expect(Self.message("color-mix(in display-p3, red, blue)").hasSuffix("mixing in display-p3 is not supported"))
        #expect(Self.message("color-mix(in srgb, currentColor, blue)").hasSuffix("currentColor inside color-mix() is not supported"))
        // Chromium clamps an infinite channel; a non-finite number is refused here.
        #expect(Self.message("rgb(1e400 0 0)").hasSuffix("a number is too large (not finite)"))
        #expect(Self.message("oklch(50% 0.1 1e400deg)").hasSuffix("a number is too large (not finite)"))
    }

    // MARK: color(_:): nil when a component cannot be a colour, an error when it is a bad one

    @Test func componentThatIsNoColourIsNil() throws {
        for text in ["3", "12px", "50%", "inset", "canvas", "none", "url(a.png)", "linear-gradient(red, blue)", "var(--x)", "\"red\""] {
            let components = try CSSComponentParser.parse(text)
            #expect(components.count == 1, "\(text)")
            #expect(try CSSColorParser.color(components[0]) == nil, "\(text)")
        }
    }

    @Test func componentThatIsABadColourThrows() throws {
        for text in ["#ggg", "#12345", "rgb(1 2)", "hsl(red 1 2)", "lab()", "color-mix(in srgb, red)", "color(srgb 1 0 0)", "rgb(calc(1) 2 3)"] {
            let components = try CSSComponentParser.parse(text)
            #expect(throws: CSSValueError.self, "\(text)") { try CSSColorParser.color(components[0]) }
        }
    }

    @Test func componentsOfAShadowAreAskedOneByOne() throws {
        let words = CSSComponentParser.words(try CSSComponentParser.parse("2px 4px rgb(0 0 0 / 50%) inset"))
        let colours = try words.compactMap { component throws(CSSValueError) in try CSSColorParser.color(component) }
        #expect(colours == [.color(Color(red: 0, green: 0, blue: 0, alpha: 0.5))])
    }
}
