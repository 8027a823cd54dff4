import AsyncLayerKit
@testable import Elements
import LayerKitSupport
@testable import Rendering
import Testing

/// The content hash's digest is MurmurHash3 x64 128 (seed 0). For inputs that are whole words it
/// must match the reference implementation; the expected values come from Python's `mmh3` package
/// (`mmh3.hash128(data, 0, x64arch=True, signed=False)`: low 64 bits = h1, high = h2).
@Suite struct StableHasherTests {
    @Test(arguments: [
        ("", UInt64(0), UInt64(0)),
        ("01234567", 0x8236_039b_7387_354d, 0xc336_9387_d896_4920),
        ("0123456789abcdef", 0x4be0_6d94_cf4a_d1a7, 0x87c3_5b5c_63a7_08da),
        ("0123456789abcdef01234567", 0x5563_be52_3b28_9ed9, 0x2e22_a452_85c7_0cef),
    ])
    func matchesTheReferenceImplementation(input: String, h1: UInt64, h2: UInt64) {
        var hasher = StableHasher()
        hasher.combine(Array(input.utf8))
        #expect(hasher.finalize() == ContentHash(high: h1, low: h2))
    }

    /// Words and byte runs may be mixed in any split: the digest depends only on the word stream.
    @Test func wordsAndBytesGiveTheSameStream() {
        let bytes = Array("0123456789abcdef01234567".utf8)
        var whole = StableHasher()
        whole.combine(bytes)
        var split = StableHasher()
        split.combine(Array(bytes[0..<8]))
        bytes.withUnsafeBytes { split.combine(bytes: UnsafeRawBufferPointer(rebasing: $0[8...])) }
        #expect(whole.finalize() == split.finalize())
        var words = StableHasher()
        for i in stride(from: 0, to: 24, by: 8) {
            words.combine(bytes[i..<i + 8].enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) })
        }
        #expect(whole.finalize() == words.finalize())
    }
}
