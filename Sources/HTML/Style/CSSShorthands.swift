/// The shorthand properties the cascade expands, and their expansion. Browsers cascade
/// longhands, so a shorthand is split into its longhands (syntactically, before the cascade)
/// and each longhand competes on its own.
public enum CSSShorthands {
    /// Each expanded shorthand's longhands, in the order the expansion lists them.
    public static let longhands: [String: [String]] = {
        var table: [String: [String]] = [:]
        let sides = ["top", "right", "bottom", "left"]
        table["margin"] = sides.map { "margin-\($0)" }
        table["padding"] = sides.map { "padding-\($0)" }
        table["inset"] = sides
        table["border-width"] = sides.map { "border-\($0)-width" }
        table["border-style"] = sides.map { "border-\($0)-style" }
        table["border-color"] = sides.map { "border-\($0)-color" }
        for side in sides { table["border-\(side)"] = ["border-\(side)-width", "border-\(side)-style", "border-\(side)-color"] }
        table["border"] = sides.flatMap { ["border-\($0)-width", "border-\($0)-style", "border-\($0)-color"] }
        table["border-radius"] = ["border-top-left-radius", "border-top-right-radius", "border-bottom-right-radius", "border-bottom-left-radius"]
        table["gap"] = ["row-gap", "column-gap"]
        table["flex"] = ["flex-grow", "flex-shrink", "flex-basis"]
        table["flex-flow"] = ["flex-direction", "flex-wrap"]
        table["place-content"] = ["align-content", "justify-content"]
        table["place-items"] = ["align-items", "justify-items"]
        table["place-self"] = ["align-self", "justify-self"]
        table["overflow"] = ["overflow-x", "overflow-y"]
        table["text-decoration"] = ["text-decoration-line", "text-decoration-style", "text-decoration-color", "text-decoration-thickness"]
        table["outline"] = ["outline-width", "outline-style", "outline-color"]
        table["list-style"] = ["list-style-type", "list-style-position", "list-style-image"]
        table["font"] = ["font-style", "font-variant-caps", "font-weight", "font-stretch", "font-size", "line-height", "font-family"]
        table["background"] = ["background-color", "background-image", "background-position", "background-size", "background-repeat",
                               "background-attachment", "background-origin", "background-clip"]
        return table
    }()

    /// One longhand of an expansion.
    struct Longhand: Hashable, Sendable {
        /// The longhand's name.
        var name: String
        /// Its value text.
        var value: String
        /// Whether the value was written (not the initial value the shorthand implies).
        var explicit: Bool
    }

    /// `shorthand: value` as its longhands, or why the value is not one of the shorthand's.
    /// A CSS-wide keyword goes to every longhand as it is.
    static func expand(_ shorthand: String, _ value: String) -> Result<[Longhand], ShorthandError> {
        guard let names = longhands[shorthand] else { return .failure(ShorthandError("not a shorthand")) }
        let words = ValueWords.split(value)
        if words.count == 1, ValueWords.isCSSWide(words[0]) {
            return .success(names.map { Longhand(name: $0, value: words[0], explicit: true) })
        }
        if words.contains(where: ValueWords.isCSSWide) {
            return .failure(ShorthandError("a CSS-wide keyword must be the whole value"))
        }
        guard !words.isEmpty else { return .failure(ShorthandError("an empty value")) }
        do {
            let values = try expansion(shorthand, words)
            return .success(values.map { Longhand(name: $0.0, value: $0.1 ?? "", explicit: $0.1 != nil) }.map { longhand in
                var l = longhand
                if !l.explicit { l.value = initialValues[l.name] ?? "initial" }
                return l
            })
        } catch {
            return .failure(error)
        }
    }

