/// A location in a two-dimensional coordinate system, in points.
///
/// The Canvas uses a top-left origin with y growing downwards, like UIKit and Cairo.
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate.
    public var y: Double

    /// Creates a point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, `(0, 0)`.
    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite numbers (neither NaN nor infinite).
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// This point moved by `dx` and `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Point {
        Point(x: x + dx, y: y + dy)
    }

    /// A textual form such as `(1.0, 2.0)`.
    public var description: String { "(\(x), \(y))" }
}
