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
