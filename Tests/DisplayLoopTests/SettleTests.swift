import AsyncLayerKitTesting
import DisplayLoop
import Testing

/// A flag on the display actor, set by work that comes back to the loop.
@DisplayActor final class SettleFlag {
    var value = 0
}

/// `DisplayLoop.settle(until:timeout:)`: the public wait for work that finishes off the loop.
/// Bounds are wide as in ``WaitForWorkTests``: a resumed wait queues behind the parallel run.
@Suite(.mainDisplayLoop, .timeLimit(.minutes(15))) struct SettleTests {
    static let clock = ContinuousClock()

    @Test func aConditionThatAlreadyHoldsReturnsTrueAtOnce() async {
        let flag = DisplayLoop.drive { () -> SettleFlag in
            let flag = SettleFlag()
            flag.value = 1
            return flag
        }.value
        let start = Self.clock.now
        #expect(await DisplayLoop.settle(until: { flag.value == 1 }, timeout: .seconds(3600)))
        #expect(start.duration(to: Self.clock.now) < .seconds(600))  // not after the timeout
    }

    /// The draw-like case: a job starts work off the loop, which comes back as a job when done.
    /// The work waits on a manual clock that a second task advances, so it cannot be done before
    /// `settle` has started driving; `settle` is woken by the job's enqueue, not by its timeout.
    @Test func aConditionThatHoldsAfterOffLoopWorkIsAwaited() async {
        let manual = ManualClock()
        let flag = DisplayLoop.drive { SettleFlag() }.value
        Task { @DisplayActor in  // queued: runs in settle's first turn
            let value = await Task.detached {
                try? await manual.sleep(until: .init(offset: .seconds(1)))
                return 42
            }.value
            flag.value = value
        }
        let advancer = Task {
            _ = await manual.waitForSleepers()
            manual.advance(by: .seconds(1))
        }
        let start = Self.clock.now
        #expect(await DisplayLoop.settle(until: { flag.value == 42 }, timeout: .seconds(3600)))
        // Woken by the returning job: far sooner than the timeout, even on a loaded machine.
        #expect(start.duration(to: Self.clock.now) < .seconds(600))
        await advancer.value
    }

    @Test func aConditionThatNeverHoldsReturnsFalseWithinTheBound() async {
        let start = Self.clock.now
        #expect(await DisplayLoop.settle(until: { false }, timeout: .milliseconds(200)) == false)
        let elapsed = start.duration(to: Self.clock.now)
        #expect(elapsed >= .milliseconds(200))
        #expect(elapsed < .seconds(600))
    }

    /// A loop that never goes idle (a phase that requests another point every turn) cannot hold
    /// `settle` past its bound.
    @Test func aLoopThatNeverGoesIdleCannotHoldItPastTheBound() async {
        let observer = DisplayLoop.main.addBeforeWaitingObserver(phase: .layout) { _ in
            DisplayLoop.main.setNeedsBeforeWaiting()
        }
        let start = Self.clock.now
        let held = await DisplayLoop.settle(until: { false }, timeout: .milliseconds(200))
        DisplayLoop.main.removeBeforeWaitingObserver(observer)
        DisplayLoop.main.runUntilIdle()
        #expect(!held)
        #expect(start.duration(to: Self.clock.now) < .seconds(600))
    }

    /// The condition is read when the loop goes idle, after the turn's phases: a change made in
    /// a before-waiting phase (where layers commit their contents) is seen without another job.
    @Test func aChangeMadeInABeforeWaitingPhaseIsSeen() async {
        let flag = DisplayLoop.drive { SettleFlag() }.value
        let observer = DisplayLoop.main.addBeforeWaitingObserver(phase: .display) { _ in
            DisplayActor.assumeIsolated { flag.value = 7 }
        }
        defer { DisplayLoop.main.removeBeforeWaitingObserver(observer) }
        let start = Self.clock.now
        #expect(await DisplayLoop.settle(until: { flag.value == 7 }, timeout: .seconds(3600)))
        #expect(start.duration(to: Self.clock.now) < .seconds(600))
    }
}
