public import Canvas

/// A length as a paint property states it: in points (CSS px), relative to the box, the font or
/// the canvas, or a `calc()`, `min()`, `max()` or `clamp()` of those. Resolved when drawn, where
/// the box and the font are known (``resolved(_:percentOf:)``).
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

    /// The length in points: percentages of `basis`, font-relative units from `context`. A result
    /// that is not finite (an overflowing `calc()`) is 0.
    public func resolved(_ context: LengthContext, percentOf basis: Double) -> Double {
        let value = unguardedValue(context, basis)
        return value.isFinite ? value : 0
    }

    private func unguardedValue(_ c: LengthContext, _ basis: Double) -> Double {
        switch self {
        case .points(let v): v
        case .percent(let v): v / 100 * basis
        case .em(let v): v * c.fontSize
        case .rem(let v): v * c.rootFontSize
        case .vw(let v): v / 100 * c.canvasSize.width
        case .vh(let v): v / 100 * c.canvasSize.height
        case .sum(let terms): terms.reduce(0) { $0 + $1.unguardedValue(c, basis) }
        case .product(let length, let factor): length.unguardedValue(c, basis) * factor
        case .min(let terms): terms.map { $0.unguardedValue(c, basis) }.min() ?? 0
        case .max(let terms): terms.map { $0.unguardedValue(c, basis) }.max() ?? 0
        case .clamp(let low, let preferred, let high):
            Swift.max(low.unguardedValue(c, basis), Swift.min(preferred.unguardedValue(c, basis), high.unguardedValue(c, basis)))
        }
    }

    /// Whether every number in the length is finite (a value built in Swift may hold NaN).
    var isFinite: Bool {
        switch self {
        case .points(let v), .percent(let v), .em(let v), .rem(let v), .vw(let v), .vh(let v): v.isFinite
        case .sum(let terms), .min(let terms), .max(let terms): terms.allSatisfy(\.isFinite)
        case .product(let length, let factor): factor.isFinite && length.isFinite
        case .clamp(let a, let b, let c): a.isFinite && b.isFinite && c.isFinite
        }
    }

    /// Whether the length depends on a percentage basis.
    var usesPercent: Bool {
        switch self {
        case .percent: true
        case .points, .em, .rem, .vw, .vh: false
        case .sum(let terms), .min(let terms), .max(let terms): terms.contains { $0.usesPercent }
        case .product(let length, _): length.usesPercent
        case .clamp(let a, let b, let c): a.usesPercent || b.usesPercent || c.usesPercent
        }
    }
}

/// What a ``StyleLength`` is resolved against, besides its percentage basis.
public struct LengthContext: Hashable, Sendable {
    /// The element's font size in points (`em`).
    public var fontSize: Double
    /// The root element's font size in points (`rem`).
    public var rootFontSize: Double
    /// The canvas's size in points (`vw`, `vh`).
    public var canvasSize: Size

    /// CSS's initial font size.
    public static let initialFontSize = 16.0

    /// A context; the font sizes default to CSS's initial 16 px.
    public init(fontSize: Double = LengthContext.initialFontSize, rootFontSize: Double = LengthContext.initialFontSize, canvasSize: Size) {
        self.fontSize = fontSize
        self.rootFontSize = rootFontSize
        self.canvasSize = canvasSize
    }
}
