internal import Elements

/// CSS Syntax Level 3's parser (§5.4) over a sheet's tokens: a list of rules, qualified rules,
/// at-rules and declaration lists, with its error recovery. A bad declaration drops itself, a bad
/// selector its rule; an unknown at-rule is skipped with its block; a block the end of the text
/// leaves open is closed there.
struct StyleSheetParser {
    /// The sheet's tokens.
    let tokens: StyleTokens
    /// The sheet's name, for warnings.
    let name: String
    /// The bounds.
    let limits: StyleLimits
    /// Whether warnings name a line (a sheet) or only the path (a `style` attribute).
    let linesInPaths: Bool
    /// The style rules so far.
    private(set) var rules: [StyleRule] = []
    /// The `@font-face` rules so far.
    private(set) var fontFaces: [FontFaceRule] = []
    /// What was ignored so far.
    private(set) var warnings: [StyleWarning] = []
    private var ruleCount = 0
    private var declarationCount = 0

    init(_ text: String, name: String, limits: StyleLimits, linesInPaths: Bool = true) {
        tokens = StyleTokens(text)
        self.name = name
        self.limits = limits
        self.linesInPaths = linesInPaths
    }

    /// The path of piece `i` in warnings.
    private func path(_ i: Int) -> String {
        linesInPaths ? "\(name):line \(tokens.line(i))" : name
    }

    private mutating func warn(_ i: Int, _ property: String, _ reason: String) {
        warnings.append(StyleWarning(path: path(i), property: property, reason: reason))
    }

    /// The end of the component value at `i`, or a nesting error.
    private func end(_ i: Int, depth: Int) throws(StyleError) -> (end: Int, closed: Bool) {
        guard let end = tokens.componentEnd(i, depth: depth, limit: limits.maximumNestingDepth) else {
            throw .nestingTooDeep(path: path(i), limit: limits.maximumNestingDepth)
        }
        return end
    }

    /// The whole sheet: a top-level list of rules.
    mutating func parseSheet() throws(StyleError) {
        try parseRules(0..<tokens.count, topLevel: true, media: [], depth: 0)
    }

    /// Consumes a list of rules in `range` (§5.4.1).
    private mutating func parseRules(_ range: Range<Int>, topLevel: Bool, media: [MediaQueryList], depth: Int) throws(StyleError) {
        var i = range.lowerBound
        while i < range.upperBound {
            switch tokens.pieces[i] {
            case .token(.whitespace):
                i += 1
            case .cdo where topLevel, .cdc where topLevel:
                i += 1
            case .atKeyword(let keyword):
                i = try parseAtRule(i, keyword: keyword, limit: range.upperBound, media: media, depth: depth)
            default:
                i = try parseQualifiedRule(i, limit: range.upperBound, media: media, depth: depth)
            }
        }
    }

    private mutating func countRule(_ i: Int) throws(StyleError) {
        ruleCount += 1
        guard ruleCount <= limits.maximumRules else { throw .tooManyRules(path: path(i), limit: limits.maximumRules) }
    }

    /// An at-rule at `i` (§5.4.2): its prelude runs to `;` or a `{}` block. Returns where it ends.
    private mutating func parseAtRule(_ i: Int, keyword: String, limit: Int, media: [MediaQueryList], depth: Int) throws(StyleError) -> Int {
        try countRule(i)
        var j = i + 1
        var block: Range<Int>?
        while j < limit {
            if tokens.pieces[j] == .token(.semicolon) {
                j += 1
                break
            }
            if tokens.pieces[j] == .open("{") {
                let (blockEnd, closed) = try end(j, depth: depth)
                block = (j + 1)..<(closed ? blockEnd - 1 : blockEnd)
                j = blockEnd
                break
            }
            j = try end(j, depth: depth).end
        }
        let prelude = tokens.trimmed((i + 1)..<(block.map { $0.lowerBound - 1 } ?? j))
        let name = HTMLTree.asciiLowercased(keyword)
        switch name {
        case "media":
            guard let block else {
                warn(i, "@media", "an @media rule without a block is ignored")
                break
            }
            guard depth + 1 <= limits.maximumNestingDepth else {
                throw .nestingTooDeep(path: path(i), limit: limits.maximumNestingDepth)
            }
            let condition = MediaQueryList(parsing: tokens.text(prelude))
            try parseRules(block, topLevel: false, media: media + [condition], depth: depth + 1)
        case "font-face":
            guard let block else {
                warn(i, "@font-face", "an @font-face rule without a block is ignored")
                break
            }
            let declarations = try parseDeclarationList(block, depth: depth + 1)
            var found: [StyleWarning] = []
            if let rule = FontFaceRule.make(declarations, line: tokens.line(i), path: path(i), warnings: &found) {
                fontFaces.append(rule)
            }
            warnings += found
        case "import":
            warn(i, "@import", "@import is ignored: stylesheets are never fetched")
        case "charset":
            break  // The text is already decoded.
        default:
            warn(i, "@\(keyword)", "the at-rule @\(keyword) is not supported: skipped with its block")
        }
        return j
    }

