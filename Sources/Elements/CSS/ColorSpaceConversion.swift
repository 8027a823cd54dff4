#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A colour space that CSS colour functions and `color-mix()` work in (CSS Color 4 §§7–9, 10.7).
/// Components are held in the CSS units of that space's function: sRGB, linear sRGB and XYZ as
/// 0...1; `hsl`/`hwb` as hue in degrees and two percentages (0...100); `lab`/`lch` L as 0...100;
/// `oklab`/`oklch` L as 0...1; hues in degrees.
enum CSSColorSpace: Sendable, Equatable {
    /// Gamma-encoded sRGB (`rgb()`, hex, named colours), 0...1.
    case srgb
    /// Linear-light sRGB (`color-mix(in srgb-linear, …)`).
    case srgbLinear
    /// `hsl()`: hue, saturation %, lightness %.
    case hsl
    /// `hwb()`: hue, whiteness %, blackness %.
    case hwb
    /// CIE Lab, D50 (`lab()`).
    case lab
    /// CIE LCH, D50 (`lch()`): lightness, chroma, hue.
    case lch
    /// Oklab (`oklab()`).
    case oklab
    /// Oklch (`oklch()`): lightness, chroma, hue.
    case oklch
    /// CIE XYZ relative to D50.
    case xyzD50
    /// CIE XYZ relative to D65 (`xyz` in `color-mix()`).
    case xyzD65

    /// What each component is, for carrying missing (`none`) components forward into another
    /// space (CSS Color 4 §12.4 "analogous components"); `nil` where a component has no analogue.
    var componentKinds: [CSSColorComponentKind?] {
        switch self {
        case .srgb, .srgbLinear, .xyzD50, .xyzD65: [.red, .green, .blue]
        case .hsl: [.hue, .colorfulness, .lightness]
        case .hwb: [.hue, nil, nil]
        case .lab, .oklab: [.lightness, .opponentA, .opponentB]
        case .lch, .oklch: [.lightness, .colorfulness, .hue]
        }
    }

    /// The index of the hue component in a polar space, `nil` in a rectangular one.
    var hueIndex: Int? {
        switch self {
        case .hsl, .hwb: 0
        case .lch, .oklch: 2
        default: nil
        }
    }

    /// The space a conversion passes through without going to XYZ: spaces of one family convert
    /// directly, so that, say, hsl ↔ sRGB never picks up rounding noise from a matrix round trip.
    fileprivate var hub: CSSColorSpace {
        switch self {
        case .hsl, .hwb: .srgb
        case .lch: .lab
        case .oklch: .oklab
        default: self
        }
    }
}

/// The analogous-component sets of CSS Color 4 §12.4: a `none` in one space stays missing in
/// another space's component of the same kind.
enum CSSColorComponentKind: Sendable, Equatable {
    /// `r` and `x`.
    case red
    /// `g` and `y`.
    case green
    /// `b` and `z`.
    case blue
    /// `L` of lab, lch, oklab, oklch and hsl.
    case lightness
    /// Chroma and saturation.
    case colorfulness
    /// Hue.
    case hue
    /// Lab's and Oklab's `a`.
    case opponentA
    /// Lab's and Oklab's `b`.
    case opponentB
}

/// A 3×3 matrix by rows, for the linear steps of colour conversion.
private struct Matrix3 {
    /// The three rows.
    let rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

    /// The matrix with these rows.
    init(_ r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>) {
        rows = (r0, r1, r2)
    }

    /// The product of the matrix and the column vector `v`.
    func callAsFunction(_ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((rows.0 * v).sum(), (rows.1 * v).sum(), (rows.2 * v).sum())
    }
}

