import AsyncLayerKit
@testable import Elements
@testable import Rendering
import Testing

/// The executor's state machine on its own, without threads: entries are plain strings.
@Suite struct RenderExecutorStateTests {
    /// Runs until every worker has started, as the executor's initializer waits for.
    private func started(width: Int) -> RenderExecutorState<String> {
        var state = RenderExecutorState<String>(width: width, starvationLimit: 8)
        for index in 0..<width {
            #expect(!state.hasStarted)
            let wasLast1 = state.workerStarted()
            #expect(wasLast1 == (index == width - 1))
        }
        #expect(state.lifecycle == .running)
        return state
    }

    @Test func workersServeTheHighestLaneAndTrackWhatRuns() {
        var state = started(width: 2)
        let submitted2 = state.submit("bg", lane: .background, group: nil)
        #expect(submitted2 == .wakeWorker)
        let submitted3 = state.submit("ui", lane: .userInteractive, group: nil)
        #expect(submitted3 == .wakeWorker)
        guard case .run("ui", .userInteractive) = state.next(forWorker: 0) else {
            Issue.record("worker 0 did not take the userInteractive entry")
            return
        }
        guard case .run("bg", .background) = state.next(forWorker: 1) else {
            Issue.record("worker 1 did not take the background entry")
            return
        }
        #expect(state.servingLanes == [.userInteractive, .background])
        #expect((state.running, state.maxRunning) == (2, 2))
        guard case .park = state.next(forWorker: 0) else {
            Issue.record("an idle worker with an empty queue must park")
            return
        }
        state.finished(worker: 1)
        #expect(state.servingLanes == [.userInteractive, nil])
        let metrics = state.metrics
        #expect(metrics.running == 1)
        #expect(metrics.ran[.background] == 1 && metrics.ran[.userInteractive] == 1)
    }

    @Test func cancelTakesOnlyAnEntryThatHasNotStarted() {
        var state = started(width: 1)
        let id = state.makeID()
        let submitted4 = state.submit("a", id: id, lane: .utility, group: nil)
        #expect(submitted4 == .wakeWorker)
        let removed5 = state.cancel(id: id)
        #expect(removed5 == "a")
        let removed6 = state.cancel(id: id)
        #expect(removed6 == nil)
        #expect(state.metrics.cancelledBeforeStart == 1)
        guard case .park = state.next(forWorker: 0) else {
            Issue.record("a cancelled entry must not run")
            return
        }
    }

    @Test func promotingAGroupMovesItsQueuedEntriesAndCountsThem() {
        var state = started(width: 1)
        let group = state.makeID()
        _ = state.submit("g1", lane: .background, group: group)
        _ = state.submit("other", lane: .utility, group: nil)
        _ = state.submit("g2", lane: .background, group: group)
        let moved7 = state.promote(group: group, to: .userInitiated)
        #expect(moved7 == 2)
        #expect(state.metrics.promotions == 2)
        guard case .run("g1", .userInitiated) = state.next(forWorker: 0) else {
            Issue.record("the promoted group must be served first")
            return
        }
    }

    /// After shutdown nothing is accepted, queued entries still run, then each worker exits once;
    /// a second shutdown has nothing to join.
    @Test func shutdownRefusesNewEntriesDrainsTheQueueThenLetsWorkersExit() {
        var state = started(width: 2)
        _ = state.submit("queued", lane: .utility, group: nil)
        let toJoin8 = state.shutdown()  // no threads adopted in this test
        #expect(toJoin8.isEmpty)
        #expect(state.lifecycle == .shuttingDown)
        let submitted9 = state.submit("late", lane: .utility, group: nil)
        #expect(submitted9 == .refuse)
        guard case .run("queued", _) = state.next(forWorker: 0) else {
            Issue.record("a queued entry must still run after shutdown")
            return
        }
        guard case .exit = state.next(forWorker: 1) else {
            Issue.record("an idle worker must exit after shutdown")
            return
        }
        state.finished(worker: 0)
        guard case .exit = state.next(forWorker: 0) else {
            Issue.record("the last worker must exit once the queue is empty")
            return
        }
        #expect(state.metrics.liveThreads == 0)
        let toJoin10 = state.shutdown()
        #expect(toJoin10.isEmpty)
    }
}
