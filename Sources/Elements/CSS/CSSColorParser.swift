internal import Canvas

/// The CSS Color Level 4 `<color>` grammar over ``CSSComponent``s: hex colours, named colours,
/// `transparent`, `currentColor`, `rgb()`/`rgba()` and `hsl()`/`hsla()` in their legacy (comma)
/// and modern (space, `/ alpha`, `none`) forms, `hwb()`, `lab()`, `lch()`, `oklab()`, `oklch()`,
/// and CSS Color 5's `color-mix()` with two colours. Colours are converted to sRGB with each
/// channel clipped (see ``ColorSpaceConversion``).
///
/// Not supported, each with its own error: `calc()` and the other math functions inside colour
/// functions, relative colours (`rgb(from …)`), `color()`, `light-dark()`, `contrast-color()`,
/// `device-cmyk()`, `currentColor` inside `color-mix()`, and the wide-gamut spaces (`display-p3`,
/// `a98-rgb`, `prophoto-rgb`, `rec2020`). System colours (`Canvas`, `ButtonText`) are not colours
/// here. A non-finite number (`1e400`) is refused where Chromium would clamp it.
enum CSSColorParser {
    /// What a colour value may be, for the error of a value that is none.
    static let expected = "expected a name, #RGB/#RRGGBB(AA), rgb(), hsl(), hwb(), lab(), lch(), oklab(), oklch(), color-mix() or currentColor"

    /// The colour one component is, or nil when the component cannot be a colour at all (a number,
    /// a length, an unknown identifier...), so grammars like box-shadow and gradients can ask "is
    /// this component a colour?". Throws when it clearly is a colour but wrong (a colour function
    /// with bad arguments, a `#` with bad digits).
    static func color(_ component: CSSComponent) throws(CSSValueError) -> StyleColor? {
        switch try specified(component) {
        case nil: nil
        case .currentColor: .currentColor
        case .color(let color): .color(color.sRGB)
        }
    }

    /// A whole value that must be exactly one colour (e.g. `backgroundColor`), from its text.
    static func parse(_ text: String) throws(CSSValueError) -> StyleColor {
        let components = try CSSComponentParser.parse(text)
        if components.count == 1, let color = try color(components[0]) { return color }
        throw CSSValueError(message: "\"\(text)\" is not a colour: \(expected)")
    }

    // MARK: Components

    /// A colour before conversion to sRGB, or `currentColor`: what `color-mix()` needs of its
    /// operands (their space and their `none`s).
    private enum Parsed {
        /// A colour in its own space.
        case color(SpecifiedColor)
        /// `currentColor`.
        case currentColor
    }

    /// The colour `component` is, `nil` when it cannot be one.
    private static func specified(_ component: CSSComponent) throws(CSSValueError) -> Parsed? {
        switch component {
        case .token(.hash(let digits)):
            return .color(try hex(digits, component))
        case .token(.ident(let name)):
            if CSSNamedColors.asciiLowercased(name) == "currentcolor" { return .currentColor }
            guard let named = CSSNamedColors.color(named: name) else { return nil }
            return .color(SpecifiedColor(space: .srgb, components: [named.red, named.green, named.blue], alpha: named.alpha))
        case .function(let name, let arguments):
            return try function(name, arguments, component)
        default:
            return nil
        }
    }

    /// `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`.
    private static func hex(_ digits: String, _ whole: CSSComponent) throws(CSSValueError) -> SpecifiedColor {
        var values: [Double] = []
        for scalar in digits.unicodeScalars {
            guard scalar.isASCII, let value = Character(scalar).hexDigitValue else {
                throw invalid(whole, "a hex colour has 3, 4, 6 or 8 hex digits (0-9, a-f)")
            }
            values.append(Double(value))
        }
        let channels: [Double]
        switch values.count {
        case 3, 4: channels = values.map { $0 * 17 / 255 }
        case 6, 8: channels = stride(from: 0, to: values.count, by: 2).map { (i: Int) -> Double in (values[i] * 16 + values[i + 1]) / 255 }
        default: throw invalid(whole, "a hex colour has 3, 4, 6 or 8 hex digits, not \(values.count)")
        }
        return SpecifiedColor(space: .srgb, components: Array(channels[0..<3]), alpha: channels.count == 4 ? channels[3] : 1)
    }

