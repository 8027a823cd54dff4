import AsyncLayerKitTesting
import Testing
@testable import transaction_demo

/// The transaction demo's figures are measured per part, on the part's own layer.
@Suite(.mainDisplayLoop) struct TransactionDemoTests {
    /// Part 1: N mutations in one job make one display request, one draw and one transaction
    /// run; part 2: one request per change, each answered once (shown or cancelled). With 3
    /// changes the old arithmetic (`requests - 5 > 0 ? 1 : requests`, commits + 5, draws of
    /// both parts) reports part 1 wrong.
    @Test(arguments: [(10, 5), (4, 3)])
    func eachPartIsMeasuredOnItsOwn(mutations: Int, changes: Int) async throws {
        let run = try await drivingMainLoop {
            await TransactionDemoRun.measure(mutations: mutations, changes: changes, drawDelay: .milliseconds(20))
        }
        let report = run.report
        #expect(report.part1 == .init(commits: mutations, displayRequests: 1, draws: 1, transactionsRun: 1))

        let two = report.part2
        #expect(two.changes == changes)
        #expect(two.displayRequests == changes)  // each change waited for its own display phase
        #expect(two.shown + two.cancelled == two.displayRequests)
        #expect(two.shown >= 1)  // the last request is never superseded
        #expect(two.drawsStarted >= two.shown && two.drawsStarted <= two.displayRequests)
        #expect(report.turns == run.turns.count && report.turns >= 1 + changes)

        // The event log agrees with the counts: one "draw starts" per request, one line per answer.
        let events = run.events
        #expect(events.filter { $0.hasPrefix("draw starts") }.count == 1 + two.displayRequests)
        #expect(events.filter { $0.hasPrefix("shown:") }.count == 1 + two.shown)
        #expect(events.filter { $0.hasPrefix("cancelled:") }.count == two.cancelled)
        #expect(events.filter { $0.hasPrefix("transaction ran once") }.count == 1)
        // Part 1's single draw is of the last state.
        #expect(events.first { $0.hasPrefix("draw starts") } == "draw starts for hue 1.0")
    }
}
