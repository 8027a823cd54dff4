internal import Flexbox
internal import Canvas

/// The grammars of the text properties (CSS Fonts 4, CSS Text 3 and 4, CSS Text Decoration 3,
/// CSS Overflow 4's line-clamp), over ``CSSComponent``s.
enum CSSTextGrammar {
    /// The generic families, as fontconfig names them.
    static let genericFamilies = ["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "emoji", "math",
                                  "ui-serif", "ui-sans-serif", "ui-monospace", "ui-rounded"]

    /// `font-family`: names (quoted, or identifiers joined by one space) separated by commas.
    static func fontFamily(_ components: [CSSComponent]) throws(CSSValueError) -> [String] {
        var names: [String] = []
        for part in CSSComponentParser.commaSeparated(components) {
            let words = CSSComponentParser.words(part)
            if words.count == 1, case .token(.string(let quoted)) = words[0] {
                guard !quoted.isEmpty else { throw CSSValueError(message: "an empty family name") }
                names.append(quoted)
                continue
            }
            var idents: [String] = []
            for word in words {
                guard case .token(.ident(let name)) = word else {
                    throw CSSValueError(message: "\"\(word)\" in a font family: expected a quoted name or identifiers")
                }
                idents.append(name)
            }
            guard !idents.isEmpty else { throw CSSValueError(message: "an empty font family entry") }
            let name = idents.joined(separator: " ")
            // fontconfig's aliases are these names; system-ui and the ui- ones map to its generics.
            let lower = name.lowercased()
            if genericFamilies.contains(lower) {
                let generic = switch lower {
                case "system-ui", "ui-sans-serif", "ui-rounded": "sans-serif"
                case "ui-serif": "serif"
                case "ui-monospace": "monospace"
                default: lower
                }
                names.append(generic)
            } else {
                names.append(name)
            }
        }
        guard names.count <= 64 else { throw CSSValueError(message: "\(names.count) font families: at most 64") }
        return names
    }

    /// `font-size`: a keyword, `smaller`/`larger`, or a non-negative length (`%`, `em` of the parent's).
    static func fontSize(_ components: [CSSComponent]) throws(CSSValueError) -> StyleLength {
        let word = try components.single()
        let keywords: [String: Double] = ["xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18,
                                          "x-large": 24, "xx-large": 32, "xxx-large": 48]
        if let name = word.keyword {
            if let points = keywords[name] { return .points(points) }
            if name == "smaller" { return .em(1 / 1.2) }
            if name == "larger" { return .em(1.2) }
        }
        guard let length = try CSSLengthGrammar.length(word, percent: true, negative: false) else {
            throw CSSValueError(message: "\"\(word)\" is not a font size: expected a length, a percentage or a keyword (small, medium, large…)")
        }
        return length
    }

    /// `font-weight`: 1…1000, `normal`, `bold`, `bolder` or `lighter`.
    static func fontWeight(_ components: [CSSComponent]) throws(CSSValueError) -> FontWeightValue {
        let word = try components.single()
        switch word.keyword {
        case "normal": return .weight(400)
        case "bold": return .weight(700)
        case "bolder": return .bolder
        case "lighter": return .lighter
        default:
            guard case .token(.number(let n)) = word, n >= 1, n <= 1000, n == n.rounded() else {
                throw CSSValueError(message: "\"\(word)\" is not a font weight: expected a whole number in 1...1000, normal, bold, bolder or lighter")
            }
            return .weight(Int(n))
        }
    }

    /// `font-style`: `normal`, `italic` or `oblique` with an optional angle (drawn italic).
    static func fontStyle(_ components: [CSSComponent]) throws(CSSValueError) -> FontStyleValue {
        let words = CSSComponentParser.words(components)
        let angled = try words.count == 2 ? CSSLengthGrammar.angle(words[1]) != nil : false
        guard let first = words.first?.keyword, let style = FontStyleValue(rawValue: first),
              words.count == 1 || (style == .oblique && angled) else {
            throw CSSValueError(message: "\"\(components.map(\.description).joined())\" is not a font style: expected normal, italic or oblique [angle]")
        }
        return style
    }