    /// A colour function, `nil` for a function that is not one.
    private static func function(_ name: String, _ arguments: [CSSComponent], _ whole: CSSComponent) throws(CSSValueError) -> Parsed? {
        let lower = CSSNamedColors.asciiLowercased(name)
        switch lower {
        case "rgb", "rgba":
            return .color(try rgb(arguments, name: lower, whole))
        case "hsl", "hsla":
            return .color(try hsl(arguments, name: lower, whole))
        case "hwb":
            let (c, alpha) = try modern(arguments, name: lower, whole)
            return .color(SpecifiedColor(
                space: .hwb,
                components: [try hue(c[0], whole), try number(c[1], reference: 100, whole), try number(c[2], reference: 100, whole)],
                alpha: alpha
            ))
        case "lab", "oklab":
            // Reference ranges (CSS Color 4 §8.3, §9.2): lab L 100% = 100, a/b 100% = 125;
            // oklab L 100% = 1, a/b 100% = 0.4. L is clamped to its range at parse time.
            let ok = lower == "oklab"
            let (c, alpha) = try modern(arguments, name: lower, whole)
            let lightness = try number(c[0], reference: ok ? 1 : 100, whole).map { min(max($0, 0), ok ? 1 : 100) }
            return .color(SpecifiedColor(
                space: ok ? .oklab : .lab,
                components: [lightness, try number(c[1], reference: ok ? 0.4 : 125, whole), try number(c[2], reference: ok ? 0.4 : 125, whole)],
                alpha: alpha
            ))
        case "lch", "oklch":
            // lch C 100% = 150, oklch C 100% = 0.4; a negative chroma is clamped to 0.
            let ok = lower == "oklch"
            let (c, alpha) = try modern(arguments, name: lower, whole)
            let lightness = try number(c[0], reference: ok ? 1 : 100, whole).map { min(max($0, 0), ok ? 1 : 100) }
            let chroma = try number(c[1], reference: ok ? 0.4 : 150, whole).map { max($0, 0) }
            return .color(SpecifiedColor(space: ok ? .oklch : .lch, components: [lightness, chroma, try hue(c[2], whole)], alpha: alpha))
        case "color-mix":
            return .color(try colorMix(arguments, whole))
        case "color", "light-dark", "contrast-color", "device-cmyk":
            throw invalid(whole, "\(lower)() is not supported")
        default:
            return nil
        }
    }

    // MARK: rgb() and hsl()

    /// `rgb()`/`rgba()`: legacy `rgb(r, g, b[, a])` with all numbers or all percentages, or modern
    /// `rgb(r g b[ / a])` with numbers, percentages and `none` mixed. Channels clamp to 0...255.
    private static func rgb(_ arguments: [CSSComponent], name: String, _ whole: CSSComponent) throws(CSSValueError) -> SpecifiedColor {
        func channel(_ value: Double?) -> Double? { value.map { min(max($0, 0), 255) / 255 } }
        if let parts = try legacy(arguments, name: name, whole) {
            let tokens = parts[0..<3].map(\.token)
            let numbers = tokens.compactMap { token -> Double? in if case .number(let v) = token { v } else { nil } }
            let percentages = tokens.compactMap { token -> Double? in if case .percentage(let v) = token { v } else { nil } }
            guard numbers.count == 3 || percentages.count == 3 else {
                throw invalid(whole, "the comma syntax of \(name)() takes three numbers or three percentages, not a mix")
            }
            var components: [Double?] = []
            for (part, value) in zip(parts, numbers.count == 3 ? numbers : percentages.map { $0 / 100 * 255 }) {
                try finite(value, part, whole)
                components.append(channel(value))
            }
            return SpecifiedColor(space: .srgb, components: components, alpha: try parts.count == 4 ? legacyAlpha(parts[3], whole) : 1)
        }
        let (c, alpha) = try modern(arguments, name: name, whole)
        var components: [Double?] = []
        for component in c { components.append(channel(try number(component, reference: 255, whole))) }
        return SpecifiedColor(space: .srgb, components: components, alpha: alpha)
    }

