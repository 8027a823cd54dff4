internal import Elements

/// A value's text split into its top-level words, each kept as written (quotes and escapes
/// included): white space and comments separate words; `/` and `,` are words of their own;
/// nothing inside quotes, parentheses or brackets is split. What the shorthand expansions read.
enum ValueWords {
    /// The words of `text`.
    static func split(_ text: String) -> [String] {
        let s = Array(text.unicodeScalars)
        var words: [String] = []
        var current = String.UnicodeScalarView()
        var depth = 0
        var quote: Unicode.Scalar?
        func flush() {
            if !current.isEmpty { words.append(String(current)) }
            current = String.UnicodeScalarView()
        }
        var i = 0
        while i < s.count {
            let c = s[i]
            if let q = quote {
                current.append(c)
                if c == "\\", i + 1 < s.count { current.append(s[i + 1]); i += 2; continue }
                if c == q { quote = nil }
                i += 1
                continue
            }
            if c == "\\", i + 1 < s.count {
                current.append(c)
                current.append(s[i + 1])
                i += 2
                continue
            }
            if c == "/", i + 1 < s.count, s[i + 1] == "*" {
                i += 2
                while i < s.count, !(s[i] == "*" && i + 1 < s.count && s[i + 1] == "/") { i += 1 }
                i += 2
                if depth == 0 { flush() } else { current.append(" ") }
                continue
            }
            switch c {
            case "\"", "'":
                quote = c
                current.append(c)
            case "(", "[", "{":
                depth += 1
                current.append(c)
            case ")", "]", "}":
                depth = max(depth - 1, 0)
                current.append(c)
            case "/" where depth == 0, "," where depth == 0:
                flush()
                words.append(String(c))
            default:
                if depth == 0, CSSTokenizer.isWhitespace(c) {
                    flush()
                } else {
                    current.append(c)
                }
            }
            i += 1
        }
        flush()
        return words
    }

    /// `words` split at `,` words.
    static func commaSeparated(_ words: [String]) -> [[String]] {
        var parts: [[String]] = [[]]
        for word in words {
            if word == "," { parts.append([]) } else { parts[parts.count - 1].append(word) }
        }
        return parts
    }

    /// Words joined as CSS writes them: a space between words, `, ` after a comma, ` / ` around a slash.
    static func join(_ words: [String]) -> String {
        var text = ""
        for word in words {
            if word == "," {
                text += ","
            } else if word == "/" {
                text += " /"
            } else {
                if !text.isEmpty { text += " " }
                text += word
            }
        }
        return text
    }

    // MARK: Classes of words

    /// The word as one component value, or `nil` when it is not exactly one.
    static func component(_ word: String) -> CSSComponent? {
        guard let components = try? CSSComponentParser.parse(word), components.count == 1 else { return nil }
        return components[0]
    }

    /// The word's keyword in lower case, when it is an identifier.
    static func keyword(_ word: String) -> String? { component(word)?.keyword }

    /// Whether `word` is a quoted string.
    static func isString(_ word: String) -> Bool {
        if case .token(.string)? = component(word) { return true }
        return false
    }

    /// Whether `word` is an angle (`10deg`).
    static func isAngle(_ word: String) -> Bool {
        if case .token(.dimension(_, let unit))? = component(word) { return ["deg", "rad", "grad", "turn"].contains(unit.lowercased()) }
        return false
    }

    /// The CSS-wide keywords, which every property takes and the caller resolves.
    static let cssWideKeywords: Set<String> = ["inherit", "initial", "unset", "revert", "revert-layer"]

    /// Whether `word` is a CSS-wide keyword.
    static func isCSSWide(_ word: String) -> Bool { keyword(word).map(cssWideKeywords.contains) ?? false }

    /// The math functions, taken as a length or number of any kind.
    static let mathFunctions: Set<String> = ["calc", "min", "max", "clamp", "round", "mod", "rem", "abs", "sign"]

    /// Units that are not lengths.
    private static let nonLengthUnits: Set<String> = ["deg", "rad", "grad", "turn", "s", "ms", "hz", "khz", "dpi", "dpcm", "dppx", "x", "fr"]

    /// A length, a percentage (when `percent`), unitless zero or a math function.
    static func isLength(_ word: String, percent: Bool = true) -> Bool {
        switch component(word) {
        case .token(.dimension(_, let unit))?: !nonLengthUnits.contains(unit.lowercased())
        case .token(.percentage)?: percent
        case .token(.number(0))?: true
        case .function(let name, _)?: mathFunctions.contains(name)
        default: false
        }
    }

    /// A number (or a math function).
    static func isNumber(_ word: String) -> Bool {
        switch component(word) {
        case .token(.number)?: true
        case .function(let name, _)?: mathFunctions.contains(name)
        default: false
        }
    }

    /// The colour functions.
    private static let colorFunctions: Set<String> = ["rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color", "color-mix", "light-dark"]

    /// A colour: `#hex`, a named colour, `transparent`, `currentcolor` or a colour function.
    static func isColor(_ word: String) -> Bool {
        switch component(word) {
        case .token(.hash(let hex))?:
            return [3, 4, 6, 8].contains(hex.unicodeScalars.count) && hex.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit)
        case .token(.ident(let name))?:
            let lower = name.lowercased()
            return lower == "transparent" || lower == "currentcolor" || CSSNamedColors.values[lower] != nil
        case .function(let name, _)?:
            return colorFunctions.contains(name)
        default:
            return false
        }
    }

    /// The image functions.
    private static let imageFunctions: Set<String> = ["url", "linear-gradient", "radial-gradient", "conic-gradient", "repeating-linear-gradient",
                                                      "repeating-radial-gradient", "repeating-conic-gradient", "image-set", "-webkit-image-set", "image"]

    /// An image: `url(…)` or a gradient (not `none`).
    static func isImage(_ word: String) -> Bool {
        switch component(word) {
        case .token(.url)?: true
        case .function(let name, _)?: imageFunctions.contains(name)
        default: false
        }
    }

    /// The `<line-style>` keywords.
    static let lineStyles: Set<String> = ["none", "hidden", "dotted", "dashed", "solid", "double", "groove", "ridge", "inset", "outset"]

    /// A `<line-width>`: a length or `thin`, `medium`, `thick`.
    static func isLineWidth(_ word: String) -> Bool {
        if let k = keyword(word) { return k == "thin" || k == "medium" || k == "thick" }
        return isLength(word, percent: false)
    }
}
