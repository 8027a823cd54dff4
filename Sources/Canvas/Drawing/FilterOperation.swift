import Foundation

/// One CSS filter function (Filter Effects 1), applied in sRGB to unpremultiplied colour.
///
/// ``GraphicsContext/withFilters(_:_:)`` runs a list of them, in order, over what a closure draws
/// (CSS `filter`); ``GraphicsContext/drawBackdrop(_:clippedTo:)`` runs them over what is already
/// drawn (CSS `backdrop-filter`). The colour functions are the matrices that Filter Effects 1
/// §13.1 gives as their shorthand equivalents (`feColorMatrix` for grayscale, sepia, saturate
/// and hue-rotate; `feComponentTransfer` for brightness, contrast, invert and opacity), applied to
/// unpremultiplied 8-bit channels, clamped to 0...1 and premultiplied again.
///
/// Arguments follow CSS: a negative amount or blur is refused, as is any NaN or infinite
/// argument (the drawing call records the error, which `Bitmap.render` throws when drawing
/// ends). Grayscale, sepia, invert and opacity amounts above 1 are clamped to 1; a blur above
/// ``maxBlurRadius`` is clamped to it.
public enum FilterOperation: Hashable, Sendable {
    /// CSS `blur()`: a Gaussian blur whose standard deviation σ is `radius` points (σ in pixels is
    /// `radius × scale`). It spreads outward, fading to transparent; 0 leaves the image as it is;
    /// above ``maxBlurRadius`` it is clamped.
    case blur(radius: Double)
    /// CSS `brightness()`: every colour channel multiplied by the amount (1 unchanged, 0 black,
    /// above 1 brighter, clamped at white). Must be ≥ 0.
    case brightness(Double)
    /// CSS `contrast()`: every colour channel `v` becomes `(v - 0.5) × amount + 0.5` (1 unchanged,
    /// 0 flat grey). Must be ≥ 0.
    case contrast(Double)
    /// CSS `grayscale()`: 1 is the Rec. 709 luma (0.2126 R + 0.7152 G + 0.0722 B) in every
    /// channel, 0 unchanged, in between a mix. Clamped to 0...1.
    case grayscale(Double)
    /// CSS `sepia()`: 1 is the spec's sepia matrix, 0 unchanged. Clamped to 0...1.
    case sepia(Double)
    /// CSS `saturate()`: 0 is fully desaturated (Rec. 709 luma, as the spec's matrix rounds it),
    /// 1 unchanged, above 1 oversaturated. Must be ≥ 0.
    case saturate(Double)
    /// CSS `hue-rotate()`: the spec's hue rotation matrix, by any finite angle in degrees.
    case hueRotate(degrees: Double)
    /// CSS `invert()`: every colour channel `v` becomes `amount × (1 - v) + (1 - amount) × v`
    /// (1 the negative, 0.5 flat grey, 0 unchanged). Clamped to 0...1.
    case invert(Double)
    /// CSS `opacity()`: alpha multiplied by the amount. Clamped to 0...1.
    case opacity(Double)
    /// CSS `drop-shadow(x y blur color)`: the shadow of the drawn alpha, blurred with
    /// σ = `radius / 2` (as ``Shadow/radius`` documents), moved by its offset and tinted with its
    /// colour, beneath the image. Offsets and blur are in the bitmap's points, like
    /// ``GraphicsContext/withShadow(_:_:)``'s.
    case dropShadow(Shadow)

    /// The largest blur σ, in points, that a filter uses: a larger ``blur(radius:)`` (or a drop
    /// shadow whose σ = radius / 2 is larger) is clamped to it. The same bound as
    /// ``Bitmap/maxBlurRadius``.
    public static let maxBlurRadius: Double = Bitmap.maxBlurRadius

    /// Why the arguments are unusable, or nil when they are fine.
    var problem: String? {
        switch self {
        case .blur(let radius):
            radius.isFinite && radius >= 0 ? nil : "blur(\(radius)): the radius must be finite and ≥ 0"
        case .brightness(let amount), .contrast(let amount), .grayscale(let amount), .sepia(let amount),
            .saturate(let amount), .invert(let amount), .opacity(let amount):
            amount.isFinite && amount >= 0 ? nil : "\(self): the amount must be finite and ≥ 0"
        case .hueRotate(let degrees):
            degrees.isFinite ? nil : "hueRotate(degrees: \(degrees)): the angle must be finite"
        case .dropShadow(let shadow):
            shadow.offset.isFinite && shadow.radius.isFinite && shadow.radius >= 0
                && [shadow.color.red, shadow.color.green, shadow.color.blue, shadow.color.alpha].allSatisfy(\.isFinite)
                ? nil : "dropShadow(offset \(shadow.offset), radius \(shadow.radius)): must be finite, radius ≥ 0"
        }
    }

