/// A radius for each corner of a rounded rectangle, in points.
///
/// Radii that do not fit are scaled down together, as CSS does: when two adjacent radii add up to
/// more than the side between them, every radius is multiplied by the same factor so the largest
/// pair just fits (see ``clamped(to:)``).
public struct CornerRadii: Hashable, Sendable, Codable {
    /// The top-left radius.
    public var topLeft: Double
    /// The top-right radius.
    public var topRight: Double
    /// The bottom-right radius.
    public var bottomRight: Double
    /// The bottom-left radius.
    public var bottomLeft: Double

    /// Creates radii for each corner.
    public init(topLeft: Double = 0, topRight: Double = 0, bottomRight: Double = 0, bottomLeft: Double = 0) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The same radius on every corner.
    public init(all radius: Double) {
        self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
    }

    /// Square corners.
    public static let zero = CornerRadii()

    /// Radii on the top corners only.
    public static func top(_ radius: Double) -> CornerRadii {
        CornerRadii(topLeft: radius, topRight: radius)
    }

    /// Radii on the bottom corners only.
    public static func bottom(_ radius: Double) -> CornerRadii {
        CornerRadii(bottomRight: radius, bottomLeft: radius)
    }

    /// Whether every corner is square.
    public var isZero: Bool { topLeft <= 0 && topRight <= 0 && bottomRight <= 0 && bottomLeft <= 0 }

    /// The radii made safe to draw in a rectangle of `size`: negative and non-finite radii become 0,
    /// and radii that overlap are scaled down together by the CSS rule.
    public func clamped(to size: Size) -> CornerRadii {
        func clean(_ r: Double) -> Double { r.isFinite && r > 0 ? r : 0 }
        var r = CornerRadii(
            topLeft: clean(topLeft),
            topRight: clean(topRight),
            bottomRight: clean(bottomRight),
            bottomLeft: clean(bottomLeft)
        )
        let w = max(size.width, 0), h = max(size.height, 0)
        var factor = 1.0
        for (sum, side) in [
            (r.topLeft + r.topRight, w), (r.bottomLeft + r.bottomRight, w),
            (r.topLeft + r.bottomLeft, h), (r.topRight + r.bottomRight, h),
        ] where sum > side {
            factor = min(factor, side / sum)
        }
        if factor < 1 {
            r.topLeft *= factor
            r.topRight *= factor
            r.bottomRight *= factor
            r.bottomLeft *= factor
        }
        return r
    }
}
