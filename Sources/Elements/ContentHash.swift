import LayerKitSupport

/// A 128-bit content hash that is the same in every process and on every run (unlike
/// `Hasher`, which is seeded randomly per process). Use it as a cache key shared between
/// processes or machines.
public struct ContentHash: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The high 64 bits.
    public let high: UInt64
    /// The low 64 bits.
    public let low: UInt64

    /// Creates a hash from its two halves.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// 32 lowercase hex digits.
    public var description: String {
        func hex(_ v: UInt64) -> String {
            let s = String(v, radix: 16)
            return String(repeating: "0", count: 16 - s.count) + s
        }
        return hex(high) + hex(low)
    }
}

extension StableHasher {
    /// The 128-bit digest of everything added, as a content hash.
    func finalize() -> ContentHash {
        let (high, low) = finalizeWords()
        return ContentHash(high: high, low: low)
    }
}

extension ContentHash {
    /// The content hash of any `Encodable` value, the same in every process and on every run:
    /// the digest ``Element/contentHash()`` uses, for the caller's own values (an item that keys
    /// a cache shared between processes, for instance).
    ///
    /// - Throws: `EncodingError.invalidValue` for a NaN or infinite number, as `JSONEncoder`.
    public init(of value: some Encodable) throws {
        self = try ContentHashEncoder.digest(value)
    }
}
