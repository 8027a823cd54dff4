internal import Elements

/// Why a selector did not parse: it is invalid (the rule is dropped with a warning) or it passed
/// a limit (the sheet is refused).
enum SelectorFailure: Error {
    /// Not a selector this engine supports, and why.
    case invalid(String)
    /// Selector arguments nest deeper than the limit.
    case tooDeep
    /// More selectors in the list, or compounds in a selector, than `limit` allows.
    case tooLong(limit: Int)
}

/// Parses selector text (Selectors Level 4, the subset ``SelectorList`` models) from CSS
/// component values.
struct SelectorParser {
    let limits: StyleLimits

    /// The selector list in `text`, or why it is not one.
    static func parse(_ text: String, limits: StyleLimits = StyleLimits()) throws(SelectorFailure) -> SelectorList {
        let components: [CSSComponent]
        do {
            components = try CSSComponentParser.parse(text)
        } catch {
            throw .invalid(error.message)
        }
        return try SelectorParser(limits: limits).list(components, depth: 0, forgiving: false)
    }

    /// A comma-separated list; a forgiving one (`:is()`, `:where()`) drops its invalid selectors.
    func list(_ components: [CSSComponent], depth: Int, forgiving: Bool) throws(SelectorFailure) -> SelectorList {
        guard depth <= limits.maximumNestingDepth else { throw .tooDeep }
        let parts = CSSComponentParser.commaSeparated(components)
        guard parts.count <= limits.maximumSelectorsPerRule else { throw .tooLong(limit: limits.maximumSelectorsPerRule) }
        var selectors: [Selector] = []
        for part in parts {
            do {
                selectors.append(try complex(part, depth: depth))
            } catch .invalid(let reason) where forgiving {
                _ = reason
            }
        }
        if selectors.isEmpty && !forgiving { throw .invalid("an empty selector") }
        return SelectorList(selectors)
    }

    /// One complex selector: compounds joined by combinators (white space is the descendant one).
    private func complex(_ components: [CSSComponent], depth: Int) throws(SelectorFailure) -> Selector {
        var compounds: [CompoundSelector] = []
        var combinators: [Combinator] = []
        var i = 0
        while i < components.count {
            compounds.append(try compound(components, &i, depth: depth))
            guard compounds.count <= limits.maximumCompoundsPerSelector else { throw .tooLong(limit: limits.maximumCompoundsPerSelector) }
            var sawSpace = false
            while i < components.count, components[i].isWhitespace { sawSpace = true; i += 1 }
            guard i < components.count else { break }
            var combinator = Combinator.descendant
            if components[i].isDelim(">") {
                combinator = .child
            } else if components[i].isDelim("+") {
                combinator = .nextSibling
            } else if components[i].isDelim("~") {
                combinator = .subsequentSibling
            } else if !sawSpace {
                throw .invalid("unexpected \"\(components[i])\"")
            }
            if combinator != .descendant {
                i += 1
                while i < components.count, components[i].isWhitespace { i += 1 }
                guard i < components.count else { throw .invalid("a combinator with nothing after it") }
            }
            combinators.append(combinator)
        }
        guard !compounds.isEmpty else { throw .invalid("an empty selector") }
        return Selector(compounds: compounds, combinators: combinators)
    }

    /// One compound selector starting at `i`; `i` ends after it.
    private func compound(_ c: [CSSComponent], _ i: inout Int, depth: Int) throws(SelectorFailure) -> CompoundSelector {
        var result = CompoundSelector()
        var any = false
        if i < c.count, case .token(.ident(let name)) = c[i] {
            result.type = HTMLTree.asciiLowercased(name)
            i += 1
            any = true
        } else if i < c.count, c[i].isDelim("*") {
            i += 1
            any = true
        }
        if i < c.count, c[i].isDelim("|") { throw .invalid("namespaces are not supported") }
        loop: while i < c.count {
            switch c[i] {
            case .token(.hash(let name)):
                guard Self.isIdentifier(name) else { throw .invalid("#\(name) is not an id selector") }
                result.simple.append(.id(name))
                i += 1
            case .token(.delim("."))
                where i + 1 < c.count:
                guard case .token(.ident(let name)) = c[i + 1] else { throw .invalid("\".\" without a class name") }
                result.simple.append(.class(name))
                i += 2
            case .block("[", let contents):
                result.simple.append(.attribute(try attribute(contents)))
                i += 1
            case .token(.colon):
                i += 1
                result.simple.append(.pseudoClass(try pseudoClass(c, &i, depth: depth)))
            case .token(.whitespace), .token(.comma), .token(.delim(">")), .token(.delim("+")), .token(.delim("~")):
                break loop
            default:
                throw .invalid("unexpected \"\(c[i])\"")
            }
            any = true
        }
        guard any else { throw .invalid(i < c.count ? "unexpected \"\(c[i])\"" : "a selector ends too early") }
        return result
    }

