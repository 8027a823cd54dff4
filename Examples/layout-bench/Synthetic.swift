import BenchSupport
import ArgumentParser
import Flexbox
import Foundation

/// `layout-bench synthetic`: generated trees laid out by the engine alone, in interleaved rounds.
struct Synthetic: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Synthetic trees laid out by the Flexbox engine alone (cheap fixed-advance text measurer).",
        discussion: """
            Every tree is generated once from the seed (untimed). Each round then times, for every \
            tree in turn (the order reversed every other round), building the FlexTree from the \
            generated styles and laying it out at width 1000 (height from content), each repeated \
            until it has run for --sample-ms. The process is single-threaded: one core. Figures are \
            medians over the rounds; ratios between sizes of one shape are taken within each round.
            """
    )

    @Option(name: .customLong("tree"), parsing: .upToNextOption,
            help: "Trees as shape:nodes; shapes: nested (10 children per node), deep (2), chain (rows and columns alternating), column-chain, wide (one wrapping row).")
    var trees: [TreeSpec] = ["nested:100", "nested:1000", "nested:10000", "deep:1000", "deep:10000",
                             "column-chain:1000", "chain:1000", "wide:1000", "wide:10000"].map { TreeSpec(argument: $0)! }
    @Option(help: "Interleaved rounds.") var rounds = 7
    @Option(help: "Minimum milliseconds of repeated work per timed sample.") var sampleMs = 100.0
    @Option(help: "Repeats per timed sample, fixed instead of calibrated by --sample-ms (the same work every run, for profilers).")
    var repeats: Int?
    @Option(help: "Seed of the random styles and texts.") var seed: UInt64 = 12
    @Option(help: "Pixels per point for the engine's rounding (0: no rounding).") var pointScale = 2.0
    @Option(help: "Seconds one layout may take before the run stops as unbounded.") var maxLayoutSeconds = 30.0
    @Flag(help: "Print one JSON object instead of the Markdown table.") var json = false

    func validate() throws {
        guard rounds >= 1 else { throw ValidationError("--rounds must be at least 1") }
        guard maxLayoutSeconds > 0, maxLayoutSeconds <= 3600 else { throw ValidationError("--max-layout-seconds must be in (0, 3600]") }
        guard sampleMs > 0, sampleMs.isFinite else { throw ValidationError("--sample-ms must be positive") }
        if let repeats, repeats < 1 { throw ValidationError("--repeats must be at least 1") }
        guard pointScale >= 0, pointScale.isFinite else { throw ValidationError("--point-scale must be 0 or more") }
        guard !trees.isEmpty else { throw ValidationError("--tree needs at least one shape:nodes") }
        guard Set(trees).count == trees.count else { throw ValidationError("--tree lists a tree twice") }
    }

    /// One tree's generated plan, built tree, and timed samples.
    struct Case {
        let spec: TreeSpec
        let plan: TreePlan
        let tree: FlexTree
        var buildRepeats = 1, layoutRepeats = 1
        var build: [Double] = [], layout: [Double] = []
        var measureCalls = 0
        var checksum = 0.0
    }

    func run() throws {
        var cases = trees.map { spec in
            let plan = TreePlan.make(spec, seed: seed)
            return Case(spec: spec, plan: plan, tree: plan.build())
        }
        // Calibration (untimed for the figures): repeats per sample, measure calls, checksum.
        let watchdog = Watchdog(limit: maxLayoutSeconds)
        for i in cases.indices {
            let (_, buildTime) = timed(1) { cases[i].plan.build().count }
            cases[i].buildRepeats = repeats(for: buildTime)
            var measurer = WrapMeasurer(cases[i].plan.texts)
            let start = ContinuousClock.now
            let result = watchdog.guarded("`\(cases[i].spec)`") {
                cases[i].tree.layout(root: FlexTree.NodeID(0), width: nil, height: nil, rounding: .pixelGrid(scale: pointScale), measurer: &measurer)
            }
            cases[i].layoutRepeats = repeats(for: (ContinuousClock.now - start).seconds)
            cases[i].measureCalls = measurer.calls
            cases[i].checksum = result.frames.reduce(0) { $0 + $1.left + $1.top + $1.width + $1.height }
        }
        for round in 0..<rounds {
            let order = round % 2 == 0 ? Array(cases.indices) : cases.indices.reversed()
            for i in order {
                let c = cases[i]
                let (_, build) = timed(c.buildRepeats) { c.plan.build().count }
                let (_, layout) = timed(c.layoutRepeats) {
                    var measurer = WrapMeasurer(c.plan.texts)
                    return c.tree.layout(root: FlexTree.NodeID(0), width: nil, height: nil, rounding: .pixelGrid(scale: pointScale), measurer: &measurer).frames.count
                }
                cases[i].build.append(build)
                cases[i].layout.append(layout)
            }
        }
        if json { try printJSON(cases) } else { printTable(cases) }
    }

    /// Runs `body` `repeats` times; returns a value to keep the work alive and seconds per run.
    private func timed(_ repeats: Int, _ body: () -> Int) -> (Int, Double) {
        var sink = 0
        let start = ContinuousClock.now
        for _ in 0..<repeats { sink &+= body() }
        let seconds = (ContinuousClock.now - start).seconds / Double(repeats)
        if sink == -1 { print("") }  // never true; keeps the optimiser from dropping the work
        return (sink, seconds)
    }

    private func repeats(for seconds: Double) -> Int {
        if let repeats { return repeats }
        return max(1, Int((sampleMs / 1000 / max(seconds, 1e-7)).rounded(.up)))
    }

    /// Within each round, time(this) / time(the next smaller tree of the same shape).
    private func growth(_ cases: [Case], _ i: Int) -> (smaller: Case, ratios: [Double])? {
        let c = cases[i]
        guard let smaller = cases.filter({ $0.spec.shape == c.spec.shape && $0.spec.nodes < c.spec.nodes })
            .max(by: { $0.spec.nodes < $1.spec.nodes }) else { return nil }
        return (smaller, zip(c.layout, smaller.layout).map { $0 / $1 })
    }

    private func printTable(_ cases: [Case]) {
        print("| tree | nodes | depth | texts | build ms (median) | layout ms (median) | layout range | µs per node | measure calls per text | × time of the smaller tree (nodes ×) |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for i in cases.indices {
            let c = cases[i]
            let n = Double(c.spec.nodes), t = c.layout.median
            var growthCell = "—"
            if let g = growth(cases, i) {
                growthCell = String(format: "%.2f (%.2f–%.2f) (%g×)", g.ratios.median, g.ratios.min()!, g.ratios.max()!,
                                    n / Double(g.smaller.spec.nodes))
            }
            let texts = c.plan.textCount
            print(String(format: "| %@ | %d | %d | %d | %.3f | **%.3f** | %.3f–%.3f | %.3f | %@ | %@ |",
                         c.spec.shape.rawValue, c.spec.nodes, c.plan.depth, texts, c.build.median * 1000, t * 1000,
                         c.layout.min()! * 1000, c.layout.max()! * 1000, t / n * 1e6,
                         texts == 0 ? "—" : String(format: "%.2f", Double(c.measureCalls) / Double(texts)), growthCell))
        }
        print()
        let laidOut = !cases.allSatisfy { $0.checksum == 0 }
        if laidOut, let big = cases.firstIndex(where: { $0.spec == TreeSpec(argument: "nested:10000") }) {
            let t = cases[big].layout.median * 1000
            print(String(format: "Target 10,000 nodes ≤ 10 ms (nested:10000, one core): %.3f ms — %@.", t, t <= 10 ? "met" : "NOT met"))
            if let g = growth(cases, big), g.smaller.spec.nodes == 1000 {
                let r = g.ratios.median
                print(String(format: "Target linear growth, time(10k)/time(1k) ≤ 11: %.2f (rounds %.2f–%.2f) — %@.", r, g.ratios.min()!, g.ratios.max()!, r <= 11 ? "met" : "NOT met"))
            }
        }
        if !laidOut {
            print("Every frame of every tree is zero: the engine laid nothing out, so no target is judged.")
        }
        print("Rounds: \(rounds), seed \(seed), point scale \(pointScale); frame checksums: "
              + cases.map { "\($0.spec)=\(String(format: "%.1f", $0.checksum))" }.joined(separator: ", ") + ".")
    }

    private func printJSON(_ cases: [Case]) throws {
        let rows: [[String: Any]] = cases.indices.map { i in
            let c = cases[i]
            var row: [String: Any] = [
                "tree": c.spec.description, "nodes": c.spec.nodes, "depth": c.plan.depth, "texts": c.plan.textCount,
                "build_ms": c.build.map { $0 * 1000 }, "layout_ms": c.layout.map { $0 * 1000 },
                "measure_calls": c.measureCalls, "checksum": c.checksum,
            ]
            if let g = growth(cases, i) { row["growth_vs"] = g.smaller.spec.description; row["growth"] = g.ratios }
            return row
        }
        let data = try JSONSerialization.data(withJSONObject: ["rounds": rounds, "seed": String(seed), "trees": rows], options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    }
}