    /// `hsl()`/`hsla()`: legacy `hsl(h, s%, l%[, a])` or modern `hsl(h s l[ / a])` (saturation and
    /// lightness as percentages or numbers, `none`). A negative saturation clamps to 0.
    private static func hsl(_ arguments: [CSSComponent], name: String, _ whole: CSSComponent) throws(CSSValueError) -> SpecifiedColor {
        if let parts = try legacy(arguments, name: name, whole) {
            var components: [Double?] = [try hue(parts[0], whole, allowNone: false)]
            for part in parts[1..<3] {
                guard case .token(.percentage(let value)) = part else {
                    throw invalid(whole, "the comma syntax of \(name)() takes saturation and lightness as percentages, not \(part)")
                }
                try finite(value, part, whole)
                components.append(value)
            }
            components[1] = components[1].map { max($0, 0) }
            return SpecifiedColor(space: .hsl, components: components, alpha: try parts.count == 4 ? legacyAlpha(parts[3], whole) : 1)
        }
        let (c, alpha) = try modern(arguments, name: name, whole)
        let saturation = try number(c[1], reference: 100, whole).map { max($0, 0) }
        return SpecifiedColor(space: .hsl, components: [try hue(c[0], whole), saturation, try number(c[2], reference: 100, whole)], alpha: alpha)
    }

    /// The comma-separated arguments of a legacy `rgb()`/`hsl()` (3 or 4 single components), or
    /// `nil` when there is no comma (the modern syntax).
    private static func legacy(_ arguments: [CSSComponent], name: String, _ whole: CSSComponent) throws(CSSValueError) -> [CSSComponent]? {
        guard arguments.contains(where: \.isComma) else { return nil }
        var parts: [CSSComponent] = []
        for part in CSSComponentParser.commaSeparated(arguments) {
            guard part.count == 1 else {
                throw invalid(whole, "the comma syntax of \(name)() takes one value between commas (no \"/\" nor \"none\")")
            }
            parts.append(part[0])
        }
        guard parts.count == 3 || parts.count == 4 else {
            throw invalid(whole, "the comma syntax of \(name)() takes 3 values and an optional alpha, not \(parts.count)")
        }
        for part in parts where part.keyword == "none" {
            throw invalid(whole, "\"none\" is only allowed in the space-separated syntax")
        }
        return parts
    }

    /// The alpha of the legacy syntax: a number or a percentage, clamped to 0...1.
    private static func legacyAlpha(_ component: CSSComponent, _ whole: CSSComponent) throws(CSSValueError) -> Double {
        guard let value = try alpha(component, whole) else { throw invalid(whole, "\"none\" is only allowed in the space-separated syntax") }
        return value
    }

    // MARK: The modern syntax

    /// The three components and the alpha (1 when absent, `nil` for `none`) of the modern syntax
    /// `name(a b c[ / alpha])`.
    private static func modern(_ arguments: [CSSComponent], name: String, _ whole: CSSComponent) throws(CSSValueError) -> ([CSSComponent], Double?) {
        let words = CSSComponentParser.words(arguments)
        if words.first?.keyword == "from" { throw invalid(whole, "relative colours (\(name)(from …)) are not supported") }
        if words.contains(where: \.isComma) {
            throw invalid(whole, "\(name)() takes space-separated values (\(name)(a b c / alpha)), not commas")
        }
        var components = words
        var alpha: Double? = 1
        if let slash = words.firstIndex(where: { $0.isDelim("/") }) {
            guard slash == words.count - 2 else { throw invalid(whole, "\"/\" must be followed by exactly one alpha value") }
            alpha = try self.alpha(words[slash + 1], whole)
            components = Array(words[..<slash])
        }
        guard components.count == 3 else {
            throw invalid(whole, "\(name)() takes 3 values and an optional \"/ alpha\", not \(components.count)")
        }
        return (components, alpha)
    }

