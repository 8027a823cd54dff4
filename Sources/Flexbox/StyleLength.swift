/// A length as a style states it: in points (CSS px), relative to the box, the font or the
/// viewport, or a `calc()`, `min()`, `max()` or `clamp()` of those. Paint properties resolve it
/// when drawn; a layout property holds one as ``Length/calc(_:)`` and the engine resolves its
/// percentages against the containing block (``value(percentOf:fontSize:rootFontSize:viewportWidth:viewportHeight:)``).
///
/// ```swift
/// let inset: StyleLength = 12                      // 12 points
/// let half: StyleLength = .percent(50)             // of the box's width or height
/// let both: StyleLength = .sum([.percent(50), -8]) // calc(50% - 8px)
/// ```
public enum StyleLength: Hashable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// Points (CSS `px`).
    case points(Double)
    /// A percentage of the dimension the property names (the box's width for a horizontal offset).
    case percent(Double)
    /// Multiples of the element's font size (CSS `em`).
    case em(Double)
    /// Multiples of the root font size (CSS `rem`).
    case rem(Double)
    /// Percent of the canvas's width (CSS `vw`).
    case vw(Double)
    /// Percent of the canvas's height (CSS `vh`).
    case vh(Double)
    /// The sum of lengths (`calc(a + b - c)`: a subtraction is a sum with a negated term).
    case sum([StyleLength])
    /// A length times a number (`calc(2 * a)`, `calc(a / 4)`).
    indirect case product(StyleLength, Double)
    /// The smallest of the lengths (CSS `min()`).
    case min([StyleLength])
    /// The largest of the lengths (CSS `max()`).
    case max([StyleLength])
    /// `clamp(minimum, preferred, maximum)`: the preferred length, no less than the minimum and,
    /// unless the minimum is larger, no more than the maximum.
    indirect case clamp(StyleLength, StyleLength, StyleLength)

    /// Zero points.
    public static let zero = StyleLength.points(0)

    /// Points.
    public init(integerLiteral value: Int) { self = .points(Double(value)) }

    /// Points.
    public init(floatLiteral value: Double) { self = .points(value) }

    /// The length in points: percentages of `basis`, `em` and `rem` of the font sizes, `vw` and
    /// `vh` of the viewport. Not guarded: a percentage of a NaN basis or an overflowing `calc()`
    /// gives a non-finite result, which the caller decides about.
    public func value(percentOf basis: Double, fontSize: Double, rootFontSize: Double,
                      viewportWidth: Double, viewportHeight: Double) -> Double {
        func v(_ l: StyleLength) -> Double {
            l.value(percentOf: basis, fontSize: fontSize, rootFontSize: rootFontSize, viewportWidth: viewportWidth, viewportHeight: viewportHeight)
        }
        switch self {
        case .points(let x): return x
        case .percent(let x): return x / 100 * basis
        case .em(let x): return x * fontSize
        case .rem(let x): return x * rootFontSize
        case .vw(let x): return x / 100 * viewportWidth
        case .vh(let x): return x / 100 * viewportHeight
        case .sum(let terms): return terms.reduce(0) { $0 + v($1) }
        case .product(let length, let factor): return v(length) * factor
        case .min(let terms): return Self.extreme(terms.map(v), smallest: true)
        case .max(let terms): return Self.extreme(terms.map(v), smallest: false)
        case .clamp(let low, let preferred, let high): return Self.extreme([v(low), Self.extreme([v(preferred), v(high)], smallest: true)], smallest: false)
        }
    }

    /// The smallest or largest of `values`, NaN when any is (Swift's `min()` would skip or keep a
    /// NaN depending on where it sits); 0 for none.
    private static func extreme(_ values: [Double], smallest: Bool) -> Double {
        guard var result = values.first else { return 0 }
        for x in values.dropFirst() {
            if x.isNaN { return x }
            if smallest ? x < result : x > result { result = x }
        }
        return result
    }

    /// The same length with `em`, `rem`, `vw` and `vh` replaced by the points they are, and
    /// simplified: a result without percentages is one `.points`, a lone percentage `.percent`.
    public func substitutingRelativeUnits(fontSize: Double, rootFontSize: Double,
                                          viewportWidth: Double, viewportHeight: Double) -> StyleLength {
        if !usesPercent {
            return .points(value(percentOf: 0, fontSize: fontSize, rootFontSize: rootFontSize, viewportWidth: viewportWidth, viewportHeight: viewportHeight))
        }
        func s(_ l: StyleLength) -> StyleLength {
            l.substitutingRelativeUnits(fontSize: fontSize, rootFontSize: rootFontSize, viewportWidth: viewportWidth, viewportHeight: viewportHeight)
        }
        switch self {
        case .points, .percent, .em, .rem, .vw, .vh: return self
        case .sum(let terms): return .sum(terms.map(s))
        case .product(let length, let factor): return .product(s(length), factor)
        case .min(let terms): return .min(terms.map(s))
        case .max(let terms): return .max(terms.map(s))
        case .clamp(let a, let b, let c): return .clamp(s(a), s(b), s(c))
        }
    }

    /// Whether every number in the length is finite (a value built in Swift may hold NaN).
    public var isFinite: Bool {
        switch self {
        case .points(let v), .percent(let v), .em(let v), .rem(let v), .vw(let v), .vh(let v): v.isFinite
        case .sum(let terms), .min(let terms), .max(let terms): terms.allSatisfy(\.isFinite)
        case .product(let length, let factor): factor.isFinite && length.isFinite
        case .clamp(let a, let b, let c): a.isFinite && b.isFinite && c.isFinite
        }
    }

    /// Whether the length depends on a percentage basis.
    public var usesPercent: Bool {
        switch self {
        case .percent: true
        case .points, .em, .rem, .vw, .vh: false
        case .sum(let terms), .min(let terms), .max(let terms): terms.contains { $0.usesPercent }
        case .product(let length, _): length.usesPercent
        case .clamp(let a, let b, let c): a.usesPercent || b.usesPercent || c.usesPercent
        }
    }

    /// Whether the length depends on the font or the viewport (`em`, `rem`, `vw`, `vh`).
    public var usesRelativeUnits: Bool {
        switch self {
        case .points, .percent: false
        case .em, .rem, .vw, .vh: true
        case .sum(let terms), .min(let terms), .max(let terms): terms.contains { $0.usesRelativeUnits }
        case .product(let length, _): length.usesRelativeUnits
        case .clamp(let a, let b, let c): a.usesRelativeUnits || b.usesRelativeUnits || c.usesRelativeUnits
        }
    }
}
