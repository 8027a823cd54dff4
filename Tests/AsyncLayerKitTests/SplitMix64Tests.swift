import AsyncLayerKitTesting
import Testing

/// The shared seeded generator: its sequence is the published SplitMix64 one (so every figure and
/// fixture drawn from a seed stays the same), and `next(upTo:)` stays in its bound and reaches all of it.
@Suite struct SplitMix64Tests {
    /// The first outputs of Vigna's reference `splitmix64.c` from state 0.
    @Test func seedZeroGivesTheReferenceSequence() {
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(random.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func theSameSeedGivesTheSameSequenceAndAnotherSeedAnother() {
        var a = SplitMix64(seed: 42), b = SplitMix64(seed: 42), c = SplitMix64(seed: 43)
        let first = (0..<64).map { _ in a.next() }
        #expect(first == (0..<64).map { _ in b.next() })
        #expect(first != (0..<64).map { _ in c.next() })
    }

    @Test(arguments: [1, 2, 3, 7, 300])
    func nextUpToStaysInItsBound(bound: Int) {
        var random = SplitMix64(seed: UInt64(bound))
        var seen = Set<Int>()
        for _ in 0..<20_000 {
            let value = random.next(upTo: bound)
            #expect((0..<bound).contains(value))
            seen.insert(value)
        }
        #expect(seen == Set(0..<bound))  // every value comes up
    }
}
