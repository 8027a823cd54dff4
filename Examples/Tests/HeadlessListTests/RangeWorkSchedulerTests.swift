import AsyncLayerKit
import AsyncLayerKitTesting
import HeadlessList
import Testing

/// The range-driven work books shared by the headless list and the feed demo's scroller: tickets,
/// done items, cancellation that forgets or keeps the entry, and the count of tasks still running.
@Suite(.mainDisplayLoop) struct RangeWorkSchedulerTests {
    /// A one-shot gate a task waits on whatever its cancellation: a work ends only when the test
    /// opens its gate, so the counts between two steps do not depend on when a cancelled task runs.
    @DisplayActor
    final class Gate {
        private var value: Bool?
        private var waiter: CheckedContinuation<Bool, Never>?
        func wait() async -> Bool {
            if let value { return value }
            return await withCheckedContinuation { waiter = $0 }
        }
        func open(_ done: Bool) {
            value = done
            waiter?.resume(returning: done)
            waiter = nil
        }
    }

    /// Starts a task for `index` that ends (done or not) when `gate` opens, and reports its end.
    @DisplayActor
    static func start(_ index: Int, in work: RangeWorkScheduler, gate: Gate) {
        work.start(index) { ticket in
            Task { @DisplayActor in
                let done = await gate.wait()
                work.end(ticket, done: done && !Task.isCancelled)
            }
        }
    }

    @Test func aFinishedWorkMarksItsItemDone() async throws {
        let gate = DisplayLoop.drive { Gate() }.value
        let work = DisplayLoop.drive { RangeWorkScheduler() }.value
        DisplayLoop.drive { Self.start(3, in: work, gate: gate) }
        #expect(DisplayLoop.drive { work.isInFlight(3) && !work.isDone(3) && work.running == 1 && work.started == 1 }.value)
        DisplayLoop.drive { gate.open(true) }
        #expect(await DisplayLoop.settle { work.running == 0 })
        #expect(DisplayLoop.drive { !work.isInFlight(3) && work.isDone(3) && work.done == [3] }.value)
    }

    @Test func aForgottenWorkLetsTheItemStartAgainAndItsEndIsNotCurrent() async throws {
        let first = DisplayLoop.drive { Gate() }.value
        let second = DisplayLoop.drive { Gate() }.value
        let work = DisplayLoop.drive { RangeWorkScheduler() }.value
        DisplayLoop.drive {
            Self.start(1, in: work, gate: first)
            work.cancel(keeping: { $0 != 1 })  // item 1 left its range
        }
        #expect(DisplayLoop.drive { !work.isInFlight(1) && work.running == 1 }.value)
        DisplayLoop.drive { Self.start(1, in: work, gate: second) }  // it came back
        #expect(DisplayLoop.drive { work.isInFlight(1) && work.running == 2 && work.started == 2 }.value)
        DisplayLoop.drive { first.open(false) }
        #expect(await DisplayLoop.settle { work.running == 1 })
        // The cancelled task's end did not clear the new one's entry.
        #expect(DisplayLoop.drive { work.isInFlight(1) && !work.isDone(1) }.value)
        DisplayLoop.drive { second.open(true) }
        #expect(await DisplayLoop.settle { work.running == 0 })
        #expect(DisplayLoop.drive { work.isDone(1) && !work.isInFlight(1) }.value)
    }

    @Test func aKeptCancelledWorkStaysInFlightUntilItEnds() async throws {
        let gate = DisplayLoop.drive { Gate() }.value
        let work = DisplayLoop.drive { RangeWorkScheduler() }.value
        DisplayLoop.drive {
            Self.start(2, in: work, gate: gate)
            work.cancel(2, forget: false)
        }
        #expect(DisplayLoop.drive { work.isInFlight(2) }.value)  // not started again meanwhile
        DisplayLoop.drive { gate.open(true) }
        #expect(await DisplayLoop.settle { work.running == 0 })
        #expect(DisplayLoop.drive { !work.isInFlight(2) && !work.isDone(2) }.value)  // cancelled: not done
    }
}
