import BenchSupport
import ArgumentParser
import AsyncLayerKit
import Dispatch
import Foundation
import Synchronization

/// Measures DisplayLoop against the baselines a reader would reach for instead — a plain actor
/// on the default executor and a Dispatch serial queue — in interleaved rounds of one process,
/// and prints Markdown tables of medians and ratios.
@main
struct LoopBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loop-bench",
        abstract: "Hop latency, jobs/s, transaction commit cost and cancellation latency of DisplayLoop."
    )

    @Option(help: "Interleaved rounds.") var rounds = 5
    @Option(help: "Hops per round.") var hops = 20_000
    @Option(help: "Jobs per round for the throughput test.") var jobs = 200_000

    func run() async throws {
        var hopRows: [String: [[Double]]] = [:]
        var throughput: [String: [Double]] = [:]
        for round in 0..<rounds {
            let order = round % 2 == 0 ? ["DisplayLoop", "actor", "Dispatch"] : ["Dispatch", "actor", "DisplayLoop"]
            for name in order {
                hopRows[name, default: []].append(await hopLatencies(name, count: hops))
                throughput[name, default: []].append(await jobsPerSecond(name, count: jobs))
            }
        }
        print("## Hop latency onto the loop (µs per round trip: await a call from a task on the cooperative pool)\n")
        print("| executor | p50 | p99 | p50 × Dispatch | jobs/s (median) | jobs/s × plain actor |")
        print("|---|---:|---:|---:|---:|---:|")
        let dispatchP50 = (hopRows["Dispatch"]!.map { $0.percentile(50) }).median
        let actorJobs = (throughput["actor"]!).median
        let labels = [
            "DisplayLoop": "DisplayLoop.main (its own thread)",
            "actor": "plain actor (default executor)",
            "Dispatch": "Dispatch serial queue + continuation",
        ]
        for name in ["DisplayLoop", "actor", "Dispatch"] {
            let p50 = (hopRows[name]!.map { $0.percentile(50) }).median
            let p99 = (hopRows[name]!.map { $0.percentile(99) }).median
            let perSecond = (throughput[name]!).median
            print(String(format: "| %@ | %.2f | %.2f | %.2f | %.0f | %.2f |", labels[name]!, p50, p99, p50 / dispatchP50, perSecond, perSecond / actorJobs))
        }
        print("""

            A plain actor that nobody else uses runs the awaited call inline on the caller's thread \
            (no thread switch), so its hop is the floor; DisplayLoop and the Dispatch queue each \
            wake another thread. Jobs/s: Tasks enqueued onto the loop (or the actor) vs closures \
            on the queue.
            """)

        let commit = await commitCost()
        print("\n## Transaction commit cost (ns per commit, median of \(rounds) rounds of 10⁵ commits in one job)\n")
        print("| case | ns per commit |")
        print("|---|---:|")
        print(String(format: "| same (target, action) each time (coalesced) | %.0f |", commit.coalesced))
        print(String(format: "| 1000 distinct targets | %.0f |", commit.distinct))

        let cancel = await cancellationLatencies(trials: 200)
        print("\n## Cancellation latency (request → superseded draw abandoned, µs)\n")
        print("| p50 | p99 | max |")
        print("|---:|---:|---:|")
        print(String(format: "| %.0f | %.0f | %.0f |", cancel.percentile(50), cancel.percentile(99), cancel.max() ?? 0))
    }

    // MARK: Hops

    actor PlainActor {
        var count = 0
        func hop() -> Int { count += 1; return count }
    }

    static let plain = PlainActor()
    static let queue = DispatchQueue(label: "loop-bench.serial")

    @DisplayActor static var loopCount = 0
    @DisplayActor static func loopHop() -> Int { loopCount += 1; return loopCount }

    func hopLatencies(_ name: String, count: Int) async -> [Double] {
        var samples: [Double] = []
        samples.reserveCapacity(count)
        let clock = ContinuousClock()
        for _ in 0..<count {
            let start = clock.now
            switch name {
            case "DisplayLoop": _ = await Self.loopHop()
            case "actor": _ = await Self.plain.hop()
            default:
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    Self.queue.async { continuation.resume() }
                }
            }
            samples.append((clock.now - start).seconds * 1e6)
        }
        return samples
    }

    func jobsPerSecond(_ name: String, count: Int) async -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        switch name {
        case "DisplayLoop":
            let done = Counter()
            for _ in 0..<count { Task { @DisplayActor in done.add() } }
            while done.value < count { await Task.yield() }
        case "actor":
            let done = Counter()
            for _ in 0..<count { Task { _ = await Self.plain.hop(); done.add() } }
            while done.value < count { await Task.yield() }
        default:
            let done = Counter()
            for _ in 0..<count { Self.queue.async { done.add() } }
            while done.value < count { await Task.yield() }
        }
        let seconds = (clock.now - start).seconds
        return Double(count) / seconds
    }

    // MARK: Transactions

    @DisplayActor final class Target {}

    func commitCost() async -> (coalesced: Double, distinct: Double) {
        var coalesced: [Double] = [], distinct: [Double] = []
        for _ in 0..<rounds {
            let (a, b) = await Task { @DisplayActor () -> (Double, Double) in
                let one = Target()
                let many = (0..<1000).map { _ in Target() }
                let clock = ContinuousClock()
                let n = 100_000
                let t0 = clock.now
                for _ in 0..<n { Transaction(target: one, action: "x") { _ in }.commit() }
                let t1 = clock.now
                for i in 0..<n { Transaction(target: many[i % 1000], action: "x") { _ in }.commit() }
                let t2 = clock.now
                withExtendedLifetime((one, many)) {}
                return ((t1 - t0).seconds / Double(n) * 1e9, (t2 - t1).seconds / Double(n) * 1e9)
            }.value
            coalesced.append(a)
            distinct.append(b)
            try? await Task.sleep(for: .milliseconds(5))  // let the flush run
        }
        return (coalesced.median, distinct.median)
    }

    // MARK: Cancellation

    @DisplayActor final class Probe: AsyncLayerDelegate {
        let layer = AsyncLayer(bounds: Rect(x: 0, y: 0, width: 16, height: 16))
        var requestedAt: ContinuousClock.Instant?
        var latencies: [Double] = []
        var generation = 0

        init() { layer.delegate = self }

        func newDisplayTask(for layer: AsyncLayer) -> AsyncLayerDisplayTask {
            let slow = generation % 2 == 0
            return AsyncLayerDisplayTask(
                display: { _, _ in
                    // A long draw that checks for supersession every 50 µs.
                    guard slow else { return }
                    let clock = ContinuousClock(), end = clock.now.advanced(by: .milliseconds(50))
                    while clock.now < end, !Task.isCancelled { usleep(50) }
                },
                didDisplay: { [weak self] _, finished in
                    guard let self, !finished, let requestedAt = self.requestedAt else { return }
                    self.latencies.append((ContinuousClock.now - requestedAt).seconds * 1e6)
                    self.requestedAt = nil
                }
            )
        }
    }

    func cancellationLatencies(trials: Int) async -> [Double] {
        let probe = await Task { @DisplayActor in Probe() }.value
        for _ in 0..<trials {
            await Task { @DisplayActor in probe.generation = 0; probe.layer.setNeedsDisplay() }.value
            try? await Task.sleep(for: .milliseconds(2))  // the slow draw is running
            await Task { @DisplayActor in
                probe.generation = 1
                probe.requestedAt = ContinuousClock.now
                probe.layer.setNeedsDisplay()  // supersedes it
            }.value
            while await Task(operation: { @DisplayActor in probe.layer.isDisplaying || probe.requestedAt != nil }).value {
                try? await Task.sleep(for: .microseconds(200))
            }
        }
        return await Task { @DisplayActor in probe.latencies }.value
    }
}

final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}


