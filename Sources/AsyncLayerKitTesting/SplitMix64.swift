/// A small seeded random number generator (SplitMix64, Steele, Lea and Flood 2014): the same
/// sequence for the same seed on every platform and every run, unlike the system generator.
///
/// The one seeded generator of the package and its examples: property tests (a failure replays
/// from its seed), the codec tests' random bytes, the sample feed's generator and the benchmarks'
/// synthetic trees all draw from it, so a fixed seed gives the same data everywhere. Not for
/// anything that must be unpredictable.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let height = Double.random(in: 40...240, using: &random)
/// let pick = random.next(upTo: 3)  // 0, 1 or 2
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    /// A generator starting at `seed`; every seed, 0 included, gives a full-period sequence.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`, by the remainder of ``next()`` (slightly biased towards small
    /// numbers for a bound that is not a power of two: fine for sample data, and cheaper and more
    /// stable than `Int.random(in:using:)`, whose draws per call are not part of its contract).
    ///
    /// - Precondition: `bound > 0`.
    public mutating func next(upTo bound: Int) -> Int {
        precondition(bound > 0, "SplitMix64.next(upTo:) needs a positive bound")
        return Int(next() % UInt64(bound))
    }
}
