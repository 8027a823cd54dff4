/// A parsed stylesheet (a `<style>` element's text, or the user-agent sheet): its style rules
/// with the `@media` conditions around them, its `@font-face` rules, and a warning for every
/// part CSS's error recovery dropped (CSS Syntax Level 3, §5).
public struct StyleSheet: Hashable, Sendable {
    /// The sheet's name in warnings (`style[0]`).
    public var name: String
    /// The style rules in source order (``StyleRule/index`` numbers them), nested `@media`
    /// rules flattened with their conditions.
    public var rules: [StyleRule]
    /// The `@font-face` rules in source order.
    public var fontFaces: [FontFaceRule]
    /// What was ignored while parsing, in source order.
    public var warnings: [StyleWarning]

    /// A sheet made of parts (for tests and user-agent sheets built in code).
    public init(name: String, rules: [StyleRule], fontFaces: [FontFaceRule] = [], warnings: [StyleWarning] = []) {
        self.name = name
        self.rules = rules
        self.fontFaces = fontFaces
        self.warnings = warnings
    }

    /// Parses `text`, named `name` in warnings. Throws only when a limit is passed: every
    /// error CSS recovers from is recovered from and reported in ``warnings``.
    public init(parsing text: String, name: String = "style[0]", limits: StyleLimits = StyleLimits()) throws(StyleError) {
        let bytes = text.utf8.count
        guard bytes <= limits.maximumSheetBytes else {
            throw .sheetTooLarge(path: name, bytes: bytes, limit: limits.maximumSheetBytes)
        }
        var parser = StyleSheetParser(text, name: name, limits: limits)
        try parser.parseSheet()
        self.init(name: name, rules: parser.rules, fontFaces: parser.fontFaces, warnings: parser.warnings)
    }

    /// The declarations of a `style` attribute (a declaration list, as inside a rule's
    /// braces), appending what it ignores to `warnings` under `path` (the element's path).
    public static func declarations(parsingStyleAttribute text: String, path: String = "style",
                                    limits: StyleLimits = StyleLimits(),
                                    warnings: inout [StyleWarning]) throws(StyleError) -> [CSSDeclaration] {
        let bytes = text.utf8.count
        guard bytes <= limits.maximumSheetBytes else {
            throw .sheetTooLarge(path: path, bytes: bytes, limit: limits.maximumSheetBytes)
        }
        var parser = StyleSheetParser(text, name: path, limits: limits, linesInPaths: false)
        let declarations = try parser.parseDeclarationList(0..<parser.tokens.count, depth: 0)
        warnings += parser.warnings
        return declarations
    }

    /// The declarations of a `style` attribute, its warnings dropped.
    public static func declarations(parsingStyleAttribute text: String, limits: StyleLimits = StyleLimits()) throws(StyleError) -> [CSSDeclaration] {
        var ignored: [StyleWarning] = []
        return try declarations(parsingStyleAttribute: text, limits: limits, warnings: &ignored)
    }
}

/// A style rule: a selector list and its declarations.
public struct StyleRule: Hashable, Sendable {
    /// The selectors.
    public var selectors: SelectorList
    /// The valid declarations, in source order.
    public var declarations: [CSSDeclaration]
    /// The `@media` conditions around the rule, outermost first: the rule applies when all match.
    public var media: [MediaQueryList]
    /// The rule's position among its sheet's style rules (0-based): source order.
    public var index: Int
    /// The 1-based line its selector starts on.
    public var line: Int

    /// A rule.
    public init(selectors: SelectorList, declarations: [CSSDeclaration], media: [MediaQueryList] = [], index: Int = 0, line: Int = 0) {
        self.selectors = selectors
        self.declarations = declarations
        self.media = media
        self.index = index
        self.line = line
    }
}
