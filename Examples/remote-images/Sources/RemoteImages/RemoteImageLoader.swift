public import AsyncLayerKit
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An ``/Elements/ElementImageLoader`` for images named by `http://` and `https://` URLs, behind a
/// guard (``RemoteImagePolicy``), with an HTTP cache; other names go to a fallback loader (a
/// `FolderImageLoader`, say).
///
/// ```swift
/// let loader = try RemoteImageLoader(
///     policy: RemoteImagePolicy(allowedHosts: ["images.example.com", "*.cdn.example.net"]),
///     fallback: FolderImageLoader(folder: "/srv/card-assets"))
/// let service = ElementRenderService(.init(imageLoader: loader))
/// ```
///
/// - **Caching.** URLs are ``/Elements/ImageNameCaching/byContent``: the renderer asks for their
///   bytes on every render and keeps decoded pictures by the bytes' digest. This loader answers
///   from its own cache, by URL, under ``cacheBytes`` (least recently used out first), honouring
///   `Cache-Control` (`max-age`, `no-store`, `no-cache`), `Expires`, and revalidating with
///   `ETag`/`Last-Modified` (`If-None-Match`/`If-Modified-Since`; a 304 reuses the bytes). A
///   response with neither a freshness lifetime nor a validator is not kept. A render service
///   still keeps its *finished* renders by the tree's hash: a tree whose URL images change
///   renders anew only once its cached render is gone (a versioned URL, `avatar.png?v=3`, is
///   the usual way to change a picture at once).
/// - **Sharing.** Concurrent fetches of one URL share one transfer (``/Rendering/InFlightWork``);
///   a fetch whose waiters are all cancelled stops its transfer, one with a waiter left goes on.
/// - **Threads.** Transfers run on one thread of the loader's own around a curl multi handle,
///   never on Swift's cooperative pool (see `TransferThread`); the thread ends with the loader.
/// - **Failures** are ``RemoteImageError``s; the renderer reports them as
///   `ElementError.imageLoadFailed`, or draws the image's placeholder.
public final class RemoteImageLoader: ElementImageLoader {
    /// The guard every URL and redirect passes.
    public let policy: RemoteImagePolicy
    /// Where names that are not `http(s)` URLs go; `nil`: they fail with ``RemoteImageError/notAURL(_:)``.
    public let fallback: (any ElementImageLoader)?
    /// The HTTP cache's byte budget.
    public let cacheBytes: Int
    private let cache: ResponseCache
    private let inFlight = InFlightWork<String, FetchedImage>()
    private let transfers: TransferThread
    private let requests = Atomic<Int>(0)
    private let freshHits = Atomic<Int>(0)
    private let revalidations = Atomic<Int>(0)

    /// What the loader has done.
    public struct Statistics: Hashable, Sendable {
        /// HTTP requests made (each redirect one more).
        public var requests: Int
        /// Fetches answered from the cache, fresh, without a request.
        public var cacheHits: Int
        /// Revalidations answered 304 Not Modified.
        public var revalidations: Int
        /// Fetches that joined an identical fetch in flight rather than start their own.
        public var joinedFetches: Int
    }

    /// Creates a loader.
    ///
    /// - Parameters:
    ///   - policy: The guard.
    ///   - cacheBytes: The HTTP cache's budget (encoded bytes); default 32 MiB.
    ///   - fallback: Where other names go.
    /// - Throws: ``RemoteImageError/transport(_:)`` when libcurl or the transfer thread cannot start.
    public init(policy: RemoteImagePolicy, cacheBytes: Int = 32 << 20, fallback: (any ElementImageLoader)? = nil) throws(RemoteImageError) {
        self.policy = policy
        self.fallback = fallback
        self.cacheBytes = cacheBytes
        self.cache = ResponseCache(byteLimit: cacheBytes)
        self.transfers = try TransferThread()
    }

    deinit {
        transfers.shutDown()
    }

