internal import Canvas
internal import Flexbox

/// Paints an element's border (CSS Backgrounds 3 §4): each side in its own style and colour,
/// inside the border box's edge. Sides that differ meet on the diagonal between the outer and
/// inner corners, as in browsers.
struct BorderPainter {
    let context: GraphicsContext
    let currentColor: Color

    /// One side, resolved.
    private struct Side: Equatable {
        var width: Double
        var style: BorderLineStyle
        var color: Color
        var isVisible: Bool { width > 0 && style != .none && style != .hidden && color.alpha > 0 }
    }

    /// Paints `sides` around `box`.
    func paint(_ sides: BorderSides, in box: BoxGeometry) {
        let b = box.border
        let resolved = zip([b.top, b.right, b.bottom, b.left], sides.all).map { width, side in
            Side(width: width, style: side.style, color: side.color.resolved(currentColor: currentColor))
        }
        guard resolved.contains(where: \.isVisible) else { return }
        // One path round a uniform border; dashes and dots on square corners go side by side,
        // as Chromium spaces them (each side starts and ends with one).
        if resolved.allSatisfy({ $0 == resolved[0] }), [.solid, .double].contains(resolved[0].style)
            || ([.dashed, .dotted].contains(resolved[0].style) && !box.borderRadii.isZero) {
            return paintUniform(resolved[0], box)
        }
        let outer = box.borderBox
        // Each side's region: the trapezoid from its outer edge to its inner edge.
        let corners = (
            outer: [Point(x: outer.minX, y: outer.minY), Point(x: outer.maxX, y: outer.minY), Point(x: outer.maxX, y: outer.maxY), Point(x: outer.minX, y: outer.maxY)],
            inner: Self.innerJoinPoints(box)
        )
        // Inwards from side i across the box (down from the top side, left from the right side…).
        let along: [Point] = [Point(x: 0, y: 1), Point(x: -1, y: 0), Point(x: 0, y: -1), Point(x: 1, y: 0)]
        for (index, side) in resolved.enumerated() where side.isVisible {
            let next = (index + 1) % 4
            // Where a later, opaque side meets this one, this side reaches a point past the
            // diagonal under it: the later side's edge then blends with this colour, not with
            // what is beneath (no light seam along the join).
            func overlap(_ neighbour: Int) -> Point {
                neighbour > index && resolved[neighbour].isVisible && resolved[neighbour].color.alpha >= 1 && side.color.alpha >= 1
                    ? along[index] : .zero
            }
            let a = overlap((index + 3) % 4), b = overlap(next)
            func plus(_ p: Point, _ d: Point) -> Point { Point(x: p.x + d.x, y: p.y + d.y) }
            var region = Path()
            region.move(to: corners.outer[index])
            region.addLine(to: corners.outer[next])
            region.addLine(to: plus(corners.outer[next], b))
            region.addLine(to: plus(corners.inner[next], b))
            region.addLine(to: plus(corners.inner[index], a))
            region.addLine(to: plus(corners.outer[index], a))
            region.closeSubpath()
            context.withSavedGState {
                context.clip(to: region)
                paintSide(side, index: index, box: box)
            }
        }
    }

    /// Where two sides' regions meet inside the border, per corner (top left, top right, bottom
    /// right, bottom left): the padding box's corner, or for a rounded inner corner the point
    /// where the line from the outer corner through it crosses the chord between the ends of the
    /// inner curve, so the part of the border inside that corner belongs to a side (Chromium's
    /// border side clip).
    static func innerJoinPoints(_ box: BoxGeometry) -> [Point] {
        let inner = box.paddingBox, outer = box.borderBox, r = box.paddingRadii
        let rects: [(inner: Point, outer: Point, rx: Double, ry: Double, sx: Double, sy: Double)] = [
            (Point(x: inner.minX, y: inner.minY), Point(x: outer.minX, y: outer.minY), r.h.topLeft, r.v.topLeft, 1, 1),
            (Point(x: inner.maxX, y: inner.minY), Point(x: outer.maxX, y: outer.minY), r.h.topRight, r.v.topRight, -1, 1),
            (Point(x: inner.maxX, y: inner.maxY), Point(x: outer.maxX, y: outer.maxY), r.h.bottomRight, r.v.bottomRight, -1, -1),
            (Point(x: inner.minX, y: inner.maxY), Point(x: outer.minX, y: outer.maxY), r.h.bottomLeft, r.v.bottomLeft, 1, -1),
        ]
        return rects.map { c in
            guard c.rx > 0, c.ry > 0 else { return c.inner }
            // The chord from (x + rx, y) to (x, y + ry) (signs inwards), and the line O → I.
            let a = Point(x: c.inner.x + c.sx * c.rx, y: c.inner.y), b = Point(x: c.inner.x, y: c.inner.y + c.sy * c.ry)
            let d1 = Point(x: c.inner.x - c.outer.x, y: c.inner.y - c.outer.y), d2 = Point(x: b.x - a.x, y: b.y - a.y)
            let denominator = d1.x * d2.y - d1.y * d2.x
            guard abs(denominator) > 1e-9 else { return c.inner }
            let t = ((a.x - c.outer.x) * d2.y - (a.y - c.outer.y) * d2.x) / denominator
            return t.isFinite && t > 0 ? Point(x: c.outer.x + d1.x * t, y: c.outer.y + d1.y * t) : c.inner
        }
    }

