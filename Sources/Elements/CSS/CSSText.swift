internal import Flexbox
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
    /// The colour as CSS: `#RRGGBB[AA]` or `currentcolor`; a colour that 8-bit hex cannot hold
    /// exactly (`rgb(255 255 255 / 35%)`, a converted `oklch()`) as `rgb(r g b / a)` with its
    /// exact numbers, so what is written reads back to the same value.
    var cssText: String {
        switch self {
        case .color(let color): Self.text(of: color)
        case .currentColor: "currentcolor"
        }
    }

    /// `color` as CSS text, exact.
    static func text(of color: Color) -> String {
        let channels = [color.red, color.green, color.blue, color.alpha].map { $0 * 255 }
        if channels.allSatisfy({ abs($0 - $0.rounded()) < 1e-9 }) { return color.hexString }
        return "rgb(" + channels.prefix(3).map(CSSNumber.format).joined(separator: " ") + " / " + CSSNumber.format(color.alpha) + ")"
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
        case .image(let source):
            return "url(" + CSSText.quoted(source.urlText) + ")"
        case .linear(let g):
            let direction: String = switch g.direction {
            case .angle(let degrees): CSSNumber.format(degrees) + "deg"
            case .toward(let h, let v): "to" + (h.map { " " + $0.rawValue } ?? "") + (v.map { " " + $0.rawValue } ?? "")
            }
            return (g.repeating ? "repeating-" : "") + "linear-gradient(" + ([direction + g.colorSpace.cssSuffix] + g.stops.map(\.cssText)).joined(separator: ", ") + ")"
        case .radial(let g):
            let extent: String = switch g.extent {
            case .closestSide: "closest-side"
            case .closestCorner: "closest-corner"
            case .farthestSide: "farthest-side"
            case .farthestCorner: "farthest-corner"
            case .radii(let rx, let ry): rx.cssText + (ry.map { " " + $0.cssText } ?? "")
            }
            let head = g.shape.rawValue + " " + extent + " at " + g.center.cssText + g.colorSpace.cssSuffix
            return (g.repeating ? "repeating-" : "") + "radial-gradient(" + ([head] + g.stops.map(\.cssText)).joined(separator: ", ") + ")"
        case .conic(let g):
            let head = "from " + CSSNumber.format(g.from) + "deg at " + g.center.cssText + g.colorSpace.cssSuffix
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

extension TransformFunction {
    /// The function as CSS.
    var cssText: String {
        switch self {
        case .translate(let x, let y): "translate(\(x.cssText), \(y.cssText))"
        case .scale(let x, let y): "scale(\(CSSNumber.format(x)), \(CSSNumber.format(y)))"
        case .rotate(let a): "rotate(\(CSSNumber.format(a))deg)"
        case .skew(let x, let y): "skew(\(CSSNumber.format(x))deg, \(CSSNumber.format(y))deg)"
        case .matrix(let a, let b, let c, let d, let e, let f): "matrix(" + [a, b, c, d, e, f].map(CSSNumber.format).joined(separator: ", ") + ")"
        }
    }
}

extension StyleFilter {
    /// The function as CSS.
    var cssText: String {
        switch self {
        case .blur(let r): "blur(\(r.cssText))"
        case .brightness(let v): "brightness(\(CSSNumber.format(v)))"
        case .contrast(let v): "contrast(\(CSSNumber.format(v)))"
        case .grayscale(let v): "grayscale(\(CSSNumber.format(v)))"
        case .sepia(let v): "sepia(\(CSSNumber.format(v)))"
        case .saturate(let v): "saturate(\(CSSNumber.format(v)))"
        case .hueRotate(let a): "hue-rotate(\(CSSNumber.format(a))deg)"
        case .invert(let v): "invert(\(CSSNumber.format(v)))"
        case .opacity(let v): "opacity(\(CSSNumber.format(v)))"
        case .dropShadow(let x, let y, let blur, let color): "drop-shadow(\(x.cssText) \(y.cssText) \(blur.cssText) \(color.cssText))"
        }
    }
}

extension ClipShape {
    /// The shape as CSS.
    var cssText: String {
        switch self {
        case .inset(let t, let r, let b, let l, let radius):
            "inset(\([t, r, b, l].map(\.cssText).joined(separator: " ")) round \(radius.cssText))"
        case .circle(let r, let center): "circle(\(r?.cssText ?? "closest-side") at \(center.cssText))"
        case .ellipse(let rx, let ry, let center): "ellipse(\(rx?.cssText ?? "closest-side") \(ry?.cssText ?? "closest-side") at \(center.cssText))"
        case .polygon(let points, let evenOdd): "polygon(" + ((evenOdd ? ["evenodd"] : []) + points.map(\.cssText)).joined(separator: ", ") + ")"
        case .path(let data, let evenOdd): "path(" + (evenOdd ? "evenodd, " : "") + CSSText.quoted(data) + ")"
        }
    }
}

/// Helpers for writing CSS text.
enum CSSText {
    /// `text` as a CSS string in double quotes, `"` and `\` escaped, newlines as `\a `.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\a "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension Outline {
    /// The `outline` shorthand.
    var cssText: String { "\(CSSNumber.format(width))px \(style.rawValue) \(color.cssText)" }
}

extension GradientColorSpace {
    /// ` in <space>`, or nothing for sRGB (the default of the colours the encoder writes).
    var cssSuffix: String { self == .srgb ? "" : " in " + rawValue }
}
