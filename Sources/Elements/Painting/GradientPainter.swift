#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
internal import Canvas

/// Paints a CSS gradient into a tile (CSS Images 3 and 4 geometry) over the context's current
/// clip: the caller clips to the background's painting area and the tile.
struct GradientPainter {
    let context: GraphicsContext
    let lengths: LengthContext
    let currentColor: Color

    /// Paints `image` for a tile at `tile`.
    func paint(_ image: BackgroundImage, in tile: Rect) {
        guard tile.width > 0, tile.height > 0 else { return }
        switch image {
        case .linear(let g): paintLinear(g, tile)
        case .radial(let g): paintRadial(g, tile)
        case .conic(let g): paintConic(g, tile)
        case .image: break  // a picture: BackgroundPainter draws its bitmap
        }
    }

    private func paintLinear(_ g: LinearGradient, _ box: Rect) {
        let w = box.width, h = box.height
        let degrees: Double = switch g.direction {
        case .angle(let a): a
        case .toward(let horizontal, let vertical):
            switch (horizontal, vertical) {
            case (nil, .top?): 0
            case (.right?, nil): 90
            case (nil, .bottom?), (nil, nil): 180
            case (.left?, nil): 270
            case (let hs?, let vs?):
                // The 50% line joins the two other corners (CSS Images 3, "magic corners").
                atan2((hs == .right ? 1 : -1) * h, (vs == .top ? 1 : -1) * w) * 180 / .pi
            }
        }
        let radians = degrees * .pi / 180
        let dx = sin(radians), dy = -cos(radians)
        let length = abs(w * dx) + abs(h * dy)
        let center = Point(x: box.minX + w / 2, y: box.minY + h / 2)
        let stops = GradientStops(g.stops, length: length, context: lengths, currentColor: currentColor)
        func point(_ t: Double) -> Point { Point(x: center.x + dx * (t - length / 2), y: center.y + dy * (t - length / 2)) }
        let range = stops.range
        if g.repeating, range.upperBound - range.lowerBound < 1e-3 {
            return context.paint(.color(stops.averageColor))
        }
        // A padded ramp is laid over the whole line (and past it, where stops are outside), so
        // a hard stop — two stops at one place — is never a zero-length ramp, which Cairo
        // would draw as one colour.
        let span = g.repeating ? range : min(range.lowerBound, 0)...max(range.upperBound, length, min(range.lowerBound, 0) + 1e-3)
        let gradient = stops.gradient(over: span, spread: g.repeating ? .repeat : .pad, space: g.colorSpace)
        context.paint(.linearGradient(gradient, start: point(span.lowerBound), end: point(span.upperBound)))
    }

    private func paintRadial(_ g: RadialGradient, _ box: Rect) {
        let cx = box.minX + g.center.x.resolved(lengths, percentOf: box.width)
        let cy = box.minY + g.center.y.resolved(lengths, percentOf: box.height)
        let left = abs(cx - box.minX), right = abs(box.maxX - cx), top = abs(cy - box.minY), bottom = abs(box.maxY - cy)
        let sideX = (closest: min(left, right), farthest: max(left, right))
        let sideY = (closest: min(top, bottom), farthest: max(top, bottom))
        var rx: Double, ry: Double
        switch (g.shape, g.extent) {
        case (_, .radii(let a, let b)):
            rx = a.resolved(lengths, percentOf: box.width)
            ry = b?.resolved(lengths, percentOf: box.height) ?? rx
        case (.circle, .closestSide):
            rx = min(sideX.closest, sideY.closest); ry = rx
        case (.circle, .farthestSide):
            rx = max(sideX.farthest, sideY.farthest); ry = rx
        case (.circle, .closestCorner):
            rx = hypot(sideX.closest, sideY.closest); ry = rx
        case (.circle, .farthestCorner):
            rx = hypot(sideX.farthest, sideY.farthest); ry = rx
        case (.ellipse, .closestSide):
            rx = sideX.closest; ry = sideY.closest
        case (.ellipse, .farthestSide):
            rx = sideX.farthest; ry = sideY.farthest
        case (.ellipse, .closestCorner):
            rx = sideX.closest * 2.0.squareRoot(); ry = sideY.closest * 2.0.squareRoot()
        case (.ellipse, .farthestCorner):
            rx = sideX.farthest * 2.0.squareRoot(); ry = sideY.farthest * 2.0.squareRoot()
        }
        rx = max(rx, 0)
        ry = max(ry, 0)
        let stops = GradientStops(g.stops, length: rx, context: lengths, currentColor: currentColor)
        let range = stops.range
        if g.repeating, range.upperBound - range.lowerBound < 1e-3 {
            return context.paint(.color(stops.averageColor))
        }
        guard rx > 1e-6, ry > 1e-6 else {
            // A degenerate ending shape: CSS draws it as the last colour everywhere.
            return context.paint(.color(stops.placed.last?.color ?? Color(white: 0, alpha: 0)))
        }
        // Radii below 0 do not exist: a padded ramp runs from the centre to past the last stop.
        let span = g.repeating ? max(range.lowerBound, 0)...max(range.upperBound, max(range.lowerBound, 0) + 1e-3)
            : 0...max(range.upperBound, rx, 1e-3)
        let gradient = stops.gradient(over: span, spread: g.repeating ? .repeat : .pad, space: g.colorSpace)
        context.withSavedGState {
            context.translateBy(x: cx, y: cy)
            context.scaleBy(x: 1, y: ry / rx)
            context.paint(.radialGradient(gradient, startCenter: .zero, startRadius: span.lowerBound, endCenter: .zero, endRadius: span.upperBound))
        }
    }