    /// A number or a percentage (`reference` is what 100% stands for), `nil` for `none`.
    private static func number(_ component: CSSComponent, reference: Double, _ whole: CSSComponent) throws(CSSValueError) -> Double? {
        switch component.token {
        case .number(let value):
            try finite(value, component, whole)
            return value
        case .percentage(let value):
            try finite(value, component, whole)
            return value / 100 * reference
        default:
            if component.keyword == "none" { return nil }
            throw unexpected(component, "a number, a percentage or \"none\"", whole)
        }
    }

    /// A hue: a number of degrees or an angle (`deg`, `grad`, `rad`, `turn`), in 0..<360; `nil` for `none`.
    private static func hue(_ component: CSSComponent, _ whole: CSSComponent, allowNone: Bool = true) throws(CSSValueError) -> Double? {
        let degrees: Double
        switch component.token {
        case .number(let value):
            degrees = value
        case .dimension(let value, let unit):
            switch CSSNamedColors.asciiLowercased(unit) {
            case "deg": degrees = value
            case "grad": degrees = value * 0.9
            case "rad": degrees = value * 180 / .pi
            case "turn": degrees = value * 360
            default: throw unexpected(component, "a hue: a number of degrees or an angle (deg, grad, rad, turn)", whole)
            }
        default:
            if allowNone, component.keyword == "none" { return nil }
            throw unexpected(component, "a hue: a number of degrees or an angle (deg, grad, rad, turn)", whole)
        }
        try finite(degrees, component, whole)
        return ColorSpaceConversion.normalizedHue(degrees)
    }

    /// An alpha: a number or a percentage, clamped to 0...1; `nil` for `none`.
    private static func alpha(_ component: CSSComponent, _ whole: CSSComponent) throws(CSSValueError) -> Double? {
        switch component.token {
        case .number(let value):
            try finite(value, component, whole)
            return min(max(value, 0), 1)
        case .percentage(let value):
            try finite(value, component, whole)
            return min(max(value / 100, 0), 1)
        default:
            if component.keyword == "none" { return nil }
            throw unexpected(component, "an alpha: a number, a percentage or \"none\"", whole)
        }
    }

    // MARK: color-mix()

    /// `color-mix([in <space> [<hue method> hue]]?, <color> <percentage>?, <color> <percentage>?)`
    /// (CSS Color 5 §2; the space defaults to oklab, as in Chromium): the two colours converted to
    /// the space, their missing components filled from each other, premultiplied by alpha,
    /// interpolated and un-premultiplied; percentages that sum under 100% scale the alpha.
    private static func colorMix(_ arguments: [CSSComponent], _ whole: CSSComponent) throws(CSSValueError) -> SpecifiedColor {
        var parts = CSSComponentParser.commaSeparated(arguments)
        var space = CSSColorSpace.oklab
        var method = HueMethod.shorter
        if let first = parts.first, first.first?.keyword == "in" {
            (space, method) = try interpolationMethod(CSSComponentParser.words(first), whole)
            parts.removeFirst()
        }
        guard parts.count == 2 else {
            throw invalid(whole, "color-mix() takes an optional \"in <space>\" and two colours, each with an optional percentage (\(parts.count) colours given)")
        }
        var colors: [SpecifiedColor] = []
        var percentages: [Double?] = []
        for part in parts {
            let words = CSSComponentParser.words(part)
            var percentage: Double?
            var colorWord = words.first
            if words.count == 2 {
                // `<color> && <percentage>`: either order.
                let index = words.firstIndex { if case .percentage = $0.token { true } else { false } }
                guard let index else { throw invalid(whole, "each colour of color-mix() is a colour and an optional percentage, not \"\(part.map(\.description).joined())\"") }
                guard case .percentage(let value) = words[index].token else { continue }
                try finite(value, words[index], whole)
                guard (0...100).contains(value) else { throw invalid(whole, "a color-mix() percentage must be from 0% to 100%, not \(words[index])") }
                percentage = value / 100
                colorWord = words[1 - index]
            }
            guard let colorWord, words.count <= 2 else {
                throw invalid(whole, "each colour of color-mix() is a colour and an optional percentage, not \"\(part.map(\.description).joined())\"")
            }
            let color: SpecifiedColor
            switch try specified(colorWord) {
            case .color(let c): color = c
            case .currentColor: throw invalid(whole, "currentColor inside color-mix() is not supported")
            case nil: throw invalid(whole, "\(colorWord) is not a colour")
            }
            colors.append(color)
            percentages.append(percentage)
        }
        var p1 = percentages[0] ?? percentages[1].map { 1 - $0 } ?? 0.5
        var p2 = percentages[1] ?? 1 - p1
        let sum = p1 + p2
        // Chromium mixes 0% and 0% half and half, fully transparent; the spec calls it invalid.
        if sum == 0 {
            (p1, p2) = (0.5, 0.5)
        } else {
            (p1, p2) = (p1 / sum, p2 / sum)
        }
        var mixed = mix(colors[0], p1, colors[1], p2, in: space, hue: method)
        if sum < 1 { mixed.alpha = mixed.alpha.map { $0 * sum } }
        return mixed
    }

