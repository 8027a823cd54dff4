/// One image response kept by URL: its bytes, its validators and until when it is fresh.
struct CachedResponse: Hashable, Sendable {
    /// The body (an image, sniffed before it was kept).
    var bytes: [UInt8]
    /// `ETag`, sent back as `If-None-Match`.
    var etag: String?
    /// `Last-Modified`, sent back as `If-Modified-Since`.
    var lastModified: String?
    /// Until when it may be used without asking the origin.
    var freshUntil: ContinuousClock.Instant

    /// Whether it may be used at `now` without asking.
    func isFresh(at now: ContinuousClock.Instant) -> Bool { now < freshUntil }

    /// Whether it can be revalidated (a conditional request).
    var hasValidator: Bool { etag != nil || lastModified != nil }

    /// The conditional request's headers.
    var validatingHeaders: [String] {
        var headers: [String] = []
        if let etag { headers.append("If-None-Match: \(etag)") }
        if let lastModified { headers.append("If-Modified-Since: \(lastModified)") }
        return headers
    }

    /// What it costs in the byte budget: the body, the validators and a fixed overhead.
    func cost(key: String) -> Int {
        bytes.count + key.utf8.count + (etag?.utf8.count ?? 0) + (lastModified?.utf8.count ?? 0) + 64
    }
}

/// The responses kept by URL under one byte budget, least recently used out first. A pure value:
/// ``ResponseCache`` is its actor.
struct ResponseStore: Sendable {
    /// The budget, in bytes.
    let byteLimit: Int
    private var entries: [String: (response: CachedResponse, lastUse: UInt64)] = [:]
    private var tick: UInt64 = 0
    /// Bytes held now.
    private(set) var bytes = 0
    /// Entries pushed out to stay within the budget.
    private(set) var evictions = 0

    init(byteLimit: Int) {
        self.byteLimit = max(0, byteLimit)
    }

    /// The entries held.
    var count: Int { entries.count }

    /// The response kept for `key`, marked as just used.
    mutating func lookup(_ key: String) -> CachedResponse? {
        guard let entry = entries[key] else { return nil }
        tick += 1
        entries[key] = (entry.response, tick)
        return entry.response
    }

    /// Keeps `response` for `key` (replacing what was there), then drops the least recently used
    /// entries until the budget holds. A response larger than the whole budget is not kept.
    mutating func insert(_ response: CachedResponse, for key: String) {
        remove(key)
        let cost = response.cost(key: key)
        guard cost <= byteLimit else { return }
        tick += 1
        entries[key] = (response, tick)
        bytes += cost
        while bytes > byteLimit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            remove(oldest)
            evictions += 1
        }
    }

    /// Drops the entry of `key`, if any.
    mutating func remove(_ key: String) {
        if let old = entries.removeValue(forKey: key) { bytes -= old.response.cost(key: key) }
    }
}

/// The loader's HTTP cache: the thin actor around a ``ResponseStore``, with a memo of the names
/// (URLs as trees write them) already checked by the policy and parsed, so that a warm fetch is
/// one hop here and no parse.
actor ResponseCache {
    private var store: ResponseStore
    /// Names checked by the policy, to their cache keys (the normalised URLs); bounded.
    private var keys: [String: String] = [:]
    /// The most names remembered; past it the memo starts again.
    static let maxRememberedNames = 4096

    init(byteLimit: Int) {
        store = ResponseStore(byteLimit: byteLimit)
    }

    /// The response kept for `key`.
    func lookup(_ key: String) -> CachedResponse? { store.lookup(key) }

    /// The response for `name` when the policy checked that name before and its response is
    /// fresh at `now`: what a warm render asks for.
    func freshResponse(forName name: String, now: ContinuousClock.Instant) -> CachedResponse? {
        guard let key = keys[name], let response = store.lookup(key), response.isFresh(at: now) else { return nil }
        return response
    }

    /// Keeps `response` for `key`; `name` (checked by the policy, and not redirected) stands for
    /// `key` from now on.
    func insert(_ response: CachedResponse, for key: String, name: String?) {
        store.insert(response, for: key)
        guard let name else { return }
        if keys.count >= Self.maxRememberedNames { keys.removeAll(keepingCapacity: true) }
        keys[name] = key
    }
}
