/// The query parameters of a render request, `?scale=`, `?quality=`, and for HTML bodies
/// `?width=`, `?height=` and `?strict=`, read from the text the
/// router hands over (already percent-decoded; `nil` when the parameter is absent).
public enum RenderParameters {
    /// Pixels per point: a finite number in `0 < scale ≤ maxScale` (Swift's `Double` syntax, so
    /// `2`, `2.0` and `2e0` are the same scale and name the same image); `defaultScale` when absent.
    public static func scale(_ text: Substring?, default defaultScale: Double, max maxScale: Double) throws(RenderParameterError) -> Double {
        guard let text else { return defaultScale }
        guard let scale = Double(text), scale.isFinite, scale > 0, scale <= maxScale else {
            throw RenderParameterError(name: "scale", text: String(text), expected: "0 < scale ≤ \(maxScale)")
        }
        return scale
    }

    /// The encoder's quality: an integer in `1...100` for WebP and JPEG; the format's default
    /// when absent; 0 for PNG, which is lossless and ignores the parameter.
    public static func quality(_ text: Substring?, format: CardFormat) throws(RenderParameterError) -> Int {
        guard format != .png else { return 0 }
        guard let text else { return format.defaultQuality }
        guard let quality = Int(text), (1...100).contains(quality) else {
            throw RenderParameterError(name: "quality", text: String(text), expected: "1...100")
        }
        return quality
    }

    /// The largest card side an HTML card may ask for, in CSS px (the HTML path's bound).
    public static let maxCardSide = 16_384.0

    /// A card side of an HTML body, `?width=` or `?height=`: a finite number in
    /// `0 < side ≤ 16384`; `nil` when absent (the card's `<meta name="card-size">` then says).
    public static func cardSide(_ text: Substring?, name: String) throws(RenderParameterError) -> Double? {
        guard let text else { return nil }
        guard let side = Double(text), side.isFinite, side > 0, side <= maxCardSide else {
            throw RenderParameterError(name: name, text: String(text), expected: "0 < \(name) ≤ \(Int(maxCardSide))")
        }
        return side
    }

    /// A switch such as `?strict=`: `1` or `true` on, `0` or `false` off, absent off.
    public static func flag(_ text: Substring?, name: String) throws(RenderParameterError) -> Bool {
        switch text {
        case nil, "0", "false": return false
        case "1", "true": return true
        case let text?: throw RenderParameterError(name: name, text: String(text), expected: "1, true, 0 or false")
        }
    }
}

/// A query parameter outside its range: the server answers 400 with the parameter as `limit`.
public struct RenderParameterError: Error, Equatable, CustomStringConvertible {
    /// The parameter (`scale`, `quality`).
    public var name: String
    /// The text the request gave.
    public var text: String
    /// What the parameter takes.
    public var expected: String

    /// Creates the error of one parameter.
    public init(name: String, text: String, expected: String) {
        self.name = name
        self.text = text
        self.expected = expected
    }

    /// `scale 0: expected 0 < scale ≤ 4.0`.
    public var description: String { "\(name) \(text): expected \(expected)" }
}
