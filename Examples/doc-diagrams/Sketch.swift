import Foundation
import AsyncLayerKit

/// The drawing vocabulary of the diagrams over a Canvas `GraphicsContext`: labels in markup,
/// rounded boxes, arrows, dashed lines, numbered checks, braces, hatching, and element-tree panels.
///
/// Drawing calls do not throw, so a diagram reads as a list of shapes: the first failure (a label
/// that cannot be measured, a bad markup tag) is kept and rethrown by ``Diagram/render()``.
final class Sketch {
    let context: GraphicsContext
    private(set) var failure: (any Error)?

    init(_ context: GraphicsContext) {
        self.context = context
    }

    /// Keeps the first error of a drawing call.
    func attempt(_ body: () throws -> Void) {
        guard failure == nil else { return }
        do { try body() } catch { failure = error }
    }

    // MARK: Text

    /// Measures a label: wrapped and aligned within `width` when it is > 0, else on one line per
    /// `\n`.
    func measure(_ markup: String, width: Double = 0, align: Align = .left, font: Font, color: Color) throws -> TextLayout {
        let text = try Markup.parse(markup)
        return try TextLayout(
            text: text,
            style: font.style(color, alignment: align.textAlignment),
            options: TextLayoutOptions(maxWidth: width > 0 ? width : nil, lineBreakMode: .word)
        )
    }

    /// Draws a label with its top at `y`: within `width` when it is > 0 (aligned in it), else
    /// starting at (`.left`), centred on (`.center`) or ending at (`.right`) `x`.
    func text(_ markup: String, x: Double, y: Double, width: Double = 0, align: Align = .left, font: Font, color: Color = Palette.ink) {
        attempt {
            let layout = try measure(markup, width: width, align: align, font: font, color: color)
            var left = x
            if width <= 0 {
                switch align {
                case .left: break
                case .center: left -= layout.size.width / 2
                case .right: left -= layout.size.width
                }
            }
            let frame = Rect(x: left, y: y, width: layout.size.width, height: layout.size.height)
            guard frame.minX >= -0.5, frame.minY >= -0.5, frame.maxX <= context.size.width + 0.5,
                  frame.maxY <= context.size.height + 0.5 else {
                throw DiagramError("label \"\(layout.text.string)\" at \(frame) leaves the picture")
            }
            context.draw(layout, at: Point(x: left, y: y))
        }
    }

    // MARK: Shapes

    /// A rounded rectangle path.
    func rounded(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius: Double) -> Path {
        .roundedRect(Rect(x: x, y: y, width: w, height: h), cornerRadius: radius)
    }

    /// Fills and strokes a path.
    func shape(_ path: Path, stroke: Color?, fill: Color?, width: Double = 1.5, dash: [Double] = []) {
        if let fill { context.fill(path, with: .color(fill)) }
        if let stroke { context.stroke(path, with: .color(stroke), style: StrokeStyle(lineWidth: width, dash: dash)) }
    }