/// Conversions between the ``CSSColorSpace``s, with the matrices and formulas of CSS Color 4
/// §18 ("Sample code for color conversions"): the sRGB transfer function, linear sRGB ↔ XYZ D65,
/// Bradford D50 ↔ D65, Lab ↔ XYZ D50, Oklab ↔ XYZ D65, and hsl/hwb ↔ sRGB.
///
/// Out-of-gamut colours are not gamut-mapped: ``sRGB(_:from:)`` returns unclipped values and
/// ``Color``'s initialiser clips each channel to 0...1, which is what Chromium does when it draws
/// a `lab()` or `oklch()` colour onto an sRGB surface (checked: `oklch(70% 0.4 150)` draws as
/// `rgb(0 214 0)` there, the clipped value, not the CSS gamut-mapped one).
enum ColorSpaceConversion {
    /// `c` (in `from`'s units) in `to`'s units. A hue comes out NaN when the colour is achromatic
    /// in `to` (the spec's "powerless" hue, which `color-mix()` treats as missing).
    static func convert(_ c: SIMD3<Double>, from: CSSColorSpace, to: CSSColorSpace) -> SIMD3<Double> {
        if from == to { return c }
        let hub = toHub(c, from)
        if from.hub == to.hub { return fromHub(hub, to) }
        return fromHub(xyzD65ToHub(hubToXYZD65(hub, from.hub), to.hub), to)
    }

    /// `c` as gamma-encoded sRGB, not clipped (an out-of-gamut colour has channels outside 0...1).
    static func sRGB(_ c: SIMD3<Double>, from space: CSSColorSpace) -> SIMD3<Double> {
        convert(c, from: space, to: .srgb)
    }

    // MARK: Families

    private static func toHub(_ c: SIMD3<Double>, _ space: CSSColorSpace) -> SIMD3<Double> {
        switch space {
        case .hsl: hslToSRGB(c)
        case .hwb: hwbToSRGB(c)
        case .lch, .oklch: polarToRectangular(c)
        default: c
        }
    }

    private static func fromHub(_ c: SIMD3<Double>, _ space: CSSColorSpace) -> SIMD3<Double> {
        switch space {
        case .hsl: sRGBToHSL(c)
        case .hwb: sRGBToHWB(c)
        // The spec's thresholds under which the chroma is "zero" and the hue powerless.
        case .lch: rectangularToPolar(c, epsilon: 0.0015)
        case .oklch: rectangularToPolar(c, epsilon: 0.000004)
        default: c
        }
    }

    private static func hubToXYZD65(_ c: SIMD3<Double>, _ hub: CSSColorSpace) -> SIMD3<Double> {
        switch hub {
        case .srgb: linearSRGBToXYZD65(SIMD3(linear(c.x), linear(c.y), linear(c.z)))
        case .srgbLinear: linearSRGBToXYZD65(c)
        case .lab: d50ToD65(labToXYZD50(c))
        case .oklab: oklabToXYZD65(c)
        case .xyzD50: d50ToD65(c)
        default: c
        }
    }

    private static func xyzD65ToHub(_ xyz: SIMD3<Double>, _ hub: CSSColorSpace) -> SIMD3<Double> {
        switch hub {
        case .srgb:
            let l = xyzD65ToLinearSRGB(xyz)
            return SIMD3(gamma(l.x), gamma(l.y), gamma(l.z))
        case .srgbLinear: return xyzD65ToLinearSRGB(xyz)
        case .lab: return xyzD50ToLab(d65ToD50(xyz))
        case .oklab: return xyzD65ToOklab(xyz)
        case .xyzD50: return d65ToD50(xyz)
        default: return xyz
        }
    }

    // MARK: sRGB

    /// The sRGB transfer function inverted (gamma-encoded → linear light), extended to negative
    /// values by symmetry as the spec's `lin_sRGB`.
    static func linear(_ v: Double) -> Double {
        let a = abs(v)
        if a <= 0.04045 { return v / 12.92 }
        return (v < 0 ? -1 : 1) * pow((a + 0.055) / 1.055, 2.4)
    }

