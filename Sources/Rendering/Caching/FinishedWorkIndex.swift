import Canvas
import Elements
import LayerKitSupport

/// The read path of an ``ElementCache``'s finished renders and encodings: what a warm request
/// looks up, without entering the cache's actor.
///
/// Sixteen shards by key, each a dictionary under the project's one lock, held for one lookup.
/// A server answers most requests from these lookups, from many threads at once; through the
/// actor every hit queued on one serial executor (1.61 M hits/s on one thread, 0.35 M on
/// sixteen). The actor stays the only writer: it adds and removes entries here as it inserts
/// and evicts, so the index always holds a subset of the cache's renders and encodings (an
/// entry it evicted a moment ago may still be found, and is still a correct answer).
///
/// A hit cannot move its entry in the actor's least-recently-used order without entering the
/// actor, so it records the time it was used in the entry; the actor applies those times, in
/// time order, before it next evicts (``drainUses()``, a walk of the entries: on a miss, beside
/// a render). Hits and misses are counted per shard.
final class FinishedWorkIndex: Sendable {
    /// A finished render or an encoding.
    enum Key: Hashable, Sendable {
        case render(ElementCache.RenderKey)
        case encoding(ElementCache.EncodingKey)
    }

    /// Its value.
    enum Value: Sendable {
        case bitmap(Bitmap)
        case encoded([UInt8])
    }

    /// An entry: its value, and its last use if it was hit since the actor's last drain.
    private struct Entry: Sendable {
        var value: Value
        var lastUse: ContinuousClock.Instant?
    }

    /// One shard: its entries and its counts, padded so that two shards' locks never share a
    /// cache line (each hit writes its shard's lock and counts).
    private struct Shard: Sendable {
        var entries: [Key: Entry] = [:]
        var renderHits = 0, renderMisses = 0, encodingHits = 0, encodingMisses = 0
        private var padding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                              UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    }

    private static let shardCount = 16
    private let shards: [Lock<Shard>] = (0..<FinishedWorkIndex.shardCount).map { _ in Lock(Shard()) }

    /// The shard of `key`, by the low bits of its tree's content hash (already uniform: no
    /// second hashing on the hit path).
    private func shard(for key: Key) -> Lock<Shard> {
        let bits = switch key {
        case .render(let render): render.hash.low
        case .encoding(let encoding): encoding.render.hash.low
        }
        return shards[Int(bits % UInt64(Self.shardCount))]
    }

    /// The value for `key`, its use recorded; counted as a hit or a miss when `counted`.
    func value(for key: Key, counted: Bool) -> Value? {
        let now = ContinuousClock.now
        return shard(for: key).withLock { shard -> Value? in
            var found: Value?
            if let index = shard.entries.index(forKey: key) {
                shard.entries.values[index].lastUse = now
                found = shard.entries.values[index].value
            }
            if counted {
                switch (key, found != nil) {
                case (.render, true): shard.renderHits += 1
                case (.render, false): shard.renderMisses += 1
                case (.encoding, true): shard.encodingHits += 1
                case (.encoding, false): shard.encodingMisses += 1
                }
            }
            return found
        }
    }

    /// Adds or replaces an entry (the actor, after its own store took it).
    func set(_ value: Value, for key: Key) {
        shard(for: key).withLock { $0.entries[key] = Entry(value: value, lastUse: nil) }
    }

    /// Removes an entry (the actor, after its own store evicted or replaced it).
    func remove(_ key: Key) {
        shard(for: key).withLock { $0.entries[key] = nil }
    }

    /// The entries hit since the last call, oldest use first; clears them.
    func drainUses() -> [Key] {
        var all: [(Key, ContinuousClock.Instant)] = []
        for shard in shards {
            let uses = shard.withLock { shard -> [(Key, ContinuousClock.Instant)] in
                var uses: [(Key, ContinuousClock.Instant)] = []
                var index = shard.entries.startIndex
                while index != shard.entries.endIndex {
                    if let use = shard.entries.values[index].lastUse {
                        uses.append((shard.entries.keys[index], use))
                        shard.entries.values[index].lastUse = nil
                    }
                    index = shard.entries.index(after: index)
                }
                return uses
            }
            all.append(contentsOf: uses)
        }
        return all.sorted { $0.1 < $1.1 }.map(\.0)
    }

    /// Hits and misses of renders and of encodings, summed over the shards.
    func counts() -> (renderHits: Int, renderMisses: Int, encodingHits: Int, encodingMisses: Int) {
        var total = (renderHits: 0, renderMisses: 0, encodingHits: 0, encodingMisses: 0)
        for shard in shards {
            shard.withLock { shard in
                total.renderHits += shard.renderHits
                total.renderMisses += shard.renderMisses
                total.encodingHits += shard.encodingHits
                total.encodingMisses += shard.encodingMisses
            }
        }
        return total
    }
}
