internal import Flexbox

/// Which CSS length forms a property accepts: the rules of its CSS grammar.
struct CSSLengthRule {
    /// `50%` is allowed.
    var percent = true
    /// `auto` is allowed.
    var auto = false
    /// `none` is allowed and means no limit (`maxWidth`), stored as `auto`.
    var none = false
    /// A negative length is allowed (margins and insets).
    var negative = false
    /// The intrinsic size keywords `min-content`, `max-content` and `fit-content` are allowed.
    var keywords = false

    /// Sizes (`width`, `minWidth`, …): points, percent, auto, the intrinsic keywords; never negative.
    static let size = CSSLengthRule(auto: true, keywords: true)
    /// `maxWidth`/`maxHeight`: as ``size``, and `none`.
    static let maxSize = CSSLengthRule(auto: true, none: true, keywords: true)
    /// `padding` and gaps: points and percent, never negative.
    static let padding = CSSLengthRule()
    /// `margin`: points, percent, auto, negative allowed.
    static let margin = CSSLengthRule(auto: true, negative: true)
    /// Insets (`top`, `left`, …): as ``margin``.
    static let inset = CSSLengthRule(auto: true, negative: true)
    /// Border widths: points only, never negative.
    static let border = CSSLengthRule(percent: false)

    /// The accepted forms, for an error message.
    var expected: String {
        var forms = ["a number of points", "\"12px\""]
        if percent { forms.append("\"50%\"") }
        if auto { forms.append("\"auto\"") }
        if none { forms.append("\"none\"") }
        if keywords { forms += ["\"min-content\"", "\"max-content\"", "\"fit-content\""] }
        let others = percent ? "em, rem, vw, vh, vmin, vmax, pt and the other units, calc(), min(), max() and clamp()"
            : "pt, in, cm, mm and calc() of absolute lengths"
        return forms.dropLast().joined(separator: ", ") + " or " + forms.last! + "; \(others) too"
    }
}

/// Parsing and writing CSS lengths (`12`, `"12px"`, `"50%"`, `"2em"`, `"calc(100% - 8px)"`,
/// `"auto"`) as ``Length``s: points and percentages as such, anything else as ``Length/calc(_:)``
/// (resolved per element before layout: `em` from its font size, `vw`/`vh` from the canvas).
enum CSSLength {
    /// The length `token` is under `rule`.
    static func parse(_ token: CSSToken, _ rule: CSSLengthRule) throws(CSSValueError) -> Length {
        let value: Length
        switch token {
        case .number(let points):
            value = .points(points)
        case .word(let word):
            let lower = word.lowercased()
            if lower == "auto", rule.auto { return .auto }
            if lower == "none", rule.none { return .auto }
            if rule.keywords {
                switch lower {
                case "min-content": return .minContent
                case "max-content": return .maxContent
                case "fit-content": return .fitContent
                default: break
                }
            }
            if lower.hasSuffix("%"), rule.percent {
                guard let number = CSSNumber.parse(lower.dropLast()) else { throw notALength(token, rule) }
                value = .percent(number)
            } else if lower.hasSuffix("px") {
                guard let number = CSSNumber.parse(lower.dropLast(2)) else { throw notALength(token, rule) }
                value = .points(number)
            } else if let number = CSSNumber.parse(lower[...]) {
                value = .points(number)
            } else if lower.hasSuffix("%") {
                throw notALength(token, rule)
            } else {
                return try expression(word, token, rule)
            }
        }
        let number: Double
        switch value {
        case .points(let n), .percent(let n): number = n
        case .auto, .minContent, .maxContent, .fitContent, .calc: return value
        }
        guard number.isFinite else { throw CSSValueError(message: "\(token) is not a finite length") }
        guard rule.negative || number >= 0 else { throw CSSValueError(message: "\(token) is negative: this length must be 0 or more") }
        return value
    }

    /// A length in another unit or a math function, by the paint properties' grammar: points when
    /// it is absolute (`12pt`, `calc(1in - 2px)`), else kept as an expression.
    private static func expression(_ word: Substring, _ token: CSSToken, _ rule: CSSLengthRule) throws(CSSValueError) -> Length {
        let components = try CSSComponentParser.parse(String(word))
        let length = try CSSLengthGrammar.single(components, percent: rule.percent, negative: rule.negative,
                                                 expected: "a length: expected \(rule.expected)")
        if !length.usesPercent, !length.usesRelativeUnits {
            let points = length.value(percentOf: 0, fontSize: 0, rootFontSize: 0, viewportWidth: 0, viewportHeight: 0)
            guard points.isFinite else { throw CSSValueError(message: "\(token) is not a finite length") }
            // Only a math function gets here negative; CSS clamps it to the property's range.
            return .points(rule.negative ? points : Swift.max(0, points))
        }
        guard rule.percent else {
            throw CSSValueError(message: "\(token) is relative to the font or the canvas: this length must be absolute (px, pt, in, cm, mm)")
        }
        return Length(length)
    }

    /// The one length `value` holds.
    static func parse(_ value: CSSValue, _ rule: CSSLengthRule) throws(CSSValueError) -> Length {
        try parse(value.single(expected: "one length: expected \(rule.expected)"), rule)
    }

    /// A border width: a length in points.
    static func points(_ token: CSSToken, _ rule: CSSLengthRule) throws(CSSValueError) -> Double {
        guard case .points(let points) = try parse(token, rule) else { throw notALength(token, rule) }
        return points
    }

    /// `value` as it is written: points as a number, percent as `"50%"`, keywords as themselves.
    static func output(_ value: Length) -> CSSOutput {
        switch value {
        case .auto: .word("auto")
        case .minContent: .word("min-content")
        case .maxContent: .word("max-content")
        case .fitContent: .word("fit-content")
        case .points(let points): .number(points)
        case .percent(let percent): percent.isFinite ? .word(CSSNumber.format(percent) + "%") : .number(percent)
        case .calc(let e): .word(e.cssText)
        }
    }

    private static func notALength(_ token: CSSToken, _ rule: CSSLengthRule) -> CSSValueError {
        CSSValueError(message: "\(token) is not a length: expected \(rule.expected)")
    }
}