    /// The sRGB transfer function (linear light → gamma-encoded), extended as the spec's `gam_sRGB`.
    static func gamma(_ v: Double) -> Double {
        let a = abs(v)
        if a > 0.0031308 { return (v < 0 ? -1 : 1) * (1.055 * pow(a, 1 / 2.4) - 0.055) }
        return 12.92 * v
    }

    private static let linearSRGBToXYZD65 = Matrix3(
        SIMD3(506752 / 1228815, 87881 / 245763, 12673 / 70218),
        SIMD3(87098 / 409605, 175762 / 245763, 12673 / 175545),
        SIMD3(7918 / 409605, 87881 / 737289, 1001167 / 1053270)
    )

    private static let xyzD65ToLinearSRGB = Matrix3(
        SIMD3(12831 / 3959, -329 / 214, -1974 / 3959),
        SIMD3(-851781 / 878810, 1648619 / 878810, 36519 / 878810),
        SIMD3(705 / 12673, -2585 / 12673, 705 / 667)
    )

    // MARK: Chromatic adaptation (Bradford)

    private static let d65ToD50 = Matrix3(
        SIMD3(1.0479297925449969, 0.022946870601609652, -0.05019226628920524),
        SIMD3(0.02962780877005599, 0.9904344267538799, -0.017073799063418826),
        SIMD3(-0.009243040646204504, 0.015055191490298152, 0.7518742814281371)
    )

    private static let d50ToD65 = Matrix3(
        SIMD3(0.955473421488075, -0.02309845494876471, 0.06325924320057072),
        SIMD3(-0.0283697093338637, 1.0099953980813041, 0.021041441191917323),
        SIMD3(0.012314014864481998, -0.020507649298898964, 1.330365926242124)
    )

    // MARK: CIE Lab (D50)

    /// The D50 white of CSS Color 4, from its four-figure chromaticities.
    private static let d50White = SIMD3<Double>(0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585)
    /// CIE's ε = 6³/29³.
    private static let epsilon: Double = 216 / 24389
    /// CIE's κ = 29³/3³.
    private static let kappa: Double = 24389 / 27

    private static func labToXYZD50(_ lab: SIMD3<Double>) -> SIMD3<Double> {
        let f1 = (lab.x + 16) / 116
        let f0 = lab.y / 500 + f1
        let f2 = f1 - lab.z / 200
        let x = f0 * f0 * f0 > epsilon ? f0 * f0 * f0 : (116 * f0 - 16) / kappa
        let y = lab.x > kappa * epsilon ? f1 * f1 * f1 : lab.x / kappa
        let z = f2 * f2 * f2 > epsilon ? f2 * f2 * f2 : (116 * f2 - 16) / kappa
        return SIMD3(x, y, z) * d50White
    }

