/// The grammars of the expanded shorthands, each reading a value's words (``ValueWords``)
/// into its longhands' values, `nil` for one left at its initial value.
extension CSSShorthands {
    /// One to four values for top, right, bottom, left, each passing `accepts`.
    static func fourSides(_ words: [String], _ accepts: (String) -> Bool) throws(ShorthandError) -> [String?] {
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
    static func border(_ words: [String], outline: Bool) throws(ShorthandError) -> (String?, String?, String?) {
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
    static func borderRadius(_ words: [String]) throws(ShorthandError) -> [String?] {
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
    static func flex(_ words: [String]) throws(ShorthandError) -> [String?] {
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
    static func flexFlow(_ words: [String]) throws(ShorthandError) -> [String?] {
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
    static func place(_ words: [String]) throws(ShorthandError) -> [String?] {
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
    static func textDecoration(_ words: [String]) throws(ShorthandError) -> [String?] {
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
    static func listStyle(_ words: [String]) throws(ShorthandError) -> [String?] {
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
    static let systemFonts: Set<String> = ["caption", "icon", "menu", "message-box", "small-caption", "status-bar"]

    /// `[<style> || <variant> || <weight> || <stretch>]? <size> [/ <line-height>]? <family>`.
    static func font(_ words: [String]) throws(ShorthandError) -> [String?] {
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
    static func background(_ words: [String]) throws(ShorthandError) -> [String?] {
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
