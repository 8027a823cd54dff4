/// A colour ramp: colours at locations from 0 to 1.
public struct Gradient: Hashable, Sendable, Codable {
    /// What the ramp does beyond its ends.
    public enum Spread: String, Hashable, Sendable, Codable {
        /// The end colours continue.
        case pad
        /// The ramp repeats (CSS's `repeating-` gradients).
        case `repeat`
    }

    /// One colour at one location along the ramp.
    public struct Stop: Hashable, Sendable, Codable {
        /// Where the colour sits, 0 (start) ... 1 (end).
        public var location: Double
        /// The colour at that location.
        public var color: Color

        /// Creates a stop.
        public init(location: Double, color: Color) {
            self.location = location
            self.color = color
        }
    }

    /// The stops, in order of location.
    public var stops: [Stop]
    /// Beyond the ends: padded (the default) or repeated.
    public var spread: Spread

    /// Creates a gradient from stops; they are sorted by location (stably: two stops at one
    /// location make a hard edge), and locations are clamped to 0...1.
    public init(stops: [Stop], spread: Spread = .pad) {
        self.stops = stops.enumerated()
            .map { (index: $0.offset, stop: Stop(location: $0.element.location.isFinite ? min(max($0.element.location, 0), 1) : 0, color: $0.element.color)) }
            .sorted { ($0.stop.location, $0.index) < ($1.stop.location, $1.index) }
            .map(\.stop)
        self.spread = spread
    }

    private enum CodingKeys: String, CodingKey { case stops, spread }

    /// Decodes the stops and, when present, the spread.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(stops: try c.decode([Stop].self, forKey: .stops), spread: try c.decodeIfPresent(Spread.self, forKey: .spread) ?? .pad)
    }

    /// Encodes the stops, and the spread when it is not ``Spread/pad``.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(stops, forKey: .stops)
        if spread != .pad { try c.encode(spread, forKey: .spread) }
    }

    /// Colours spread evenly from 0 to 1.
    public init(colors: [Color]) {
        let count = colors.count
        self.init(stops: colors.enumerated().map { index, color in
            Stop(location: count > 1 ? Double(index) / Double(count - 1) : 0, color: color)
        })
    }
}

/// What a fill or stroke paints with: a solid colour or a gradient.
public enum Paint: Hashable, Sendable {
    /// A solid colour.
    case color(Color)
    /// A linear gradient from `start` (location 0) to `end` (location 1), in the coordinates of the
    /// drawing call; beyond the ends the end colours continue.
    case linearGradient(Gradient, start: Point, end: Point)
    /// A radial gradient between two circles (location 0 on the first, 1 on the second).
    case radialGradient(Gradient, startCenter: Point, startRadius: Double, endCenter: Point, endRadius: Double)

    /// A conic gradient: location 0 at `startAngle` (radians, clockwise from the positive x axis,
    /// as ``GraphicsContext/rotate(by:)``), going clockwise round `center` to 1 a turn later.
    case conicGradient(Gradient, center: Point, startAngle: Double)

    /// A radial gradient from a point at `center` out to `radius`.
    public static func radialGradient(_ gradient: Gradient, center: Point, radius: Double) -> Paint {
        .radialGradient(gradient, startCenter: center, startRadius: 0, endCenter: center, endRadius: radius)
    }
}

/// A drop shadow: the shape of what is drawn, blurred, offset and tinted, beneath it.
public struct Shadow: Hashable, Sendable, Codable {
    /// How far the shadow is moved from the shape, in points.
    public var offset: Size
    /// The blur radius in points, as in CSS `box-shadow`: the shadow's edge fades over about
    /// `2 × radius`, a Gaussian with a standard deviation of `radius / 2`. Zero gives a hard shadow.
    public var radius: Double
    /// The shadow colour; its alpha scales the shadow's opacity.
    public var color: Color

    /// Creates a shadow.
    public init(offset: Size = Size(width: 0, height: 2), radius: Double = 8, color: Color = Color.black.withAlpha(0.12)) {
        self.offset = offset
        self.radius = radius
        self.color = color
    }
}

/// How an image is fitted into a rectangle.
public enum ContentMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// Stretched to fill the rectangle exactly (aspect ratio not kept).
    case scaleToFill
    /// Scaled to fit inside, aspect ratio kept, centred (letterboxed).
    case aspectFit
    /// Scaled to cover the rectangle, aspect ratio kept, centred, the overflow clipped.
    case aspectFill
    /// At its natural size (its ``Bitmap/size`` in points), centred, clipped to the rectangle.
    case center
    /// Natural size, centred horizontally, at the top.
    case top
    /// Natural size, centred horizontally, at the bottom.
    case bottom
    /// Natural size, centred vertically, at the left.
    case left
    /// Natural size, centred vertically, at the right.
    case right
    /// Natural size, in the top-left corner.
    case topLeft
    /// Natural size, in the top-right corner.
    case topRight
    /// Natural size, in the bottom-left corner.
    case bottomLeft
    /// Natural size, in the bottom-right corner.
    case bottomRight

    /// The rectangle an image of `imageSize` points occupies when fitted into `bounds` this way.
    /// It may extend beyond `bounds` (``aspectFill`` and the natural-size modes); drawing clips it.
    public func frame(for imageSize: Size, in bounds: Rect) -> Rect {
        let iw = imageSize.width, ih = imageSize.height
        guard iw > 0, ih > 0 else { return bounds }
        switch self {
        case .scaleToFill:
            return bounds
        case .aspectFit, .aspectFill:
            let sx = bounds.width / iw, sy = bounds.height / ih
            let s = self == .aspectFit ? min(sx, sy) : max(sx, sy)
            let w = iw * s, h = ih * s
            return Rect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h)
        default:
            let x: Double
            let y: Double
            switch self {
            case .left, .topLeft, .bottomLeft: x = bounds.minX
            case .right, .topRight, .bottomRight: x = bounds.maxX - iw
            default: x = bounds.midX - iw / 2
            }
            switch self {
            case .top, .topLeft, .topRight: y = bounds.minY
            case .bottom, .bottomLeft, .bottomRight: y = bounds.maxY - ih
            default: y = bounds.midY - ih / 2
            }
            return Rect(x: x, y: y, width: iw, height: ih)
        }
    }
}

/// How smoothly a bitmap is resampled when drawn at another size.
public enum InterpolationQuality: String, Hashable, Sendable, Codable, CaseIterable {
    /// Nearest pixel: blocky, fastest; right for pixel art.
    case none
    /// Bilinear: fast, soft when downscaling by more than 2×.
    case low
    /// Cairo's "good" filter: bilinear up, box-filtered down. The default.
    case medium
    /// Cairo's "best" filter: the highest quality, the slowest.
    case high
}

/// How overlapping parts of a path decide what is inside.
public enum FillRule: String, Hashable, Sendable, Codable {
    /// Non-zero winding: every enclosed area is inside.
    case winding
    /// Even-odd: areas enclosed an even number of times are outside (holes).
    case evenOdd
}
