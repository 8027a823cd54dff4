internal import Elements

/// The viewport media queries are evaluated against: the card's size in CSS px.
public struct MediaViewport: Hashable, Sendable {
    /// The width in CSS px.
    public var width: Double
    /// The height in CSS px.
    public var height: Double

    /// A viewport of `width` × `height` CSS px.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A media query list (`screen and (min-width: 600px), print`), Media Queries Level 4's subset:
/// the types `all`, `screen` (which match) and `print` (which does not), `not`/`only`, `and`/`or`,
/// and the features `width`, `height`, `aspect-ratio` (with `min-`/`max-` and the range syntax)
/// and `orientation`. A query that does not parse, or an unknown feature, is false.
public struct MediaQueryList: Hashable, Sendable {
    /// The queries; the list matches when one of them does (an empty list always matches).
    public var queries: [MediaQuery]

    /// The list in `text`; each query that does not parse becomes `not all`.
    public init(parsing text: String) {
        guard let components = try? CSSComponentParser.parse(text) else {
            queries = [MediaQuery(negated: true, type: "all", condition: nil)]
            return
        }
        queries = components.isEmpty ? [] : CSSComponentParser.commaSeparated(components).map(MediaQuery.init(parsing:))
    }

    /// Whether the list matches `viewport`.
    public func matches(_ viewport: MediaViewport) -> Bool {
        queries.isEmpty || queries.contains { $0.matches(viewport) }
    }
}

/// One media query: an optional type and a condition, possibly negated.
public struct MediaQuery: Hashable, Sendable {
    /// Whether it starts with `not`.
    public var negated: Bool
    /// The media type in lower case (`all`, `screen`, `print`); `nil` for a bare condition.
    public var type: String?
    /// The condition after the type (or alone); `nil` for none.
    public var condition: MediaCondition?

    /// A query.
    public init(negated: Bool, type: String?, condition: MediaCondition?) {
        self.negated = negated
        self.type = type
        self.condition = condition
    }

    /// The query in `components` (one part of a list); `not all` when it does not parse.
    init(parsing components: [CSSComponent]) {
        self = (try? Self.parse(CSSComponentParser.words(components))) ?? MediaQuery(negated: true, type: "all", condition: nil)
    }

    private static func parse(_ c: [CSSComponent]) throws(MediaSyntaxError) -> MediaQuery {
        guard let first = c.first else { throw MediaSyntaxError() }
        if case .block = first {
            return MediaQuery(negated: false, type: nil, condition: try MediaCondition.parse(c, allowOr: true))
        }
        if first.keyword == "not", c.count > 1, case .block = c[1] {
            return MediaQuery(negated: false, type: nil, condition: try MediaCondition.parse(c, allowOr: true))
        }
        var i = 0
        var negated = false
        if let k = c[i].keyword, k == "not" || k == "only" {
            negated = k == "not"
            i += 1
        }
        guard i < c.count, let type = c[i].keyword, !["not", "only", "and", "or", "layer"].contains(type) else { throw MediaSyntaxError() }
        i += 1
        guard i < c.count else { return MediaQuery(negated: negated, type: type, condition: nil) }
        guard c[i].keyword == "and", i + 1 < c.count else { throw MediaSyntaxError() }
        let condition = try MediaCondition.parse(Array(c[(i + 1)...]), allowOr: false)
        return MediaQuery(negated: negated, type: type, condition: condition)
    }

