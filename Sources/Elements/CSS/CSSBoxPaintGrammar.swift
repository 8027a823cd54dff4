internal import Flexbox
internal import Canvas

/// The grammars of `background` and its longhands, `box-shadow`, and the border's styles and
/// colours (CSS Backgrounds 3).
enum CSSBoxPaintGrammar {
    /// The most layers or shadows one property may list: a bound for hostile input.
    static let maximumLayers = 64

    // MARK: Backgrounds

    /// One layer of the `background` shorthand, and the colour if it is the final layer's.
    struct ShorthandLayer {
        var layer: BackgroundLayer?
        var color: StyleColor?
        /// The layer's clip box, also when it has no image (the colour's clip, in the last layer).
        var clip: BoxArea?
    }

    /// `background`: layers separated by commas, each `<image> || <position> [/ <size>] ||
    /// <repeat> || <box> [<box>]`, the last one also `|| <color>`.
    static func background(_ components: [CSSComponent]) throws(CSSValueError) -> (layers: [BackgroundLayer], color: StyleColor?, colorClip: BoxArea) {
        let parts = CSSComponentParser.commaSeparated(components)
        try checkCount(parts.count, "background")
        var layers: [BackgroundLayer] = []
        var color: StyleColor?
        var colorClip = BoxArea.borderBox
        for (index, part) in parts.enumerated() {
            let parsed = try shorthandLayer(CSSComponentParser.words(part), isFinal: index == parts.count - 1)
            if let layer = parsed.layer { layers.append(layer) }
            color = parsed.color ?? color
            if index == parts.count - 1 { colorClip = parsed.clip ?? .borderBox }
        }
        return (layers, color, colorClip)
    }