    private func paintUniform(_ side: Side, _ box: BoxGeometry) {
        switch side.style {
        case .solid:
            let half = side.width / 2
            let middle = BoxGeometry.shape(box.borderBox.insetBy(dx: half, dy: half), box.borderRadii.shrunk(top: half, right: half, bottom: half, left: half))
            context.stroke(middle, with: .color(side.color), style: StrokeStyle(lineWidth: side.width))
        case .double:
            paintDouble(side.color, box, widths: (side.width, side.width, side.width, side.width))
        case .dashed, .dotted:
            // One stroke round the middle of the border, its dashes fitted to the perimeter.
            let half = side.width / 2
            let rect = box.borderBox.insetBy(dx: half, dy: half)
            let radii = box.borderRadii.shrunk(top: half, right: half, bottom: half, left: half)
            // Each rounded corner's quarter ellipse is shorter than its two square sides by about (2 - π/2) r.
            let corners = (radii.h.topLeft + radii.h.topRight + radii.h.bottomRight + radii.h.bottomLeft
                + radii.v.topLeft + radii.v.topRight + radii.v.bottomRight + radii.v.bottomLeft) / 2
            let perimeter = 2 * (rect.width + rect.height) - (2 - .pi / 2) * corners
            context.withSavedGState {
                context.clip(to: ring(box.shape(.borderBox), box.shape(.paddingBox)), rule: .evenOdd)
                context.stroke(BoxGeometry.shape(rect, radii), with: .color(side.color), style: dashStyle(side, length: perimeter, closed: true))
            }
        case .none, .hidden, .groove, .ridge, .inset, .outset:
            break
        }
    }

    private func paintSide(_ side: Side, index: Int, box: BoxGeometry) {
        switch side.style {
        case .solid:
            context.fill(ring(box.shape(.borderBox), box.shape(.paddingBox)), with: .color(side.color), rule: .evenOdd)
        case .double:
            let b = box.border
            paintDouble(side.color, box, widths: (b.top, b.right, b.bottom, b.left))
        case .dashed, .dotted:
            let outer = box.borderBox, b = box.border
            let half = side.width / 2
            let (start, end): (Point, Point) = switch index {
            case 0: (Point(x: outer.minX, y: outer.minY + half), Point(x: outer.maxX, y: outer.minY + half))
            case 1: (Point(x: outer.maxX - half, y: outer.minY), Point(x: outer.maxX - half, y: outer.maxY))
            case 2: (Point(x: outer.maxX, y: outer.maxY - half), Point(x: outer.minX, y: outer.maxY - half))
            default: (Point(x: outer.minX + half, y: outer.maxY), Point(x: outer.minX + half, y: outer.minY))
            }
            _ = b
            var line = Path()
            line.move(to: start)
            line.addLine(to: end)
            let length = abs(end.x - start.x) + abs(end.y - start.y)
            context.withSavedGState {
                context.clip(to: ring(box.shape(.borderBox), box.shape(.paddingBox)), rule: .evenOdd)
                context.stroke(line, with: .color(side.color), style: dashStyle(side, length: length, closed: false))
            }
        case .inset, .outset:
            context.fill(ring(box.shape(.borderBox), box.shape(.paddingBox)), with: .color(Self.shade(side.color, side: index, sunk: side.style == .inset)), rule: .evenOdd)
        case .groove, .ridge:
            // Two halves: the outer one as inset (groove) or outset (ridge), the inner one the other way.
            let b = box.border
            let middle = BoxGeometry.shape(box.borderBox.inset(by: EdgeInsets(top: b.top / 2, left: b.left / 2, bottom: b.bottom / 2, right: b.right / 2)),
                                           box.borderRadii.shrunk(top: b.top / 2, right: b.right / 2, bottom: b.bottom / 2, left: b.left / 2))
            let groove = side.style == .groove
            context.fill(ring(box.shape(.borderBox), middle), with: .color(Self.shade(side.color, side: index, sunk: groove)), rule: .evenOdd)
            context.fill(ring(middle, box.shape(.paddingBox)), with: .color(Self.shade(side.color, side: index, sunk: !groove)), rule: .evenOdd)
        case .none, .hidden:
            break
        }
    }

