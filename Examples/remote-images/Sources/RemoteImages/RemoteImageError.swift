/// Why an image could not be fetched. The renderer reports it inside
/// `ElementError.imageLoadFailed(name:detail:)` (its ``description`` is the detail), or draws the
/// image's placeholder instead.
public enum RemoteImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not a URL curl can parse, or it carries credentials (`user:pass@`).
    case invalidURL(String)
    /// The scheme is not `http` or `https` (the first URL's, or a redirect's).
    case refusedScheme(String)
    /// The host is on none of the policy's lists (nothing was connected to).
    case refusedHost(String)
    /// The host's address is not a public one: the guard refused the connection before it was
    /// made (the first URL's host, or a redirect's, however its name resolved).
    case refusedAddress(String, AddressCategory)
    /// The redirects went on past ``RemoteImagePolicy/maxRedirects``.
    case tooManyRedirects(limit: Int)
    /// The body was larger than ``RemoteImagePolicy/maxBytes`` (declared or counted while streaming).
    case tooLarge(limit: Int)
    /// The connection was not made within ``RemoteImagePolicy/connectTimeout`` (`.connect`), or
    /// the whole transfer took longer than ``RemoteImagePolicy/totalTimeout`` (`.transfer`).
    case timedOut(TimeoutPhase)
    /// The origin answered with a status other than 200 (after redirects; 304 to a revalidation).
    case httpStatus(Int)
    /// The bytes are not PNG, JPEG, WebP or SVG (whatever the `Content-Type` said).
    case notAnImage(firstBytes: String)
    /// A name that is not an `http(s)` URL, and no fallback loader for it.
    case notAURL(String)
    /// The transfer failed: DNS, TLS, a reset connection… (curl's message).
    case transport(String)
    /// The fetch was cancelled: every render that wanted it went away.
    case cancelled

    /// Which time limit passed.
    public enum TimeoutPhase: String, Hashable, Sendable {
        /// Before the connection was made.
        case connect
        /// During the transfer (a slow drip).
        case transfer
    }

    /// A one-line message.
    public var description: String {
        switch self {
        case .invalidURL(let url): "\"\(url)\" is not a usable http(s) URL"
        case .refusedScheme(let scheme): "the scheme \"\(scheme)\" is refused: only http and https are fetched"
        case .refusedHost(let host): "the host \"\(host)\" is not on the allow-list of image hosts"
        case .refusedAddress(let address, let category): "refused to connect to \(address): a \(category.rawValue) address"
        case .tooManyRedirects(let limit): "more than \(limit) redirects"
        case .tooLarge(let limit): "the image is larger than the limit of \(limit) bytes"
        case .timedOut(.connect): "the connection timed out"
        case .timedOut(.transfer): "the transfer took longer than its time limit"
        case .httpStatus(let code): "HTTP status \(code)"
        case .notAnImage(let head): "the response is not a PNG, JPEG, WebP or SVG image (it starts with \(head))"
        case .notAURL(let name): "\"\(name)\" is not an http(s) URL and no fallback loader was given"
        case .transport(let detail): "transfer failed: \(detail)"
        case .cancelled: "the fetch was cancelled"
        }
    }
}
