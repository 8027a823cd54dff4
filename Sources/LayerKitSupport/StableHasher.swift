/// MurmurHash3 x64 128 (Austin Appleby's public-domain reference, seed 0), fed in 64-bit
/// little-endian words: byte runs are padded with zeros to a whole word, and every variable-length
/// run is preceded by its length, so the padding is unambiguous. Fast (16 bytes per round, no
/// 128-bit multiplies), well mixed, and the same on every run and in every process.
package struct StableHasher {
    private static let c1: UInt64 = 0x87c3_7b91_1142_53d5
    private static let c2: UInt64 = 0x4cf5_ad43_2745_937f
    private var h1: UInt64 = 0
    private var h2: UInt64 = 0
    private var pending: UInt64 = 0
    private var hasPending = false
    private var length: UInt64 = 0

    /// An empty hasher.
    package init() {}

    /// Adds one word.
    package mutating func combine(_ word: UInt64) {
        if hasPending {
            mixBlock(pending, word)
            hasPending = false
        } else {
            pending = word
            hasPending = true
        }
        length &+= 8
    }

    /// Adds bytes, zero-padded to a whole word (callers add the length first when it varies).
    package mutating func combine(bytes: UnsafeRawBufferPointer) {
        var offset = 0
        let count = bytes.count
        if hasPending, count >= 8 {
            combine(bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self).littleEndian)
            offset = 8
        }
        while offset + 16 <= count {
            let k1 = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian
            let k2 = bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self).littleEndian
            mixBlock(k1, k2)
            length &+= 16
            offset += 16
        }
        while offset < count {
            var word: UInt64 = 0
            for shift in 0..<min(8, count - offset) {
                word |= UInt64(bytes[offset + shift]) << (8 * UInt64(shift))
            }
            combine(word)
            offset += 8
        }
    }

    /// Adds a byte array, zero-padded to a whole word.
    package mutating func combine(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { combine(bytes: $0) }
    }

    private mutating func mixBlock(_ block1: UInt64, _ block2: UInt64) {
        var k1 = block1, k2 = block2
        k1 &*= Self.c1; k1 = k1.rotatedLeft(31); k1 &*= Self.c2; h1 ^= k1
        h1 = h1.rotatedLeft(27); h1 &+= h2; h1 = h1 &* 5 &+ 0x52dc_e729
        k2 &*= Self.c2; k2 = k2.rotatedLeft(33); k2 &*= Self.c1; h2 ^= k2
        h2 = h2.rotatedLeft(31); h2 &+= h1; h2 = h2 &* 5 &+ 0x3849_5ab5
    }

    /// The 128-bit digest of everything added: its high and low 64 bits.
    package func finalizeWords() -> (high: UInt64, low: UInt64) {
        var h1 = self.h1, h2 = self.h2
        if hasPending {
            var k1 = pending
            k1 &*= Self.c1; k1 = k1.rotatedLeft(31); k1 &*= Self.c2; h1 ^= k1
        }
        h1 ^= length; h2 ^= length
        h1 &+= h2; h2 &+= h1
        h1 = Self.fmix(h1); h2 = Self.fmix(h2)
        h1 &+= h2; h2 &+= h1
        return (h1, h2)
    }

    private static func fmix(_ value: UInt64) -> UInt64 {
        var k = value
        k ^= k >> 33; k &*= 0xff51_afd7_ed55_8ccd
        k ^= k >> 33; k &*= 0xc4ce_b9fe_1a85_ec53
        k ^= k >> 33
        return k
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(_ count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
    }
}

