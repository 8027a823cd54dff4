#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
internal import Canvas

/// A CSS gradient's colour stops placed on its line (CSS Images 3, §3.5.3's fix-up) and turned
/// into a Canvas ``/Canvas/Gradient``: hints become a curve of sub-stops, and a segment whose
/// alpha changes gets sub-stops so the mix is premultiplied, as CSS interpolates (Cairo mixes
/// straight colours).
struct GradientStops {
    /// A stop on the line, in points from the line's start (or percent of a turn, for conic).
    struct Placed {
        var position: Double
        var color: Color?
    }

    /// The stops in order, positions fixed up.
    let placed: [Placed]

    /// Places `stops` on a line `length` long; `currentColor` is `current`.
    init(_ stops: [ColorStop], length: Double, context: LengthContext, currentColor current: Color) {
        var placed = stops.map { stop in
            Placed(position: stop.position.map { $0.resolved(context, percentOf: length) } ?? .nan,
                   color: stop.color?.resolved(currentColor: current))
        }
        // 1. The first and last colour stops default to 0% and 100%.
        if let first = placed.firstIndex(where: { $0.color != nil }), placed[first].position.isNaN { placed[first].position = 0 }
        if let last = placed.lastIndex(where: { $0.color != nil }), placed[last].position.isNaN { placed[last].position = length }
        // 2. No stop before a larger one.
        var largest = -Double.infinity
        for index in placed.indices where !placed[index].position.isNaN {
            placed[index].position = max(placed[index].position, largest)
            largest = placed[index].position
        }
        // 3. Runs without positions are spread evenly between their neighbours.
        var index = 0
        while index < placed.count {
            guard placed[index].position.isNaN else { index += 1; continue }
            let runStart = index
            while index < placed.count, placed[index].position.isNaN { index += 1 }
            let before = placed[runStart - 1].position, after = placed[index].position
            let count = Double(index - runStart + 1)
            for k in runStart..<index { placed[k].position = before + (after - before) * Double(k - runStart + 1) / count }
        }
        self.placed = placed
    }

    /// The first and last positions.
    var range: ClosedRange<Double> {
        (placed.first?.position ?? 0)...(placed.last?.position ?? 0)
    }

    /// The Canvas gradient over `extent` (locations 0...1 across it; it holds ``range``), hints
    /// and premultiplied mixing expanded into sub-stops.
    func gradient(over extent: ClosedRange<Double>, spread: Gradient.Spread, space: GradientColorSpace = .srgb) -> Gradient {
        let start = extent.lowerBound
        let span = max(extent.upperBound - start, 1e-9)
        var stops: [Gradient.Stop] = []
        func add(_ position: Double, _ color: Color) { stops.append(.init(location: (position - start) / span, color: color)) }
        var index = 0
        var previous: Placed?
        while index < placed.count {
            let stop = placed[index]
            guard let color = stop.color else { index += 1; continue }
            if let a = previous, let aColor = a.color {
                // A hint between a and this stop?
                let hint = index > 0 && placed[index - 1].color == nil ? placed[index - 1].position : nil
                let length = stop.position - a.position
                // Between two visible colours of different alpha, straight and premultiplied mixing
                // differ: sub-stops. Towards transparent they agree once the transparent stop
                // takes its neighbour's colour (``exactTransparency(_:)``): no sub-stops.
                let alphasDiffer = aColor.alpha != color.alpha && aColor.alpha > 0 && color.alpha > 0
                if length > 0, hint != nil || alphasDiffer || space != .srgb {
                    let h = hint.map { min(max(($0 - a.position) / length, 0), 1) } ?? 0.5
                    let samples = 16
                    for k in 1..<samples {
                        let t = Double(k) / Double(samples)
                        let w: Double = if h <= 0 { 1 } else if h >= 1 { 0 } else if hint == nil { t } else { pow(t, log(0.5) / log(h)) }
                        add(a.position + t * length, Self.mix(aColor, color, w, in: space))
                    }
                }
            }
            add(stop.position, color)
            previous = stop
            index += 1
        }
        return Gradient(stops: Self.exactTransparency(stops), spread: spread)
    }

    /// `stops` with each fully transparent stop given its neighbours' colours (one stop for each
    /// side, at its place), so Cairo's straight mixing fades a colour out as CSS's premultiplied
    /// mixing does, instead of through grey.
    static func exactTransparency(_ stops: [Gradient.Stop]) -> [Gradient.Stop] {
        guard stops.contains(where: { $0.color.alpha == 0 }) else { return stops }
        var result: [Gradient.Stop] = []
        result.reserveCapacity(stops.count + 2)
        for (index, stop) in stops.enumerated() {
            guard stop.color.alpha == 0 else { result.append(stop); continue }
            let before = index > 0 ? stops[index - 1].color : nil
            let after = index + 1 < stops.count ? stops[index + 1].color : nil
            let left = before ?? after ?? stop.color, right = after ?? before ?? stop.color
            result.append(.init(location: stop.location, color: left.withAlpha(0)))
            if right != left { result.append(.init(location: stop.location, color: right.withAlpha(0))) }
        }
        return result
    }

