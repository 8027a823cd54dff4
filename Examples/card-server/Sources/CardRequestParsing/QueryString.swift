/// A request's query string read as `application/x-www-form-urlencoded` (what a browser's
/// `URLSearchParams` writes): `&`-separated `name=value` pairs, `+` for a space, `%XX` for a byte,
/// UTF-8 text. Pure, so the fuzz package compiles it too.
///
/// The template route's Mustache context and its signature both come from the pairs read here,
/// so a signature covers exactly the values a template is rendered with.
public struct QueryString: Equatable, Sendable {
    /// One `name=value` pair, percent-decoded (a pair without `=` has an empty value).
    public struct Item: Equatable, Sendable {
        /// The decoded name.
        public var name: String
        /// The decoded value.
        public var value: String

        /// A pair.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The pairs in request order (empty segments, as in `a=1&&b=2`, are skipped).
    public var items: [Item]

    /// Pairs as given.
    public init(items: [Item]) {
        self.items = items
    }

    /// Reads the raw (still percent-encoded) query, without its `?`.
    ///
    /// - Throws: ``QueryStringError/badEncoding(_:)`` for a `%` not followed by two hex digits or
    ///   bytes that are not UTF-8; ``QueryStringError/tooLong(bytes:limit:)`` for a query over
    ///   `maxBytes` (before any decoding).
    public init(parsing raw: Substring, maxBytes: Int = 8_192) throws(QueryStringError) {
        guard raw.utf8.count <= maxBytes else { throw .tooLong(bytes: raw.utf8.count, limit: maxBytes) }
        var items: [Item] = []
        for segment in raw.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = segment.firstIndex(of: UInt8(ascii: "="))
            let name = try Self.decode(segment[..<(equals ?? segment.endIndex)])
            let value = try equals.map { (equals) throws(QueryStringError) in try Self.decode(segment[segment.index(after: equals)...]) } ?? ""
            items.append(Item(name: name, value: value))
        }
        self.items = items
    }

    /// The values of `name`, in request order.
    public func values(of name: String) -> [String] {
        items.filter { $0.name == name }.map(\.value)
    }

    /// The first value of `name`, if the query has it.
    public func first(_ name: String) -> String? {
        items.first { $0.name == name }?.value
    }

    /// The canonical form a signature is computed over: every pair but those named `excluding`,
    /// sorted by name, then by value (comparing UTF-8 bytes), each name and value percent-encoded
    /// as RFC 3986 §2 says (every byte but the unreserved `A–Z a–z 0–9 - . _ ~` written `%XX` with
    /// upper-case hex, so a space is `%20`, never `+`), joined as `name=value` with `&`.
    ///
    /// `?b=2&a=x+y&a=1&sig=…` reads `a=1&a=x%20y&b=2`; any spelling of the same pairs (other
    /// order, `+` or `%20`, `%7e` or `~`) has the same canonical form.
    public func canonical(excluding excluded: Set<String> = []) -> String {
        items.filter { !excluded.contains($0.name) }
            .sorted { lhs, rhs in
                if !lhs.name.utf8.elementsEqual(rhs.name.utf8) { return lhs.name.utf8.lexicographicallyPrecedes(rhs.name.utf8) }
                return lhs.value.utf8.lexicographicallyPrecedes(rhs.value.utf8)
            }
            .map { Self.percentEncoded($0.name) + "=" + Self.percentEncoded($0.value) }
            .joined(separator: "&")
    }

    /// `text` with every byte of its UTF-8 but RFC 3986's unreserved characters (and the bytes
    /// in `kept`) as `%XX`, upper-case hex.
    public static func percentEncoded(_ text: String, keeping kept: Set<UInt8> = []) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) || kept.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += percentEscape(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `%XX` for `byte`, upper-case hex.
    public static func percentEscape(_ byte: UInt8) -> [UInt8] {
        let hex = Array("0123456789ABCDEF".utf8)
        return [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
    }

    /// RFC 3986 §2.3: `A–Z a–z 0–9 - . _ ~`.
    public static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// One form-encoded component: `+` → space, `%XX` → the byte; the bytes must be UTF-8.
    static func decode(_ encoded: Substring.UTF8View.SubSequence) throws(QueryStringError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.count)
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let byte = encoded[index]
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
                index = encoded.index(after: index)
            case UInt8(ascii: "%"):
                let first = encoded.index(after: index)
                guard first < encoded.endIndex, encoded.index(after: first) < encoded.endIndex,
                      let high = hexValue(encoded[first]), let low = hexValue(encoded[encoded.index(after: first)]) else {
                    throw .badEncoding(String(decoding: encoded, as: UTF8.self))
                }
                bytes.append(high << 4 | low)
                index = encoded.index(first, offsetBy: 2)
            default:
                bytes.append(byte)
                index = encoded.index(after: index)
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .badEncoding(String(decoding: encoded, as: UTF8.self))
        }
        return text
    }

    /// The value of a hex digit, either case.
    public static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// A query string that cannot be read: the server answers 400 (`limit: query`).
public enum QueryStringError: Error, Equatable, CustomStringConvertible {
    /// A component with a bad `%` escape, or whose bytes are not UTF-8.
    case badEncoding(String)
    /// The raw query is longer than the limit.
    case tooLong(bytes: Int, limit: Int)

    /// A one-line description.
    public var description: String {
        switch self {
        case .badEncoding(let component): "query: \"\(component.prefix(64))\" is not percent-encoded UTF-8"
        case .tooLong(let bytes, let limit): "query: \(bytes) bytes is over the limit of \(limit)"
        }
    }
}
