/// A CSS component value (CSS Syntax Level 3, §5): a token, a function with its arguments, or a
/// bracketed block. What every property grammar reads.
package indirect enum CSSComponent: Equatable, Sendable {
    /// A plain token.
    case token(CSSSyntaxToken)
    /// `name(arguments)`, the name in lower case.
    case function(String, [CSSComponent])
    /// `(…)`, `[…]` or `{…}`, by its opening scalar.
    case block(Unicode.Scalar, [CSSComponent])

    /// The token, when this is one and not whitespace.
    package var token: CSSSyntaxToken? {
        if case .token(let token) = self { return token }
        return nil
    }

    /// The identifier in lower case (CSS keywords are ASCII case-insensitive), or `nil`.
    package var keyword: String? {
        if case .token(.ident(let name)) = self { return name.lowercased() }
        return nil
    }

    /// Whether this is whitespace.
    package var isWhitespace: Bool { self == .token(.whitespace) }

    /// Whether this is a comma.
    package var isComma: Bool { self == .token(.comma) }

    /// Whether this is the delimiter `scalar` (`/`, `+`).
    package func isDelim(_ scalar: Unicode.Scalar) -> Bool { self == .token(.delim(scalar)) }
}

extension CSSComponent: CustomStringConvertible {
    /// The component as CSS text (whitespace as one space), for error messages.
    package var description: String {
        switch self {
        case .token(let token):
            return token.text
        case .function(let name, let arguments):
            return name + "(" + arguments.map(\.description).joined() + ")"
        case .block(let open, let contents):
            let close: Character = open == "(" ? ")" : open == "[" ? "]" : "}"
            return String(Character(open)) + contents.map(\.description).joined() + String(close)
        }
    }
}

extension CSSSyntaxToken {
    /// The token as CSS text (whitespace as one space).
    package var text: String {
        switch self {
        case .ident(let name): name
        case .hash(let name): "#" + name
        case .string(let text): "\"" + text + "\""
        case .url(let text): "url(" + text + ")"
        case .number(let value): CSSNumber.format(value)
        case .percentage(let value): CSSNumber.format(value) + "%"
        case .dimension(let value, let unit): CSSNumber.format(value) + unit
        case .delim(let scalar): String(Character(scalar))
        case .whitespace: " "
        case .comma: ","
        case .colon: ":"
        case .semicolon: ";"
        case .bad(let text): text
        }
    }
}

/// Builds ``CSSComponent``s from a style value's text, with a bound on nesting: a value is
/// untrusted input and `calc(` 10,000 deep must be refused, not recursed into.
package enum CSSComponentParser {
    /// The deepest functions and blocks may nest in one value.
    package static let maximumDepth = 32
    /// The longest value text read, in scalars (a 100,000-stop gradient is about 2 MB).
    static let maximumLength = 4 << 20

    /// The value's components, leading and trailing whitespace removed.
    package static func parse(_ text: String) throws(CSSValueError) -> [CSSComponent] {
        guard text.unicodeScalars.count <= maximumLength else {
            throw CSSValueError(message: "a value of \(text.unicodeScalars.count) characters is too long: at most \(maximumLength)")
        }
        let pieces = CSSTokenizer.pieces(of: text)
        var index = 0
        let components = try parseList(pieces, &index, depth: 0, closing: nil)
        return trimmed(components)
    }

    private static func parseList(_ pieces: [CSSTokenizer.Piece], _ index: inout Int, depth: Int, closing: Unicode.Scalar?) throws(CSSValueError) -> [CSSComponent] {
        var list: [CSSComponent] = []
        while index < pieces.count {
            let piece = pieces[index]
            index += 1
            switch piece {
            case .token(let token):
                if case .bad(let text) = token { throw CSSValueError(message: "\(text) is not valid CSS: an unclosed string or url(") }
                list.append(.token(token))
            case .function(let name):
                guard depth < maximumDepth else { throw tooDeep }
                let arguments = try parseList(pieces, &index, depth: depth + 1, closing: ")")
                list.append(.function(name.lowercased(), arguments))
            case .open(let open):
                guard depth < maximumDepth else { throw tooDeep }
                let close: Unicode.Scalar = open == "(" ? ")" : open == "[" ? "]" : "}"
                list.append(.block(open, try parseList(pieces, &index, depth: depth + 1, closing: close)))
            case .close(let close):
                if close == closing { return list }
                throw CSSValueError(message: "an unmatched \"\(Character(close))\"")
            case .atKeyword, .cdo, .cdc:
                // Only a stylesheet tokenizer makes these; a value's never does.
                throw CSSValueError(message: "an at-keyword or HTML comment marker is not valid in a value")
            }
        }
        // CSS closes what the end of the text leaves open.
        return list
    }

    private static var tooDeep: CSSValueError {
        CSSValueError(message: "functions nest more than \(maximumDepth) deep")
    }

    /// `components` without leading and trailing whitespace.
    package static func trimmed(_ components: [CSSComponent]) -> [CSSComponent] {
        guard let first = components.firstIndex(where: { !$0.isWhitespace }),
              let last = components.lastIndex(where: { !$0.isWhitespace }) else { return [] }
        return Array(components[first...last])
    }

    /// `components` split at top-level commas, each part trimmed (`a, b c` → `[a]`, `[b c]`).
    package static func commaSeparated(_ components: [CSSComponent]) -> [[CSSComponent]] {
        var parts: [[CSSComponent]] = [[]]
        for component in components {
            if component.isComma {
                parts.append([])
            } else {
                parts[parts.count - 1].append(component)
            }
        }
        return parts.map(trimmed)
    }

    /// `components` without whitespace (for grammars whose parts are separated by spaces).
    package static func words(_ components: [CSSComponent]) -> [CSSComponent] {
        components.filter { !$0.isWhitespace }
    }
}