    /// The average colour along the ramp (what CSS draws for a repeating gradient too fine to show).
    var averageColor: Color {
        let colored = placed.compactMap { p in p.color.map { (p.position, $0) } }
        guard let first = colored.first else { return Color(white: 0, alpha: 0) }
        let span = (colored.last?.0 ?? 0) - first.0
        var sum = (r: 0.0, g: 0.0, b: 0.0, a: 0.0)
        for (a, b) in zip(colored, colored.dropFirst()) {
            let weight = span > 0 ? (b.0 - a.0) / span : 1 / Double(colored.count - 1)
            for c in [a.1, b.1] {
                sum.r += c.red * c.alpha * weight / 2
                sum.g += c.green * c.alpha * weight / 2
                sum.b += c.blue * c.alpha * weight / 2
                sum.a += c.alpha * weight / 2
            }
        }
        guard sum.a > 0 else { return Color(white: 0, alpha: 0) }
        return Color(red: sum.r / sum.a, green: sum.g / sum.a, blue: sum.b / sum.a, alpha: sum.a)
    }

    /// `a` to `b` by `w` in premultiplied sRGB, as CSS mixes gradient colours.
    static func mix(_ a: Color, _ b: Color, _ w: Double) -> Color {
        let alpha = a.alpha + (b.alpha - a.alpha) * w
        guard alpha > 0 else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        func channel(_ x: Double, _ y: Double) -> Double { (x * a.alpha + (y * b.alpha - x * a.alpha) * w) / alpha }
        return Color(red: channel(a.red, b.red), green: channel(a.green, b.green), blue: channel(a.blue, b.blue), alpha: alpha)
    }

    /// `gradient` with sub-stops where the alpha changes, so Cairo's straight mixing draws
    /// CSS's premultiplied one (the gradient element of earlier documents).
    static func premultiplied(_ gradient: Gradient) -> Gradient {
        var stops: [Gradient.Stop] = []
        for (a, b) in zip(gradient.stops, gradient.stops.dropFirst()) {
            stops.append(a)
            guard a.color.alpha != b.color.alpha, a.color.alpha > 0, b.color.alpha > 0, b.location > a.location else { continue }
            for k in 1..<16 {
                let t = Double(k) / 16
                stops.append(.init(location: a.location + (b.location - a.location) * t, color: mix(a.color, b.color, t)))
            }
        }
        if let last = gradient.stops.last { stops.append(last) }
        return Gradient(stops: exactTransparency(stops), spread: gradient.spread)
    }

    /// `a` to `b` by `w`, premultiplied, in `space` (the hue of a polar space the shorter way).
    static func mix(_ a: Color, _ b: Color, _ w: Double, in space: GradientColorSpace) -> Color {
        guard space != .srgb else { return mix(a, b, w) }
        let css: CSSColorSpace = switch space {
        case .srgb: .srgb
        case .srgbLinear: .srgbLinear
        case .lab: .lab
        case .oklab: .oklab
        case .lch: .lch
        case .oklch: .oklch
        case .hsl: .hsl
        case .hwb: .hwb
        }
        let hueIndex: Int? = switch space {
        case .lch, .oklch: 2
        case .hsl, .hwb: 0
        default: nil
        }
        var ca = ColorSpaceConversion.convert(SIMD3(a.red, a.green, a.blue), from: .srgb, to: css)
        var cb = ColorSpaceConversion.convert(SIMD3(b.red, b.green, b.blue), from: .srgb, to: css)
        if let h = hueIndex {
            // A powerless hue (a grey) takes the other colour's.
            if ca[h].isNaN { ca[h] = cb[h].isNaN ? 0 : cb[h] }
            if cb[h].isNaN { cb[h] = ca[h] }
            var delta = cb[h] - ca[h]
            if delta > 180 { delta -= 360 } else if delta < -180 { delta += 360 }
            cb[h] = ca[h] + delta
        }
        let alpha = a.alpha + (b.alpha - a.alpha) * w
        guard alpha > 0 else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        var mixed = SIMD3<Double>()
        for i in 0..<3 {
            if i == hueIndex {
                mixed[i] = ca[i] + (cb[i] - ca[i]) * w
            } else {
                mixed[i] = (ca[i] * a.alpha + (cb[i] * b.alpha - ca[i] * a.alpha) * w) / alpha
            }
        }
        if let h = hueIndex { mixed[h] = ColorSpaceConversion.normalizedHue(mixed[h]) }
        let rgb = ColorSpaceConversion.convert(mixed, from: css, to: .srgb)
        return Color(red: rgb.x, green: rgb.y, blue: rgb.z, alpha: alpha)
    }
}
