import AsyncLayerKit

/// Encoded images by content-hash name, for `GET /images/{name}.{ext}` and for repeated render
/// requests: bounded by a byte budget (the sum of the encodings' sizes), least recently used out
/// first, so a few large images cannot hold as much memory as a count of small ones would allow.
///
/// A thin face over the library's ``/AsyncLayerKit/ByteBudgetCache`` (an actor): requests add
/// and read concurrently, and every lookup that finds an image marks it most recently used.
struct ImageStore: Sendable {
    private let cache: ByteBudgetCache<String, [UInt8]>

    /// A store holding at most `byteLimit` bytes of encodings (0: stores nothing).
    init(byteLimit: Int) {
        cache = ByteBudgetCache(byteLimit: max(0, byteLimit))
    }

    /// Keeps `bytes` under `name`, at a cost of their count; evicts the least recently used
    /// images until the budget holds. An image larger than the whole budget is not kept.
    func insert(_ bytes: [UInt8], for name: String) async {
        await cache.insert(bytes, cost: bytes.count, for: name)
    }

    /// The image stored under `name` (now the most recently used), if any.
    func bytes(for name: String) async -> [UInt8]? {
        await cache.value(for: name)
    }

    /// Images and bytes held, the budget, evictions and lookups.
    var metrics: CacheMetrics {
        get async { await cache.metrics }
    }
}
