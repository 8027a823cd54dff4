internal import Flexbox
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
internal import Canvas

/// The geometry of the compositing properties: the transform's matrix and the clip path's shape,
/// in the coordinates the element is drawn in.
enum CompositingGeometry {
    /// CSS's transform matrix for `functions` about `origin` in `box`: the origin moved to the
    /// top-left, the functions applied last first to a point, the origin moved back. `nil` when
    /// it is not invertible or not finite: CSS then draws nothing of the element.
    static func transform(_ functions: [TransformFunction], origin: BoxPosition, box: Rect, lengths: LengthContext) -> AffineTransform? {
        let ox = box.minX + origin.x.resolved(lengths, percentOf: box.width)
        let oy = box.minY + origin.y.resolved(lengths, percentOf: box.height)
        var matrix = AffineTransform(translationX: -ox, y: -oy)
        for function in functions.reversed() {
            let step: AffineTransform = switch function {
            case .translate(let x, let y):
                AffineTransform(translationX: x.resolved(lengths, percentOf: box.width), y: y.resolved(lengths, percentOf: box.height))
            case .scale(let x, let y):
                AffineTransform(scaleX: x, y: y)
            case .rotate(let degrees):
                AffineTransform(rotationAngle: degrees * .pi / 180)
            case .skew(let ax, let ay):
                AffineTransform(a: 1, b: tan(ay * .pi / 180), c: tan(ax * .pi / 180), d: 1, tx: 0, ty: 0)
            case .matrix(let a, let b, let c, let d, let e, let f):
                AffineTransform(a: a, b: b, c: c, d: d, tx: e, ty: f)
            }
            matrix = matrix.concatenating(step)
        }
        matrix = matrix.concatenating(AffineTransform(translationX: ox, y: oy))
        guard matrix.isFinite, abs(matrix.determinant) > 1e-12, matrix.inverted() != nil else { return nil }
        return matrix
    }

    /// Clips `context` to the clip path's shape in `box` (the border box). A `path()` whose data
    /// does not parse (refused at decoding: only a value built in Swift) clips everything away.
    static func clip(_ context: GraphicsContext, to shape: ClipShape, box: Rect, lengths: LengthContext) {
        guard let (path, rule) = clipShape(shape, box: box, lengths: lengths) else {
            // path(): in points from the border box's corner.
            guard case .path(let data, let evenOdd) = shape, let path = try? Path(svgPathData: data) else {
                return context.clip(to: Rect(x: 0, y: 0, width: 0, height: 0))
            }
            context.translateBy(x: box.minX, y: box.minY)
            context.clip(to: path, rule: evenOdd ? .evenOdd : .winding)
            context.translateBy(x: -box.minX, y: -box.minY)
            return
        }
        context.clip(to: path, rule: rule)
    }

    /// The shape of every clip path but `path()` (`nil`), with its fill rule.
    private static func clipShape(_ shape: ClipShape, box: Rect, lengths: LengthContext) -> (Path, FillRule)? {
        func x(_ l: StyleLength) -> Double { l.resolved(lengths, percentOf: box.width) }
        func y(_ l: StyleLength) -> Double { l.resolved(lengths, percentOf: box.height) }
        switch shape {
        case .inset(let top, let right, let bottom, let left, let radius):
            let rect = Rect(x: box.minX + x(left), y: box.minY + y(top),
                            width: max(box.width - x(left) - x(right), 0), height: max(box.height - y(top) - y(bottom), 0))
            let r = max(radius.resolved(lengths, percentOf: min(box.width, box.height)), 0)
            return (BoxGeometry.shape(rect, CornerRadii(all: r)), .winding)
        case .circle(let radius, let center):
            let c = Point(x: box.minX + x(center.x), y: box.minY + y(center.y))
            // A percentage is of the box's normalised diagonal (CSS Shapes §4.1.2).
            let basis = (box.width * box.width + box.height * box.height).squareRoot() / 2.0.squareRoot()
            let r = radius.map { $0.resolved(lengths, percentOf: basis) }
                ?? min(c.x - box.minX, box.maxX - c.x, c.y - box.minY, box.maxY - c.y)
            return (.circle(center: c, radius: max(r, 0)), .winding)
        case .ellipse(let rx, let ry, let center):
            let c = Point(x: box.minX + x(center.x), y: box.minY + y(center.y))
            let radiusX = rx.map { x($0) } ?? min(c.x - box.minX, box.maxX - c.x)
            let radiusY = ry.map { y($0) } ?? min(c.y - box.minY, box.maxY - c.y)
            return (.ellipse(in: Rect(x: c.x - radiusX, y: c.y - radiusY, width: max(2 * radiusX, 0), height: max(2 * radiusY, 0))), .winding)
        case .polygon(let points, let evenOdd):
            var path = Path()
            for (index, point) in points.enumerated() {
                let p = Point(x: box.minX + x(point.x), y: box.minY + y(point.y))
                if index == 0 { path.move(to: p) } else { path.addLine(to: p) }
            }
            path.closeSubpath()
            return (path, evenOdd ? .evenOdd : .winding)
        case .path:
            return nil
        }
    }
}