    /// `font-feature-settings`: `normal`, or quoted four-letter tags each with `on`, `off` or a
    /// number; written back canonically (`"tnum" 1, "liga" 0`), the syntax Pango reads.
    static func fontFeatureSettings(_ components: [CSSComponent]) throws(CSSValueError) -> String {
        let parts = CSSComponentParser.commaSeparated(components)
        if parts.count == 1, CSSComponentParser.words(parts[0]).first?.keyword == "normal", CSSComponentParser.words(parts[0]).count == 1 { return "" }
        guard parts.count <= 64 else { throw CSSValueError(message: "\(parts.count) font features: at most 64") }
        var features: [String] = []
        for part in parts {
            let words = CSSComponentParser.words(part)
            guard let tagWord = words.first, case .token(.string(let tag)) = tagWord, tag.count == 4,
                  tag.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value <= 0x7E }), words.count <= 2 else {
                throw CSSValueError(message: "\"\(part.map(\.description).joined())\" is not a font feature: expected a quoted four-letter tag and on, off or a number")
            }
            var value = 1
            if words.count == 2 {
                switch words[1] {
                case .token(.ident(let word)) where word.lowercased() == "on": value = 1
                case .token(.ident(let word)) where word.lowercased() == "off": value = 0
                case .token(.number(let n)) where n >= 0 && n == n.rounded() && n < 65536: value = Int(n)
                default: throw CSSValueError(message: "\"\(words[1])\" is not a feature value: expected on, off or a whole number")
                }
            }
            features.append("\"\(tag)\" \(value)")
        }
        return features.joined(separator: ", ")
    }

    /// `line-height`: `normal`, a non-negative number (a multiple) or length.
    static func lineHeight(_ components: [CSSComponent]) throws(CSSValueError) -> LineHeight {
        let word = try components.single()
        if word.keyword == "normal" { return .normal }
        if case .token(.number(let n)) = word {
            guard n >= 0, n.isFinite else { throw CSSValueError(message: "\(word): a line height must be 0 or more") }
            return .multiple(n)
        }
        guard let length = try CSSLengthGrammar.length(word, percent: true, negative: false) else {
            throw CSSValueError(message: "\"\(word)\" is not a line height: expected normal, a number, a length or a percentage")
        }
        return .length(length)
    }

    /// `letter-spacing` and `word-spacing`: `normal` (0) or a length.
    static func spacing(_ components: [CSSComponent]) throws(CSSValueError) -> StyleLength {
        let word = try components.single()
        if word.keyword == "normal" { return .zero }
        guard let length = try CSSLengthGrammar.length(word, percent: false) else {
            throw CSSValueError(message: "\"\(word)\" is not a spacing: expected normal or a length")
        }
        return length
    }

    /// `text-indent`: a length or a percentage of the text's width.
    static func textIndent(_ components: [CSSComponent]) throws(CSSValueError) -> StyleLength {
        try CSSLengthGrammar.single(components, percent: true, expected: "a text indent: expected a length or a percentage")
    }

    /// `text-decoration-line`: `none`, or any of underline, overline, line-through.
    static func decorationLine(_ words: [CSSComponent]) throws(CSSValueError) -> TextDecorationLine? {
        if words.count == 1, words[0].keyword == "none" { return [] }
        var lines: TextDecorationLine = []
        for word in words {
            let line: TextDecorationLine
            switch word.keyword {
            case "underline": line = .underline
            case "overline": line = .overline
            case "line-through": line = .lineThrough
            default: return nil
            }
            guard !lines.contains(line) else { return nil }
            lines.insert(line)
        }
        return lines.isEmpty ? nil : lines
    }

    /// `text-decoration-thickness`: `auto`, `from-font` (both the font's own: `nil`), a length or
    /// a percentage of 1em.
    static func decorationThickness(_ word: CSSComponent) throws(CSSValueError) -> StyleLength?? {
        if word.keyword == "auto" || word.keyword == "from-font" { return .some(nil) }
        guard let length = try CSSLengthGrammar.length(word, percent: true, negative: false) else { return nil }
        return .some(length)
    }

    /// The `text-decoration` shorthand: lines, style, colour and thickness in any order; those
    /// left out take their initial values.
    static func textDecoration(_ components: [CSSComponent]) throws(CSSValueError)
        -> (lines: TextDecorationLine, style: TextDecorationStyle, color: StyleColor, thickness: StyleLength?) {
        var lineWords: [CSSComponent] = []
        var style: TextDecorationStyle?
        var color: StyleColor?
        var thickness: StyleLength??
        for word in CSSComponentParser.words(components) {
            if let keyword = word.keyword, ["underline", "overline", "line-through", "none"].contains(keyword) {
                lineWords.append(word)
            } else if style == nil, let keyword = word.keyword, let s = TextDecorationStyle(rawValue: keyword) {
                style = s
            } else if thickness == nil, let t = try decorationThickness(word) {
                thickness = t
            } else if color == nil, let c = try CSSColorParser.color(word) {
                color = c
            } else {
                throw CSSValueError(message: "\"\(word)\" in text-decoration: expected lines (underline, overline, line-through or none), a style, a colour and a thickness")
            }
        }
        var lines: TextDecorationLine = []
        if !lineWords.isEmpty {
            guard let parsed = try decorationLine(lineWords) else {
                throw CSSValueError(message: "\"\(lineWords.map(\.description).joined(separator: " "))\" is not a decoration line: none, or underline, overline and line-through each at most once")
            }
            lines = parsed
        }
        return (lines, style ?? .solid, color ?? .currentColor, thickness ?? nil)
    }

    /// `-webkit-line-clamp` and `line-clamp`: `none` (0) or a positive whole number.
    static func lineClamp(_ components: [CSSComponent]) throws(CSSValueError) -> Int {
        let word = try components.single()
        if word.keyword == "none" { return 0 }
        guard case .token(.number(let n)) = word, n >= 1, n == n.rounded(), n <= 1_000_000 else {
            throw CSSValueError(message: "\"\(word)\" is not a line clamp: expected none or a whole number from 1")
        }
        return Int(n)
    }

    /// `tab-size`: a non-negative number of spaces, or a length.
    static func tabSize(_ components: [CSSComponent]) throws(CSSValueError) -> TabSize {
        let word = try components.single()
        if case .token(.number(let n)) = word {
            guard n >= 0, n <= 1000 else { throw CSSValueError(message: "\"\(word)\" is not a tab size: expected a number of spaces in 0...1000 or a length") }
            return .spaces(n)
        }
        guard let length = try CSSLengthGrammar.length(word, percent: false, negative: false) else {
            throw CSSValueError(message: "\"\(word)\" is not a tab size: expected a number of spaces in 0...1000 or a length")
        }
        return .length(length)
    }

    /// `text-shadow`: `none` or a list of `x y [blur]` with an optional colour.
    static func textShadows(_ components: [CSSComponent]) throws(CSSValueError) -> [TextShadow] {
        let parts = CSSComponentParser.commaSeparated(components)
        if parts.count == 1, CSSComponentParser.words(parts[0]).count == 1, CSSComponentParser.words(parts[0])[0].keyword == "none" { return [] }
        guard parts.count <= 64 else { throw CSSValueError(message: "\(parts.count) text shadows: at most 64") }
        return try parts.map { part throws(CSSValueError) in
            var lengths: [StyleLength] = []
            var color: StyleColor?
            for word in CSSComponentParser.words(part) {
                if let length = try CSSLengthGrammar.length(word, percent: false) {
                    guard lengths.count < 3, color == nil || lengths.isEmpty else {
                        throw CSSValueError(message: "\"\(part.map(\.description).joined())\" is not a text shadow: expected x y [blur] and a colour")
                    }
                    lengths.append(length)
                } else if color == nil, let c = try CSSColorParser.color(word) {
                    color = c
                } else {
                    throw CSSValueError(message: "\"\(word)\" in a text shadow: expected x y [blur] and a colour")
                }
            }
            guard lengths.count >= 2 else { throw CSSValueError(message: "\"\(part.map(\.description).joined())\" is not a text shadow: expected x y [blur] and a colour") }
            if lengths.count == 3, case .points(let blur) = lengths[2], blur < 0 { throw CSSValueError(message: "a text shadow's blur must be 0 or more") }
            return TextShadow(x: lengths[0], y: lengths[1], blur: lengths.count == 3 ? lengths[2] : 0, color: color ?? .currentColor)
        }
    }

    /// A stroke width: `thin` (1), `medium` (3), `thick` (5) or a non-negative length.
    static func strokeWidth(_ word: CSSComponent) throws(CSSValueError) -> StyleLength? {
        switch word.keyword {
        case "thin": return 1
        case "medium": return 3
        case "thick": return 5
        default: return try CSSLengthGrammar.length(word, percent: false, negative: false)
        }
    }

    /// The `-webkit-text-stroke` shorthand: a width and a colour, in either order.
    static func textStroke(_ components: [CSSComponent]) throws(CSSValueError) -> (width: StyleLength, color: StyleColor) {
        var width: StyleLength?
        var color: StyleColor?
        for word in CSSComponentParser.words(components) {
            if width == nil, let w = try strokeWidth(word) { width = w }
            else if color == nil, let c = try CSSColorParser.color(word) { color = c }
            else { throw CSSValueError(message: "\"\(word)\" in -webkit-text-stroke: expected a width and a colour") }
        }
        return (width ?? 0, color ?? .currentColor)
    }
}
