import BenchSupport
import ArgumentParser
import AsyncLayerKit
import ReferenceCard
import Synchronization

/// Measures the render lanes: reference cards per second with one worker thread against two, in
/// interleaved rounds of the same process, and the cost of the hop onto a lane for tiny work
/// against a direct call and against `Task.detached` on the cooperative pool.
///
/// Run with `swift run -c release --package-path Examples lanes-bench`; prints a Markdown table. The loop-thread rows
/// show the per-lane nice values at work; on a virtual machine whose cores are not contended,
/// pin the process to one core to see them: `taskset -c 0 .build/release/lanes-bench --share-only`.
@main
struct LanesBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lanes-bench",
        abstract: "Benchmarks render lanes: 1 vs 2 threads on reference cards, and the hop overhead."
    )

    @Option(help: "Seconds per throughput round and width.") var seconds = 2.0
    @Option(help: "Interleaved rounds (width 1, then width 2, per round).") var rounds = 3
    @Option(help: "Tasks feeding the lanes with cards.") var producers = 4
    @Option(help: "Tiny items per hop measurement.") var hops = 100_000
    @Flag(help: "Only measure the nice-0 loop thread's slowdown under full render load.") var shareOnly = false
    @Flag(help: "Only measure DisplayLoop.main's turns with the lanes idle and saturated.") var turnsOnly = false
    @Option(help: "Seconds per loop-turn measurement.") var turnSeconds = 3.0

    func run() async throws {
        let assets = try ReferenceCardAssets.load()
        if shareOnly {
            let share = try await LoopThreadShare.measure(assets: assets, width: RenderExecutor.defaultWidth, producers: producers)
            print("| Lanes rendering | nice-0 loop thread slowdown vs idle |")
            print("|---|---|")
            print("| `background` (workers at nice +10 when applied) | \(format(share.background, 2))× |")
            print("| `userInteractive` (workers at nice 0) | \(format(share.userInteractive, 2))× |")
            return
        }
        let turns = try await LoopTurnsUnderLoad.measure(assets: assets, seconds: turnSeconds, producers: producers)
        print("| DisplayLoop.main, 60 Hz link marking one card layer a frame | lanes idle | lanes saturated (\(producers) producers) | saturated / idle |")
        print("|---|---:|---:|---:|")
        print("| turn p50 (µs) | \(format(turns.idle.p50, 1)) | \(format(turns.loaded.p50, 1)) | \(format(turns.loaded.p50 / turns.idle.p50, 2))× |")
        print("| turn p99 (µs) | \(format(turns.idle.p99, 1)) | \(format(turns.loaded.p99, 1)) | \(format(turns.loaded.p99 / turns.idle.p99, 2))× |")
        print("| turn max (µs) | \(format(turns.idle.max, 1)) | \(format(turns.loaded.max, 1)) | |")
        print("| frames delivered / dropped | \(turns.idle.frames) / \(turns.idle.dropped) | \(turns.loaded.frames) / \(turns.loaded.dropped) | |")
        print("| card draws shown | \(turns.idle.shown) | \(turns.loaded.shown) | |")
        print("")
        if turnsOnly { return }

        var perWidth: [Int: [Double]] = [1: [], 2: []]
        _ = try await cardsPerSecond(width: 1, seconds: 0.3, assets: assets)  // warm-up
        for _ in 0..<rounds {
            for width in [1, 2] {
                perWidth[width, default: []].append(try await cardsPerSecond(width: width, seconds: seconds, assets: assets))
            }
        }
        let one = (perWidth[1]!).median, two = (perWidth[2]!).median
        let ratios = zip(perWidth[1]!, perWidth[2]!).map { $1 / $0 }

        let hop = try await HopCosts.measure(count: hops)
        let share = try await LoopThreadShare.measure(assets: assets, width: RenderExecutor.defaultWidth, producers: producers)

        print("| Measurement | Value |")
        print("|---|---|")
        print("| cards/s, width 1 (median of \(rounds) × \(seconds) s) | \(format(one, 1)) |")
        print("| cards/s, width 2 (median of \(rounds) × \(seconds) s) | \(format(two, 1)) |")
        print("| width 2 / width 1 (median ratio; per round: \(ratios.map { format($0, 2) }.joined(separator: ", "))) | **\(format(ratios.median, 2))×** |")
        print("| direct call, tiny work (ns/item) | \(format(hop.direct, 1)) |")
        print("| `RenderLanes.render`, one awaited at a time (ns/item, mean / p50 / p99) | \(format(hop.lanes.mean, 0)) / \(format(hop.lanes.p50, 0)) / \(format(hop.lanes.p99, 0)) |")
        print("| `Task.detached { }.value`, one at a time (ns/item, mean / p50 / p99) | \(format(hop.detached.mean, 0)) / \(format(hop.detached.p50, 0)) / \(format(hop.detached.p99, 0)) |")
        print("| child task with `executorPreference: RenderExecutor`, one at a time (ns/item, mean / p50 / p99) | \(format(hop.preference.mean, 0)) / \(format(hop.preference.p50, 0)) / \(format(hop.preference.p99, 0)) |")
        print("| `RenderLanes.render`, 64 in flight (ns/item, throughput) | \(format(hop.lanesConcurrent, 0)) |")
        print("| `Task.detached`, 64 in flight (ns/item, throughput) | \(format(hop.detachedConcurrent, 0)) |")
        print("| nice-0 loop thread, 50 ms of CPU work while all lanes render `background` cards (slowdown vs idle) | \(format(share.background, 2))× |")
        print("| nice-0 loop thread, 50 ms of CPU work while all lanes render `userInteractive` cards (slowdown vs idle) | \(format(share.userInteractive, 2))× |")
        print("| lanes hop / detached hop (p50) | \(format(hop.lanes.p50 / hop.detached.p50, 2))× |")
        print("")
        print("Machine: \(RenderExecutor.defaultWidth) active processors; \(producers) producer tasks; tiny items: \(hops).")
        let probe = RenderExecutor(width: 1)
        print("Per-lane nice values (standard offsets 0/0/+5/+10) applied here: \(probe.appliesThreadPriorities ? "yes" : "no (cannot restore a lowered nice value)").")
        probe.shutdown()
    }

    /// Renders cards through lanes of `width` threads for `seconds`; returns cards per second.
    func cardsPerSecond(width: Int, seconds: Double, assets: ReferenceCardAssets) async throws -> Double {
        let lanes = RenderLanes(width: width, threadPriorities: .unchanged)
        defer { lanes.shutdown() }
        let records = LiveCardRecord.samples
        let rendered = CardCounter()
        let producers = self.producers
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + .milliseconds(Int(seconds * 1000))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for producer in 0..<producers {
                group.addTask {
                    var index = producer
                    while clock.now < deadline {
                        let record = records[index & 1]
                        let alpha = try await lanes.render(priority: .userInitiated) {
                            try ReferenceCard.render(record, assets: assets).pixel(x: 100, y: 100)?.alpha ?? 0
                        }
                        precondition(alpha > 0)
                        rendered.increment()
                        index += 1
                    }
                }
            }
            try await group.waitForAll()
        }
        let elapsed = start.duration(to: clock.now)
        return Double(rendered.value) / elapsed.seconds
    }
}

func format(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return digits == 0 ? String(Int(rounded)) : String(rounded)
}


/// Cards rendered so far, counted from every producer.
final class CardCounter: Sendable {
    private let count = Atomic<Int>(0)
    func increment() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
