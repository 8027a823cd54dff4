public import Flexbox
public import Canvas

/// One corner's radii, CSS's `border-*-radius: horizontal vertical`: a quarter ellipse, each
/// radius a length or a percentage (of the border box's width for the horizontal one, its
/// height for the vertical one).
public struct CornerRadius: Hashable, Sendable {
    /// Along the top or bottom edge.
    public var horizontal: StyleLength
    /// Along the left or right edge.
    public var vertical: StyleLength

    /// A corner; one radius gives a circular corner.
    public init(_ horizontal: StyleLength, _ vertical: StyleLength? = nil) {
        self.horizontal = horizontal
        self.vertical = vertical ?? horizontal
    }

    /// A square corner.
    public static let zero = CornerRadius(.zero)
}

/// CSS `border-radius`: the four corners, resolved against the border box when drawn and scaled
/// down together where they overlap (CSS Backgrounds 3 §5.5).
public struct BorderRadius: Hashable, Sendable {
    /// The top-left corner.
    public var topLeft: CornerRadius
    /// The top-right corner.
    public var topRight: CornerRadius
    /// The bottom-right corner.
    public var bottomRight: CornerRadius
    /// The bottom-left corner.
    public var bottomLeft: CornerRadius

    /// Four corners.
    public init(topLeft: CornerRadius, topRight: CornerRadius, bottomRight: CornerRadius, bottomLeft: CornerRadius) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// Circular corners in points.
    public init(_ radii: CornerRadii) {
        self.init(topLeft: CornerRadius(.points(radii.topLeft)), topRight: CornerRadius(.points(radii.topRight)),
                  bottomRight: CornerRadius(.points(radii.bottomRight)), bottomLeft: CornerRadius(.points(radii.bottomLeft)))
    }

    /// Square corners.
    public static let zero = BorderRadius(.zero)

    /// The corners in CSS order: top-left, top-right, bottom-right, bottom-left.
    public var corners: [CornerRadius] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// The radii in points when every corner is circular and in points (the form earlier
    /// documents and ``/Canvas/CornerRadii`` hold), else `nil`.
    var circularPoints: CornerRadii? {
        var values: [Double] = []
        for corner in corners {
            guard case .points(let h) = corner.horizontal, corner.vertical == corner.horizontal else { return nil }
            values.append(h)
        }
        return CornerRadii(topLeft: values[0], topRight: values[1], bottomRight: values[2], bottomLeft: values[3])
    }
}
