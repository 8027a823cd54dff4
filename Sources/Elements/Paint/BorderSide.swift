/// CSS `border-style`, the line a border side is drawn with.
public enum BorderLineStyle: String, Hashable, Sendable, CaseIterable {
    /// Not drawn (and, in CSS, no width).
    case none
    /// Not drawn, as `none`.
    case hidden
    /// One solid line.
    case solid
    /// Dashes.
    case dashed
    /// Round dots.
    case dotted
    /// Two lines with a gap, each a third of the width.
    case double
    /// Looks carved in: the outer half as `inset`, the inner half as `outset`.
    case groove
    /// Looks raised: the outer half as `outset`, the inner half as `inset`.
    case ridge
    /// The box looks sunk: the top and left sides darker.
    case inset
    /// The box looks raised: the bottom and right sides darker.
    case outset
}

/// How one side of the border is drawn (its width is layout's: ``/Flexbox/FlexStyle/border``).
public struct BorderSide: Hashable, Sendable {
    /// The side's colour; CSS's initial value is `currentColor`.
    public var color: StyleColor
    /// The side's line.
    public var style: BorderLineStyle

    /// A border side.
    public init(color: StyleColor = .currentColor, style: BorderLineStyle = .solid) {
        self.color = color
        self.style = style
    }

    /// Not drawn.
    public static let none = BorderSide(style: .none)
}

/// The four sides of a border.
public struct BorderSides: Hashable, Sendable {
    /// The top side.
    public var top: BorderSide
    /// The right side.
    public var right: BorderSide
    /// The bottom side.
    public var bottom: BorderSide
    /// The left side.
    public var left: BorderSide

    /// Four sides.
    public init(top: BorderSide, right: BorderSide, bottom: BorderSide, left: BorderSide) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// The same side all round.
    public init(all side: BorderSide) {
        self.init(top: side, right: side, bottom: side, left: side)
    }

    /// No border drawn.
    public static let none = BorderSides(all: .none)

    /// Whether any side is drawn.
    public var isVisible: Bool {
        func drawn(_ side: BorderSide) -> Bool { side.style != .none && side.style != .hidden }
        return drawn(top) || drawn(right) || drawn(bottom) || drawn(left)
    }

    /// The sides in CSS order: top, right, bottom, left.
    public var all: [BorderSide] { [top, right, bottom, left] }
}
