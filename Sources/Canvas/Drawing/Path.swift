import Foundation

/// A shape to fill, stroke or clip to: a value made of sub-paths, in points.
///
/// Build one with the static constructors (``rect(_:)``, ``roundedRect(_:radii:)``,
/// ``ellipse(in:)``) or element by element:
///
/// ```swift
/// var tick = Path()
/// tick.move(to: Point(x: 2, y: 8))
/// tick.addLine(to: Point(x: 6, y: 12))
/// tick.addLine(to: Point(x: 14, y: 3))
/// ```
public struct Path: Hashable, Sendable {
    /// One step of a path.
    public enum Element: Hashable, Sendable {
        /// Starts a new sub-path at a point.
        case move(to: Point)
        /// A straight line to a point.
        case line(to: Point)
        /// A quadratic Bézier curve to a point.
        case quadCurve(to: Point, control: Point)
        /// A cubic Bézier curve to a point.
        case curve(to: Point, control1: Point, control2: Point)
        /// A circular arc around `center` from `startAngle` to `endAngle` (radians, clockwise on
        /// screen when `clockwise` is true), joined to the current point by a line.
        case arc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool)
        /// Closes the current sub-path with a line to its start.
        case close
    }

    /// The elements in order.
    public private(set) var elements: [Element]

    /// An empty path.
    public init() {
        elements = []
    }

    /// A path made of the given elements.
    public init(elements: [Element]) {
        self.elements = elements
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new sub-path at `point`.
    public mutating func move(to point: Point) {
        elements.append(.move(to: point))
    }

    /// Adds a straight line to `point`.
    public mutating func addLine(to point: Point) {
        elements.append(.line(to: point))
    }

    /// Adds a quadratic Bézier curve.
    public mutating func addQuadCurve(to point: Point, control: Point) {
        elements.append(.quadCurve(to: point, control: control))
    }

    /// Adds a cubic Bézier curve.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        elements.append(.curve(to: point, control1: control1, control2: control2))
    }

    /// Adds a circular arc (see ``Element/arc(center:radius:startAngle:endAngle:clockwise:)``).
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool = true) {
        elements.append(.arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise))
    }

    /// Closes the current sub-path.
    public mutating func closeSubpath() {
        elements.append(.close)
    }

    /// Appends every element of `other`.
    public mutating func addPath(_ other: Path) {
        elements.append(contentsOf: other.elements)
    }

    /// Adds a rectangle as a closed sub-path (clockwise).
    public mutating func addRect(_ rect: Rect) {
        move(to: Point(x: rect.minX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.maxY))
        addLine(to: Point(x: rect.minX, y: rect.maxY))
        closeSubpath()
    }

    /// Adds a rectangle with a radius per corner; radii that do not fit are scaled down together
    /// (``CornerRadii/clamped(to:)``). Square corners give a plain rectangle.
    public mutating func addRoundedRect(_ rect: Rect, radii: CornerRadii) {
        let r = radii.clamped(to: rect.size)
        guard !r.isZero else {
            addRect(rect)
            return
        }
        let half = Double.pi / 2
        move(to: Point(x: rect.minX + r.topLeft, y: rect.minY))
        addArc(center: Point(x: rect.maxX - r.topRight, y: rect.minY + r.topRight), radius: r.topRight,
               startAngle: -half, endAngle: 0)
        addArc(center: Point(x: rect.maxX - r.bottomRight, y: rect.maxY - r.bottomRight), radius: r.bottomRight,
               startAngle: 0, endAngle: half)
        addArc(center: Point(x: rect.minX + r.bottomLeft, y: rect.maxY - r.bottomLeft), radius: r.bottomLeft,
               startAngle: half, endAngle: .pi)
        addArc(center: Point(x: rect.minX + r.topLeft, y: rect.minY + r.topLeft), radius: r.topLeft,
               startAngle: .pi, endAngle: 3 * half)
        closeSubpath()
    }

    /// Adds a rectangle whose corners are quarter ellipses: `horizontal` and `vertical` radius per
    /// corner (CSS's `border-radius: h / v`). The caller scales overlapping radii (CSS §5.5); a
    /// corner with either radius zero is square.
    public mutating func addRoundedRect(_ rect: Rect, horizontal: CornerRadii, vertical: CornerRadii) {
        func clean(_ r: Double) -> Double { r.isFinite && r > 0 ? r : 0 }
        var rx = [horizontal.topLeft, horizontal.topRight, horizontal.bottomRight, horizontal.bottomLeft].map(clean)
        var ry = [vertical.topLeft, vertical.topRight, vertical.bottomRight, vertical.bottomLeft].map(clean)
        for i in 0..<4 where rx[i] == 0 || ry[i] == 0 { rx[i] = 0; ry[i] = 0 }
        guard rx.contains(where: { $0 > 0 }) else { return addRect(rect) }
        // The quarter-ellipse Bézier approximation: control points k = 0.5523 of the radius in.
        let k = 1 - 0.5522847498307936
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        move(to: Point(x: x0 + rx[0], y: y0))
        addLine(to: Point(x: x1 - rx[1], y: y0))
        if rx[1] > 0 {
            addCurve(to: Point(x: x1, y: y0 + ry[1]), control1: Point(x: x1 - rx[1] * k, y: y0), control2: Point(x: x1, y: y0 + ry[1] * k))
        }
        addLine(to: Point(x: x1, y: y1 - ry[2]))
        if rx[2] > 0 {
            addCurve(to: Point(x: x1 - rx[2], y: y1), control1: Point(x: x1, y: y1 - ry[2] * k), control2: Point(x: x1 - rx[2] * k, y: y1))
        }
        addLine(to: Point(x: x0 + rx[3], y: y1))
        if rx[3] > 0 {
            addCurve(to: Point(x: x0, y: y1 - ry[3]), control1: Point(x: x0 + rx[3] * k, y: y1), control2: Point(x: x0, y: y1 - ry[3] * k))
        }
        addLine(to: Point(x: x0, y: y0 + ry[0]))
        if rx[0] > 0 {
            addCurve(to: Point(x: x0 + rx[0], y: y0), control1: Point(x: x0, y: y0 + ry[0] * k), control2: Point(x: x0 + rx[0] * k, y: y0))
        }
        closeSubpath()
    }

    /// Adds an ellipse inscribed in `rect`, as four cubic curves.
    public mutating func addEllipse(in rect: Rect) {
        // The standard four-arc Bézier approximation (error < 0.03 %).
        let k = 0.5522847498307936
        let cx = rect.midX, cy = rect.midY, rx = rect.width / 2, ry = rect.height / 2
        move(to: Point(x: cx + rx, y: cy))
        addCurve(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + k * ry), control2: Point(x: cx + k * rx, y: cy + ry))
        addCurve(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - k * rx, y: cy + ry), control2: Point(x: cx - rx, y: cy + k * ry))
        addCurve(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - k * ry), control2: Point(x: cx - k * rx, y: cy - ry))
        addCurve(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + k * rx, y: cy - ry), control2: Point(x: cx + rx, y: cy - k * ry))
        closeSubpath()
    }

    /// A rectangle.
    public static func rect(_ rect: Rect) -> Path {
        var path = Path()
        path.elements.reserveCapacity(5)
        path.addRect(rect)
        return path
    }

    /// A rectangle with rounded corners.
    public static func roundedRect(_ rect: Rect, radii: CornerRadii) -> Path {
        var path = Path()
        path.elements.reserveCapacity(16)
        path.addRoundedRect(rect, radii: radii)
        return path
    }

    /// A rectangle with elliptical corners (``addRoundedRect(_:horizontal:vertical:)``), or with
    /// circular ones drawn as arcs (``roundedRect(_:radii:)``) when `horizontal` equals `vertical`.
    public static func roundedRect(_ rect: Rect, horizontal: CornerRadii, vertical: CornerRadii) -> Path {
        if horizontal == vertical { return roundedRect(rect, radii: horizontal) }
        var path = Path()
        path.elements.reserveCapacity(16)
        path.addRoundedRect(rect, horizontal: horizontal, vertical: vertical)
        return path
    }

    /// A rectangle with the same radius on every corner.
    public static func roundedRect(_ rect: Rect, cornerRadius: Double) -> Path {
        roundedRect(rect, radii: CornerRadii(all: cornerRadius))
    }

    /// An ellipse inscribed in `rect` (a circle when `rect` is square).
    public static func ellipse(in rect: Rect) -> Path {
        var path = Path()
        path.addEllipse(in: rect)
        return path
    }

    /// A circle.
    public static func circle(center: Point, radius: Double) -> Path {
        ellipse(in: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
    }

    /// Whether every coordinate and radius in the path is a finite number.
    public var isFinite: Bool {
        elements.allSatisfy { element in
            switch element {
            case .move(let p), .line(let p): p.isFinite
            case .quadCurve(let p, let c): p.isFinite && c.isFinite
            case .curve(let p, let c1, let c2): p.isFinite && c1.isFinite && c2.isFinite
            case .arc(let c, let r, let a0, let a1, _): c.isFinite && r.isFinite && a0.isFinite && a1.isFinite
            case .close: true
            }
        }
    }
}
