#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CCairoPango

/// A conic gradient as a Cairo mesh pattern (Cairo has no conic gradient): one patch per sector
/// of at most 5°, from the centre out past the bitmap, its two outer corners coloured by the
/// ramp at their angles. Sectors break at every stop, so hard stops stay hard.
enum ConicMesh {
    /// The largest sector, in radians: the colour is exact at every sector edge and linear
    /// between, and the outer arc is a cubic (close to the circle below 90°).
    static let maximumSector = Double.pi / 36

    /// A mesh pattern the caller destroys.
    static func pattern(_ gradient: Gradient, center: Point, startAngle: Double, radius: Double) -> OpaquePointer {
        let pattern = cairo_pattern_create_mesh()!
        let stops = gradient.stops
        guard let first = stops.first, let last = stops.last else { return pattern }
        // The turn's breakpoints: every stop location, 0 and 1, then split into small sectors.
        var breaks = [0.0] + stops.map(\.location) + [1.0]
        breaks.sort()
        var edges: [Double] = []
        for (a, b) in zip(breaks, breaks.dropFirst()) where b > a {
            let pieces = max(1, Int(((b - a) * 2 * .pi / maximumSector).rounded(.up)))
            for k in 0..<pieces { edges.append(a + (b - a) * Double(k) / Double(pieces)) }
        }
        edges.append(1)
        func color(at t: Double, after: Bool) -> Color {
            if t < first.location || (t == first.location && !after) { return first.color }
            if t > last.location || (t == last.location && after) { return last.color }
            // The last stop at or before t (after: the last one at t; before: the first at t).
            var index = 0
            while index + 1 < stops.count, after ? stops[index + 1].location <= t : stops[index + 1].location < t { index += 1 }
            let a = stops[index]
            guard index + 1 < stops.count else { return a.color }
            let b = stops[index + 1]
            let span = b.location - a.location
            let f = span > 0 ? (t - a.location) / span : 1
            return Color(red: a.color.red + (b.color.red - a.color.red) * f, green: a.color.green + (b.color.green - a.color.green) * f,
                         blue: a.color.blue + (b.color.blue - a.color.blue) * f, alpha: a.color.alpha + (b.color.alpha - a.color.alpha) * f)
        }
        for (t0, t1) in zip(edges, edges.dropFirst()) where t1 > t0 {
            let a0 = startAngle + t0 * 2 * .pi, a1 = startAngle + t1 * 2 * .pi
            let p0 = Point(x: center.x + radius * cos(a0), y: center.y + radius * sin(a0))
            let p1 = Point(x: center.x + radius * cos(a1), y: center.y + radius * sin(a1))
            // The arc as a cubic: control points along the tangents, k = 4/3 tan(θ/4).
            let k = 4.0 / 3 * tan((a1 - a0) / 4) * radius
            let c0 = Point(x: p0.x - k * sin(a0), y: p0.y + k * cos(a0))
            let c1 = Point(x: p1.x + k * sin(a1), y: p1.y - k * cos(a1))
            let start = color(at: t0, after: true), end = color(at: t1, after: false)
            cairo_mesh_pattern_begin_patch(pattern)
            cairo_mesh_pattern_move_to(pattern, center.x, center.y)
            cairo_mesh_pattern_line_to(pattern, p0.x, p0.y)
            cairo_mesh_pattern_curve_to(pattern, c0.x, c0.y, c1.x, c1.y, p1.x, p1.y)
            cairo_mesh_pattern_line_to(pattern, center.x, center.y)
            cairo_mesh_pattern_line_to(pattern, center.x, center.y)
            for (corner, c) in [(0, start), (1, start), (2, end), (3, end)] {
                cairo_mesh_pattern_set_corner_color_rgba(pattern, UInt32(corner), c.red, c.green, c.blue, c.alpha)
            }
            cairo_mesh_pattern_end_patch(pattern)
        }
        return pattern
    }
}
