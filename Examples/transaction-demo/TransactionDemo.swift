import ArgumentParser
import AsyncLayerKit
import Foundation

/// Ten mutations in one turn make one draw: the coalescing that YYTransaction and YYAsyncLayer
/// give a main run loop, on DisplayLoop.main.
///
/// Part 1 changes a layer's colour ten times inside one job: the display phase starts one draw,
/// of the last colour, and the transaction committed with each change runs once. Part 2 changes
/// another layer once per turn while each draw takes 20 ms: a new request cancels the draw it
/// supersedes. Each part has its own layer, so every figure printed is that layer's own count
/// (``TransactionDemoRun``). The turn timeline is printed from a TurnRecorder; `--json` prints the
/// report instead.
@main
struct TransactionDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transaction-demo",
        abstract: "Ten mutations in one turn → one draw; superseded draws are cancelled."
    )

    @Flag(help: "Print the measured report as JSON: part1 {commits, displayRequests, draws, transactionsRun}, part2 {changes, displayRequests, drawsStarted, shown, cancelled}, turns.")
    var json = false
    @Option(help: "Mutations in the single turn of part 1.") var mutations = 10

    func validate() throws {
        guard mutations >= 1 else { throw ValidationError("--mutations must be at least 1") }
    }

    func run() async throws {
        let run = await TransactionDemoRun.measure(mutations: mutations)
        let report = run.report
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
            return
        }
        print("events:")
        for event in run.events { print("  " + event) }
        print("\nturn timeline (DisplayLoop.main):")
        for turn in run.turns {
            let ms = Double(turn.durationNanoseconds) / 1_000_000
            print(String(format: "  turn %3llu  %3d job%@  %7.3f ms  %@",
                         turn.number, turn.jobCount, turn.jobCount == 1 ? " " : "s", ms,
                         turn.phasesRun.map(\.description).joined(separator: " ▸ ")))
        }
        let one = report.part1, two = report.part2
        print("""

            part 1: \(one.commits) mutations and \(one.commits) transaction commits in one job (one turn) → \
            \(one.displayRequests) display request\(one.displayRequests == 1 ? "" : "s"), \(one.draws) draw\(one.draws == 1 ? "" : "s"), \
            the transaction ran \(one.transactionsRun) time\(one.transactionsRun == 1 ? "" : "s")
            part 2: \(two.changes) changes, one per turn → \(two.displayRequests) display requests, \(two.drawsStarted) draws started, \
            \(two.shown) shown, \(two.cancelled) cancelled (superseded)
            \(report.turns) turns in all
            """)
    }
}