    /// A qualified rule at `i` (§5.4.3): a prelude (the selector) and a `{}` block of
    /// declarations. A prelude that the end of the range cuts off is dropped.
    private mutating func parseQualifiedRule(_ i: Int, limit: Int, media: [MediaQueryList], depth: Int) throws(StyleError) -> Int {
        try countRule(i)
        var j = i
        while j < limit {
            if tokens.pieces[j] == .open("{") {
                let (blockEnd, closed) = try end(j, depth: depth)
                let block = (j + 1)..<(closed ? blockEnd - 1 : blockEnd)
                let prelude = tokens.trimmed(i..<j)
                let selectorText = tokens.text(prelude)
                let declarations = try parseDeclarationList(block, depth: depth + 1)
                do {
                    let selectors = try SelectorParser.parse(selectorText, limits: limits)
                    rules.append(StyleRule(selectors: selectors, declarations: declarations, media: media,
                                           index: rules.count, line: tokens.line(prelude.lowerBound)))
                } catch {
                    switch error {
                    case .invalid(let reason):
                        warn(i, selectorText, "the rule is dropped: \(reason)")
                    case .tooDeep:
                        throw .nestingTooDeep(path: path(i), limit: limits.maximumNestingDepth)
                    case .tooLong(let limit):
                        throw .selectorTooLong(path: path(i), limit: limit)
                    }
                }
                return blockEnd
            }
            j = try end(j, depth: depth).end
        }
        warn(i, tokens.text(tokens.trimmed(i..<limit)), "a rule without a block at the end of the sheet is dropped")
        return limit
    }

    /// A list of declarations in `range` (§5.4.5, a style rule's block or a `style` attribute).
    mutating func parseDeclarationList(_ range: Range<Int>, depth: Int) throws(StyleError) -> [CSSDeclaration] {
        var declarations: [CSSDeclaration] = []
        var i = range.lowerBound
        while i < range.upperBound {
            switch tokens.pieces[i] {
            case .token(.whitespace), .token(.semicolon):
                i += 1
            case .atKeyword(let keyword):
                // An at-rule inside a declaration list: consumed (to `;` or its block) and ignored.
                var j = i + 1
                while j < range.upperBound {
                    if tokens.pieces[j] == .token(.semicolon) { j += 1; break }
                    let (componentEnd, _) = try end(j, depth: depth)
                    if tokens.pieces[j] == .open("{") { j = componentEnd; break }
                    j = componentEnd
                }
                warn(i, "@\(keyword)", "an at-rule inside a declaration block is ignored")
                i = j
            case .token(.ident):
                var j = i
                while j < range.upperBound, tokens.pieces[j] != .token(.semicolon) { j = try end(j, depth: depth).end }
                if let declaration = declaration(i..<j) {
                    declarationCount += 1
                    guard declarationCount <= limits.maximumDeclarations else {
                        throw .tooManyDeclarations(path: path(i), limit: limits.maximumDeclarations)
                    }
                    declarations.append(declaration)
                }
                i = j
            default:
                // Not a declaration: a nested rule (CSS Nesting) runs to its block, anything
                // else to the next `;`.
                var j = i
                var nested = false
                while j < range.upperBound, tokens.pieces[j] != .token(.semicolon) {
                    let (componentEnd, _) = try end(j, depth: depth)
                    if tokens.pieces[j] == .open("{") { j = componentEnd; nested = true; break }
                    j = componentEnd
                }
                let text = tokens.text(tokens.trimmed(i..<j))
                warn(i, "", nested ? "nested rules are not supported: \"\(Self.shortened(text))\" is ignored"
                                   : "\"\(Self.shortened(text))\" is not a declaration")
                i = j
            }
        }
        return declarations
    }

    /// The declaration in `range` (§5.4.6): `name : value [!important]`; `nil`, with a warning,
    /// when it is not one.
    private mutating func declaration(_ range: Range<Int>) -> CSSDeclaration? {
        guard case .token(.ident(let rawName)) = tokens.pieces[range.lowerBound] else { return nil }
        let custom = rawName.hasPrefix("--")
        let name = custom ? rawName : HTMLTree.asciiLowercased(rawName)
        var i = range.lowerBound + 1
        while i < range.upperBound, tokens.isSpace(i) { i += 1 }
        guard i < range.upperBound, tokens.pieces[i] == .token(.colon) else {
            warn(range.lowerBound, name, "expected \":\" after the property name: the declaration is ignored")
            return nil
        }
        var value = tokens.trimmed((i + 1)..<range.upperBound)
        var important = false
        // `! important` at the end (white space allowed between, any case).
        if value.count >= 2, case .token(.ident(let word)) = tokens.pieces[value.upperBound - 1],
           HTMLTree.asciiLowercased(word) == "important" {
            var bang = value.upperBound - 2
            while bang > value.lowerBound, tokens.isSpace(bang) { bang -= 1 }
            if tokens.pieces[bang] == .token(.delim("!")) {
                important = true
                value = tokens.trimmed(value.lowerBound..<bang)
            }
        }
        for j in value where Self.isBad(tokens.pieces[j]) {
            warn(j, name, "a bad string or url() in the value: the declaration is ignored")
            return nil
        }
        if value.isEmpty && !custom {
            warn(range.lowerBound, name, important ? "!important without a value: the declaration is ignored" : "an empty value: the declaration is ignored")
            return nil
        }
        let text = tokens.text(value)
        if !custom, value.contains(where: { tokens.pieces[$0] == .token(.delim("!")) }) {
            warn(range.lowerBound, name, "\"!\" in \"\(Self.shortened(text))\" is not !important at the end: the declaration is ignored")
            return nil
        }
        return CSSDeclaration(name: name, value: text, important: important, line: tokens.line(range.lowerBound))
    }

    private static func isBad(_ piece: CSSTokenizer.Piece) -> Bool {
        if case .token(.bad) = piece { return true }
        return false
    }

    /// `text`, cut to 80 characters for a warning.
    static func shortened(_ text: String) -> String {
        text.count <= 80 ? text : String(text.prefix(77)) + "…"
    }
}