    /// A side's colour for the 3D styles, as Chromium shades them: darker on the top and left of
    /// a sunk box (its `Color::Dark`: channels scaled by (v − 0.33) / v, v the largest) and
    /// lighter on the other two (`Color::Light`: scaled by min(1, v + 0.33) / v); the other
    /// way round for a raised box. Black lightens to #545454.
    static func shade(_ color: Color, side: Int, sunk: Bool) -> Color {
        let topOrLeft = side == 0 || side == 3
        let v = max(color.red, color.green, color.blue)
        let k: Double
        if topOrLeft == sunk {
            guard v > 0 else { return color }
            k = max(0, (v - 0.33) / v)
        } else {
            guard v > 0 else { return Color(red255: 84, green255: 84, blue255: 84, alpha: color.alpha) }
            k = min(1, v + 0.33) / v
        }
        return Color(red: color.red * k, green: color.green * k, blue: color.blue * k, alpha: color.alpha)
    }

    /// Two lines, each a third of the widths, the middle third left clear.
    private func paintDouble(_ color: Color, _ box: BoxGeometry, widths: (Double, Double, Double, Double)) {
        let (t, r, b, l) = widths
        func inset(_ f: Double) -> Path {
            let rect = box.borderBox
            let inner = Rect(x: rect.minX + l * f, y: rect.minY + t * f, width: rect.width - (l + r) * f, height: rect.height - (t + b) * f)
            return BoxGeometry.shape(inner, box.borderRadii.shrunk(top: t * f, right: r * f, bottom: b * f, left: l * f))
        }
        context.fill(ring(box.shape(.borderBox), inset(1.0 / 3)), with: .color(color), rule: .evenOdd)
        context.fill(ring(inset(2.0 / 3), box.shape(.paddingBox)), with: .color(color), rule: .evenOdd)
    }

    private func ring(_ outer: Path, _ inner: Path) -> Path {
        var path = outer
        path.addPath(inner)
        return path
    }

    /// Dashes as Chromium draws them: 3 × the width with gaps of 2 × for thin lines, 2 × and 1 ×
    /// for lines 3 device pixels wide and more (so a 2 px border at scale 2 has the thick ones,
    /// measured); square dots one width across, a width apart, round ones from 3 device pixels.
    /// The gaps are stretched so a whole number of dashes fits and, on an open side, dashes start
    /// and end at its corners.
    private func dashStyle(_ side: Side, length: Double, closed: Bool) -> StrokeStyle {
        let w = side.width
        let thick = w * context.scale >= 3 - 1e-9
        var style = StrokeStyle(lineWidth: w)
        let dash: Double, gap: Double
        if side.style == .dotted {
            dash = thick ? 0 : w
            gap = thick ? 2 * w : w
            if thick { style.lineCap = .round }
        } else {
            dash = thick ? 2 * w : 3 * w
            gap = thick ? w : 2 * w
        }
        let period = dash + gap
        guard length > 0, period > 0 else { return style }
        // A round dot is a zero-length dash with round caps, but it takes a width like a square one.
        let footprint = side.style == .dotted ? w : dash
        let spacing = side.style == .dotted ? w : gap
        if closed {
            let count = max(1, (length / (footprint + spacing)).rounded())
            let fitted = length / count
            style.dash = [dash, max(fitted - dash, 0.001)]
        } else {
            // n dashes and n - 1 gaps span the side.
            let count = max(1, ((length + spacing) / (footprint + spacing)).rounded())
            let fittedGap = count > 1 ? max((length - count * dash) / (count - 1), 0.001) : length
            style.dash = [dash, fittedGap]
            if side.style == .dotted, thick {
                style.dash = [0, max((length - w) / max(count - 1, 1), 0.001)]
                style.dashPhase = -w / 2
            }
        }
        return style
    }

    /// Paints `outline` around `box`: a border of the outline's width and style outside the
    /// border box, `offset` away from it, its corners following the border's radii.
    func paint(outline: Outline, around box: BoxGeometry) {
        let w = max(outline.width, 0)
        let grow = outline.offset + w
        let outer = box.borderBox.insetBy(dx: -grow, dy: -grow)
        guard w > 0, outer.width > 0, outer.height > 0 else { return }
        let ring = BoxGeometry(borderBox: outer, radii: box.borderRadii.spread(by: grow).fitted(to: outer.size), border: ResolvedEdges(top: w, left: w, bottom: w, right: w))
        paint(BorderSides(all: BorderSide(color: outline.color, style: outline.style)), in: ring)
    }
}
