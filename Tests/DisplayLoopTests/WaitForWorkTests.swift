@testable import DisplayLoop
import LayerKitSupport
import Testing

/// An actor on a loop of its own, to enqueue jobs on it from anywhere.
actor LoopBound {
    let loop: DisplayLoop
    init(_ loop: DisplayLoop) { self.loop = loop }
    nonisolated var unownedExecutor: UnownedSerialExecutor { loop.asUnownedSerialExecutor() }
    func touch() {}
}

/// `DisplayLoop.waitForWork(timeout:)`: woken by an enqueue, bounded by its timeout. Each test
/// has a loop of its own.
///
/// The bounds are wide on purpose: in a parallel run on two cores a woken wait resumes behind
/// every test queued on the cooperative pool (CI once took 32 s), so a timeout of an hour and a
/// bound of ten minutes tell a wake-up from a timeout without timing the machine.
@Suite(.timeLimit(.minutes(15))) struct WaitForWorkTests {
    static let clock = ContinuousClock()

    @Test func workAlreadyQueuedReturnsTrueAtOnce() async {
        let loop = DisplayLoop(name: "wait-queued", driver: .manual)
        loop.setNeedsBeforeWaiting()
        #expect(await loop.waitForWork(timeout: .seconds(3600)))
        #expect(loop.runUntilIdle().count == 1)
    }

    /// A job enqueued from another task, after the wait began, wakes it long before its timeout.
    @Test func aJobEnqueuedLaterWakesTheWait() async {
        let loop = DisplayLoop(name: "wait-later", driver: .manual)
        let actor = LoopBound(loop)
        let producer = Task {
            // Only once the waiter is parked (yields, no sleep: this tests the wake-up itself).
            while loop.state.withLock({ $0.workWaiters.isEmpty }) { await Task.yield() }
            await actor.touch()  // a job on the manual loop; runs when driven
        }
        let start = Self.clock.now
        #expect(await loop.waitForWork(timeout: .seconds(3600)))
        #expect(start.duration(to: Self.clock.now) < .seconds(600))
        #expect(loop.pendingJobCount == 1)
        loop.runUntilIdle()
        await producer.value
    }

    @Test func withNothingToDoItReturnsFalseAfterItsTimeout() async {
        let loop = DisplayLoop(name: "wait-idle", driver: .manual)
        let start = Self.clock.now
        #expect(await loop.waitForWork(timeout: .milliseconds(100)) == false)
        let elapsed = start.duration(to: Self.clock.now)
        #expect(elapsed >= .milliseconds(100) && elapsed < .seconds(600))
    }

    @Test func aCancelledWaitReturnsAtOnce() async {
        let loop = DisplayLoop(name: "wait-cancelled", driver: .manual)
        let start = Self.clock.now
        let waiter = Task { await loop.waitForWork(timeout: .seconds(3600)) }
        waiter.cancel()
        #expect(await waiter.value == false)
        #expect(start.duration(to: Self.clock.now) < .seconds(600))
    }

    @Test func aThreadDrivenLoopHasNothingToWaitFor() async {
        let loop = DisplayLoop(name: "wait-thread", driver: .thread(name: "wait-thread"))
        #expect(await loop.waitForWork(timeout: .seconds(3600)) == false)
    }
}

extension WaitForWorkTests {
    /// `waitUntilQueued(jobs:)` goes on waiting while fewer jobs are queued, and is woken by the
    /// enqueue that makes the count.
    @Test func waitUntilQueuedIsWokenByTheJobThatMakesTheCount() async {
        let loop = DisplayLoop(name: "wait-count", driver: .manual)
        let actor = LoopBound(loop)
        let producer = Task {
            while loop.state.withLock({ $0.workWaiters.isEmpty }) { await Task.yield() }
            for _ in 0..<3 {
                Task { await actor.touch() }  // one job each on the manual loop
            }
        }
        let start = Self.clock.now
        #expect(await loop.waitUntilQueued(jobs: 3, timeout: .seconds(3600)))
        #expect(start.duration(to: Self.clock.now) < .seconds(600))
        #expect(loop.pendingJobCount == 3)
        await producer.value
        // Fewer than asked for: it waits out its timeout and says so.
        #expect(await loop.waitUntilQueued(jobs: 4, timeout: .milliseconds(100)) == false)
        loop.runUntilIdle()
    }
}
