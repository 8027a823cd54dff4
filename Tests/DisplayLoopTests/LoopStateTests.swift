@testable import DisplayLoop
import Testing

/// The loop's state machine on its own, without a thread: wake-ups, the thread's life, the driver.
@Suite struct LoopStateTests {
    /// A before-waiting request stands in for a job (an `UnownedJob` cannot be made in a test).
    @Test func theFirstRequestStartsTheThreadAndOnlyAParkedThreadIsSignalled() {
        var state = LoopState(driver: .thread(name: "T"))
        guard case .startThread("T") = state.requestBeforeWaiting() else {
            Issue.record("the first request must start the thread")
            return
        }
        #expect(state.hasStartedThread)
        guard case .none = state.requestBeforeWaiting() else {
            Issue.record("a busy thread must not be signalled")
            return
        }
        let began1 = state.beginTurn(on: .current, force: true)
        #expect(began1)
        state.endTurn()
        guard case .wait = state.prepareToWait() else {
            Issue.record("a thread with nothing to do must park")
            return
        }
        guard case .signal = state.requestBeforeWaiting() else {
            Issue.record("a parked thread must be signalled")
            return
        }
        guard case .none = state.requestBeforeWaiting() else {
            Issue.record("a thread already signalled must not be signalled twice")
            return
        }
        guard case .runAgain = state.prepareToWait() else {
            Issue.record("a thread with work must run another turn")
            return
        }
    }

    @Test func shutdownSignalsAParkedThreadWhichThenExitsAndNothingRestartsIt() {
        var state = LoopState(driver: .thread(name: "T"))
        _ = state.requestBeforeWaiting()
        _ = state.beginTurn(on: .current, force: true)
        state.endTurn()
        guard case .wait = state.prepareToWait() else {
            Issue.record("a thread with nothing to do must park")
            return
        }
        guard case (.signal, nil) = state.shutdown() else {
            Issue.record("shutdown must wake the parked thread (no handle adopted in this test)")
            return
        }
        guard case .exit = state.prepareToWait() else {
            Issue.record("the thread must exit after shutdown")
            return
        }
        guard case .none = state.requestBeforeWaiting() else {
            Issue.record("nothing restarts a shut-down loop")
            return
        }
        let becameManual2 = state.useManualDriver()
        #expect(!becameManual2)
    }

    @Test func aLoopBecomesManualOnlyBeforeItsThreadStarts() {
        var fresh = LoopState(driver: .thread(name: "T"))
        let becameManual3 = fresh.useManualDriver()
        #expect(becameManual3)
        #expect(fresh.driver == .manual)
        guard case .none = fresh.requestBeforeWaiting() else {
            Issue.record("a manual loop never starts a thread")
            return
        }
        #expect(!fresh.hasStartedThread)

        var started = LoopState(driver: .thread(name: "T"))
        _ = started.requestBeforeWaiting()
        let becameManual4 = started.useManualDriver()
        #expect(!becameManual4)
        #expect(started.driver == .thread(name: "T"))
    }

    @Test func aTurnRunsOnlyWithWorkUnlessForcedAndRecordsItsThread() {
        var state = LoopState(driver: .manual)
        let began5 = state.beginTurn(on: .current, force: false)
        #expect(!began5)
        _ = state.requestBeforeWaiting()
        let began6 = state.beginTurn(on: .current, force: false)
        #expect(began6)
        #expect(state.drainingThread == .current)
        #expect(!state.hasWork)
        let (number, _, _) = state.beforeWaiting()
        #expect(number == 1)
        state.endTurn()
        #expect(state.drainingThread == nil)
    }

    @Test func aLoopShutDownBeforeItsThreadStartsNeverStartsOneAndMayStillBecomeManual() {
        var state = LoopState(driver: .thread(name: "T"))
        guard case (.none, nil) = state.shutdown() else {
            Issue.record("there is nothing to wake or join before the thread starts")
            return
        }
        guard case .none = state.requestBeforeWaiting() else {
            Issue.record("a shut-down loop never starts its thread")
            return
        }
        #expect(!state.hasStartedThread)
        let becameManual7 = state.useManualDriver()
        #expect(becameManual7)
    }
}