    private static func shorthandLayer(_ words: [CSSComponent], isFinal: Bool) throws(CSSValueError) -> ShorthandLayer {
        let text = words.map(\.description).joined(separator: " ")
        guard !words.isEmpty else { throw CSSValueError(message: "an empty background layer (two commas in a row?)") }
        if words.count == 1, words[0].keyword == "none" { return ShorthandLayer() }
        var image: BackgroundImage?
        var color: StyleColor?
        var positionWords: [CSSComponent] = []
        var sizeWords: [CSSComponent]?
        var repeatWords: [CSSComponent] = []
        var boxes: [BoxArea] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if let gradient = try CSSGradientGrammar.gradient(word) {
                guard image == nil else { throw CSSValueError(message: "\"\(text)\": one image per layer") }
                image = gradient
            } else if let source = try word.imageURL() {
                guard image == nil else { throw CSSValueError(message: "\"\(text)\": one image per layer") }
                image = .image(source)
            } else if word.keyword == "none" {
                guard image == nil else { throw CSSValueError(message: "\"\(text)\": one image per layer") }
            } else if let k = word.keyword, ["repeat", "no-repeat", "repeat-x", "repeat-y", "space", "round"].contains(k) {
                repeatWords.append(word)
            } else if let k = word.keyword, let box = BoxArea(rawValue: k) {
                boxes.append(box)
            } else if let k = word.keyword, ["left", "center", "right", "top", "bottom"].contains(k) {
                positionWords.append(word)
            } else if word.isDelim("/") {
                var size: [CSSComponent] = []
                index += 1
                while index < words.count, size.count < 2, words[index].keyword == "auto" || words[index].keyword == "cover" || words[index].keyword == "contain" || (try? CSSLengthGrammar.length(words[index])) != nil {
                    size.append(words[index])
                    index += 1
                }
                guard !size.isEmpty, !positionWords.isEmpty else { throw CSSValueError(message: "\"\(text)\": a size follows a position and a \"/\"") }
                sizeWords = size
                continue
            } else if try CSSLengthGrammar.length(word) != nil {
                positionWords.append(word)
            } else if let c = try CSSColorParser.color(word) {
                guard isFinal, color == nil else { throw CSSValueError(message: "\"\(text)\": only the last background layer may have a colour") }
                color = c
            } else {
                throw CSSValueError(message: "\"\(word)\" in background: expected an image, a colour, a position, a size, a repeat or a box")
            }
            index += 1
        }
        guard boxes.count <= 2 else { throw CSSValueError(message: "\"\(text)\": at most two boxes (origin, clip)") }
        guard let image else { return ShorthandLayer(layer: nil, color: color, clip: boxes.last) }
        var layer = BackgroundLayer(image)
        if !positionWords.isEmpty { layer.position = try CSSPositionGrammar.position(positionWords) }
        if let sizeWords { layer.size = try size(sizeWords) }
        if !repeatWords.isEmpty { (layer.repeatX, layer.repeatY) = try repeatStyle(repeatWords) }
        switch boxes.count {
        case 0: break
        case 1: layer.origin = boxes[0]; layer.clip = boxes[0]
        case 2: layer.origin = boxes[0]; layer.clip = boxes[1]
        default: throw CSSValueError(message: "\"\(text)\": at most two boxes (origin, clip)")
        }
        return ShorthandLayer(layer: layer, color: color, clip: layer.clip)
    }

    /// `backgroundImage`: `none`, or gradients and `url()`s separated by commas.
    static func images(_ components: [CSSComponent]) throws(CSSValueError) -> [BackgroundImage] {
        let parts = CSSComponentParser.commaSeparated(components)
        if parts.count == 1, parts[0].count == 1, parts[0][0].keyword == "none" { return [] }
        try checkCount(parts.count, "backgroundImage")
        var images: [BackgroundImage] = []
        for part in parts {
            let words = CSSComponentParser.words(part)
            if words.count == 1, let source = try words[0].imageURL() {
                images.append(.image(source))
                continue
            }
            guard words.count == 1, let image = try CSSGradientGrammar.gradient(words[0]) else {
                throw CSSValueError(message: "\"\(part.map(\.description).joined())\" is not an image: expected none, url() or a linear-, radial- or conic-gradient()")
            }
            images.append(image)
        }
        return images
    }

    /// One `background-size`: `cover`, `contain`, or one or two of `auto` and lengths.
    static func size(_ words: [CSSComponent]) throws(CSSValueError) -> BackgroundSize {
        let text = words.map(\.description).joined(separator: " ")
        if words.count == 1, words[0].keyword == "cover" { return .cover }
        if words.count == 1, words[0].keyword == "contain" { return .contain }
        guard (1...2).contains(words.count) else { throw CSSValueError(message: "\"\(text)\" is not a background size: expected cover, contain, or one or two lengths or auto") }
        var sides: [StyleLength?] = []
        for word in words {
            if word.keyword == "auto" {
                sides.append(nil)
            } else if let length = try CSSLengthGrammar.length(word, negative: false) {
                sides.append(length)
            } else {
                throw CSSValueError(message: "\"\(text)\" is not a background size: expected cover, contain, or one or two lengths or auto")
            }
        }
        return .size(sides[0], sides.count > 1 ? sides[1] : nil)
    }

    /// One `background-repeat`: `repeat-x`, `repeat-y`, or one or two of the per-axis keywords.
    static func repeatStyle(_ words: [CSSComponent]) throws(CSSValueError) -> (BackgroundRepeat, BackgroundRepeat) {
        let keywords = words.compactMap(\.keyword)
        if keywords == ["repeat-x"] { return (.repeat, .noRepeat) }
        if keywords == ["repeat-y"] { return (.noRepeat, .repeat) }
        let axes = keywords.compactMap(BackgroundRepeat.init(rawValue:))
        guard axes.count == words.count, (1...2).contains(axes.count) else {
            throw CSSValueError(message: "\"\(words.map(\.description).joined(separator: " "))\" is not a background repeat: expected repeat, no-repeat, repeat-x, repeat-y, space or round")
        }
        return (axes[0], axes.count > 1 ? axes[1] : axes[0])
    }

    /// A comma-separated longhand list, each entry parsed by `parse`.
    static func list<T>(_ components: [CSSComponent], _ name: String, _ parse: ([CSSComponent]) throws(CSSValueError) -> T) throws(CSSValueError) -> [T] {
        let parts = CSSComponentParser.commaSeparated(components)
        try checkCount(parts.count, name)
        var values: [T] = []
        for part in parts {
            let words = CSSComponentParser.words(part)
            guard !words.isEmpty else { throw CSSValueError(message: "\(name) has an empty entry (two commas in a row?)") }
            values.append(try parse(words))
        }
        return values
    }

    /// One box keyword.
    static func box(_ words: [CSSComponent], allowText: Bool) throws(CSSValueError) -> BoxArea {
        guard words.count == 1, let k = words[0].keyword, let box = BoxArea(rawValue: k), box != .text || allowText else {
            let text = words.map(\.description).joined(separator: " ")
            throw CSSValueError(message: "\"\(text)\" is not a box: expected border-box, padding-box or content-box\(allowText ? " or text" : "")")
        }
        return box
    }

    private static func checkCount(_ count: Int, _ name: String) throws(CSSValueError) {
        guard count <= maximumLayers else { throw CSSValueError(message: "\(name) lists \(count) layers: at most \(maximumLayers)") }
    }

    // MARK: Shadows

    /// `box-shadow`: `none` or shadows separated by commas, each `inset? && <length>{2,4} && <color>?`.
    static func boxShadows(_ components: [CSSComponent]) throws(CSSValueError) -> [BoxShadow] {
        let parts = CSSComponentParser.commaSeparated(components)
        if parts.count == 1, parts[0].count == 1, parts[0][0].keyword == "none" { return [] }
        try checkCount(parts.count, "boxShadow")
        var shadows: [BoxShadow] = []
        for part in parts {
            let words = CSSComponentParser.words(part)
            let text = part.map(\.description).joined()
            var shadow = BoxShadow()
            var lengths: [StyleLength] = []
            var color: StyleColor?
            var inset = false
            var lengthsDone = false
            for word in words {
                if word.keyword == "inset", !inset {
                    inset = true
                    if !lengths.isEmpty { lengthsDone = true }
                } else if let length = try CSSLengthGrammar.length(word, percent: false) {
                    guard !lengthsDone, lengths.count < 4 else { throw CSSValueError(message: "\"\(text)\" is not a shadow: its 2 to 4 lengths must stand together") }
                    lengths.append(length)
                } else if color == nil, let c = try CSSColorParser.color(word) {
                    color = c
                    if !lengths.isEmpty { lengthsDone = true }
                } else {
                    throw CSSValueError(message: "\"\(word)\" in box shadow \"\(text)\": expected inset, 2 to 4 lengths (x, y, blur, spread) and a colour")
                }
            }
            guard lengths.count >= 2 else { throw CSSValueError(message: "\"\(text)\" is not a shadow: expected inset?, x y [blur [spread]] and a colour") }
            if lengths.count > 2, case .points(let blur) = lengths[2], blur < 0 {
                throw CSSValueError(message: "\"\(text)\": a shadow's blur must be 0 or more")
            }
            shadow.x = lengths[0]
            shadow.y = lengths[1]
            if lengths.count > 2 { shadow.blur = lengths[2] }
            if lengths.count > 3 { shadow.spread = lengths[3] }
            shadow.color = color ?? .currentColor
            shadow.inset = inset
            shadows.append(shadow)
        }
        return shadows
    }

    // MARK: Borders

    /// A border shorthand (`border`, `borderTop`…): `<width> || <style> || <color>`; what it
    /// leaves out takes its initial value (medium, none, currentColor), as CSS.
    static func borderShorthand(_ components: [CSSComponent]) throws(CSSValueError) -> (width: Double, side: BorderSide) {
        let words = CSSComponentParser.words(components)
        let text = words.map(\.description).joined(separator: " ")
        var width: Double?
        var style: BorderLineStyle?
        var color: StyleColor?
        for word in words {
            if width == nil, let w = try lineWidth(word) {
                width = w
            } else if style == nil, let k = word.keyword, let s = BorderLineStyle(rawValue: k) {
                style = s
            } else if color == nil, let c = try CSSColorParser.color(word) {
                color = c
            } else {
                throw CSSValueError(message: "\"\(text)\" is not a border: expected a width, a style (solid, dashed, dotted, double, groove, ridge, inset, outset, none) and a colour, each at most once")
            }
        }
        guard !words.isEmpty else { throw CSSValueError(message: "an empty border value") }
        return (width ?? 3, BorderSide(color: color ?? .currentColor, style: style ?? .none))
    }

    /// A `<line-width>`: a length (no percentage) or `thin`, `medium`, `thick` (1, 3, 5 px); `nil`
    /// when `word` is neither.
    static func lineWidth(_ word: CSSComponent) throws(CSSValueError) -> Double? {
        switch word.keyword {
        case "thin": return 1
        case "medium": return 3
        case "thick": return 5
        default:
            guard let length = try CSSLengthGrammar.length(word, percent: false, negative: false) else { return nil }
            guard case .points(let points) = length else {
                throw CSSValueError(message: "\(word): a border width is in px here (em, rem, vw and calc() are not supported for widths yet)")
            }
            return points
        }
    }

    /// One to four values expanded to top, right, bottom, left, as CSS's box shorthands.
    static func sides<T>(_ values: [T], _ name: String) throws(CSSValueError) -> [T] {
        guard (1...4).contains(values.count) else {
            throw CSSValueError(message: "\(name) has \(values.count) values: expected 1 to 4 (top, right, bottom, left)")
        }
        let (top, right, bottom, left) = CSSBoxKeys.expand(values)
        return [top, right, bottom, left]
    }

    /// `borderRadius`: `<lp>{1,4} [/ <lp>{1,4}]`, expanded to the four corners.
    static func borderRadius(_ components: [CSSComponent]) throws(CSSValueError) -> [CornerRadius] {
        let words = CSSComponentParser.words(components)
        let slash = words.firstIndex { $0.isDelim("/") }
        func radii(_ part: ArraySlice<CSSComponent>) throws(CSSValueError) -> [StyleLength] {
            let values = try part.map { (word: CSSComponent) throws(CSSValueError) -> StyleLength in try radius(word) }
            guard (1...4).contains(values.count) else {
                throw CSSValueError(message: "borderRadius has \(values.count) values\(slash == nil ? "" : " on one side of /"): expected 1 to 4 (top-left, top-right, bottom-right, bottom-left)")
            }
            // CSS's corner order, expanded as the box shorthands are.
            let (a, b, c, d) = CSSBoxKeys.expand(values)
            return [a, b, c, d]
        }
        let horizontal = try radii(words[..<(slash ?? words.count)])
        let vertical = try slash.map { (index: Int) throws(CSSValueError) -> [StyleLength] in try radii(words[(index + 1)...]) } ?? horizontal
        return (0..<4).map { CornerRadius(horizontal[$0], vertical[$0]) }
    }

    /// One corner's longhand: one or two radii.
    static func cornerRadius(_ components: [CSSComponent]) throws(CSSValueError) -> CornerRadius {
        let words = CSSComponentParser.words(components)
        guard (1...2).contains(words.count) else { throw CSSValueError(message: "a corner takes one or two radii (horizontal, vertical), not \(words.count)") }
        return CornerRadius(try radius(words[0]), words.count > 1 ? try radius(words[1]) : nil)
    }

    private static func radius(_ word: CSSComponent) throws(CSSValueError) -> StyleLength {
        guard let length = try CSSLengthGrammar.length(word, negative: false) else {
            throw CSSValueError(message: "\(word) is not a radius: expected a length or a percentage, 0 or more")
        }
        return length
    }

    /// `borderStyle`: one to four line styles.
    static func borderStyles(_ components: [CSSComponent]) throws(CSSValueError) -> [BorderLineStyle] {
        let words = CSSComponentParser.words(components)
        let styles = try words.map { (word: CSSComponent) throws(CSSValueError) -> BorderLineStyle in
            guard let k = word.keyword, let style = BorderLineStyle(rawValue: k) else {
                throw CSSValueError(message: "\"\(word)\" is not a border style: expected none, hidden, solid, dashed, dotted, double, groove, ridge, inset or outset")
            }
            return style
        }
        return try sides(styles, "borderStyle")
    }

    /// `borderColor`: one to four colours.
    static func borderColors(_ components: [CSSComponent]) throws(CSSValueError) -> [StyleColor] {
        let words = CSSComponentParser.words(components)
        let colors = try words.map { (word: CSSComponent) throws(CSSValueError) -> StyleColor in
            guard let color = try CSSColorParser.colorOrBareHex(word) else {
                throw CSSValueError(message: "\"\(word)\" is not a colour")
            }
            return color
        }
        return try sides(colors, "borderColor")
    }
}