    /// How hues interpolate in a polar space (CSS Color 4 §12.4).
    private enum HueMethod {
        /// The shorter arc (the default).
        case shorter
        /// The longer arc.
        case longer
        /// Increasing angles.
        case increasing
        /// Decreasing angles.
        case decreasing
    }

    /// `in <space> [<hue method> hue]?`.
    private static func interpolationMethod(_ words: [CSSComponent], _ whole: CSSComponent) throws(CSSValueError) -> (CSSColorSpace, HueMethod) {
        let names: [String: CSSColorSpace] = [
            "srgb": .srgb, "srgb-linear": .srgbLinear, "hsl": .hsl, "hwb": .hwb, "lab": .lab, "lch": .lch,
            "oklab": .oklab, "oklch": .oklch, "xyz": .xyzD65, "xyz-d65": .xyzD65, "xyz-d50": .xyzD50,
        ]
        guard words.count >= 2, let name = words[1].keyword else {
            throw invalid(whole, "color-mix() needs a colour space after \"in\"")
        }
        guard let space = names[name] else {
            if ["display-p3", "a98-rgb", "prophoto-rgb", "rec2020"].contains(name) {
                throw invalid(whole, "mixing in \(name) is not supported")
            }
            throw invalid(whole, "\(words[1]) is not a colour space: expected srgb, srgb-linear, hsl, hwb, lab, lch, oklab, oklch, xyz, xyz-d50 or xyz-d65")
        }
        if words.count == 2 { return (space, .shorter) }
        let methods: [String: HueMethod] = ["shorter": .shorter, "longer": .longer, "increasing": .increasing, "decreasing": .decreasing]
        guard words.count == 4, let method = words[2].keyword.flatMap({ methods[$0] }), words[3].keyword == "hue" else {
            throw invalid(whole, "expected \"in <space>\" or \"in <space> shorter|longer|increasing|decreasing hue\"")
        }
        guard space.hueIndex != nil else { throw invalid(whole, "a hue interpolation method needs a polar space (hsl, hwb, lch, oklch)") }
        return (space, method)
    }

