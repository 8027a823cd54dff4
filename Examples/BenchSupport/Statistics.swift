// The benchmarks' shared arithmetic: durations in seconds, percentiles and medians of samples.
// One copy for card-bench, lanes-bench, layout-bench and loop-bench (each had its own).

extension Duration {
    /// The duration in seconds.
    public var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }

    /// The duration in nanoseconds.
    public var nanoseconds: Double { seconds * 1e9 }
}

extension Array where Element == Double {
    /// The nearest-rank percentile `p` (0...100) of the samples; NaN for none.
    public func percentile(_ p: Double) -> Double {
        guard !isEmpty else { return .nan }
        let sorted = self.sorted()
        let rank = Int((p / 100 * Double(count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), count) - 1]
    }

    /// The median: the nearest-rank 50th percentile (the lower middle of an even count); NaN for none.
    public var median: Double { percentile(50) }
}