    /// The contents of `[…]`: `name`, then optionally an operator, a value and a case flag.
    private func attribute(_ c: [CSSComponent]) throws(SelectorFailure) -> AttributeSelector {
        var i = 0
        func skipSpace() { while i < c.count, c[i].isWhitespace { i += 1 } }
        skipSpace()
        guard i < c.count, case .token(.ident(let rawName)) = c[i] else { throw .invalid("an attribute selector without a name") }
        let name = HTMLTree.asciiLowercased(rawName)
        i += 1
        skipSpace()
        guard i < c.count else { return AttributeSelector(name: name) }
        let op: AttributeSelector.Operator
        if c[i].isDelim("=") {
            op = .equals
            i += 1
        } else if i + 1 < c.count, c[i + 1].isDelim("="), case .token(.delim(let d)) = c[i] {
            // The two delimiters must touch: `~ =` is not an operator.
            switch d {
            case "~": op = .includesWord
            case "|": op = .dashMatch
            case "^": op = .prefix
            case "$": op = .suffix
            case "*": op = .substring
            default: throw .invalid("[\(name)\(Character(d))=…] is not an attribute operator")
            }
            i += 2
        } else {
            throw .invalid("\"\(c[i])\" in an attribute selector")
        }
        skipSpace()
        guard i < c.count else { throw .invalid("[\(name)…] without a value") }
        let value: String
        switch c[i] {
        case .token(.ident(let v)), .token(.string(let v)): value = v
        default: throw .invalid("\"\(c[i])\" is not an attribute value: expected an identifier or a string")
        }
        i += 1
        skipSpace()
        var insensitive = false
        if i < c.count, let flag = c[i].keyword, flag == "i" || flag == "s" {
            insensitive = flag == "i"
            i += 1
            skipSpace()
        }
        guard i == c.count else { throw .invalid("\"\(c[i])\" after an attribute value") }
        return AttributeSelector(name: name, op: op, value: value, caseInsensitive: insensitive)
    }

    /// A pseudo-class after its `:`; `i` ends after it. Pseudo-elements and the pseudo-classes
    /// not supported here are invalid.
    private func pseudoClass(_ c: [CSSComponent], _ i: inout Int, depth: Int) throws(SelectorFailure) -> PseudoClass {
        guard i < c.count else { throw .invalid("\":\" without a name") }
        let component = c[i]
        i += 1
        switch component {
        case .token(.colon):
            let name = i < c.count ? c[i].description : ""
            throw .invalid("the pseudo-element ::\(name) is not supported")
        case .token(.ident(let raw)):
            switch HTMLTree.asciiLowercased(raw) {
            case "first-child": return .firstChild
            case "last-child": return .lastChild
            case "only-child": return .onlyChild
            case "first-of-type": return .firstOfType
            case "last-of-type": return .lastOfType
            case "only-of-type": return .onlyOfType
            case "root": return .root
            case "empty": return .empty
            case let name where ["before", "after", "first-line", "first-letter"].contains(name):
                throw .invalid("the pseudo-element :\(name) is not supported")
            case let name:
                throw .invalid("the pseudo-class :\(name) is not supported")
            }
        case .function(let name, let arguments):
            let inner = CSSComponentParser.trimmed(arguments)
            switch name {
            case "not": return .not(try list(inner, depth: depth + 1, forgiving: false))
            case "is", "matches": return .is(try list(inner, depth: depth + 1, forgiving: true))
            case "where": return .where(try list(inner, depth: depth + 1, forgiving: true))
            case "nth-child", "nth-last-child":
                var pattern = inner
                var of: SelectorList?
                if let at = inner.firstIndex(where: { $0.keyword == "of" }) {
                    pattern = Array(inner[..<at])
                    of = try list(CSSComponentParser.trimmed(Array(inner[(at + 1)...])), depth: depth + 1, forgiving: false)
                }
                let nth = try Self.nth(pattern)
                return name == "nth-child" ? .nthChild(nth, of: of) : .nthLastChild(nth, of: of)
            case "nth-of-type": return .nthOfType(try Self.nth(inner))
            case "nth-last-of-type": return .nthLastOfType(try Self.nth(inner))
            default: throw .invalid("the pseudo-class :\(name)() is not supported")
            }
        default:
            throw .invalid("\":\(component)\" is not a pseudo-class")
        }
    }