    /// Whether `name` is one this loader fetches (it starts with `http://` or `https://`, in any
    /// case) rather than hands to its fallback.
    public static func isURLName(_ name: String) -> Bool { RemoteURL.isWebURL(name) }

    /// ``/Elements/ImageNameCaching/byContent`` for `http(s)` URLs (their bytes may change); the
    /// fallback's answer for other names.
    public func caching(forName name: String) -> ImageNameCaching {
        RemoteURL.isWebURL(name) ? .byContent : fallback?.caching(forName: name) ?? .byName
    }

    /// The bytes of `name`: fetched when it is an `http(s)` URL, from the fallback otherwise.
    ///
    /// - Throws: a ``RemoteImageError``, `CancellationError` when the calling task is cancelled,
    ///   or the fallback's error.
    public func imageBytes(named name: String) async throws -> [UInt8] {
        guard RemoteURL.isWebURL(name) else {
            guard let fallback else { throw RemoteImageError.notAURL(name) }
            return try await fallback.imageBytes(named: name)
        }
        do {
            return try await fetch(name).bytes
        } catch .cancelled {
            throw CancellationError()
        }
    }

    /// The image at `url`: from the cache when fresh, else from the origin (revalidating what
    /// the cache holds), sharing a fetch of the same URL in flight.
    ///
    /// - Throws: ``RemoteImageError``; ``RemoteImageError/cancelled`` when the calling task is
    ///   cancelled.
    public func fetch(_ url: String) async throws(RemoteImageError) -> FetchedImage {
        // A name checked before (the policy is fixed, so its verdict is too) whose response is fresh.
        if let cached = await cache.freshResponse(forName: url, now: .now), let format = ImageFormat.sniff(cached.bytes) {
            freshHits.add(1, ordering: .relaxed)
            return FetchedImage(bytes: cached.bytes, format: format, source: .cache)
        }
        let checked = try policy.check(url)
        if let cached = await cache.lookup(checked.text), cached.isFresh(at: .now), let format = ImageFormat.sniff(cached.bytes) {
            freshHits.add(1, ordering: .relaxed)
            return FetchedImage(bytes: cached.bytes, format: format, source: .cache)
        }
        do {
            return try await inFlight.value(for: checked.text) { try await self.walk(from: checked, name: url) }
        } catch let error as RemoteImageError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .transport("\(error)")
        }
    }

    /// What the loader has done so far.
    public var statistics: Statistics {
        Statistics(requests: requests.load(ordering: .relaxed), cacheHits: freshHits.load(ordering: .relaxed),
                   revalidations: revalidations.load(ordering: .relaxed), joinedFetches: inFlight.joined)
    }

    /// Suspends until `count` fetches wait for the one in flight for `url` (see
    /// ``/Rendering/InFlightWork/waitForWaiters(_:for:)``): for tests of the sharing.
    func waitForFetchWaiters(_ count: Int, for url: String) async throws {
        try await inFlight.waitForWaiters(count, for: RemoteURL.parse(url).text)
    }

    /// One fetch of `name` (checked as `url`), the state machine's actions performed in turn:
    /// cache lookups, transfers (on the transfer thread), the response kept.
    private func walk(from url: RemoteURL, name: String) async throws(RemoteImageError) -> FetchedImage {
        var machine = FetchStateMachine(url: url, policy: policy)
        var action = machine.start()
        while true {
            switch action {
            case .lookUp(let next):
                action = machine.lookedUp(await cache.lookup(next.text), now: .now)
            case .transfer(let request):
                requests.add(1, ordering: .relaxed)
                do {
                    let response = try await transfers.perform(request)
                    action = machine.received(response, now: .now, wallClock: time(nil))
                } catch {
                    action = machine.failed(error)
                }
            case .finish(let image, let keep):
                if let keep { await cache.insert(keep.response, for: keep.key, name: machine.redirects == 0 ? name : nil) }
                if image.source == .revalidated { revalidations.add(1, ordering: .relaxed) }
                return image
            case .fail(let error):
                throw error
            }
        }
    }
}
