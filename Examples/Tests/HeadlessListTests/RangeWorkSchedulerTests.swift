import AsyncLayerKit
import AsyncLayerKitTesting
import HeadlessList
import Testing

/// The range-driven work books shared by the headless list and the feed demo's scroller: tickets,
/// done items, cancellation that forgets or keeps the entry, and the count of tasks still running.
@Suite(.mainDisplayLoop) struct RangeWorkSchedulerTests {
    /// Starts a task for `index` that ends (done or not) when `gate` yields, and reports its end.
    @DisplayActor
    static func start(_ index: Int, in work: RangeWorkScheduler, gate: AsyncStream<Bool>) {
        work.start(index) { ticket in
            Task { @DisplayActor in
                var done = false
                for await value in gate { done = value; break }
                work.end(ticket, done: done && !Task.isCancelled)
            }
        }
    }

    @Test func aFinishedWorkMarksItsItemDone() async throws {
        let (gate, open) = AsyncStream.makeStream(of: Bool.self)
        let work = DisplayLoop.drive { RangeWorkScheduler() }.value
        DisplayLoop.drive { Self.start(3, in: work, gate: gate) }
        #expect(DisplayLoop.drive { work.isInFlight(3) && !work.isDone(3) && work.running == 1 && work.started == 1 }.value)
        open.yield(true)
        #expect(await DisplayLoop.settle { work.running == 0 })
        #expect(DisplayLoop.drive { !work.isInFlight(3) && work.isDone(3) && work.done == [3] }.value)
    }

    @Test func aForgottenWorkLetsTheItemStartAgainAndItsEndIsNotCurrent() async throws {
        let (first, openFirst) = AsyncStream.makeStream(of: Bool.self)
        let (second, openSecond) = AsyncStream.makeStream(of: Bool.self)
        let work = DisplayLoop.drive { RangeWorkScheduler() }.value
        DisplayLoop.drive {
            Self.start(1, in: work, gate: first)
            work.cancel(keeping: { $0 != 1 })  // item 1 left its range
        }
        #expect(DisplayLoop.drive { !work.isInFlight(1) && work.running == 1 }.value)
        DisplayLoop.drive { Self.start(1, in: work, gate: second) }  // it came back
        #expect(DisplayLoop.drive { work.isInFlight(1) && work.running == 2 && work.started == 2 }.value)
        openFirst.yield(false)
        #expect(await DisplayLoop.settle { work.running == 1 })
        // The cancelled task's end did not clear the new one's entry.
        #expect(DisplayLoop.drive { work.isInFlight(1) && !work.isDone(1) }.value)
        openSecond.yield(true)
        #expect(await DisplayLoop.settle { work.running == 0 })
        #expect(DisplayLoop.drive { work.isDone(1) && !work.isInFlight(1) }.value)
    }

    @Test func aKeptCancelledWorkStaysInFlightUntilItEnds() async throws {
        let (gate, open) = AsyncStream.makeStream(of: Bool.self)
        let work = DisplayLoop.drive { RangeWorkScheduler() }.value
        DisplayLoop.drive {
            Self.start(2, in: work, gate: gate)
            work.cancel(2, forget: false)
        }
        #expect(DisplayLoop.drive { work.isInFlight(2) }.value)  // not started again meanwhile
        open.yield(true)
        #expect(await DisplayLoop.settle { work.running == 0 })
        #expect(DisplayLoop.drive { !work.isInFlight(2) && !work.isDone(2) }.value)  // cancelled: not done
    }
}
