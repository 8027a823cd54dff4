/// Counters and timings of a ``DisplayLoop/DisplayLoop``, read with ``DisplayLoop/metrics``.
public struct LoopMetrics: Sendable, Hashable {
    /// Turns run since the loop was made.
    public var turns: UInt64 = 0
    /// Jobs run since the loop was made.
    public var jobs: UInt64 = 0
    /// Time spent waiting for work, in nanoseconds (thread driver only).
    public var idleNanoseconds: UInt64 = 0
    /// Time spent in turns, in nanoseconds.
    public var busyNanoseconds: UInt64 = 0
    /// The durations of the most recent turns (up to ``LoopMetrics/recentCapacity``), oldest first.
    public var recentTurnNanoseconds: [UInt64] = []

    /// How many recent turn durations are kept for percentiles.
    public static let recentCapacity = 4096

    /// Creates empty metrics.
    public init() {}

    /// The `p`-th percentile (0...100) of the recent turn durations, in nanoseconds, or 0 if no
    /// turn ran. Nearest-rank method.
    public func turnDurationPercentile(_ p: Double) -> UInt64 {
        guard !recentTurnNanoseconds.isEmpty else { return 0 }
        let sorted = recentTurnNanoseconds.sorted()
        let rank = Int((min(max(p, 0), 100) / 100 * Double(sorted.count)).rounded(.up))
        return sorted[max(rank, 1) - 1]
    }

    mutating func record(turnNanoseconds: UInt64, jobs jobCount: Int, idleBefore: UInt64) {
        turns += 1
        jobs += UInt64(jobCount)
        busyNanoseconds += turnNanoseconds
        idleNanoseconds += idleBefore
        if recentTurnNanoseconds.count == LoopMetrics.recentCapacity {
            recentTurnNanoseconds.removeFirst(LoopMetrics.recentCapacity / 4)
        }
        recentTurnNanoseconds.append(turnNanoseconds)
    }
}
