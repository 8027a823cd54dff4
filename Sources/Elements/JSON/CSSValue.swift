#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// A style property's raw JSON value: a number, or a string of space-separated CSS components.
enum CSSValue: Decodable, Equatable {
    /// A JSON number.
    case number(Double)
    /// A JSON string, untrimmed.
    case string(String)

    /// Decodes a number or a string; anything else is a type mismatch naming both.
    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        // Only a type mismatch moves on: a number the decoder cannot represent keeps its own error.
        do {
            self = .number(try c.decode(Double.self))
        } catch DecodingError.typeMismatch {
            do {
                self = .string(try c.decode(String.self))
            } catch DecodingError.typeMismatch {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "expected a number or a string")
            }
        }
    }

    /// The value's components: a number is one, a string is split at whitespace outside
    /// parentheses (so `calc(100% - 8px)` stays one word).
    var tokens: [CSSToken] {
        switch self {
        case .number(let value): return [.number(value)]
        case .string(let text):
            var words: [CSSToken] = []
            var depth = 0
            var start: Substring.Index?
            for i in text.indices {
                let c = text[i]
                if c == "(" { depth += 1 } else if c == ")", depth > 0 { depth -= 1 }
                if c.isWhitespace, depth == 0 {
                    if let s = start { words.append(.word(text[s..<i])) }
                    start = nil
                } else if start == nil {
                    start = i
                }
            }
            if let s = start { words.append(.word(text[s...])) }
            return words
        }
    }

    /// The value's one component, or an error naming what a single `expected` value is.
    func single(expected: String) throws(CSSValueError) -> CSSToken {
        let tokens = self.tokens
        guard tokens.count == 1 else { throw CSSValueError(message: "\(self) is not \(expected)") }
        return tokens[0]
    }
}

extension CSSValue: CustomStringConvertible {
    /// The value as written: a number, or the string in quotes.
    var description: String {
        switch self {
        case .number(let value): CSSNumber.format(value)
        case .string(let text): "\"\(text)\""
        }
    }
}

/// One component of a style value: a JSON number, or one word of a string (`12px`, `50%`, `auto`).
enum CSSToken: CustomStringConvertible {
    /// A JSON number.
    case number(Double)
    /// A whitespace-free part of a string.
    case word(Substring)

    /// The component as written (a word in quotes).
    var description: String {
        switch self {
        case .number(let value): CSSNumber.format(value)
        case .word(let word): "\"\(word)\""
        }
    }

    /// The word in lower case (CSS keywords and units are ASCII case-insensitive), or `nil` for a number.
    var keyword: String? {
        if case .word(let word) = self { return word.lowercased() }
        return nil
    }

    /// The component as a plain number (a JSON number or a numeric word), finite.
    func number() throws(CSSValueError) -> Double {
        let value: Double
        switch self {
        case .number(let v): value = v
        case .word(let word):
            guard let v = CSSNumber.parse(word) else { throw CSSValueError(message: "\(self) is not a number") }
            value = v
        }
        guard value.isFinite else { throw CSSValueError(message: "\(self) is not a finite number") }
        return value
    }
}

/// What a style value encodes to: a JSON number, or a word of CSS text.
enum CSSOutput: Equatable {
    /// Points, or a plain number.
    case number(Double)
    /// A keyword or a length with a unit (`50%`, `auto`).
    case word(String)

    /// The component as CSS text, for a shorthand string.
    var text: String {
        switch self {
        case .number(let value): CSSNumber.format(value)
        case .word(let word): word
        }
    }

    /// Writes `components` at `key`: one number stays a JSON number, anything else is a string of
    /// space-separated components. A non-finite number is an encoding error at `key`.
    static func encode(_ components: [CSSOutput], forKey key: StyleKey, in c: inout KeyedEncodingContainer<StyleKey>) throws {
        for case .number(let value) in components where !value.isFinite {
            throw EncodingError.invalidValue(value, .init(codingPath: c.codingPath + [key], debugDescription: "\(value) is not a finite number"))
        }
        if components.count == 1, case .number(let value) = components[0] {
            try c.encode(value, forKey: key)
        } else {
            try c.encode(components.map(\.text).joined(separator: " "), forKey: key)
        }
    }
}
