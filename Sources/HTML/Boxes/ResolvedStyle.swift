/// One element's style once its CSS-wide keywords are resolved: the values it declares (the
/// element model inherits the inherited ones itself) and the inherited values the box builder
/// reads while it shapes the tree.
///
/// The fields live in one immutable shared box (``Fields`` through dynamic members): the
/// builder reads an element's style many times, and a copy is then one reference, not a
/// dozen strings' (a change makes a new box).
@dynamicMemberLookup
struct ResolvedStyle: Sendable {
    /// The resolved values.
    struct Fields: Sendable {
        /// Property (CSS name) → value, as declared on this element after `inherit`, `initial` and
        /// `unset` are resolved.
        var declared: [String: String]
        /// Inherited: `white-space`.
        var whiteSpace: String
        /// Inherited: `list-style-type`.
        var listStyleType: String
        /// Inherited: `list-style-position`.
        var listStylePosition: String
        /// Inherited: `direction`.
        var direction: String
        /// Inherited: the `font-family` list as declared (`serif` where none is: the standard font).
        var fontFamily: String
        /// Inherited: whether no element up to this one declares `font-family` (the browser's
        /// standard font, which is `serif` but has a language's own font, as generic families do).
        var hasStandardFont = true
        /// Inherited: the content language, from the `lang` attribute (empty: unknown).
        var language: String
        /// Inherited: whether `font-family` is the generic `monospace` alone.
        var isMonospace: Bool
        /// Inherited: the font size as a multiple of `medium` when it derives from font-size
        /// keywords and relative sizes alone (`nil` once a length sets it): Chromium gives a
        /// `monospace` text 13px for `medium` and scales the chain from there (`<h2><code>`:
        /// 13 × 1.5 px).
        var keywordScale: Double?
        /// Whether it declares a flow-relative margin, padding or inset (`padding-inline-start`).
        var hasFlowRelativeSides = false
        /// A number shared by every element of any card that resolves to this same style
        /// (``StyleMemo/resolvedStyle(_:)``), so the box builder's tables find its readings by one
        /// integer; `nil` when its cascaded values are its own (a `style` attribute, `var()`).
        var memoID: Int?
        /// `display` as the builder reads it (parsed once).
        var display: ParsedDisplay = .absent
    }

    /// A declared `display`, parsed.
    enum ParsedDisplay: Sendable {
        /// None declared: `inline`.
        case absent
        case known(CSSDisplay)
        /// Not a value the builder knows (the text, for the warning).
        case unknown(String)
        /// `grid` and its kin (the text, for the error).
        case unsupported(String)

        init(_ text: String?) {
            guard let text else {
                self = .absent
                return
            }
            do {
                self = try CSSDisplay.parse(text).map { .known($0) } ?? .unknown(text)
            } catch {
                self = .unsupported(error.value)
            }
        }

        /// The display, when declared and known.
        var known: CSSDisplay? {
            if case .known(let display) = self { display } else { nil }
        }
    }

    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    init(_ fields: Fields) { box = Box(fields) }

    subscript<Value>(dynamicMember path: KeyPath<Fields, Value>) -> Value {
        box.fields[keyPath: path]
    }

    subscript<Value>(dynamicMember path: WritableKeyPath<Fields, Value>) -> Value {
        get { box.fields[keyPath: path] }
        set {
            var fields = box.fields
            fields[keyPath: path] = newValue
            box = Box(fields)
        }
    }

    /// The style `<html>`'s parent would have: every inherited value initial.
    static let initial = ResolvedStyle(Fields(declared: [:], whiteSpace: "normal", listStyleType: "disc",
                                              listStylePosition: "outside", direction: "ltr", fontFamily: "serif", language: "",
                                              isMonospace: false, keywordScale: 1, memoID: StyleMemo.initialStyleSerial))

    /// Whether the box is positioned (a containing block for absolute descendants).
    var isPositioned: Bool {
        switch self.declared["position"]?.lowercased() {
        case "relative", "absolute", "fixed", "sticky": true
        default: false
        }
    }

    /// Whether the box is out of flow.
    var isOutOfFlow: Bool {
        switch self.declared["position"]?.lowercased() {
        case "absolute", "fixed": true
        default: false
        }
    }

