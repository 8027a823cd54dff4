import AsyncLayerKit
@testable import Elements
@testable import Rendering
import Synchronization
import Testing

/// `InFlightWork.waitForWaiters(_:for:)`: a parked wait is woken by the registration that makes
/// its count, not before; a cancelled wait throws and leaves nothing parked. A parked wait's
/// task is awaited for at most `limit` (``result(of:within:)``), so a wait that is never woken
/// (or never honours its cancellation) fails the test instead of hanging it.
@Suite(.timeLimit(.minutes(5))) struct InFlightWaitTests {
    static let limit = Duration.seconds(120)  // generous: a parallel run on two cores queues wake-ups

    typealias Gate = InFlightWorkTests.Gate

    /// Starts `count` requests for `key` whose work waits at `gate`.
    static func request(_ count: Int, _ key: String, on shared: InFlightWork<String, Int>, gate: Gate) -> [Task<Int, any Error>] {
        (0..<count).map { _ in Task { try await shared.value(for: key) { await gate.wait(); return 1 } } }
    }

    @Test func aParkedWaitIsWokenWhenItsCountIsReached() async throws {
        let shared = InFlightWork<String, Int>()
        let gate = Gate()
        let wait = await shared.parkedWait(3, for: "k")
        #expect(shared.parkedCountWaits == 1)

        let requests = Self.request(2, "k", on: shared, gate: gate)
        try await shared.waitForWaiters(2, for: "k")
        #expect(shared.parkedCountWaits == 1)  // two waiters: the wait for three is still parked

        let third = Self.request(1, "k", on: shared, gate: gate)
        #expect(try await result(of: wait, within: Self.limit)?.get() == 3)  // woken by the third registration
        #expect(shared.parkedCountWaits == 0)

        gate.open()
        for request in requests + third { #expect(try await request.value == 1) }
    }

    @Test func waitsForOtherKeysStayParked() async throws {
        let shared = InFlightWork<String, Int>()
        let gate = Gate()
        let wait = await shared.parkedWait(1, for: "a")
        let others = Self.request(2, "b", on: shared, gate: gate)
        try await shared.waitForWaiters(2, for: "b")
        #expect(shared.parkedCountWaits == 1)  // "b" has waiters, "a" has none

        let mine = Self.request(1, "a", on: shared, gate: gate)
        #expect(try await result(of: wait, within: Self.limit)?.get() == 1)
        try await shared.waitForWaiters(0, for: "none")  // a count already reached returns at once
        gate.open()
        for request in others + mine { #expect(try await request.value == 1) }
        #expect(shared.parkedCountWaits == 0)
    }

    @Test func aCancelledWaitThrowsAndLeavesNothingBehind() async throws {
        let shared = InFlightWork<String, Int>()
        let wait = await shared.parkedWait(2, for: "k")
        #expect(shared.parkedCountWaits == 1)
        wait.cancel()
        let outcome = try #require(await result(of: wait, within: Self.limit), "the cancelled wait did not return")
        #expect(throws: CancellationError.self) { try outcome.get() }
        #expect(shared.parkedCountWaits == 0)

        // Cancelled before it parks: throws at once, parks nothing.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await shared.waitForWaiters(1, for: "k")
        }
        let earlyOutcome = try #require(await result(of: early, within: Self.limit), "the cancelled wait did not return")
        #expect(throws: CancellationError.self) { try earlyOutcome.get() }
        #expect(shared.parkedCountWaits == 0)

        // The removed wait is not resumed again when its count is reached later.
        let gate = Gate()
        let requests = Self.request(2, "k", on: shared, gate: gate)
        try await shared.waitForWaiters(2, for: "k")
        gate.open()
        for request in requests { #expect(try await request.value == 1) }
    }
}

extension InFlightWork {
    /// Starts a task that waits for `count` waiters of `key` and returns the waiter count it saw
    /// when woken; returns that task once its wait is parked (or has returned at once). The
    /// registry parks the wait under its lock in the task's first step, so the loop below sees
    /// the parked count change; it yields to the task meanwhile, and the suite's time limit
    /// bounds a wait that never parks.
    func parkedWait(_ count: Int, for key: Key) async -> Task<Int, any Error> {
        let parkedBefore = parkedCountWaits
        let returned = Atomic<Bool>(false)
        let task = Task {
            defer { returned.store(true, ordering: .releasing) }
            try await self.waitForWaiters(count, for: key)
            return self.waiterCount(for: key)
        }
        while parkedCountWaits == parkedBefore && !returned.load(ordering: .acquiring) { await Task.yield() }
        return task
    }
}

/// The result of `task`, or `nil` if it has not ended within `limit` (it is then left running):
/// a bound on a failing test that does not rely on the task honouring cancellation. The sleep is
/// the time limit of the race, not a synchronisation; it is cancelled when the task ends first.
func result<Success: Sendable>(of task: Task<Success, any Error>, within limit: Duration) async -> Result<Success, any Error>? {
    let first = FirstOf<Result<Success, any Error>?>()
    return await withCheckedContinuation { continuation in
        let timer = Task {
            guard (try? await Task.sleep(for: limit)) != nil else { return }  // cancelled: the task ended
            await first.resume(continuation, with: nil)
        }
        Task {
            let outcome = await task.result
            await first.resume(continuation, with: outcome)
            timer.cancel()
        }
    }
}

/// Resumes a continuation once, with the first of several racing values.
actor FirstOf<Value: Sendable> {
    private var done = false
    func resume(_ continuation: CheckedContinuation<Value, Never>, with value: Value) {
        guard !done else { return }
        done = true
        continuation.resume(returning: value)
    }
}