    /// Whether the query matches `viewport` (an unknown result is false).
    public func matches(_ viewport: MediaViewport) -> Bool {
        var result: Bool? = true
        if let type { result = type == "all" || type == "screen" }
        if result == true, let condition { result = condition.evaluate(viewport) }
        guard let result else { return false }
        return negated ? !result : result
    }
}

/// A media query or condition that does not parse.
struct MediaSyntaxError: Error {}

/// A media condition: features combined with `not`, `and` and `or`.
public indirect enum MediaCondition: Hashable, Sendable {
    /// One feature in parentheses.
    case feature(MediaFeature)
    /// `not (…)`
    case not(MediaCondition)
    /// `(…) and (…)`
    case and([MediaCondition])
    /// `(…) or (…)`
    case or([MediaCondition])
    /// Something in parentheses that is not a feature this engine knows: unknown, which is false.
    case unknown(String)

    /// A condition from non-space components; `allowOr` is false after `type and`.
    fileprivate static func parse(_ c: [CSSComponent], allowOr: Bool) throws(MediaSyntaxError) -> MediaCondition {
        guard let first = c.first else { throw MediaSyntaxError() }
        if first.keyword == "not" {
            guard c.count == 2 else { throw MediaSyntaxError() }
            return .not(try inParens(c[1]))
        }
        var parts = [try inParens(first)]
        var joiner: String?
        var i = 1
        while i < c.count {
            guard let word = c[i].keyword, word == "and" || (word == "or" && allowOr), joiner == nil || joiner == word,
                  i + 1 < c.count else { throw MediaSyntaxError() }
            joiner = word
            parts.append(try inParens(c[i + 1]))
            i += 2
        }
        guard let joiner else { return parts[0] }
        return joiner == "and" ? .and(parts) : .or(parts)
    }

    /// `( condition )`, `( feature )` or anything else in parentheses (unknown).
    private static func inParens(_ component: CSSComponent) throws(MediaSyntaxError) -> MediaCondition {
        switch component {
        case .block("(", let contents):
            let words = CSSComponentParser.words(contents)
            if let first = words.first, first.keyword == "not" || { if case .block = first { return true } else { return false } }() {
                return (try? parse(words, allowOr: true)) ?? .unknown(component.description)
            }
            return MediaFeature(words).map(MediaCondition.feature) ?? .unknown(component.description)
        case .function:
            return .unknown(component.description)
        default:
            throw MediaSyntaxError()
        }
    }

    /// True, false or unknown (`nil`), with Kleene's logic as Media Queries 4 asks.
    func evaluate(_ viewport: MediaViewport) -> Bool? {
        switch self {
        case .feature(let feature):
            return feature.evaluate(viewport)
        case .not(let inner):
            return inner.evaluate(viewport).map(!)
        case .and(let parts):
            var result: Bool? = true
            for part in parts {
                switch part.evaluate(viewport) {
                case false?: return false
                case nil: result = nil
                case true?: break
                }
            }
            return result
        case .or(let parts):
            var result: Bool? = false
            for part in parts {
                switch part.evaluate(viewport) {
                case true?: return true
                case nil: result = nil
                case false?: break
                }
            }
            return result
        case .unknown:
            return nil
        }
    }
}

/// A media feature test, normalised to comparisons of the feature with values.
public struct MediaFeature: Hashable, Sendable {
    /// A comparison: the feature `op` the value.
    public enum Comparison: Hashable, Sendable {
        /// `=`
        case equal
        /// `<`
        case less
        /// `<=`
        case lessOrEqual
        /// `>`
        case greater
        /// `>=`
        case greaterOrEqual

        /// The same comparison with its sides swapped (`600px < width` is `width > 600px`).
        var flipped: Comparison {
            switch self {
            case .equal: .equal
            case .less: .greater
            case .lessOrEqual: .greaterOrEqual
            case .greater: .less
            case .greaterOrEqual: .lessOrEqual
            }
        }
    }

    /// A feature's value.
    public enum Value: Hashable, Sendable {
        /// A length in CSS px (em and rem at 16px).
        case length(Double)
        /// A number, or a ratio as its quotient.
        case number(Double)
        /// A keyword in lower case.
        case keyword(String)
    }

    /// The feature's name in lower case, without `min-`/`max-` (`width`, `orientation`).
    public var name: String
    /// What it is compared with; empty for a boolean test (`(color)`).
    public var comparisons: [(Comparison, Value)] {
        zip(ops, values).map { ($0, $1) }
    }
    private var ops: [Comparison]
    private var values: [Value]

    /// The known features.
    static let known: Set<String> = ["width", "height", "aspect-ratio", "orientation", "prefers-color-scheme",
                                     "prefers-reduced-motion", "color", "monochrome", "hover", "pointer", "grid"]

