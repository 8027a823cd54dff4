internal import Elements

/// An `@font-face` rule: a family name bound to font sources, for the font loader. Sources are
/// never fetched here; the loader decides which it may read (data: URIs, names it knows).
public struct FontFaceRule: Hashable, Sendable {
    /// One entry of `src`.
    public enum Source: Hashable, Sendable {
        /// `url(…)` and its optional `format(…)` hint (lower case).
        case url(String, format: String?)
        /// `local(…)`: a font installed under that full name.
        case local(String)
    }

    /// The family name (`font-family`), quotes removed, identifiers joined by one space.
    public var family: String
    /// The sources in order of preference; entries that did not parse are left out.
    public var sources: [Source]
    /// `font-weight`: one weight (`400...400`) or a range; `nil` when not given (normal).
    public var weight: ClosedRange<Double>?
    /// `font-style` in lower case (`normal`, `italic`, `oblique 10deg`); `nil` when not given.
    public var style: String?
    /// The line of the rule in its sheet.
    public var line: Int

    /// A rule.
    public init(family: String, sources: [Source], weight: ClosedRange<Double>? = nil, style: String? = nil, line: Int = 0) {
        self.family = family
        self.sources = sources
        self.weight = weight
        self.style = style
        self.line = line
    }

    /// The rule made of `declarations`, warnings for what it ignores; `nil` (with a warning)
    /// when it has no family or no usable source.
    static func make(_ declarations: [CSSDeclaration], line: Int, path: String, warnings: inout [StyleWarning]) -> FontFaceRule? {
        var rule = FontFaceRule(family: "", sources: [], line: line)
        func warn(_ property: String, _ reason: String) {
            warnings.append(StyleWarning(path: path, property: property, reason: reason))
        }
        for declaration in declarations {
            let components = (try? CSSComponentParser.parse(declaration.value)) ?? []
            switch declaration.name {
            case "font-family":
                if let family = Self.family(CSSComponentParser.words(components)) {
                    rule.family = family
                } else {
                    warn("font-family", "\"\(declaration.value)\" is not a family name")
                }
            case "src":
                rule.sources = CSSComponentParser.commaSeparated(components).compactMap(Self.source)
            case "font-weight":
                if let weight = Self.weight(CSSComponentParser.words(components)) {
                    rule.weight = weight
                } else {
                    warn("font-weight", "\"\(declaration.value)\" is not a weight or a range of weights")
                }
            case "font-style":
                let words = CSSComponentParser.words(components)
                if let first = words.first?.keyword, first == "normal" || first == "italic" || first == "oblique",
                   words.count == 1 || first == "oblique" {
                    rule.style = words.map { $0.description.lowercased() }.joined(separator: " ")
                } else {
                    warn("font-style", "\"\(declaration.value)\" is not normal, italic or oblique")
                }
            case "font-display":
                break  // Fonts are loaded before drawing: nothing to swap.
            default:
                warn(declaration.name, "not a supported @font-face descriptor")
            }
        }
        guard !rule.family.isEmpty else {
            warn("@font-face", "no font-family: the rule is ignored")
            return nil
        }
        guard !rule.sources.isEmpty else {
            warn("@font-face", "no src of url() or local(): the rule is ignored")
            return nil
        }
        return rule
    }

    /// A family name: one string, or identifiers joined by a space.
    private static func family(_ words: [CSSComponent]) -> String? {
        if words.count == 1, case .token(.string(let name)) = words[0] { return name }
        var names: [String] = []
        for word in words {
            guard case .token(.ident(let name)) = word else { return nil }
            names.append(name)
        }
        return names.isEmpty ? nil : names.joined(separator: " ")
    }

    /// One `src` entry: `url(…) [format(…)]? [tech(…)]?` or `local(…)`.
    private static func source(_ part: [CSSComponent]) -> Source? {
        let words = CSSComponentParser.words(part)
        guard let first = words.first else { return nil }
        var address: String?
        switch first {
        case .token(.url(let url)): address = url
        case .function("url", let arguments):
            if case .token(.string(let url))? = CSSComponentParser.words(arguments).first, arguments.count == 1 { address = url }
        default: break
        }
        switch first {
        case .token(.url), .function("url", _):
            guard let url = address else { return nil }
            var format: String?
            for extra in words.dropFirst() {
                switch extra {
                case .function("format", let arguments):
                    let inner = CSSComponentParser.words(arguments)
                    guard inner.count == 1 else { return nil }
                    switch inner[0] {
                    case .token(.string(let f)), .token(.ident(let f)): format = f.lowercased()
                    default: return nil
                    }
                case .function("tech", _):
                    continue
                default:
                    return nil
                }
            }
            return .url(url, format: format)
        case .function("local", let arguments):
            guard words.count == 1, let name = family(CSSComponentParser.words(arguments)) else { return nil }
            return .local(name)
        default:
            return nil
        }
    }

    /// `normal`, `bold`, a number in 1...1000, or two of these (a range).
    private static func weight(_ words: [CSSComponent]) -> ClosedRange<Double>? {
        let values: [Double] = words.compactMap {
            switch $0 {
            case .token(.number(let n)) where n >= 1 && n <= 1000: n
            case .token(.ident(let k)) where k.lowercased() == "normal": 400
            case .token(.ident(let k)) where k.lowercased() == "bold": 700
            default: nil
            }
        }
        guard values.count == words.count, values.count == 1 || values.count == 2 else { return nil }
        return values.min()!...values.max()!
    }
}
