/// An axis-aligned rectangle: an origin (its top-left corner) and a size, in points.
public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The extents.
    public var size: Size

    /// Creates a rectangle from its origin and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its coordinates.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// Creates a rectangle at the origin with the given size.
    public init(size: Size) {
        self.init(origin: .zero, size: size)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The horizontal centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The left edge (``origin``'s x), settable: moves the rectangle.
    public var x: Double {
        get { origin.x }
        set { origin.x = newValue }
    }
    /// The top edge (``origin``'s y), settable: moves the rectangle.
    public var y: Double {
        get { origin.y }
        set { origin.y = newValue }
    }
    /// The width (``size``'s), settable: keeps the origin.
    public var width: Double {
        get { size.width }
        set { size.width = newValue }
    }
    /// The height (``size``'s), settable: keeps the origin.
    public var height: Double {
        get { size.height }
        set { size.height = newValue }
    }
    /// The centre point.
    public var center: Point { Point(x: midX, y: midY) }

    /// Whether the rectangle has no area (zero, negative or NaN width or height).
    public var isEmpty: Bool { size.isEmpty }
    /// Whether every coordinate is a finite number.
    public var isFinite: Bool { origin.isFinite && size.isFinite }

    /// This rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// This rectangle shrunk by the given insets.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: minX + insets.left,
            y: minY + insets.top,
            width: width - insets.horizontal,
            height: height - insets.vertical
        )
    }

    /// This rectangle moved by `dx` and `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(origin: origin.offsetBy(dx: dx, dy: dy), size: size)
    }

    /// Whether `point` lies inside (the left and top edges included, the right and bottom excluded).
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether the two rectangles overlap in an area greater than zero.
    public func intersects(_ other: Rect) -> Bool {
        !intersection(other).isEmpty
    }

    /// The overlap of two rectangles, or an empty rectangle when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle that contains both; an empty operand is ignored.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX), y1 = max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle with integral coordinates that contains this one.
    public var integral: Rect {
        let x0 = minX.rounded(.down), y0 = minY.rounded(.down)
        return Rect(x: x0, y: y0, width: maxX.rounded(.up) - x0, height: maxY.rounded(.up) - y0)
    }

    /// A textual form such as `(0.0, 0.0, 375.0×260.0)`.
    public var description: String { "(\(minX), \(minY), \(size))" }
}