extension CSSBoxPaintGrammar {
    /// Four per-side values in CSS's shortest form (`a`, `a b`, `a b c` or `a b c d`), joined by spaces.
    static func compact(_ values: [String]) -> String {
        CSSBoxKeys.compact(values).joined(separator: " ")
    }
}

extension [CSSComponent] {
    /// The one non-whitespace component, or an error.
    func single() throws(CSSValueError) -> CSSComponent {
        let words = CSSComponentParser.words(self)
        guard words.count == 1 else { throw CSSValueError(message: "\"\(map(\.description).joined())\" is not one value") }
        return words[0]
    }
}

extension CSSColorParser {
    /// A value that must be exactly one colour.
    static func required(_ components: [CSSComponent]) throws(CSSValueError) -> StyleColor {
        let words = CSSComponentParser.words(components)
        guard words.count == 1, let color = try colorOrBareHex(words[0]) else {
            throw CSSValueError(message: "\"\(components.map(\.description).joined())\" is not a colour: expected a name, #RGB, #RRGGBB, #RRGGBBAA, rgb(), hsl(), hwb(), lab(), lch(), oklab(), oklch() or currentColor")
        }
        return color
    }

    /// A colour, or hex digits without their `#` as documents before CSS colours wrote them
    /// ("E0E0E0"); `nil` when `component` is neither.
    static func colorOrBareHex(_ component: CSSComponent) throws(CSSValueError) -> StyleColor? {
        if let color = try color(component) { return color }
        let text = component.description
        guard [3, 4, 6, 8].contains(text.count), text.allSatisfy(\.isHexDigit), let legacy = try? Color(hex: text) else { return nil }
        return .color(legacy)
    }
}
