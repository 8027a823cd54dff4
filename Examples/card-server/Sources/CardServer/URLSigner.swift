public import CardRequestParsing
import Crypto
import Foundation

/// Signed template URLs, as imgproxy signs its URLs: with a key set (`--signing-key`), a
/// `GET /og/...` request renders only when its `sig` parameter is the HMAC of its path and query
/// under that key, so only URLs the operator made render (nobody can put their own text on the
/// operator's cards).
///
/// The signed string is the canonical path, `?`, and the query's canonical form without `sig`
/// (``CardRequestParsing/QueryString/canonical(excluding:)``: pairs sorted by name then value,
/// RFC 3986 percent-encoding):
///
///     /og/og?author=Ann%20Lee&tags=html&tags=swift&title=Hello
///
/// and `sig` is that string's HMAC-SHA256 under the key, in base64url without padding (RFC 4648
/// §5; 43 characters). The canonical path is the request's path percent-decoded and encoded again
/// as the query is, `/` kept (`/og/og` stays `/og/og`).
public struct URLSigner: Sendable {
    /// The query parameter that carries the signature.
    public static let signatureParameter = "sig"
    /// The shortest key accepted, in bytes.
    public static let minimumKeyBytes = 16

    private let key: SymmetricKey

    /// A signer with the key's bytes.
    public init(key: [UInt8]) {
        self.key = SymmetricKey(data: key)
    }

    /// A signer with a key written in hex (an even number of hex digits) or in base64 or base64url
    /// (padding optional).
    ///
    /// - Throws: ``KeyError`` when the text is neither, or the key is shorter than
    ///   ``minimumKeyBytes``.
    public init(keyText: String) throws(KeyError) {
        self.init(key: try Self.keyBytes(keyText))
    }

    /// A key's bytes: hex when the text is an even number of hex digits, else base64 or base64url.
    ///
    /// - Throws: ``KeyError`` when the text is neither, or the key is shorter than
    ///   ``minimumKeyBytes``.
    public static func keyBytes(_ text: String) throws(KeyError) -> [UInt8] {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let bytes: [UInt8]
        if let hex = hexBytes(text) {
            bytes = hex
        } else if let base64 = base64URLDecoded(text) {
            bytes = base64
        } else {
            throw KeyError(reason: "not hex or base64")
        }
        guard bytes.count >= minimumKeyBytes else {
            throw KeyError(reason: "\(bytes.count) bytes; a key has at least \(minimumKeyBytes) (32 random bytes: openssl rand -hex 32)")
        }
        return bytes
    }

    /// The string signed for `path` and `query`: the canonical path, `?`, the canonical query
    /// without `sig`.
    public static func signedString(path: String, query: QueryString) -> String {
        canonicalPath(path) + "?" + query.canonical(excluding: [signatureParameter])
    }

    /// The request path percent-decoded, then percent-encoded as RFC 3986 says with `/` kept; a
    /// path that does not decode is used as it came.
    public static func canonicalPath(_ path: String) -> String {
        let decoded = path.removingPercentEncoding ?? path
        return QueryString.percentEncoded(decoded, keeping: [UInt8(ascii: "/")])
    }

    /// The signature of `path` and `query` (any `sig` in it left out): base64url, no padding.
    public func signature(path: String, query: QueryString) -> String {
        signature(of: Self.signedString(path: path, query: query))
    }

    /// The HMAC-SHA256 of `signedString`'s UTF-8 under the key, base64url without padding.
    public func signature(of signedString: String) -> String {
        Self.base64URLEncoded(Array(HMAC<SHA256>.authenticationCode(for: Data(signedString.utf8), using: key)))
    }

    /// Whether `query` holds exactly one `sig` that is the signature of `path` and the rest of
    /// `query`, compared in constant time (swift-crypto's MAC comparison).
    public func isValid(path: String, query: QueryString) -> Bool {
        let given = query.values(of: Self.signatureParameter)
        guard given.count == 1, let bytes = Self.base64URLDecoded(given[0]) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(bytes, authenticating: Data(Self.signedString(path: path, query: query).utf8), using: key)
    }

    /// `url` (an absolute URL or a path, with or without a query) with its query in canonical
    /// form and `sig` appended, ready to hand out: `https://cards.example.com/og/og?title=Hi` →
    /// `https://cards.example.com/og/og?title=Hi&sig=…`. A `sig` already there is replaced.
    ///
    /// - Throws: ``CardRequestParsing/QueryStringError`` when the query does not decode.
    public func signedURL(_ url: String) throws(QueryStringError) -> String {
        var origin = ""
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") {
            let afterScheme = rest[scheme.upperBound...]
            let pathStart = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
            origin = String(rest[..<pathStart])
            rest = rest[pathStart...]
        }
        let queryStart = rest.firstIndex(of: "?")
        var path = String(rest[..<(queryStart ?? rest.endIndex)])
        if path.isEmpty { path = "/" }
        let query = try QueryString(parsing: queryStart.map { rest[rest.index(after: $0)...] } ?? "", maxBytes: .max)
        let canonical = query.canonical(excluding: [Self.signatureParameter])
        let sig = signature(path: path, query: query)
        return origin + Self.canonicalPath(path) + "?" + (canonical.isEmpty ? "" : canonical + "&") + Self.signatureParameter + "=" + sig
    }

    /// RFC 4648 §5 base64url without padding.
    static func base64URLEncoded(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// base64 or base64url, padding optional; `nil` for anything else.
    static func base64URLDecoded(_ text: String) -> [UInt8]? {
        guard !text.isEmpty else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        let remainder = standard.utf8.count % 4
        if remainder == 1 { return nil }
        if remainder > 0, !standard.hasSuffix("=") { standard += String(repeating: "=", count: 4 - remainder) }
        return Data(base64Encoded: standard).map(Array.init)
    }

    /// An even number of hex digits as bytes; `nil` for anything else.
    static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard !digits.isEmpty, digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for pair in stride(from: 0, to: digits.count, by: 2) {
            guard let high = QueryString.hexValue(digits[pair]), let low = QueryString.hexValue(digits[pair + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// A signing key that cannot be used.
    public struct KeyError: Error, CustomStringConvertible {
        /// Why.
        public var reason: String

        /// `signing key: why`.
        public var description: String { "signing key: \(reason)" }
    }
}