    private static func xyzD50ToLab(_ xyz: SIMD3<Double>) -> SIMD3<Double> {
        let scaled = xyz / d50White
        func f(_ v: Double) -> Double { v > epsilon ? cbrt(v) : (kappa * v + 16) / 116 }
        let fx = f(scaled.x), fy = f(scaled.y), fz = f(scaled.z)
        return SIMD3(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    // MARK: Oklab (D65)

    private static let oklabToLMS = Matrix3(
        SIMD3(1.0000000000000000, 0.3963377773761749, 0.2158037573099136),
        SIMD3(1.0000000000000000, -0.1055613458156586, -0.0638541728258133),
        SIMD3(1.0000000000000000, -0.0894841775298119, -1.2914855480194092)
    )

    private static let lmsToXYZD65 = Matrix3(
        SIMD3(1.2268798758459243, -0.5578149944602171, 0.2813910456659647),
        SIMD3(-0.0405757452148008, 1.1122868032803170, -0.0717110580655164),
        SIMD3(-0.0763729366746601, -0.4214933324022432, 1.5869240198367816)
    )

    private static let xyzD65ToLMS = Matrix3(
        SIMD3(0.8190224379967030, 0.3619062600528904, -0.1288737815209879),
        SIMD3(0.0329836539323885, 0.9292868615863434, 0.0361446663506424),
        SIMD3(0.0481771893596242, 0.2642395317527308, 0.6335478284694309)
    )

    private static let lmsToOklab = Matrix3(
        SIMD3(0.2104542683093140, 0.7936177747023054, -0.0040720430116193),
        SIMD3(1.9779985324311684, -2.4285922420485799, 0.4505937096174110),
        SIMD3(0.0259040424655478, 0.7827717124575296, -0.8086757549230774)
    )

    private static func oklabToXYZD65(_ lab: SIMD3<Double>) -> SIMD3<Double> {
        let lms = oklabToLMS(lab)
        return lmsToXYZD65(lms * lms * lms)
    }

    private static func xyzD65ToOklab(_ xyz: SIMD3<Double>) -> SIMD3<Double> {
        let lms = xyzD65ToLMS(xyz)
        // A sign-preserving cube root, as the spec's Math.cbrt.
        return lmsToOklab(SIMD3(cbrt(lms.x), cbrt(lms.y), cbrt(lms.z)))
    }

    // MARK: Polar forms

    private static func polarToRectangular(_ c: SIMD3<Double>) -> SIMD3<Double> {
        let radians = c.z * .pi / 180
        return SIMD3(c.x, c.y * cos(radians), c.y * sin(radians))
    }

    private static func rectangularToPolar(_ c: SIMD3<Double>, epsilon: Double) -> SIMD3<Double> {
        let chroma = (c.y * c.y + c.z * c.z).squareRoot()
        var hue = atan2(c.z, c.y) * 180 / .pi
        if hue < 0 { hue += 360 }
        return SIMD3(c.x, chroma, chroma <= epsilon ? .nan : hue)
    }

    // MARK: hsl and hwb

    /// `hue` in degrees brought into 0..<360 (CSS hues wrap: `-120` is `240`, `1turn` is `0`).
    static func normalizedHue(_ hue: Double) -> Double {
        let h = hue.truncatingRemainder(dividingBy: 360)
        return h < 0 ? h + 360 : h
    }

    private static func hslToSRGB(_ c: SIMD3<Double>) -> SIMD3<Double> {
        let hue = normalizedHue(c.x), sat = c.y / 100, light = c.z / 100
        func f(_ n: Double) -> Double {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let a = sat * min(light, 1 - light)
            return light - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return SIMD3(f(0), f(8), f(4))
    }

    private static func hwbToSRGB(_ c: SIMD3<Double>) -> SIMD3<Double> {
        let white = c.y / 100, black = c.z / 100
        if white + black >= 1 {
            let grey = white / (white + black)
            return SIMD3(repeating: grey)
        }
        let pure = hslToSRGB(SIMD3(c.x, 100, 50))
        return pure * (1 - white - black) + SIMD3(repeating: white)
    }

    private static func sRGBToHSL(_ c: SIMD3<Double>) -> SIMD3<Double> {
        let high = c.max(), low = c.min()
        let light = (high + low) / 2
        let d = high - low
        var hue = Double.nan, sat = 0.0
        if d != 0 {
            sat = light == 0 || light == 1 ? 0 : (high - light) / min(light, 1 - light)
            if high == c.x {
                hue = (c.y - c.z) / d + (c.y < c.z ? 6 : 0)
            } else if high == c.y {
                hue = (c.z - c.x) / d + 2
            } else {
                hue = (c.x - c.y) / d + 4
            }
            hue *= 60
        }
        // A far out-of-gamut colour can give a negative saturation: turn the hue half way instead.
        if sat < 0 {
            hue += 180
            sat = -sat
        }
        if hue >= 360 { hue -= 360 }
        return SIMD3(hue, sat * 100, light * 100)
    }

    private static func sRGBToHWB(_ c: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(sRGBToHSL(c).x, c.min() * 100, (1 - c.max()) * 100)
    }
}
