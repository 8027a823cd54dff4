/// What a response's headers say about keeping it: `Cache-Control` (`no-store`, `no-cache`,
/// `max-age`), `Expires` against `Date`, `Age`, and the validators (`ETag`, `Last-Modified`).
/// `s-maxage`, `private` and `public` are a shared cache's business and ignored; with no
/// freshness information a response is stale at once (no heuristic freshness), so it is
/// revalidated, or fetched again when it has no validator.
struct CacheDirectives: Hashable, Sendable {
    var noStore = false
    var noCache = false
    var maxAge: Int?
    var expires: Int?
    /// Whether the response had an `Expires` header at all (an invalid one means "already expired").
    var hasExpires = false
    var date: Int?
    var age = 0
    var etag: String?
    var lastModified: String?

    /// Reads the directives from `headers` (names in any case).
    init(headers: [(name: String, value: String)]) {
        for (name, value) in headers {
            let trimmed = value.trimmingSpaces
            switch name.lowercased() {
            case "cache-control":
                for directive in trimmed.split(separator: ",") {
                    let parts = directive.split(separator: "=", maxSplits: 1)
                    let key = String(parts[0]).trimmingSpaces.lowercased()
                    let argument = parts.count > 1 ? String(parts[1]).trimmingSpaces.trimmingQuotes : nil
                    switch key {
                    case "no-store": noStore = true
                    case "no-cache": noCache = true
                    case "max-age":
                        // A malformed max-age makes the response stale (RFC 9111 §4.2.1).
                        maxAge = argument.flatMap { Int($0) }.map { max(0, $0) } ?? 0
                    default: break
                    }
                }
            case "pragma" where trimmed.lowercased() == "no-cache":
                noCache = true
            case "expires":
                hasExpires = true
                expires = HTTPDate.parse(trimmed)
            case "date":
                date = HTTPDate.parse(trimmed)
            case "age":
                age = Int(trimmed).map { max(0, $0) } ?? 0
            case "etag" where !trimmed.isEmpty:
                etag = trimmed
            case "last-modified" where !trimmed.isEmpty:
                lastModified = trimmed
            default:
                break
            }
        }
    }

    /// Whether the response says anything of its freshness (a new lifetime on a 304 replaces
    /// the stored one only then).
    var statesFreshness: Bool { maxAge != nil || hasExpires || noCache }

    /// How long the response stays fresh from when it was received, in seconds: `max-age`, else
    /// `Expires − Date` (`now` standing for a missing `Date`), less its `Age`; 0 when it says
    /// nothing, or `no-cache`.
    func freshness(wallClockNow now: Int) -> Int {
        if noCache { return 0 }
        let lifetime: Int
        if let maxAge {
            lifetime = maxAge
        } else if hasExpires {
            lifetime = expires.map { $0 - (date ?? now) } ?? 0
        } else {
            lifetime = 0
        }
        return max(0, lifetime - age)
    }

    /// Whether it has a validator to revalidate with.
    var hasValidator: Bool { etag != nil || lastModified != nil }
}

/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the HTTP date every current server sends.
/// The obsolete RFC 850 and asctime forms are not read: an `Expires` in them counts as already
/// expired, which is what RFC 9111 asks of an invalid one.
enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Seconds since 1970-01-01 00:00 UTC, or `nil`.
    static func parse(_ text: String) -> Int? {
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[0].hasSuffix(","), fields[5] == "GMT",
              let day = Int(fields[1]), (1...31).contains(day),
              let monthIndex = months.firstIndex(of: String(fields[2])),
              let year = Int(fields[3]), (1970...9999).contains(year) else { return nil }
        let clock = fields[4].split(separator: ":")
        guard clock.count == 3, let h = Int(clock[0]), let m = Int(clock[1]), let s = Int(clock[2]),
              (0...23).contains(h), (0...59).contains(m), (0...60).contains(s) else { return nil }
        return days(year: year, month: monthIndex + 1, day: day) * 86_400 + h * 3600 + m * 60 + s
    }

    /// Days from 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    private static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }

    /// Without one pair of surrounding double quotes.
    var trimmingQuotes: String {
        if count >= 2, hasPrefix("\""), hasSuffix("\"") { return String(dropFirst().dropLast()) }
        return String(self)
    }
}