    /// The diagrams' box: corners of 10 pt, a 1.5 pt outline.
    func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double, stroke: Color, fill: Color, radius: Double = 10, width: Double = 1.5) {
        shape(rounded(x, y, w, h, radius: radius), stroke: stroke, fill: fill, width: width)
    }

    /// A straight line, solid or dashed (5 on, 4 off).
    func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, color: Color, width: Double, dashed: Bool = false) {
        var path = Path()
        path.move(to: Point(x: x0, y: y0))
        path.addLine(to: Point(x: x1, y: y1))
        context.stroke(path, with: .color(color), style: StrokeStyle(lineWidth: width, dash: dashed ? [5, 4] : []))
    }

    /// A polyline through `points`, solid or dashed.
    func polyline(_ points: [Point], color: Color, width: Double, dashed: Bool = false) {
        guard let first = points.first else { return }
        var path = Path()
        path.move(to: first)
        for point in points.dropFirst() { path.addLine(to: point) }
        context.stroke(path, with: .color(color), style: StrokeStyle(lineWidth: width, dash: dashed ? [5, 4] : [], lineJoin: .round))
    }

    /// An arrow from (x0, y0) to the tip at (x1, y1): a line and a filled triangular head of 9 pt
    /// (the Canvas has no arrowhead; this is one Path).
    func arrow(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, color: Color, width: Double) {
        let angle = atan2(y1 - y0, x1 - x0), head = 9.0
        line(x0, y0, x1 - cos(angle) * head * 0.8, y1 - sin(angle) * head * 0.8, color: color, width: width)
        arrowhead(at: Point(x: x1, y: y1), angle: angle, color: color)
    }

    /// A filled arrowhead with its tip at `tip`, pointing along `angle` (radians).
    func arrowhead(at tip: Point, angle: Double, color: Color, size head: Double = 9) {
        var path = Path()
        path.move(to: tip)
        path.addLine(to: Point(x: tip.x - head * cos(angle - 0.42), y: tip.y - head * sin(angle - 0.42)))
        path.addLine(to: Point(x: tip.x - head * cos(angle + 0.42), y: tip.y - head * sin(angle + 0.42)))
        path.closeSubpath()
        context.fill(path, with: .color(color))
    }

    /// A bar on a time line from x0 to x1, centred on y, with a centred label.
    func bar(_ x0: Double, _ x1: Double, y: Double, stroke: Color, fill: Color, label: String) {
        box(x0, y - 11, x1 - x0, 22, stroke: stroke, fill: fill, radius: 6, width: 1.3)
        if !label.isEmpty { text(label, x: x0, y: y - 7, width: x1 - x0, align: .center, font: .sans(9.5), color: stroke) }
    }

    /// A filled circle.
    func dot(_ x: Double, _ y: Double, radius: Double = 5, color: Color) {
        context.fill(.circle(center: Point(x: x, y: y), radius: radius), with: .color(color))
    }

    /// A numbered cancellation check: a circle with its number, green when it passes, red when it fails.
    func check(_ x: Double, _ y: Double, number: Int, passes: Bool) {
        shape(.circle(center: Point(x: x, y: y), radius: 9), stroke: passes ? Palette.green : Palette.red,
              fill: passes ? Palette.greenFill : Palette.redFill, width: 1.6)
        text("\(number)", x: x, y: y - 7, align: .center, font: .bold(9.5), color: passes ? Palette.green : Palette.red)
    }

    /// A horizontal brace from x0 to x1 at y, opening upwards, its tip pointing down.
    func brace(_ x0: Double, _ x1: Double, y: Double, color: Color) {
        let mid = (x0 + x1) / 2, h = 8.0
        var path = Path()
        path.move(to: Point(x: x0, y: y))
        path.addCurve(to: Point(x: x0 + 12, y: y + h), control1: Point(x: x0, y: y + h), control2: Point(x: x0 + 4, y: y + h))
        path.addLine(to: Point(x: mid - 10, y: y + h))
        path.addCurve(to: Point(x: mid, y: y + 2 * h), control1: Point(x: mid - 3, y: y + h), control2: Point(x: mid, y: y + h))
        path.addCurve(to: Point(x: mid + 10, y: y + h), control1: Point(x: mid, y: y + h), control2: Point(x: mid + 3, y: y + h))
        path.addLine(to: Point(x: x1 - 12, y: y + h))
        path.addCurve(to: Point(x: x1, y: y), control1: Point(x: x1 - 4, y: y + h), control2: Point(x: x1, y: y + h))
        context.stroke(path, with: .color(color), style: StrokeStyle(lineWidth: 1.4))
    }

    /// Diagonal hatching over a rectangle, clipped to it.
    func hatch(_ rect: Rect, color: Color) {
        context.withSavedGState {
            context.clip(to: rect)
            var path = Path()
            var d = -rect.height
            while d < rect.width {
                path.move(to: Point(x: rect.minX + d, y: rect.maxY))
                path.addLine(to: Point(x: rect.minX + d + rect.height, y: rect.minY))
                d += 7
            }
            context.stroke(path, with: .color(color), style: StrokeStyle(lineWidth: 1))
        }
    }
}