    /// `a` and `b` interpolated in `space`, `a` weighing `pa` and `b` `pb` (which sum to 1).
    private static func mix(_ a: SpecifiedColor, _ pa: Double, _ b: SpecifiedColor, _ pb: Double, in space: CSSColorSpace, hue method: HueMethod) -> SpecifiedColor {
        let x = a.converted(to: space), y = b.converted(to: space)
        let alphaX = x.alpha ?? y.alpha, alphaY = y.alpha ?? x.alpha
        let alpha = alphaX.map { $0 * pa + (alphaY ?? $0) * pb }
        var components: [Double?] = []
        for i in 0..<3 {
            guard var u = x.components[i] ?? y.components[i], var v = y.components[i] ?? x.components[i] else {
                components.append(nil)
                continue
            }
            if i == space.hueIndex {
                switch method {
                case .shorter:
                    if v - u > 180 { u += 360 } else if v - u < -180 { v += 360 }
                case .longer:
                    if 0 < v - u, v - u < 180 { u += 360 } else if -180 < v - u, v - u <= 0 { v += 360 }
                case .increasing:
                    if v < u { v += 360 }
                case .decreasing:
                    if u < v { u += 360 }
                }
                components.append(ColorSpaceConversion.normalizedHue(u * pa + v * pb))
            } else {
                // Premultiplied: each colour's component weighs its alpha too.
                let premultiplied = u * (alphaX ?? 1) * pa + v * (alphaY ?? 1) * pb
                let total = alpha ?? 1
                components.append(total == 0 ? premultiplied : premultiplied / total)
            }
        }
        return SpecifiedColor(space: space, components: components, alpha: alpha)
    }

    // MARK: Errors

    /// Refuses a non-finite number (`1e400` overflows to infinity).
    private static func finite(_ value: Double, _ component: CSSComponent, _ whole: CSSComponent) throws(CSSValueError) {
        guard value.isFinite else { throw invalid(whole, "a number is too large (not finite)") }
    }

    /// The error for a component that is not what its place takes, naming the math functions and
    /// relative colours this parser does not do.
    private static func unexpected(_ component: CSSComponent, _ expected: String, _ whole: CSSComponent) -> CSSValueError {
        if case .function(let name, _) = component, mathFunctions.contains(name) {
            return invalid(whole, "\(name)() and the other math functions are not supported inside colour functions")
        }
        return invalid(whole, "expected \(expected), not \(component)")
    }

    /// The CSS math functions (CSS Values 4 §10), refused inside colour functions.
    private static let mathFunctions: Set<String> = [
        "calc", "min", "max", "clamp", "round", "mod", "rem", "sin", "cos", "tan", "asin", "acos", "atan",
        "atan2", "pow", "sqrt", "hypot", "log", "exp", "abs", "sign",
    ]

    /// The error for `whole`, an invalid colour, and the `reason`.
    private static func invalid(_ whole: CSSComponent, _ reason: String) -> CSSValueError {
        CSSValueError(message: "\"\(whole)\" is not a valid colour: \(reason)")
    }
}

/// A colour as a colour function states it: its space, its three components in that space's CSS
/// units (``CSSColorSpace``), `nil` for `none`, and its alpha (0...1, `nil` for `none`). Kept
/// unconverted so that `color-mix()` can interpolate in another space and carry `none`s forward.
struct SpecifiedColor: Sendable, Equatable {
    /// The colour space of the components.
    var space: CSSColorSpace
    /// The three components; `nil` is a missing component (`none`).
    var components: [Double?]
    /// The alpha, `nil` when missing.
    var alpha: Double?

    /// The colour in sRGB, missing components and alpha as 0, each channel clipped to 0...1.
    var sRGB: Color {
        let c = ColorSpaceConversion.sRGB(SIMD3(components[0] ?? 0, components[1] ?? 0, components[2] ?? 0), from: space)
        return Color(red: c.x, green: c.y, blue: c.z, alpha: alpha ?? 0)
    }

    /// The colour in `target`: a component stays missing where this colour's analogous one is
    /// (CSS Color 4 §12.4), and a hue the conversion finds powerless (an achromatic colour) is missing.
    func converted(to target: CSSColorSpace) -> SpecifiedColor {
        if target == space { return self }
        let values = ColorSpaceConversion.convert(SIMD3(components[0] ?? 0, components[1] ?? 0, components[2] ?? 0), from: space, to: target)
        let missingKinds = zip(space.componentKinds, components).compactMap { kind, value in value == nil ? kind : nil }
        var result: [Double?] = []
        for (i, kind) in target.componentKinds.enumerated() {
            let value = values[i]
            if value.isNaN || kind.map(missingKinds.contains) == true {
                result.append(nil)
            } else {
                result.append(value)
            }
        }
        return SpecifiedColor(space: target, components: result, alpha: alpha)
    }
}