    /// The feature in a parenthesised block's non-space components, or `nil` when it is not one
    /// this engine knows (an unknown feature, a bad value).
    init?(_ c: [CSSComponent]) {
        ops = []
        values = []
        // (name), (name: value), (name op value), (value op name), (value op name op value)
        if c.count == 1, let name = c[0].keyword {
            guard Self.known.contains(name) else { return nil }
            self.name = name
            return
        }
        if c.count >= 3, let raw = c[0].keyword, c[1] == .token(.colon) {
            var name = raw
            var op = Comparison.equal
            if raw.hasPrefix("min-") { name = String(raw.dropFirst(4)); op = .greaterOrEqual }
            if raw.hasPrefix("max-") { name = String(raw.dropFirst(4)); op = .lessOrEqual }
            guard Self.known.contains(name), op == .equal || ["width", "height", "aspect-ratio"].contains(name),
                  let value = Self.value(Array(c[2...])) else { return nil }
            self.name = name
            ops = [op]
            values = [value]
            return
        }
        // The range syntax: split at the comparison delimiters.
        var pieces: [[CSSComponent]] = [[]]
        var comparisons: [Comparison] = []
        var i = 0
        while i < c.count {
            if case .token(.delim(let d)) = c[i], d == "<" || d == ">" || d == "=" {
                var op: Comparison = d == "<" ? .less : d == ">" ? .greater : .equal
                if d != "=", i + 1 < c.count, c[i + 1].isDelim("=") {
                    op = d == "<" ? .lessOrEqual : .greaterOrEqual
                    i += 1
                }
                comparisons.append(op)
                pieces.append([])
            } else {
                pieces[pieces.count - 1].append(c[i])
            }
            i += 1
        }
        guard comparisons.count == 1 || comparisons.count == 2, pieces.allSatisfy({ !$0.isEmpty }) else { return nil }
        if comparisons.count == 1 {
            if pieces[0].count == 1, let name = pieces[0][0].keyword, Self.known.contains(name), let v = Self.value(pieces[1]) {
                self.name = name
                ops = comparisons
                values = [v]
                return
            }
            if pieces[1].count == 1, let name = pieces[1][0].keyword, Self.known.contains(name), let v = Self.value(pieces[0]) {
                self.name = name
                ops = [comparisons[0].flipped]
                values = [v]
                return
            }
            return nil
        }
        // a < name < b: both comparisons point the same way.
        let increasing = comparisons.allSatisfy { $0 == .less || $0 == .lessOrEqual }
        let decreasing = comparisons.allSatisfy { $0 == .greater || $0 == .greaterOrEqual }
        guard increasing || decreasing, pieces[1].count == 1, let name = pieces[1][0].keyword, Self.known.contains(name),
              let low = Self.value(pieces[0]), let high = Self.value(pieces[2]) else { return nil }
        self.name = name
        ops = [comparisons[0].flipped, comparisons[1]]
        values = [low, high]
    }

    /// A value: a length, a number, a ratio `a / b` or a keyword.
    private static func value(_ c: [CSSComponent]) -> Value? {
        if c.count == 3, case .token(.number(let a)) = c[0], c[1].isDelim("/"), case .token(.number(let b)) = c[2] {
            return b == 0 ? nil : .number(a / b)
        }
        guard c.count == 1 else { return nil }
        switch c[0] {
        case .token(.number(let n)): return .number(n)
        case .token(.dimension(let n, let unit)):
            let factor: Double
            switch HTMLTree.asciiLowercased(unit) {
            case "px": factor = 1
            case "em", "rem": factor = 16
            case "pt": factor = 4.0 / 3.0
            case "pc": factor = 16
            case "in": factor = 96
            case "cm": factor = 96 / 2.54
            case "mm": factor = 96 / 25.4
            case "q": factor = 96 / 101.6
            default: return nil
            }
            return .length(n * factor)
        case .token(.ident(let word)): return .keyword(HTMLTree.asciiLowercased(word))
        default: return nil
        }
    }

    /// Whether the feature holds of `viewport`; `nil` when it is unknown or the value does not fit.
    func evaluate(_ viewport: MediaViewport) -> Bool? {
        let actual: Value
        switch name {
        case "width": actual = .length(viewport.width)
        case "height": actual = .length(viewport.height)
        case "aspect-ratio": actual = .number(viewport.height == 0 ? .infinity : viewport.width / viewport.height)
        case "orientation": actual = .keyword(viewport.height >= viewport.width ? "portrait" : "landscape")
        case "prefers-color-scheme": actual = .keyword("light")
        case "prefers-reduced-motion": actual = .keyword("no-preference")
        case "color": actual = .number(8)
        case "monochrome", "grid": actual = .number(0)
        case "hover", "pointer": actual = .keyword("none")
        default: return nil
        }
        if ops.isEmpty {
            switch actual {
            case .length(let v), .number(let v): return v != 0
            case .keyword(let k): return k != "none" && k != "no-preference"
            }
        }
        for (op, value) in zip(ops, values) {
            switch (actual, value) {
            case (.keyword(let a), .keyword(let b)):
                guard op == .equal else { return nil }
                if a != b { return false }
            case (.length(let a), .length(let b)), (.number(let a), .number(let b)):
                let holds: Bool
                switch op {
                case .equal: holds = a == b
                case .less: holds = a < b
                case .lessOrEqual: holds = a <= b
                case .greater: holds = a > b
                case .greaterOrEqual: holds = a >= b
                }
                if !holds { return false }
            case (.length(let a), .number(0)):
                // `0` is a length without a unit.
                if !Self.compare(a, op, 0) { return false }
            default:
                return nil
            }
        }
        return true
    }

    private static func compare(_ a: Double, _ op: Comparison, _ b: Double) -> Bool {
        switch op {
        case .equal: a == b
        case .less: a < b
        case .lessOrEqual: a <= b
        case .greater: a > b
        case .greaterOrEqual: a >= b
        }
    }
}
