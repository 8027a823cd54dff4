/// A length in a style: `auto`, points, a percentage of the containing block, or an intrinsic
/// size keyword.
///
/// Integer and float literals are points (`width: 120`). The keywords (`min-content`,
/// `max-content`, `fit-content`) size a box from its content; they are sizes only: in a margin,
/// padding, gap or inset they count as 0 (`auto` for an inset). Lengths are not validated here — the
/// engine treats a non-finite value as `auto` and never produces a NaN frame; documents are
/// validated where they are decoded.
public enum Length: Hashable, Sendable {
    /// Sized by the algorithm (content, stretch, or flex).
    case auto
    /// A length in points.
    case points(Double)
    /// A percentage (50 means 50 %) of the containing block's width or height.
    case percent(Double)
    /// CSS `min-content`: the smallest size the content fits in (the longest word of a text).
    case minContent
    /// CSS `max-content`: the content's size with no limit (a text on one line).
    case maxContent
    /// CSS `fit-content`: the available space, but no more than `max-content` and no less than
    /// `min-content`.
    case fitContent
    /// A `calc()`, `min()`, `max()` or `clamp()` (or a font- or viewport-relative length), its
    /// percentages of the containing block as ``percent(_:)``'s. A percentage of a size that is
    /// not definite makes the whole expression behave as ``percent(_:)`` does then (auto for a
    /// size, 0 for a margin or padding). `em` and `rem` are 16 points and `vw`/`vh` percentages
    /// of the root's available size unless the caller substitutes them first
    /// (``StyleLength/substitutingRelativeUnits(fontSize:rootFontSize:viewportWidth:viewportHeight:)``;
    /// an element tree does, from each element's font size and the canvas).
    indirect case calc(StyleLength)

    /// `length` as the simplest `Length`: points or a percentage when it is one, else ``calc(_:)``.
    public init(_ length: StyleLength) {
        switch length {
        case .points(let v): self = .points(v)
        case .percent(let v): self = .percent(v)
        default: self = .calc(length)
        }
    }
}

extension Length: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// Points.
    public init(integerLiteral value: Int) { self = .points(Double(value)) }
    /// Points.
    public init(floatLiteral value: Double) { self = .points(value) }
}

/// The initial main size of a flex item before free space is distributed (CSS `flex-basis`).
public enum FlexBasis: Hashable, Sendable {
    /// The item's main size (`width` or `height`) when set, else its content size.
    case auto
    /// The item's content size, whatever its main size says.
    case content
    /// A length in points.
    case points(Double)
    /// A percentage of the container's inner main size.
    case percent(Double)
    /// The item's `min-content` main size.
    case minContent
    /// The item's `max-content` main size (as `content`).
    case maxContent
    /// The item's `fit-content` main size.
    case fitContent
    /// A `calc()` or relative length, as ``Length/calc(_:)``: a percentage in it makes the basis
    /// behave as a percentage does.
    indirect case calc(StyleLength)
}

extension FlexBasis {
    /// The basis a `width`-like length stands for: `auto`, a length, a percentage, a keyword or a
    /// `calc()` as the same basis.
    public init(_ length: Length) {
        switch length {
        case .auto: self = .auto
        case .points(let v): self = .points(v)
        case .percent(let v): self = .percent(v)
        case .minContent: self = .minContent
        case .maxContent: self = .maxContent
        case .fitContent: self = .fitContent
        case .calc(let e): self = .calc(e)
        }
    }
}

extension FlexBasis: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// Points.
    public init(integerLiteral value: Int) { self = .points(Double(value)) }
    /// Points.
    public init(floatLiteral value: Double) { self = .points(value) }
}

/// A value per box edge, physical and logical: `start` and `end` follow the node's direction
/// (left and right in LTR, right and left in RTL) and win over `left`/`right` when both are set.
/// An edge left `nil` is unset (0 for margin/padding/border, `auto` for an inset).
public struct Edges<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The top edge.
    public var top: Value?
    /// The physical left edge.
    public var left: Value?
    /// The bottom edge.
    public var bottom: Value?
    /// The physical right edge.
    public var right: Value?
    /// The logical start edge: left in LTR, right in RTL.
    public var start: Value?
    /// The logical end edge: right in LTR, left in RTL.
    public var end: Value?

    /// Edges with the given values; unset edges are `nil`.
    public init(top: Value? = nil, left: Value? = nil, bottom: Value? = nil, right: Value? = nil,
                start: Value? = nil, end: Value? = nil) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
        self.start = start
        self.end = end
    }

    /// The same value on all four physical edges.
    public init(all value: Value) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// One value for left and right, another for top and bottom.
    public init(horizontal: Value? = nil, vertical: Value? = nil) {
        self.init(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }

    /// No edge set.
    public static var unset: Edges { Edges() }

    /// The value of the physical left edge for a node laid out in `direction`.
    public func resolvedLeft(_ direction: LayoutDirection) -> Value? {
        (direction == .rtl ? end : start) ?? left
    }

    /// The value of the physical right edge for a node laid out in `direction`.
    public func resolvedRight(_ direction: LayoutDirection) -> Value? {
        (direction == .rtl ? start : end) ?? right
    }
}
