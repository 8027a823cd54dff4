public import AsyncLayerKit

/// An image fetched by URL: its bytes, their format (sniffed), and where they came from.
public struct FetchedImage: Hashable, Sendable {
    /// Where the bytes came from.
    public enum Source: Hashable, Sendable {
        /// The loader's cache, fresh: no request was made.
        case cache
        /// The loader's cache, after the origin answered 304 Not Modified to a revalidation.
        case revalidated
        /// A 200 response.
        case network
    }

    /// The encoded image.
    public var bytes: [UInt8]
    /// Its format, from its signature.
    public var format: ImageFormat
    /// Where the bytes came from.
    public var source: Source
}

/// One header line of a response.
struct HeaderField: Hashable, Sendable {
    var name: String
    var value: String
}

/// One HTTP GET the transfer thread makes: the URL, extra header lines (the validators), and
/// the guard it applies while connecting and receiving.
struct TransferRequest: Sendable {
    let url: RemoteURL
    let headers: [String]
    let policy: RemoteImagePolicy
}

/// What one transfer received.
struct TransferResponse: Sendable {
    var status: Int
    var headers: [HeaderField]
    var body: [UInt8]
    /// The absolute URL of a redirect's `Location` (curl resolves it against the request's URL).
    var redirectURL: String?
}

/// The walk of one fetch, as a pure state machine: cache lookups, conditional requests,
/// redirects followed by hand (each target checked by the policy again and counted), and what a
/// response leaves in the cache. The loader's shell performs each action and feeds back the
/// event it leads to; this type does no I/O and can be tested without a network.
struct FetchStateMachine {
    /// What the shell does next.
    enum Action {
        /// Look `url` up in the cache, then call ``lookedUp(_:now:)``.
        case lookUp(RemoteURL)
        /// Make this request, then call ``received(_:now:wallClock:)`` or ``failed(_:)``.
        case transfer(TransferRequest)
        /// Done: hand `image` to the waiters, after keeping `keep` in the cache when set.
        case finish(FetchedImage, keep: (key: String, response: CachedResponse)?)
        /// Done: the fetch failed.
        case fail(RemoteImageError)
    }

    private enum State {
        case lookingUp(RemoteURL)
        case transferring(RemoteURL, stale: CachedResponse?)
        case done
    }

    private var state: State
    private let policy: RemoteImagePolicy
    /// Redirects followed so far.
    private(set) var redirects = 0

    /// A fetch of `url` (checked by `policy` already).
    init(url: RemoteURL, policy: RemoteImagePolicy) {
        self.state = .lookingUp(url)
        self.policy = policy
    }

    /// The first action: the cache lookup of the first URL.
    func start() -> Action {
        guard case .lookingUp(let url) = state else { return .fail(.transport("fetch started twice")) }
        return .lookUp(url)
    }

    /// The cache held `cached` (or nothing) for the URL looked up.
    mutating func lookedUp(_ cached: CachedResponse?, now: ContinuousClock.Instant) -> Action {
        guard case .lookingUp(let url) = state else { return fail(.transport("lookup out of turn")) }
        if let cached, cached.isFresh(at: now), let format = ImageFormat.sniff(cached.bytes) {
            state = .done
            return .finish(FetchedImage(bytes: cached.bytes, format: format, source: .cache), keep: nil)
        }
        let stale = cached?.hasValidator == true ? cached : nil
        state = .transferring(url, stale: stale)
        return .transfer(TransferRequest(url: url, headers: stale?.validatingHeaders ?? [], policy: policy))
    }

    /// The transfer answered `response`, at `now` (monotonic) and `wallClock` (seconds since 1970,
    /// for an `Expires` without a `Date`).
    mutating func received(_ response: TransferResponse, now: ContinuousClock.Instant, wallClock: Int) -> Action {
        guard case .transferring(let url, let stale) = state else { return fail(.transport("response out of turn")) }
        let directives = CacheDirectives(headers: response.headers.map { ($0.name, $0.value) })
        switch response.status {
        case 200:
            guard let format = ImageFormat.sniff(response.body) else {
                return fail(.notAnImage(firstBytes: Self.describe(response.body.prefix(16))))
            }
            state = .done
            let image = FetchedImage(bytes: response.body, format: format, source: .network)
            let freshness = directives.freshness(wallClockNow: wallClock)
            guard !directives.noStore, freshness > 0 || directives.hasValidator else { return .finish(image, keep: nil) }
            let kept = CachedResponse(bytes: response.body, etag: directives.etag, lastModified: directives.lastModified,
                                      freshUntil: now + .seconds(freshness))
            return .finish(image, keep: (url.text, kept))
        case 304:
            guard var kept = stale, let format = ImageFormat.sniff(kept.bytes) else { return fail(.httpStatus(304)) }
            state = .done
            // The 304's headers update the stored ones (RFC 9111 §4.3.4).
            if directives.statesFreshness { kept.freshUntil = now + .seconds(directives.freshness(wallClockNow: wallClock)) }
            else { kept.freshUntil = max(kept.freshUntil, now) }
            if let etag = directives.etag { kept.etag = etag }
            if let lastModified = directives.lastModified { kept.lastModified = lastModified }
            let image = FetchedImage(bytes: kept.bytes, format: format, source: .revalidated)
            return .finish(image, keep: directives.noStore ? nil : (url.text, kept))
        case 301, 302, 303, 307, 308:
            guard let location = response.redirectURL else { return fail(.httpStatus(response.status)) }
            guard redirects < policy.maxRedirects else { return fail(.tooManyRedirects(limit: policy.maxRedirects)) }
            redirects += 1
            do {
                let next = try policy.check(location)
                state = .lookingUp(next)
                return .lookUp(next)
            } catch {
                return fail(error)
            }
        default:
            return fail(.httpStatus(response.status))
        }
    }

    /// The transfer failed.
    mutating func failed(_ error: RemoteImageError) -> Action {
        fail(error)
    }

    private mutating func fail(_ error: RemoteImageError) -> Action {
        state = .done
        return .fail(error)
    }

    /// The first bytes of a body, as text when they are printable ASCII, else in hex.
    static func describe(_ head: ArraySlice<UInt8>) -> String {
        if head.isEmpty { return "nothing: the body is empty" }
        if head.allSatisfy({ (0x20...0x7E).contains($0) }) { return "\"\(String(decoding: head, as: UTF8.self))\"" }
        return head.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: " ")
    }
}
