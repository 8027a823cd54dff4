/// A cache with one byte budget, least recently used out first: for rendered bitmaps, measured
/// text and decoded images alike (mix them with an enum key and value).
///
/// An actor: renders on any lane share it. Each entry has a cost in bytes (a bitmap's
/// ``/Canvas/Bitmap/byteCount``); inserting past the budget evicts the least recently used
/// entries, and ``trim(toBytes:)`` answers memory pressure. Evicted values are released on the
/// cache's executor, never on the display loop.
public actor ByteBudgetCache<Key: Hashable & Sendable, Value: Sendable> {
    private var store: LRUByteStore<Key, Value>
    private var counters = CacheMetrics()

    /// Creates a cache holding at most `byteLimit` bytes.
    public init(byteLimit: Int) {
        store = LRUByteStore(byteLimit: byteLimit)
    }

    /// The value for `key` (a hit marks it most recently used), or `nil` (a miss).
    public func value(for key: Key) -> Value? {
        if let value = store.value(for: key) {
            counters.hits += 1
            return value
        }
        counters.misses += 1
        return nil
    }

    /// Stores `value` at `cost` bytes, evicting what no longer fits. A value larger than the whole
    /// budget is not stored.
    public func insert(_ value: Value, cost: Int, for key: Key) {
        let outcome = store.insert(value, cost: cost, for: key)
        counters.insertions += 1
        counters.evictions += outcome.evicted.count
        if outcome.rejected { counters.rejected += 1 }
    }

    /// Removes one entry.
    public func removeValue(for key: Key) {
        store.remove(key)
    }

    /// Evicts least recently used entries until at most `bytes` remain (memory pressure).
    public func trim(toBytes bytes: Int) {
        counters.evictions += store.evict(downTo: bytes).count
    }

    /// Drops everything.
    public func removeAll() {
        counters.evictions += store.evict(downTo: 0).count
    }

    /// Changes the budget, evicting if it shrank.
    public func setByteLimit(_ limit: Int) {
        store.byteLimit = max(0, limit)
        counters.evictions += store.evict(downTo: store.byteLimit).count
    }

    /// Hits, misses, evictions and the current size.
    public var metrics: CacheMetrics {
        var snapshot = counters
        snapshot.bytes = store.bytes
        snapshot.count = store.count
        snapshot.byteLimit = store.byteLimit
        return snapshot
    }
}

/// What a ``ByteBudgetCache`` has done.
public struct CacheMetrics: Sendable, Hashable {
    /// Lookups that found a value.
    public var hits = 0
    /// Lookups that found nothing.
    public var misses = 0
    /// Values stored.
    public var insertions = 0
    /// Values pushed out to stay within the budget (or by trimming).
    public var evictions = 0
    /// Values not stored because they alone exceed the budget.
    public var rejected = 0
    /// Bytes held now.
    public var bytes = 0
    /// Entries held now.
    public var count = 0
    /// The budget.
    public var byteLimit = 0

    /// Creates empty metrics.
    public init() {}

    /// Hits over lookups, 0 when there was none.
    public var hitRate: Double {
        hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses)
    }
}
