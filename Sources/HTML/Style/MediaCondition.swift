internal import Elements

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
    static func parse(_ c: [CSSComponent], allowOr: Bool) throws(MediaSyntaxError) -> MediaCondition {
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
