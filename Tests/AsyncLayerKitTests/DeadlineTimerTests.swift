import AsyncLayerKit
@testable import Elements
@testable import Rendering
import LayerKitSupport
import Testing

/// The timer thread that fires render deadlines without a cooperative-pool thread.
@Suite struct DeadlineTimerTests {
    /// A later-scheduled but earlier deadline wakes the timer thread (blocked until the first one)
    /// and fires first, on time.
    @Test func anEarlierDeadlineScheduledLaterFiresFirstAndOnTime() async {
        let fired = Recorder<(String, ContinuousClock.Instant)>()
        let now = ContinuousClock.now
        let late = now + .milliseconds(400), early = now + .milliseconds(40)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DeadlineTimer.shared.schedule(at: late) {
                fired.append(("late", .now))
                done.resume()
            }
            DeadlineTimer.shared.schedule(at: early) { fired.append(("early", .now)) }
        }
        let events = fired.values
        #expect(events.map(\.0) == ["early", "late"])
        if let first = events.first {
            #expect(first.1 >= early)
            #expect(first.1 - early < .milliseconds(100), "fired \(first.1 - early) late")
        }
    }

    @Test func aCancelledActionNeverRuns() async {
        let fired = Recorder<String>()
        let now = ContinuousClock.now
        let cancelled = DeadlineTimer.shared.schedule(at: now + .milliseconds(20)) { fired.append("cancelled") }
        #expect(DeadlineTimer.shared.cancel(cancelled))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DeadlineTimer.shared.schedule(at: now + .milliseconds(40)) {
                fired.append("kept")
                done.resume()
            }
        }
        #expect(fired.values == ["kept"])
        #expect(!DeadlineTimer.shared.cancel(cancelled))
    }

    /// A deadline already past fires at once.
    @Test func aPastDeadlineFiresAtOnce() async {
        let start = ContinuousClock.now
        // Measured on the timer thread, where the action runs (the test's own task may wait
        // for a pool thread to resume on a busy machine).
        let fired = await withCheckedContinuation { (done: CheckedContinuation<ContinuousClock.Instant, Never>) in
            DeadlineTimer.shared.schedule(at: start - .seconds(1)) { done.resume(returning: .now) }
        }
        #expect(fired - start < .milliseconds(100), "fired after \(fired - start)")
    }
}

/// ``RenderDeadline/race(executor:_:)``: the work or the deadline, whichever first.
@Suite struct DeadlineRaceTests {
    @Test func theWorksResultWhenItEndsFirst() async throws {
        let lanes = RenderLanes(width: 1)
        let value = try await RenderDeadline(limit: .seconds(60)).race(executor: lanes.executor) { 42 }
        #expect(value == 42)
    }

    /// At the deadline the caller returns without waiting for work that ignores cancellation.
    /// The work blocks until the test ends: a race that waited for it would never return (the
    /// time limit would end the test).
    @Test(.timeLimit(.minutes(5)))
    func theDeadlineDoesNotWaitForWorkThatIgnoresCancellation() async throws {
        let latch = Latch()
        let lanes = RenderLanes(width: 1)
        // The blocked work ends when the test does; then the lanes can be joined.
        defer { latch.open(); lanes.shutdown() }
        await #expect(throws: ElementError.deadlineExceeded(.milliseconds(50))) {
            try await RenderDeadline(limit: .milliseconds(50)).race(executor: lanes.executor) {
                // Blocks its lane thread until the test ends: cancellation cannot stop it.
                latch.wait()
            }
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func cancellingTheCallerEndsTheRaceAtOnce() async throws {
        let latch = Latch()
        let lanes = RenderLanes(width: 1)
        defer { latch.open(); lanes.shutdown() }
        let (entered, enter) = AsyncStream<Void>.makeStream()
        let task = Task {
            try await RenderDeadline(limit: .seconds(60)).race(executor: lanes.executor) {
                enter.yield()
                latch.wait()
            }
        }
        for await _ in entered { break }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