    /// The initial value a shorthand gives a longhand it does not set.
    static let initialValues: [String: String] = {
        var table: [String: String] = [:]
        for side in ["top", "right", "bottom", "left"] {
            table["border-\(side)-width"] = "medium"
            table["border-\(side)-style"] = "none"
            table["border-\(side)-color"] = "currentcolor"
        }
        table["flex-grow"] = "0"
        table["flex-shrink"] = "1"
        table["flex-basis"] = "auto"
        table["flex-direction"] = "row"
        table["flex-wrap"] = "nowrap"
        table["text-decoration-line"] = "none"
        table["text-decoration-style"] = "solid"
        table["text-decoration-color"] = "currentcolor"
        table["text-decoration-thickness"] = "auto"
        table["outline-width"] = "medium"
        table["outline-style"] = "none"
        table["outline-color"] = "currentcolor"
        table["list-style-type"] = "disc"
        table["list-style-position"] = "outside"
        table["list-style-image"] = "none"
        table["font-style"] = "normal"
        table["font-variant-caps"] = "normal"
        table["font-weight"] = "normal"
        table["font-stretch"] = "normal"
        table["line-height"] = "normal"
        table["background-color"] = "transparent"
        table["background-image"] = "none"
        table["background-position"] = "0% 0%"
        table["background-size"] = "auto"
        table["background-repeat"] = "repeat"
        table["background-attachment"] = "scroll"
        table["background-origin"] = "padding-box"
        table["background-clip"] = "border-box"
        return table
    }()

    /// The longhands' values in table order; `nil` for one the value leaves at its initial value.
    private static func expansion(_ shorthand: String, _ words: [String]) throws(ShorthandError) -> [(String, String?)] {
        let names = longhands[shorthand] ?? []
        func zipped(_ values: [String?]) -> [(String, String?)] { Array(zip(names, values)) }
        switch shorthand {
        case "margin", "padding", "inset":
            return zipped(try fourSides(words, { _ in true }))
        case "border-width":
            return zipped(try fourSides(words, ValueWords.isLineWidth))
        case "border-style":
            return zipped(try fourSides(words, { ValueWords.keyword($0).map(ValueWords.lineStyles.contains) ?? false }))
        case "border-color":
            return zipped(try fourSides(words, ValueWords.isColor))
        case "border", "border-top", "border-right", "border-bottom", "border-left", "outline":
            let (width, style, color) = try border(words, outline: shorthand == "outline")
            let sides = shorthand == "border" ? 4 : 1
            return zipped(Array(repeating: [width, style, color], count: sides).flatMap { $0 })
        case "border-radius":
            return zipped(try borderRadius(words))
        case "gap":
            guard words.count <= 2, !words.contains("/"), !words.contains(",") else { throw ShorthandError("expected a row gap and an optional column gap") }
            return zipped([words[0], words.count == 2 ? words[1] : words[0]])
        case "overflow":
            guard words.count <= 2, words.allSatisfy({ ValueWords.keyword($0) != nil }) else { throw ShorthandError("expected one or two overflow keywords") }
            return zipped([words[0], words.count == 2 ? words[1] : words[0]])
        case "flex":
            return zipped(try flex(words))
        case "flex-flow":
            return zipped(try flexFlow(words))
        case "place-content", "place-items", "place-self":
            return zipped(try place(words))
        case "text-decoration":
            return zipped(try textDecoration(words))
        case "list-style":
            return zipped(try listStyle(words))
        case "font":
            return zipped(try font(words))
        case "background":
            return zipped(try background(words))
        default:
            throw ShorthandError("not a shorthand")
        }
    }

    // MARK: Expansions

    /// One to four values for top, right, bottom, left, each passing `accepts`.
    private static func fourSides(_ words: [String], _ accepts: (String) -> Bool) throws(ShorthandError) -> [String?] {
        guard (1...4).contains(words.count), words.allSatisfy({ $0 != "/" && $0 != "," && accepts($0) }) else {
            throw ShorthandError("expected 1 to 4 values (top, right, bottom, left)")
        }
        let top = words[0]
        let right = words.count > 1 ? words[1] : top
        let bottom = words.count > 2 ? words[2] : top
        let left = words.count > 3 ? words[3] : right
        return [top, right, bottom, left]
    }

    /// `<line-width> || <line-style> || <color>`, each at most once (`outline` also takes `auto`).
    private static func border(_ words: [String], outline: Bool) throws(ShorthandError) -> (String?, String?, String?) {
        var width: String?, style: String?, color: String?
        guard words.count <= 3 else { throw ShorthandError("expected a width, a style and a colour, each at most once") }
        for word in words {
            let k = ValueWords.keyword(word)
            if style == nil, let k, ValueWords.lineStyles.contains(k) || (outline && k == "auto") {
                style = word
            } else if width == nil, ValueWords.isLineWidth(word) {
                width = word
            } else if color == nil, ValueWords.isColor(word) {
                color = word
            } else {
                throw ShorthandError("\"\(word)\" is not a width, a style or a colour, or repeats one")
            }
        }
        return (width, style, color)
    }

