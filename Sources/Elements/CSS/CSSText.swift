internal import Canvas

// The canonical CSS text of the paint values: what the encoder writes and the content hash
// digests. Parsing it gives the same value back.

extension StyleLength {
    /// The length as CSS (`12px`, `50%`, `calc(50% + -8px)`).
    var cssText: String {
        switch self {
        case .points(let v): CSSNumber.format(v) + "px"
        case .percent(let v): CSSNumber.format(v) + "%"
        case .em(let v): CSSNumber.format(v) + "em"
        case .rem(let v): CSSNumber.format(v) + "rem"
        case .vw(let v): CSSNumber.format(v) + "vw"
        case .vh(let v): CSSNumber.format(v) + "vh"
        case .sum(let terms): "calc(" + terms.map(\.cssText).joined(separator: " + ") + ")"
        case .product(let length, let factor): "calc(" + length.cssText + " * " + CSSNumber.format(factor) + ")"
        case .min(let terms): "min(" + terms.map(\.cssText).joined(separator: ", ") + ")"
        case .max(let terms): "max(" + terms.map(\.cssText).joined(separator: ", ") + ")"
        case .clamp(let a, let b, let c): "clamp(" + [a, b, c].map(\.cssText).joined(separator: ", ") + ")"
        }
    }
}

extension StyleColor {
    /// The colour as CSS: `#RRGGBB[AA]` or `currentcolor`.
    var cssText: String {
        switch self {
        case .color(let color): color.hexString
        case .currentColor: "currentcolor"
        }
    }
}

extension BoxPosition {
    /// Two lengths from the top-left corner.
    var cssText: String { x.cssText + " " + y.cssText }
}

extension ColorStop {
    /// The stop as CSS: a colour and its position, or a hint's position.
    var cssText: String {
        let position = self.position.map { " " + $0.cssText } ?? ""
        guard let color else { return position.isEmpty ? "" : String(position.dropFirst()) }
        return color.cssText + position
    }
}

extension BackgroundImage {
    /// The image as a CSS function.
    var cssText: String {
        switch self {
        case .linear(let g):
            let direction: String = switch g.direction {
            case .angle(let degrees): CSSNumber.format(degrees) + "deg"
            case .toward(let h, let v): "to" + (h.map { " " + $0.rawValue } ?? "") + (v.map { " " + $0.rawValue } ?? "")
            }
            return (g.repeating ? "repeating-" : "") + "linear-gradient(" + ([direction] + g.stops.map(\.cssText)).joined(separator: ", ") + ")"
        case .radial(let g):
            let extent: String = switch g.extent {
            case .closestSide: "closest-side"
            case .closestCorner: "closest-corner"
            case .farthestSide: "farthest-side"
            case .farthestCorner: "farthest-corner"
            case .radii(let rx, let ry): rx.cssText + (ry.map { " " + $0.cssText } ?? "")
            }
            let head = g.shape.rawValue + " " + extent + " at " + g.center.cssText
            return (g.repeating ? "repeating-" : "") + "radial-gradient(" + ([head] + g.stops.map(\.cssText)).joined(separator: ", ") + ")"
        case .conic(let g):
            let head = "from " + CSSNumber.format(g.from) + "deg at " + g.center.cssText
            return (g.repeating ? "repeating-" : "") + "conic-gradient(" + ([head] + g.stops.map(\.cssText)).joined(separator: ", ") + ")"
        }
    }
}

extension BackgroundSize {
    /// The size as CSS.
    var cssText: String {
        switch self {
        case .contain: "contain"
        case .cover: "cover"
        case .size(let w, let h): (w?.cssText ?? "auto") + " " + (h?.cssText ?? "auto")
        }
    }
}

extension BoxShadow {
    /// The shadow as CSS: `[inset] x y blur spread color`.
    var cssText: String {
        (inset ? "inset " : "") + [x, y, blur, spread].map(\.cssText).joined(separator: " ") + " " + color.cssText
    }
}
