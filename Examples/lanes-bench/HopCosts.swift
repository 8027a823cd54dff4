import BenchSupport
import AsyncLayerKit

/// The cost of getting tiny work done: a direct call, a hop through `RenderLanes`, a hop through
/// `Task.detached` on the cooperative pool.
struct HopCosts {
    struct Latency {
        var mean: Double
        var p50: Double
        var p99: Double

        init(_ samples: [Double]) {
            let sorted = samples.sorted()
            mean = samples.reduce(0, +) / Double(max(samples.count, 1))
            p50 = sorted[sorted.count / 2]
            p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
        }
    }

    var direct: Double
    var lanes: Latency
    var detached: Latency
    var preference: Latency
    var lanesConcurrent: Double
    var detachedConcurrent: Double

    static func measure(count: Int) async throws -> HopCosts {
        let clock = ContinuousClock()
        let lanes = RenderLanes(threadPriorities: .unchanged)
        defer { lanes.shutdown() }

        var sink = 0
        let directStart = clock.now
        for index in 0..<count { sink &+= tiny(index) }
        let direct = directStart.duration(to: clock.now).nanoseconds / Double(count)

        // Warm-up, then one awaited at a time, each timed.
        for index in 0..<1000 { sink &+= try await lanes.render { tiny(index) } }
        var lanesSamples: [Double] = []
        lanesSamples.reserveCapacity(count)
        for index in 0..<count {
            let start = clock.now
            sink &+= try await lanes.render(priority: .userInitiated) { tiny(index) }
            lanesSamples.append(start.duration(to: clock.now).nanoseconds)
        }

        for index in 0..<1000 { sink &+= await Task.detached { tiny(index) }.value }
        var detachedSamples: [Double] = []
        detachedSamples.reserveCapacity(count)
        for index in 0..<count {
            let start = clock.now
            sink &+= await Task.detached { tiny(index) }.value
            detachedSamples.append(start.duration(to: clock.now).nanoseconds)
        }

        // The bare executor hop: a child task preferring the render executor, no admission gate.
        let executor = lanes.executor
        var preferenceSamples: [Double] = []
        preferenceSamples.reserveCapacity(count)
        for index in 0..<count {
            let start = clock.now
            sink &+= await withTaskGroup(of: Int.self) { group in
                group.addTask(executorPreference: executor) { tiny(index) }
                return await group.next()!
            }
            preferenceSamples.append(start.duration(to: clock.now).nanoseconds)
        }

        let lanesConcurrent = try await throughput(count: count, clock: clock) { index in
            try await lanes.render(priority: .userInitiated) { tiny(index) }
        }
        let detachedConcurrent = try await throughput(count: count, clock: clock) { index in
            await Task.detached { tiny(index) }.value
        }
        precondition(sink != 42)
        return HopCosts(
            direct: direct, lanes: Latency(lanesSamples), detached: Latency(detachedSamples),
            preference: Latency(preferenceSamples),
            lanesConcurrent: lanesConcurrent, detachedConcurrent: detachedConcurrent
        )
    }

    /// Runs `count` items, 64 in flight at a time; returns wall-clock nanoseconds per item.
    static func throughput(
        count: Int, clock: ContinuousClock, _ item: @escaping @Sendable (Int) async throws -> Int
    ) async throws -> Double {
        let start = clock.now
        try await withThrowingTaskGroup(of: Int.self) { group in
            var next = 0
            while next < min(64, count) {
                let index = next
                group.addTask { try await item(index) }
                next += 1
            }
            while try await group.next() != nil {
                if next < count {
                    let index = next
                    group.addTask { try await item(index) }
                    next += 1
                }
            }
        }
        return start.duration(to: clock.now).nanoseconds / Double(count)
    }
}

/// Tiny work the optimiser cannot remove.
@inline(never)
func tiny(_ value: Int) -> Int {
    value &* 31 &+ 7
}