    /// `1-4 values [/ 1-4 values]` into the four corners, each `horizontal [vertical]`.
    private static func borderRadius(_ words: [String]) throws(ShorthandError) -> [String?] {
        let parts = words.split(separator: "/", omittingEmptySubsequences: false).map(Array.init)
        guard parts.count <= 2, parts.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy { ValueWords.isLength($0) } }) else {
            throw ShorthandError("expected 1 to 4 lengths, optionally / and 1 to 4 more")
        }
        func corners(_ v: [String]) -> [String] {
            let a = v[0], b = v.count > 1 ? v[1] : a, c = v.count > 2 ? v[2] : a, d = v.count > 3 ? v[3] : b
            return [a, b, c, d]
        }
        let horizontal = corners(parts[0])
        guard parts.count == 2 else { return horizontal }
        return zip(horizontal, corners(parts[1])).map { "\($0) \($1)" }
    }

    /// `none | auto | <grow> <shrink>? || <basis>`.
    private static func flex(_ words: [String]) throws(ShorthandError) -> [String?] {
        let invalid = ShorthandError("expected none, auto, or a grow factor, an optional shrink factor and a basis")
        if words.count == 1, let k = ValueWords.keyword(words[0]) {
            if k == "none" { return ["0", "0", "auto"] }
            if k == "auto" { return ["1", "1", "auto"] }
        }
        guard (1...3).contains(words.count), !words.contains("/"), !words.contains(",") else { throw invalid }
        let isNumber = words.map(ValueWords.isNumber)
        if words.count == 3, isNumber.allSatisfy({ $0 }) { return [words[0], words[1], words[2]] }
        let numbers = words.indices.filter { isNumber[$0] }
        let others = words.indices.filter { !isNumber[$0] }
        // One or two adjacent factors and at most one basis, before or after them.
        guard others.count <= 1, numbers.count <= 2, numbers.count != 2 || numbers[1] == numbers[0] + 1 else { throw invalid }
        let basis = others.first.map { words[$0] }
        if let basis {
            let k = ValueWords.keyword(basis) ?? ""
            guard ValueWords.isLength(basis) || ["auto", "content", "max-content", "min-content", "fit-content"].contains(k) else { throw invalid }
        }
        return [numbers.first.map { words[$0] } ?? "1", numbers.count > 1 ? words[numbers[1]] : "1", basis ?? "0%"]
    }

    /// `<flex-direction> || <flex-wrap>`.
    private static func flexFlow(_ words: [String]) throws(ShorthandError) -> [String?] {
        var direction: String?, wrap: String?
        guard words.count <= 2 else { throw ShorthandError("expected a direction and a wrap, each at most once") }
        for word in words {
            let k = ValueWords.keyword(word) ?? ""
            if direction == nil, ["row", "row-reverse", "column", "column-reverse"].contains(k) {
                direction = word
            } else if wrap == nil, ["nowrap", "wrap", "wrap-reverse"].contains(k) {
                wrap = word
            } else {
                throw ShorthandError("\"\(word)\" is not a flex direction or wrap, or repeats one")
            }
        }
        return [direction, wrap]
    }

    /// `<align> <justify>?`, where a value may be two words (`safe center`, `first baseline`).
    private static func place(_ words: [String]) throws(ShorthandError) -> [String?] {
        var values: [String] = []
        var prefix: String?
        for word in words {
            guard let k = ValueWords.keyword(word) else { throw ShorthandError("\"\(word)\" is not an alignment keyword") }
            if ["safe", "unsafe", "first", "last", "legacy"].contains(k), prefix == nil {
                prefix = word
                continue
            }
            values.append(prefix.map { "\($0) \(word)" } ?? word)
            prefix = nil
        }
        guard prefix == nil, values.count == 1 || values.count == 2 else { throw ShorthandError("expected one or two alignments") }
        // A baseline alignment alone does not apply to the justify axis: it falls back to start.
        let justify = values.count == 2 ? values[1] : (values[0].lowercased().hasSuffix("baseline") ? "start" : values[0])
        return [values[0], justify]
    }

    /// `<line> || <style> || <color> || <thickness>`.
    private static func textDecoration(_ words: [String]) throws(ShorthandError) -> [String?] {
        var lines: [String] = []
        var style: String?, color: String?, thickness: String?
        for word in words {
            let k = ValueWords.keyword(word) ?? ""
            if ["underline", "overline", "line-through", "blink"].contains(k), !lines.contains(where: { ValueWords.keyword($0) == k }),
               lines.first.map({ ValueWords.keyword($0) != "none" }) ?? true {
                lines.append(word)
            } else if k == "none", lines.isEmpty {
                lines.append(word)
            } else if style == nil, ["solid", "double", "dotted", "dashed", "wavy"].contains(k) {
                style = word
            } else if color == nil, ValueWords.isColor(word) {
                color = word
            } else if thickness == nil, k == "auto" || k == "from-font" || ValueWords.isLength(word) {
                thickness = word
            } else {
                throw ShorthandError("\"\(word)\" is not a decoration line, style, colour or thickness, or repeats one")
            }
        }
        return [lines.isEmpty ? nil : lines.joined(separator: " "), style, color, thickness]
    }

    /// `<type> || <position> || <image>`, `none` going to whichever of type and image is unset.
    private static func listStyle(_ words: [String]) throws(ShorthandError) -> [String?] {
        var type: String?, position: String?, image: String?
        var nones = 0
        guard words.count <= 3 else { throw ShorthandError("expected a type, a position and an image, each at most once") }
        for word in words {
            let k = ValueWords.keyword(word)
            if k == "none" {
                nones += 1
            } else if position == nil, k == "inside" || k == "outside" {
                position = word
            } else if image == nil, ValueWords.isImage(word) {
                image = word
            } else if type == nil, k != nil || ValueWords.isString(word) {
                type = word
            } else {
                throw ShorthandError("\"\(word)\" is not a list style type, position or image, or repeats one")
            }
        }
        switch nones {
        case 0: break
        case 1 where type == nil && image == nil: type = "none"; image = "none"
        case 1 where type == nil: type = "none"
        case 1 where image == nil: image = "none"
        case 2 where type == nil && image == nil: type = "none"; image = "none"
        default: throw ShorthandError("too many none")
        }
        return [type, position, image]
    }

    /// The system font keywords, which this engine does not know: `font: caption` is invalid.
    private static let systemFonts: Set<String> = ["caption", "icon", "menu", "message-box", "small-caption", "status-bar"]

    /// `[<style> || <variant> || <weight> || <stretch>]? <size> [/ <line-height>]? <family>`.
    private static func font(_ words: [String]) throws(ShorthandError) -> [String?] {
        if words.count == 1, let k = ValueWords.keyword(words[0]), systemFonts.contains(k) {
            throw ShorthandError("system fonts (\(k)) are not supported")
        }
        var style: String?, variant: String?, weight: String?, stretch: String?
        var normals = 0
        var i = 0
        let sizes: Set<String> = ["xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large", "larger", "smaller", "math"]
        let stretches: Set<String> = ["ultra-condensed", "extra-condensed", "condensed", "semi-condensed", "semi-expanded", "expanded", "extra-expanded", "ultra-expanded"]
        while i < words.count {
            let word = words[i]
            let k = ValueWords.keyword(word) ?? ""
            if ValueWords.isLength(word) || sizes.contains(k) { break }
            if k == "normal" {
                normals += 1
            } else if style == nil, k == "italic" || k == "oblique" {
                style = word
                // `oblique <angle>`
                if k == "oblique", i + 1 < words.count, ValueWords.isAngle(words[i + 1]) {
                    style = word + " " + words[i + 1]
                    i += 1
                }
            } else if variant == nil, k == "small-caps" {
                variant = word
            } else if weight == nil, ["bold", "bolder", "lighter"].contains(k) || ValueWords.isNumber(word) {
                weight = word
            } else if stretch == nil, stretches.contains(k) {
                stretch = word
            } else {
                throw ShorthandError("\"\(word)\" is not a font style, variant, weight, stretch or size")
            }
            i += 1
        }
        guard normals + [style, variant, weight, stretch].compactMap({ $0 }).count <= 4 else { throw ShorthandError("too many font keywords") }
        guard i < words.count else { throw ShorthandError("a font needs a size and a family") }
        let size = words[i]
        i += 1
        var lineHeight: String?
        if i < words.count, words[i] == "/" {
            guard i + 1 < words.count, words[i + 1] != "," else { throw ShorthandError("\"/\" without a line height") }
            lineHeight = words[i + 1]
            i += 2
        }
        let family = Array(words[i...])
        guard !family.isEmpty, family.first != ",", family.last != ",", !family.contains("/") else { throw ShorthandError("a font needs a family after its size") }
        for part in ValueWords.commaSeparated(family) {
            let strings = part.filter(ValueWords.isString)
            guard !part.isEmpty, (strings.count == part.count && part.count == 1) || (strings.isEmpty && part.allSatisfy({ ValueWords.keyword($0) != nil })) else {
                throw ShorthandError("\"\(ValueWords.join(part))\" is not a font family name")
            }
        }
        return [style, variant, weight, stretch, size, lineHeight, ValueWords.join(family)]
    }

    /// Background layers (comma-separated), each `<image> || <position> [/ <size>]? ||
    /// <repeat> || <attachment> || <box>{1,2}`, the last one also `|| <color>`. Each longhand
    /// gets the layers' values joined by commas.
    private static func background(_ words: [String]) throws(ShorthandError) -> [String?] {
        let layers = ValueWords.commaSeparated(words)
        var columns = Array(repeating: [String](), count: 7)  // image, position, size, repeat, attachment, origin, clip
        var written = Array(repeating: false, count: 7)
        var color: String?
        let positionWords: Set<String> = ["left", "right", "top", "bottom", "center"]
        let repeats: Set<String> = ["repeat", "repeat-x", "repeat-y", "no-repeat", "space", "round"]
        let boxes: Set<String> = ["border-box", "padding-box", "content-box"]
        for (index, layer) in layers.enumerated() {
            guard !layer.isEmpty else { throw ShorthandError("an empty background layer") }
            var image: String?, position: [String] = [], size: [String] = [], repeatValue: [String] = []
            var attachment: String?, box: [String] = []
            var i = 0
            func isPosition(_ w: String) -> Bool { ValueWords.isLength(w) || positionWords.contains(ValueWords.keyword(w) ?? "") }
            while i < layer.count {
                let word = layer[i]
                let k = ValueWords.keyword(word) ?? ""
                if image == nil, k == "none" || ValueWords.isImage(word) {
                    image = word
                } else if position.isEmpty, isPosition(word) {
                    while i < layer.count, isPosition(layer[i]), position.count < 4 { position.append(layer[i]); i += 1 }
                    if i < layer.count, layer[i] == "/" {
                        i += 1
                        while i < layer.count, size.count < 2, ValueWords.isLength(layer[i]) || ["auto", "cover", "contain"].contains(ValueWords.keyword(layer[i]) ?? "") {
                            size.append(layer[i])
                            i += 1
                        }
                        guard !size.isEmpty else { throw ShorthandError("\"/\" without a background size") }
                    }
                    continue
                } else if repeatValue.isEmpty, repeats.contains(k) {
                    repeatValue.append(word)
                    if i + 1 < layer.count, repeats.contains(ValueWords.keyword(layer[i + 1]) ?? ""), k != "repeat-x", k != "repeat-y" {
                        repeatValue.append(layer[i + 1])
                        i += 1
                    }
                } else if attachment == nil, ["scroll", "fixed", "local"].contains(k) {
                    attachment = word
                } else if box.count < 2, boxes.contains(k) || (box.count == 1 && k == "text") {
                    box.append(word)
                } else if color == nil, index == layers.count - 1, ValueWords.isColor(word) {
                    color = word
                } else {
                    throw ShorthandError("\"\(word)\" is not a background image, position, size, repeat, attachment, box or colour, or repeats one")
                }
                i += 1
            }
            let values: [String?] = [image, position.isEmpty ? nil : position.joined(separator: " "), size.isEmpty ? nil : size.joined(separator: " "),
                                     repeatValue.isEmpty ? nil : repeatValue.joined(separator: " "), attachment, box.first, box.count == 2 ? box[1] : box.first]
            for (column, value) in values.enumerated() {
                if value != nil { written[column] = true }
                columns[column].append(value ?? initialValues[longhands["background"]![column + 1]]!)
            }
        }
        var result: [String?] = [color]
        for column in 0..<7 { result.append(written[column] ? columns[column].joined(separator: ", ") : nil) }
        return result
    }
}

/// Why a shorthand's value did not expand.
struct ShorthandError: Error, Hashable {
    /// What is wrong.
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