    private func paintConic(_ g: ConicGradient, _ box: Rect) {
        let cx = box.minX + g.center.x.resolved(lengths, percentOf: box.width)
        let cy = box.minY + g.center.y.resolved(lengths, percentOf: box.height)
        // Positions are percent of a turn: place them on a line 100 long.
        let stops = GradientStops(g.stops, length: 100, context: lengths, currentColor: currentColor)
        let range = stops.range
        if g.repeating, range.upperBound - range.lowerBound < 1e-3 {
            return context.paint(.color(stops.averageColor))
        }
        var gradient = stops.gradient(over: range, spread: .pad, space: g.colorSpace)
        // The mesh spans one turn: map the stops' locations from their range onto the turn,
        // repeating them round it for the repeating form.
        let span = range.upperBound - range.lowerBound
        var turn: [Gradient.Stop] = []
        if g.repeating {
            var offset = range.lowerBound - (range.lowerBound / span).rounded(.up) * span
            var guardCount = 0
            while offset < 100, guardCount < 3_600 {
                for stop in gradient.stops { turn.append(.init(location: (offset + stop.location * span) / 100, color: stop.color)) }
                offset += span
                guardCount += 1
            }
            turn = turn.filter { (-1...2).contains($0.location) }
            gradient = Gradient(stops: Self.clipped(turn), spread: .pad)
        } else {
            gradient = Gradient(stops: Self.clipped(gradient.stops.map { .init(location: (range.lowerBound + $0.location * span) / 100, color: $0.color) }), spread: .pad)
        }
        // CSS's 0deg is up; the mesh's angle 0 is along +x.
        let start = (g.from - 90) * .pi / 180
        context.paint(.conicGradient(gradient, center: Point(x: cx, y: cy), startAngle: start))
    }

    /// Stops cut to 0...1, with the colours at the cuts interpolated (a conic turn has no padding
    /// beyond its ends: it wraps).
    static func clipped(_ stops: [Gradient.Stop]) -> [Gradient.Stop] {
        guard !stops.isEmpty else { return stops }
        func colorAt(_ t: Double) -> Color {
            if t <= stops[0].location { return stops[0].color }
            for (a, b) in zip(stops, stops.dropFirst()) where t <= b.location {
                let span = b.location - a.location
                return span > 0 ? GradientStops.mix(a.color, b.color, (t - a.location) / span) : b.color
            }
            return stops[stops.count - 1].color
        }
        var result: [Gradient.Stop] = [.init(location: 0, color: colorAt(0))]
        result += stops.filter { $0.location > 0 && $0.location < 1 }
        result.append(.init(location: 1, color: colorAt(1)))
        return result
    }
}
