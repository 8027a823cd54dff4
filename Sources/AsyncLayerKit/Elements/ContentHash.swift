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

/// FNV-1a with a 128-bit state (offset basis and prime from the FNV reference).
struct FNV1a128 {
    private static let prime: UInt128 = (1 << 88) | 0x13B
    private var state: UInt128 = 0x6c62272e07bb014262b821756295c58d

    mutating func combine(bytes: UnsafeRawBufferPointer) {
        for byte in bytes {
            state ^= UInt128(byte)
            state &*= Self.prime
        }
    }

    mutating func combine(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { combine(bytes: $0) }
    }

    mutating func combine(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { combine(bytes: $0) }
    }

    func finalize() -> ContentHash {
        ContentHash(high: UInt64(truncatingIfNeeded: state >> 64), low: UInt64(truncatingIfNeeded: state))
    }
}