    /// Resolves `cascaded` (property → winning value) against the parent's resolved style.
    static func resolve(_ cascaded: [String: String], parent: ResolvedStyle, isRoot: Bool) -> ResolvedStyle {
        var declared = cascaded  // shared until a CSS-wide keyword changes it
        var hasFlowRelativeSides = false
        for (property, value) in cascaded {
            if !hasFlowRelativeSides, property.hasSuffix("-start") || property.hasSuffix("-end") { hasFlowRelativeSides = true }
            guard PropertyTable.isWideKeyword(value) else { continue }
            declared[property] = nil
            let inherited = PropertyTable.inherited.contains(property)
            switch value.lowercased() {
            case "inherit":
                // Inherited properties are the model's (or tracked below); others copy the parent's value.
                if !inherited, let parentValue = parent.declared[property] { declared[property] = parentValue }
                if inherited, isTracked(property), let parentValue = parent.tracked(property) { declared[property] = parentValue }
            case "initial":
                if inherited, let initialValue = PropertyTable.initialValues[property] { declared[property] = initialValue }
            default:  // unset, revert, revert-layer: inherit if inherited, else initial
                if inherited, isTracked(property), let parentValue = parent.tracked(property) { declared[property] = parentValue }
            }
        }
        var style = ResolvedStyle.initial.box.fields
        style.memoID = nil
        style.declared = declared
        style.display = ParsedDisplay(declared["display"])
        style.hasFlowRelativeSides = hasFlowRelativeSides
        style.whiteSpace = declared["white-space"]?.lowercased() ?? parent.whiteSpace
        style.listStyleType = declared["list-style-type"]?.lowercased() ?? parent.listStyleType
        style.listStylePosition = declared["list-style-position"]?.lowercased() ?? parent.listStylePosition
        style.direction = declared["direction"]?.lowercased() ?? parent.direction
        style.fontFamily = declared["font-family"] ?? parent.fontFamily
        style.hasStandardFont = declared["font-family"] == nil && parent.hasStandardFont
        style.language = parent.language
        if let family = declared["font-family"] {
            style.isMonospace = family.trimmingCharacters(in: " \t\n").lowercased() == "monospace"
        } else {
            style.isMonospace = parent.isMonospace
        }
        if let size = declared["font-size"] {
            style.keywordScale = Self.keywordScale(size, parent: parent.keywordScale)
        } else {
            style.keywordScale = parent.keywordScale
        }
        return ResolvedStyle(style)
    }

    /// The multiple of `medium` a declared `font-size` makes, or `nil` (a length, or relative to
    /// a size that is not a multiple of `medium`).
    static func keywordScale(_ value: String, parent: Double?) -> Double? {
        let word = value.lowercased().filter { $0 != " " }
        if let px = fontSizeKeywords[word] { return px / 16 }
        guard let parent, let factor = relativeFontSizeFactor(word) else { return nil }
        return parent * factor
    }

    /// The absolute `font-size` keywords in px.
    private static let fontSizeKeywords: [String: Double] = ["xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18,
                                                             "x-large": 24, "xx-large": 32, "xxx-large": 48]

    /// The factor a relative `font-size` (`smaller`, `larger`, `em`, `%`) applies to the
    /// parent's size, or `nil` for any other value.
    static func relativeFontSizeFactor(_ value: String) -> Double? {
        let word = value.lowercased().filter { $0 != " " }
        switch word {
        case "smaller": return 1 / 1.2
        case "larger": return 1.2
        default: break
        }
        if word.hasSuffix("em"), !word.hasSuffix("rem"), let n = Double(word.dropLast(2)), n.isFinite { return n }
        if word.hasSuffix("%"), let n = Double(word.dropLast()), n.isFinite { return n / 100 }
        return nil
    }

    /// The `font-size` a `monospace` box gets in place of the one declared or inherited: 13px
    /// for `medium`, scaled as the size derives from it; `nil` when a length set it.
    var monospaceFontSize: String? {
        guard self.isMonospace, let keywordScale = self.keywordScale else { return nil }
        return "\(13 * keywordScale)px"
    }

    private static func isTracked(_ property: String) -> Bool {
        ["white-space", "list-style-type", "list-style-position", "direction"].contains(property)
    }

    private func tracked(_ property: String) -> String? {
        switch property {
        case "white-space": self.whiteSpace
        case "list-style-type": self.listStyleType
        case "list-style-position": self.listStylePosition
        case "direction": self.direction
        default: nil
        }
    }
}

extension String {
    /// The text without the given characters at either end.
    func trimmingCharacters(in set: String) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !set.unicodeScalars.contains($0) }),
              let last = scalars.lastIndex(where: { !set.unicodeScalars.contains($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