    /// The colour matrix of a colour function; nil for the blur and the drop shadow.
    var colorMatrix: ColorMatrix? {
        switch self {
        case .blur, .dropShadow:
            return nil
        case .brightness(let b):
            return .componentTransfer(slope: b, intercept: 0)
        case .contrast(let c):
            return .componentTransfer(slope: c, intercept: 0.5 - 0.5 * c)
        case .invert(let amount):
            let a = min(amount, 1)
            return .componentTransfer(slope: 1 - 2 * a, intercept: a)
        case .opacity(let amount):
            var m = ColorMatrix.identity
            m[3, 3] = min(amount, 1)
            return m
        case .grayscale(let amount):
            let g = 1 - min(amount, 1)
            return ColorMatrix(rows: [
                [0.2126 + 0.7874 * g, 0.7152 - 0.7152 * g, 0.0722 - 0.0722 * g],
                [0.2126 - 0.2126 * g, 0.7152 + 0.2848 * g, 0.0722 - 0.0722 * g],
                [0.2126 - 0.2126 * g, 0.7152 - 0.7152 * g, 0.0722 + 0.9278 * g],
            ])
        case .sepia(let amount):
            let g = 1 - min(amount, 1)
            return ColorMatrix(rows: [
                [0.393 + 0.607 * g, 0.769 - 0.769 * g, 0.189 - 0.189 * g],
                [0.349 - 0.349 * g, 0.686 + 0.314 * g, 0.168 - 0.168 * g],
                [0.272 - 0.272 * g, 0.534 - 0.534 * g, 0.131 + 0.869 * g],
            ])
        case .saturate(let s):
            return ColorMatrix(rows: [
                [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s],
                [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s],
                [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s],
            ])
        case .hueRotate(let degrees):
            let angle = degrees.truncatingRemainder(dividingBy: 360) * .pi / 180
            let c = cos(angle), s = sin(angle)
            return ColorMatrix(rows: [
                [0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928],
                [0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283],
                [0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072],
            ])
        }
    }
}

/// A 5×4 colour matrix, as `feColorMatrix` takes it: row `i` gives output channel `i` (R, G, B,
/// A) as `Σ m[i, j] × input[j] + m[i, 4]`, on unpremultiplied channels in 0...1.
struct ColorMatrix: Hashable {
    /// Row-major, 4 rows of 5.
    var values: [Double]

    /// The matrix that changes nothing.
    static let identity = ColorMatrix(values: [
        1, 0, 0, 0, 0,
        0, 1, 0, 0, 0,
        0, 0, 1, 0, 0,
        0, 0, 0, 1, 0,
    ])

    init(values: [Double]) {
        self.values = values
    }

    /// A matrix whose colour rows are the given 3×3 block, alpha unchanged.
    init(rows: [[Double]]) {
        var m = ColorMatrix.identity
        for i in 0..<3 {
            for j in 0..<3 { m[i, j] = rows[i][j] }
        }
        self = m
    }

    /// The same linear function `v × slope + intercept` on R, G and B; alpha unchanged.
    static func componentTransfer(slope: Double, intercept: Double) -> ColorMatrix {
        var m = ColorMatrix.identity
        for i in 0..<3 {
            m[i, i] = slope
            m[i, 4] = intercept
        }
        return m
    }

    /// The coefficient of input `column` (4 is the constant) in output `row`.
    subscript(row: Int, column: Int) -> Double {
        get { values[row * 5 + column] }
        set { values[row * 5 + column] = newValue }
    }

    /// `next` applied after this matrix, as one matrix (with no clamping in between).
    func followed(by next: ColorMatrix) -> ColorMatrix {
        var result = ColorMatrix.identity
        for i in 0..<4 {
            for j in 0..<5 {
                var sum = j == 4 ? next[i, 4] : 0
                for k in 0..<4 { sum += next[i, k] * self[k, j] }
                result[i, j] = sum
            }
        }
        return result
    }

    /// Whether every input in the unit cube gives outputs in 0...1, so clamping after this matrix
    /// changes nothing and the next matrix can be fused with it exactly.
    var keepsUnitRange: Bool {
        (0..<4).allSatisfy { i in
            var low = self[i, 4], high = self[i, 4]
            for j in 0..<4 {
                low += min(self[i, j], 0)
                high += max(self[i, j], 0)
            }
            return low >= -1e-9 && high <= 1 + 1e-9
        }
    }
}
