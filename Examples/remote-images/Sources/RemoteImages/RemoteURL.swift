import CCurl

/// libcurl initialised once for the process (`curl_global_init` is not safe to race; Swift
/// initialises a global exactly once, on first use).
let curlGlobalReady: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

/// A URL as curl itself parses it (`curl_url`), so that the guard judges exactly the scheme, host
/// and port curl will connect to: no second parser to disagree with it.
struct RemoteURL: Hashable, Sendable, CustomStringConvertible {
    /// The normalised URL without its fragment: what is fetched, and the cache's key.
    let text: String
    /// `http` or `https` (lower case), or the refused scheme.
    let scheme: String
    /// The host in lower case, without a trailing dot; an IPv6 literal in brackets.
    let host: String
    /// The port, the scheme's default when the URL names none.
    let port: Int
    /// The path and the query (`/a/b.png?v=2`).
    let pathAndQuery: String

    var description: String { text }

    /// Parses `string`.
    ///
    /// - Throws: ``RemoteImageError/invalidURL(_:)`` for text curl cannot parse, a URL without a
    ///   host or with credentials in it.
    static func parse(_ string: String) throws(RemoteImageError) -> RemoteURL {
        guard curlGlobalReady, let handle = curl_url() else { throw .transport("libcurl could not be initialised") }
        defer { curl_url_cleanup(handle) }
        guard curl_url_set(handle, CURLUPART_URL, string, UInt32(CURLU_NON_SUPPORT_SCHEME)) == CURLUE_OK else {
            throw .invalidURL(string)
        }
        curl_url_set(handle, CURLUPART_FRAGMENT, nil, 0)
        // Host names are case-insensitive: one spelling, so one cache entry per image.
        if let host = Self.part(handle, CURLUPART_HOST) { curl_url_set(handle, CURLUPART_HOST, host.lowercased(), 0) }
        func part(_ which: CURLUPart, _ flags: Int32 = 0) -> String? { Self.part(handle, which, flags) }
        guard part(CURLUPART_USER) == nil, part(CURLUPART_PASSWORD) == nil,
              let scheme = part(CURLUPART_SCHEME), let host = part(CURLUPART_HOST), !host.isEmpty,
              let text = part(CURLUPART_URL), let port = part(CURLUPART_PORT, CURLU_DEFAULT_PORT).flatMap({ Int($0) }) else {
            throw .invalidURL(string)
        }
        var bare = host.lowercased()
        if bare.hasSuffix("."), bare.count > 1 { bare.removeLast() }
        let query = part(CURLUPART_QUERY).map { "?" + $0 } ?? ""
        return RemoteURL(text: text, scheme: scheme.lowercased(), host: bare, port: port,
                         pathAndQuery: (part(CURLUPART_PATH) ?? "/") + query)
    }

    /// One part of the URL in `handle`, or `nil` when it has none.
    private static func part(_ handle: OpaquePointer, _ which: CURLUPart, _ flags: Int32 = 0) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard curl_url_get(handle, which, &value, UInt32(flags)) == CURLUE_OK, let value else { return nil }
        defer { curl_free(value) }
        return String(cString: value)
    }

    /// Whether `name` looks like a URL this package fetches (`http://` or `https://`, any case).
    static func isWebURL(_ name: String) -> Bool {
        let head = name.prefix(8).lowercased()
        return head.hasPrefix("http://") || head.hasPrefix("https://")
    }
}
