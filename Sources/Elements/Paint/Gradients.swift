public import Flexbox
/// A colour stop of a CSS gradient, or an interpolation hint between two stops.
public struct ColorStop: Hashable, Sendable {
    /// The colour; `nil` makes this an interpolation hint (CSS's lone `<length-percentage>`
    /// between two stops: where the two colours mix half and half).
    public var color: StyleColor?
    /// Where the stop sits along the gradient line (for a conic gradient, `.percent` of a turn);
    /// `nil` places it as CSS's fix-up does: evenly between its positioned neighbours.
    public var position: StyleLength?

    /// A colour stop.
    public init(_ color: StyleColor, at position: StyleLength? = nil) {
        self.color = color
        self.position = position
    }

    /// An interpolation hint at `position`.
    public static func hint(_ position: StyleLength) -> ColorStop {
        var stop = ColorStop(.currentColor, at: position)
        stop.color = nil
        return stop
    }
}

/// The colour space a gradient mixes its stops in (CSS Images 4's `in <colorspace>`). CSS's
/// default is sRGB for stops written in the legacy syntaxes (hex, names, `rgb()`, `hsl()`,
/// `hwb()`) and Oklab as soon as one is not (`lab()`, `oklch()`…); polar spaces take the shorter
/// way round the hue.
public enum GradientColorSpace: String, Hashable, Sendable, CaseIterable {
    /// Gamma-encoded sRGB.
    case srgb
    /// Linear-light sRGB.
    case srgbLinear = "srgb-linear"
    /// CIE Lab.
    case lab
    /// Oklab.
    case oklab
    /// CIE LCH.
    case lch
    /// Oklch.
    case oklch
    /// HSL.
    case hsl
    /// HWB.
    case hwb
}

/// A horizontal side of a box, for `to left` and positions.
public enum HorizontalSide: String, Hashable, Sendable {
    /// The left side.
    case left
    /// The right side.
    case right
}

/// A vertical side of a box.
public enum VerticalSide: String, Hashable, Sendable {
    /// The top side.
    case top
    /// The bottom side.
    case bottom
}

/// CSS `linear-gradient()` and `repeating-linear-gradient()`.
public struct LinearGradient: Hashable, Sendable {
    /// Where the gradient line points.
    public enum Direction: Hashable, Sendable {
        /// An angle in degrees, clockwise from "to top" (CSS's `<angle>`; 180 is the default, down).
        case angle(Double)
        /// `to` a side or a corner: the line ends there (a corner's angle depends on the box).
        case toward(HorizontalSide?, VerticalSide?)
    }

    /// The direction of the gradient line.
    public var direction: Direction
    /// The stops, two colours at least.
    public var stops: [ColorStop]
    /// Whether the stops repeat along the line (`repeating-linear-gradient`).
    public var repeating: Bool
    /// The space the stops mix in.
    public var colorSpace: GradientColorSpace = .srgb

    /// A linear gradient; by default downwards.
    public init(_ direction: Direction = .angle(180), stops: [ColorStop], repeating: Bool = false) {
        self.direction = direction
        self.stops = stops
        self.repeating = repeating
    }
}

/// A point in a box by two offsets from its top-left corner, CSS's `<position>`: percentages of
/// the box's size (`center` is 50% 50%).
public struct BoxPosition: Hashable, Sendable {
    /// From the left edge.
    public var x: StyleLength
    /// From the top edge.
    public var y: StyleLength

    /// A position.
    public init(x: StyleLength, y: StyleLength) {
        self.x = x
        self.y = y
    }

    /// The centre, 50% 50%.
    public static let center = BoxPosition(x: .percent(50), y: .percent(50))
    /// The top-left corner, 0% 0% (`background-position`'s initial value).
    public static let topLeft = BoxPosition(x: .percent(0), y: .percent(0))
}

/// CSS `radial-gradient()` and `repeating-radial-gradient()`.
public struct RadialGradient: Hashable, Sendable {
    /// The ending shape.
    public enum Shape: String, Hashable, Sendable {
        /// Same radius on both axes.
        case circle
        /// Its own radius on each axis.
        case ellipse
    }

    /// The ending shape's size.
    public enum Extent: Hashable, Sendable {
        /// Meets the closest side of the box.
        case closestSide
        /// Passes through the closest corner.
        case closestCorner
        /// Meets the farthest side.
        case farthestSide
        /// Passes through the farthest corner (the default).
        case farthestCorner
        /// Explicit radii: one for a circle, two (horizontal, vertical) for an ellipse.
        case radii(StyleLength, StyleLength?)
    }

    /// Circle or ellipse.
    public var shape: Shape
    /// The size of the ending shape.
    public var extent: Extent
    /// The centre.
    public var center: BoxPosition
    /// The stops, two colours at least.
    public var stops: [ColorStop]
    /// Whether the stops repeat outwards.
    public var repeating: Bool
    /// The space the stops mix in.
    public var colorSpace: GradientColorSpace = .srgb

    /// A radial gradient; by default an ellipse to the farthest corner, centred.
    public init(shape: Shape = .ellipse, extent: Extent = .farthestCorner, center: BoxPosition = .center, stops: [ColorStop], repeating: Bool = false) {
        self.shape = shape
        self.extent = extent
        self.center = center
        self.stops = stops
        self.repeating = repeating
    }
}

/// CSS `conic-gradient()` and `repeating-conic-gradient()`: colours around a centre.
public struct ConicGradient: Hashable, Sendable {
    /// The angle of the start, in degrees clockwise from up.
    public var from: Double
    /// The centre.
    public var center: BoxPosition
    /// The stops; positions are `.percent` of a turn (an angle is converted: 90deg is 25%).
    public var stops: [ColorStop]
    /// Whether the stops repeat around.
    public var repeating: Bool
    /// The space the stops mix in.
    public var colorSpace: GradientColorSpace = .srgb

    /// A conic gradient; by default from up, centred.
    public init(from: Double = 0, center: BoxPosition = .center, stops: [ColorStop], repeating: Bool = false) {
        self.from = from
        self.center = center
        self.stops = stops
        self.repeating = repeating
    }
}