    /// `An+B` (CSS Syntax Level 3, §6), `odd` and `even`.
    static func nth(_ components: [CSSComponent]) throws(SelectorFailure) -> NthPattern {
        var words = CSSComponentParser.words(components)
        let invalid = SelectorFailure.invalid("\"\(components.map(\.description).joined())\" is not An+B")
        guard !words.isEmpty else { throw invalid }
        if words.count == 1, let k = words[0].keyword, k == "odd" || k == "even" {
            return NthPattern(a: 2, b: k == "odd" ? 1 : 0)
        }
        if words.count == 1, case .token(.number(let b)) = words[0] {
            guard let b = integer(b) else { throw invalid }
            return NthPattern(a: 0, b: b)
        }
        let a: Int
        var rest: Substring
        var plus = false
        if words[0].isDelim("+") {
            plus = true
            words.removeFirst()
            guard !words.isEmpty else { throw invalid }
        }
        switch words[0] {
        case .token(.dimension(let value, let unit)) where !plus:
            guard let value = integer(value) else { throw invalid }
            a = value
            rest = Substring(HTMLTree.asciiLowercased(unit))
        case .token(.ident(let name)):
            let lower = HTMLTree.asciiLowercased(name)
            if lower.hasPrefix("-"), !plus {
                a = -1
                rest = lower.dropFirst()
            } else {
                a = 1
                rest = Substring(lower)
            }
        default:
            throw invalid
        }
        guard rest.first == "n" else { throw invalid }
        rest = rest.dropFirst()
        let tail = Array(words.dropFirst())
        var b = 0
        if rest.isEmpty {
            switch tail.count {
            case 0: b = 0
            case 1:
                guard case .token(.number(let v)) = tail[0], let v = integer(v) else { throw invalid }
                b = v
            case 2:
                guard case .token(.number(let v)) = tail[1], v >= 0, let v = integer(v),
                      tail[0].isDelim("+") || tail[0].isDelim("-") else { throw invalid }
                b = tail[0].isDelim("-") ? -v : v
            default: throw invalid
            }
        } else if rest == "-" {
            guard tail.count == 1, case .token(.number(let v)) = tail[0], v >= 0, let v = integer(v) else { throw invalid }
            b = -v
        } else if rest.first == "-", let v = Int(rest.dropFirst()), rest.dropFirst().allSatisfy(\.isASCII) {
            guard tail.isEmpty else { throw invalid }
            b = -v
        } else {
            throw invalid
        }
        return NthPattern(a: a, b: b)
    }

    /// `value` as an `Int` when it is a whole number in a sane range.
    private static func integer(_ value: Double) -> Int? {
        guard value == value.rounded(), abs(value) < 1e9 else { return nil }
        return Int(value)
    }

    /// Whether `name` (a hash token's) is an identifier, as an id selector needs.
    static func isIdentifier(_ name: String) -> Bool {
        let s = Array(name.unicodeScalars)
        guard let first = s.first else { return false }
        if CSSTokenizer.isDigit(first) { return false }
        if first == "-", s.count > 1, CSSTokenizer.isDigit(s[1]) { return false }
        if first == "-", s.count == 1 { return false }
        return true
    }
}
