import ArgumentParser
import AsyncLayerKit
import AsyncLayerKitTesting
import Foundation
import Synchronization

/// Ten mutations in one turn make one draw: the coalescing that YYTransaction and YYAsyncLayer
/// give a main run loop, on DisplayLoop.main.
///
/// Part 1 changes a layer's colour ten times inside one job: the display phase starts one draw,
/// of the last colour. Part 2 changes it once per turn while each draw takes 20 ms: every new
/// request cancels the draw it supersedes, and only the last one is shown. The turn timeline is
/// printed from a TurnRecorder; `--json` prints the summary instead.
@main
struct TransactionDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transaction-demo",
        abstract: "Ten mutations in one turn → one draw; superseded draws are cancelled."
    )

    @Flag(help: "Print a machine-readable summary (commits, draws, cancelled, turns).") var json = false
    @Option(help: "Mutations in the single turn of part 1.") var mutations = 10

    struct Summary: Codable {
        var commits: Int
        var draws: Int
        var finished: Int
        var cancelled: Int
        var turns: Int
        var transactionsRun: Int
    }

    func run() async throws {
        let recorder = TurnRecorder(loop: DisplayLoop.main)
        let events = EventLog()
        let layer = await Task { @DisplayActor in DemoLayer(events: events) }.value

        // Part 1: ten mutations (and ten transaction commits) in one job, so in one turn.
        let commits = mutations
        await Task { @DisplayActor in
            for i in 1...commits {
                layer.hue = Double(i) / Double(commits)
                events.add("commit \(i): hue \(String(format: "%.1f", layer.hue))")
                Transaction(target: layer, action: "log") { $0.logOnce() }.commit()
            }
        }.value
        try await layer.waitUntilIdle()

        // Part 2: one mutation per turn while each draw takes 20 ms.
        await Task { @DisplayActor in layer.drawDelay = .milliseconds(20) }.value
        for i in 1...5 {
            await Task { @DisplayActor in
                layer.hue = Double(i) / 5
                events.add("turn-separated change \(i)")
            }.value
            try await Task.sleep(for: .milliseconds(2))
        }
        try await layer.waitUntilIdle()
        recorder.stop()

        let stats = await Task { @DisplayActor in layer.layer.statistics }.value
        let transactionsRun = await Task { @DisplayActor in TransactionCenter.flushedCount }.value
        let turns = recorder.turns
        let summary = Summary(
            commits: commits + 5,
            draws: stats.drawsStarted,
            finished: stats.finished,
            cancelled: stats.abandoned,
            turns: turns.count,
            transactionsRun: transactionsRun
        )
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(summary), as: UTF8.self))
            return
        }
        print("events:")
        for event in events.all { print("  " + event) }
        print("\nturn timeline (DisplayLoop.main):")
        for turn in turns {
            let ms = Double(turn.durationNanoseconds) / 1_000_000
            print(String(format: "  turn %3llu  %3d job%@  %7.3f ms  %@",
                         turn.number, turn.jobCount, turn.jobCount == 1 ? " " : "s", ms,
                         turn.phasesRun.map(\.description).joined(separator: " ▸ ")))
        }
        print("""

            part 1: \(commits) mutations in one turn → display requests \(stats.requests - 5 > 0 ? 1 : stats.requests), \
            transactions run \(transactionsRun) (one per (target, action) per turn)
            all parts: \(summary.commits) mutations, \(stats.requests) display requests, \(stats.drawsStarted) draws started, \
            \(stats.finished) shown, \(stats.abandoned) cancelled (superseded), \(turns.count) turns
            """)
    }
}

/// A layer whose colour is its whole state.
@DisplayActor
final class DemoLayer: AsyncLayerDelegate {
    let layer = AsyncLayer(bounds: Rect(x: 0, y: 0, width: 64, height: 64), contentsScale: 2)
    let events: EventLog
    var drawDelay: Duration = .zero
    var hue = 0.0 {
        didSet { layer.setNeedsDisplay() }
    }

    init(events: EventLog) {
        self.events = events
        layer.delegate = self
    }

    func logOnce() {
        events.add("transaction ran once at before-waiting (hue \(String(format: "%.1f", hue)))")
    }

    /// The display task captures the state when the display phase starts the draw.
    func newDisplayTask(for layer: AsyncLayer) -> AsyncLayerDisplayTask {
        let hue = self.hue, events = self.events
        let delay = Double(drawDelay.components.seconds) + Double(drawDelay.components.attoseconds) / 1e18
        return AsyncLayerDisplayTask(
            willDisplay: { _ in events.add("draw starts for hue \(String(format: "%.1f", hue))") },
            display: { context, size in
                // A slow draw that notices when it is superseded, as drawing code should.
                var waited = 0.0
                while waited < delay, !Task.isCancelled {
                    Thread.sleep(forTimeInterval: 0.002)
                    waited += 0.002
                }
                context.fill(Rect(size: size), with: Color(red: hue, green: 0.3, blue: 1 - hue))
            },
            didDisplay: { _, finished in
                events.add(finished ? "shown: hue \(String(format: "%.1f", hue))" : "cancelled: hue \(String(format: "%.1f", hue)) (superseded)")
            }
        )
    }

    func waitUntilIdle() async throws {
        while layer.isDisplaying || TransactionCenter.pendingCount > 0 {
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}

/// A thread-safe event log.
final class EventLog: Sendable {
    private let entries = Mutex<[String]>([])
    func add(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}
