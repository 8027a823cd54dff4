import AsyncLayerKit
import AsyncLayerKitTesting
import Foundation

/// What the demo measured: each part on its own layer, so each part's figures are that layer's
/// statistics and nothing else's. The JSON form of `--json`.
struct TransactionDemoReport: Codable, Sendable, Equatable {
    /// Part 1: many mutations and transaction commits in one job, so in one turn.
    struct Part1: Codable, Sendable, Equatable {
        /// Mutations made in the job (each also committed the logging transaction).
        var commits: Int
        /// Display requests the layer's display phase started.
        var displayRequests: Int
        /// Drawing closures that started running.
        var draws: Int
        /// Times the transaction's body ran.
        var transactionsRun: Int
    }

    /// Part 2: one change per turn while each draw takes `drawDelayMilliseconds`.
    struct Part2: Codable, Sendable, Equatable {
        /// Changes made, each in a turn of its own.
        var changes: Int
        /// Display requests the layer's display phase started.
        var displayRequests: Int
        /// Drawing closures that started running (a request superseded before its draw began has none).
        var drawsStarted: Int
        /// Requests whose contents were set (`didDisplay(true)`).
        var shown: Int
        /// Requests superseded by a newer one (`didDisplay(false)`).
        var cancelled: Int
    }

    var part1: Part1
    var part2: Part2
    /// Turns of the loop from the first part's start to the second part's end.
    var turns: Int
}

/// One run of the demo: the report, the events in the order they happened and the turn records.
struct TransactionDemoRun: Sendable {
    var report: TransactionDemoReport
    var events: [String]
    var turns: [TurnRecord]

    /// Runs both parts on ``/DisplayLoop/DisplayLoop/main`` and measures each one.
    ///
    /// Needs the main loop running: its own thread in the executable, or driven by the test.
    static func measure(mutations: Int, changes: Int = 5, drawDelay: Duration = .milliseconds(20)) async -> TransactionDemoRun {
        let recorder = TurnRecorder(loop: DisplayLoop.main)
        let events = EventLog()

        // Part 1: `mutations` changes and transaction commits in one job, so in one turn.
        let first = await Task { @DisplayActor in DemoLayer(events: events) }.value
        await Task { @DisplayActor in
            for i in 1...mutations {
                first.hue = Double(i) / Double(mutations)
                events.add("commit \(i): hue \(String(format: "%.1f", first.hue))")
                first.commitLog()
            }
        }.value
        await first.waitUntilIdle()
        let part1 = await Task { @DisplayActor in
            let stats = first.layer.statistics
            return TransactionDemoReport.Part1(commits: mutations, displayRequests: stats.requests,
                                               draws: stats.drawsStarted, transactionsRun: first.transactionsRun)
        }.value

        // Part 2: one change per turn while each draw takes `drawDelay`. Each change waits until
        // the display phase has started its draw, so no two changes share a turn.
        let second = await Task { @DisplayActor in
            let layer = DemoLayer(events: events)
            layer.drawDelay = drawDelay
            return layer
        }.value
        for i in 1...changes {
            await Task { @DisplayActor in
                second.hue = Double(i) / Double(changes)
                events.add("turn-separated change \(i)")
            }.value
            await second.waitUntilRequested(i)
        }
        await second.waitUntilIdle()
        let part2 = await Task { @DisplayActor in
            let stats = second.layer.statistics
            return TransactionDemoReport.Part2(changes: changes, displayRequests: stats.requests, drawsStarted: stats.drawsStarted,
                                               shown: stats.finished, cancelled: stats.abandoned)
        }.value
        recorder.stop()

        let turns = recorder.turns
        return TransactionDemoRun(report: TransactionDemoReport(part1: part1, part2: part2, turns: turns.count),
                                  events: events.all, turns: turns)
    }
}
