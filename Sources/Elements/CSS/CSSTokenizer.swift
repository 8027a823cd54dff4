/// A token of CSS Syntax Level 3 (§4), as the value grammars of the style properties read them.
package enum CSSSyntaxToken: Equatable, Sendable {
    /// An identifier (`red`, `to`, `inset`), as written; grammars compare it ASCII case-insensitively.
    case ident(String)
    /// `#` and a name (`#f06`, `#ffcc00aa`).
    case hash(String)
    /// A quoted string, its escapes applied.
    case string(String)
    /// An unquoted `url(…)`, its contents.
    case url(String)
    /// A number without a unit.
    case number(Double)
    /// A number and `%`.
    case percentage(Double)
    /// A number and a unit (`12px`, `45deg`), the unit as written.
    case dimension(Double, unit: String)
    /// Any other single character (`/`, `+`, `*`, `!`).
    case delim(Unicode.Scalar)
    /// One run of whitespace or comments.
    case whitespace
    /// `,`
    case comma
    /// `:`
    case colon
    /// `;`
    case semicolon
    /// A string that ran into a newline, or a `url(` with a bad character: never valid in a value.
    case bad(String)
}

/// Turns CSS text into ``CSSSyntaxToken``s (CSS Syntax Level 3, §4.3) in one pass over its
/// scalars. Functions and blocks are left to ``CSSComponentParser``: a `name(` comes out as a
/// ``Piece/function(_:)`` and brackets as ``Piece/open(_:)`` and ``Piece/close(_:)``.
package struct CSSTokenizer {
    /// What the tokenizer hands the component parser.
    package enum Piece: Equatable {
        /// A plain token.
        case token(CSSSyntaxToken)
        /// `name(`: a function's start, its name as written.
        case function(String)
        /// `(`, `[` or `{`.
        case open(Unicode.Scalar)
        /// `)`, `]` or `}`.
        case close(Unicode.Scalar)
        /// `@name`: an at-rule's start, the name as written (stylesheet mode only).
        case atKeyword(String)
        /// `<!--` (stylesheet mode only; a sheet's top level skips it).
        case cdo
        /// `-->` (stylesheet mode only; a sheet's top level skips it).
        case cdc
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    /// Whether `@name`, `<!--` and `-->` come out as pieces of their own, as a stylesheet needs.
    private var stylesheet = false

    /// A tokenizer over `text`.
    package init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// A tokenizer over a whole stylesheet: as ``init(_:)``, and `@name`, `<!--` and `-->` come
    /// out as ``Piece/atKeyword(_:)``, ``Piece/cdo`` and ``Piece/cdc`` (CSS Syntax Level 3, §4.3.1).
    package init(stylesheet text: String) {
        scalars = Array(text.unicodeScalars)
        stylesheet = true
    }

    /// The offset, in Unicode scalars from the text's start, of the next piece.
    package var offset: Int { index }

    /// Every piece of the text, in order.
    package static func pieces(of text: String) -> [Piece] {
        var tokenizer = CSSTokenizer(text)
        var pieces: [Piece] = []
        while let piece = tokenizer.next() { pieces.append(piece) }
        return pieces
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    /// The next piece, or `nil` at the end.
    package mutating func next() -> Piece? {
        guard let c = peek() else { return nil }
        if stylesheet, let piece = nextStylesheetPiece(c) { return piece }
        if Self.isWhitespace(c) || (c == "/" && peek(1) == "*") {
            skipWhitespaceAndComments()
            return .token(.whitespace)
        }
        switch c {
        case "\"", "'":
            index += 1
            return .token(consumeString(until: c))
        case "#":
            if let n = peek(1), Self.isNameScalar(n) || startsEscape(at: index + 1) {
                index += 1
                return .token(.hash(consumeName()))
            }
            index += 1
            return .token(.delim(c))
        case "(", "[", "{":
            index += 1
            return .open(c)
        case ")", "]", "}":
            index += 1
            return .close(c)
        case ",":
            index += 1
            return .token(.comma)
        case ":":
            index += 1
            return .token(.colon)
        case ";":
            index += 1
            return .token(.semicolon)
        default:
            break
        }
        if startsNumber(at: index) { return .token(consumeNumeric()) }
        if startsIdentifier(at: index) { return consumeIdentLike() }
        index += 1
        return .token(.delim(c))
    }

    /// `@name`, `<!--` or `-->` at the current scalar `c`, consumed; `nil` (nothing consumed) otherwise.
    private mutating func nextStylesheetPiece(_ c: Unicode.Scalar) -> Piece? {
        if c == "@", startsIdentifier(at: index + 1) {
            index += 1
            return .atKeyword(consumeName())
        }
        if c == "<", peek(1) == "!", peek(2) == "-", peek(3) == "-" {
            index += 4
            return .cdo
        }
        if c == "-", peek(1) == "-", peek(2) == ">" {
            index += 3
            return .cdc
        }
        return nil
    }

    // MARK: Whitespace and comments

    private mutating func skipWhitespaceAndComments() {
        while let c = peek() {
            if Self.isWhitespace(c) {
                index += 1
            } else if c == "/", peek(1) == "*" {
                index += 2
                while index < scalars.count, !(scalars[index] == "*" && peek(1) == "/") { index += 1 }
                index = min(index + 2, scalars.count)
            } else {
                return
            }
        }
    }

    // MARK: Strings

    private mutating func consumeString(until quote: Unicode.Scalar) -> CSSSyntaxToken {
        var text = String.UnicodeScalarView()
        while let c = peek() {
            index += 1
            if c == quote { return .string(String(text)) }
            if c == "\n" {
                index -= 1
                return .bad(String(text))
            }
            if c == "\\" {
                guard let n = peek() else { continue }
                if n == "\n" {
                    index += 1
                } else {
                    index -= 1
                    text.append(consumeEscape())
                }
                continue
            }
            text.append(c)
        }
        return .string(String(text))
    }

    // MARK: Numbers

    private func startsNumber(at i: Int) -> Bool {
        func at(_ k: Int) -> Unicode.Scalar? { k < scalars.count ? scalars[k] : nil }
        guard let c = at(i) else { return false }
        if c == "+" || c == "-" {
            if let n = at(i + 1), Self.isDigit(n) { return true }
            if at(i + 1) == ".", let n = at(i + 2), Self.isDigit(n) { return true }
            return false
        }
        if c == "." { return at(i + 1).map(Self.isDigit) ?? false }
        return Self.isDigit(c)
    }

    private mutating func consumeNumeric() -> CSSSyntaxToken {
        let start = index
        if let c = peek(), c == "+" || c == "-" { index += 1 }
        while let c = peek(), Self.isDigit(c) { index += 1 }
        if peek() == ".", let n = peek(1), Self.isDigit(n) {
            index += 2
            while let c = peek(), Self.isDigit(c) { index += 1 }
        }
        if let e = peek(), e == "e" || e == "E" {
            if let n = peek(1), Self.isDigit(n) {
                index += 2
                while let c = peek(), Self.isDigit(c) { index += 1 }
            } else if let s = peek(1), s == "+" || s == "-", let n = peek(2), Self.isDigit(n) {
                index += 3
                while let c = peek(), Self.isDigit(c) { index += 1 }
            }
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[start..<index])
        // Digits only, so the conversion cannot fail; an overflow is infinite and refused by the grammars.
        let value = Double(String(text)) ?? .nan
        if startsIdentifier(at: index) { return .dimension(value, unit: consumeName()) }
        if peek() == "%" {
            index += 1
            return .percentage(value)
        }
        return .number(value)
    }

    // MARK: Names

    private func startsEscape(at i: Int) -> Bool {
        i + 1 < scalars.count && scalars[i] == "\\" && scalars[i + 1] != "\n"
    }

    private func startsIdentifier(at i: Int) -> Bool {
        guard i < scalars.count else { return false }
        let c = scalars[i]
        if c == "-" {
            guard i + 1 < scalars.count else { return false }
            let n = scalars[i + 1]
            return Self.isNameStart(n) || n == "-" || startsEscape(at: i + 1)
        }
        return Self.isNameStart(c) || startsEscape(at: i)
    }

    private mutating func consumeName() -> String {
        var name = String.UnicodeScalarView()
        while let c = peek() {
            if Self.isNameScalar(c) {
                name.append(c)
                index += 1
            } else if startsEscape(at: index) {
                name.append(consumeEscape())
            } else {
                break
            }
        }
        return String(name)
    }

    /// At a backslash: the escaped scalar (up to six hex digits and one whitespace, or the next scalar).
    private mutating func consumeEscape() -> Unicode.Scalar {
        index += 1
        guard let c = peek() else { return "\u{FFFD}" }
        guard c.properties.isASCIIHexDigit else {
            index += 1
            return c
        }
        var value: UInt32 = 0
        var count = 0
        while count < 6, let h = peek(), h.properties.isASCIIHexDigit {
            value = value * 16 + UInt32(Character(h).hexDigitValue ?? 0)
            index += 1
            count += 1
        }
        if let w = peek(), Self.isWhitespace(w) { index += 1 }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }

    private mutating func consumeIdentLike() -> Piece {
        let name = consumeName()
        guard peek() == "(" else { return .token(.ident(name)) }
        index += 1
        if name.lowercased() == "url" {
            var look = index
            while look < scalars.count, Self.isWhitespace(scalars[look]) { look += 1 }
            if look < scalars.count, scalars[look] == "\"" || scalars[look] == "'" { return .function(name) }
            index = look
            return .token(consumeURL())
        }
        return .function(name)
    }

    private mutating func consumeURL() -> CSSSyntaxToken {
        var text = String.UnicodeScalarView()
        while let c = peek() {
            index += 1
            switch c {
            case ")":
                return .url(String(text))
            case "\"", "'", "(":
                return consumeBadURL(text)
            case "\\":
                index -= 1
                guard startsEscape(at: index) else { return consumeBadURL(text) }
                text.append(consumeEscape())
            default:
                if Self.isWhitespace(c) {
                    skipWhitespaceAndComments()
                    if peek() == ")" { index += 1; return .url(String(text)) }
                    return consumeBadURL(text)
                }
                text.append(c)
            }
        }
        return .url(String(text))
    }

    private mutating func consumeBadURL(_ text: String.UnicodeScalarView) -> CSSSyntaxToken {
        while let c = peek() {
            index += 1
            if c == ")" { break }
        }
        return .bad("url(" + String(text))
    }

    // MARK: Scalar classes

    package static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
    }

    package static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    package static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_" || c.value >= 0x80
    }

    package static func isNameScalar(_ c: Unicode.Scalar) -> Bool {
        isNameStart(c) || isDigit(c) || c == "-"
    }
}

extension String {
    /// The string without leading and trailing CSS whitespace.
    package var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !CSSTokenizer.isWhitespace($0) }),
              let last = scalars.lastIndex(where: { !CSSTokenizer.isWhitespace($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
