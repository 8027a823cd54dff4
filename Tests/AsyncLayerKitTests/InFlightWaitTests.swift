@testable import AsyncLayerKit
import Testing

/// `InFlightWork.waitForWaiters(_:for:)`: a parked wait is woken by the registration that makes
/// its count, not before; a cancelled wait throws and leaves nothing parked. Bounded by the time
/// limit: a wait that is never woken fails the test.
@Suite(.timeLimit(.minutes(1))) struct InFlightWaitTests {
    typealias Gate = InFlightWorkTests.Gate

    /// Starts `count` requests for `key` whose work waits at `gate`.
    static func request(_ count: Int, _ key: String, on shared: InFlightWork<String, Int>, gate: Gate) -> [Task<Int, any Error>] {
        (0..<count).map { _ in Task { try await shared.value(for: key) { await gate.wait(); return 1 } } }
    }

    @Test func aParkedWaitIsWokenWhenItsCountIsReached() async throws {
        let shared = InFlightWork<String, Int>()
        let gate = Gate()
        let wait = await shared.parkedWait(3, for: "k")
        #expect(await shared.parkedCountWaits == 1)

        let requests = Self.request(2, "k", on: shared, gate: gate)
        try await shared.waitForWaiters(2, for: "k")
        #expect(await shared.parkedCountWaits == 1)  // two waiters: the wait for three is still parked

        let third = Self.request(1, "k", on: shared, gate: gate)
        #expect(try await wait.value == 3)  // woken by the third registration
        #expect(await shared.parkedCountWaits == 0)

        gate.open()
        for request in requests + third { #expect(try await request.value == 1) }
    }

    @Test func waitsForOtherKeysStayParked() async throws {
        let shared = InFlightWork<String, Int>()
        let gate = Gate()
        let wait = await shared.parkedWait(1, for: "a")
        let others = Self.request(2, "b", on: shared, gate: gate)
        try await shared.waitForWaiters(2, for: "b")
        #expect(await shared.parkedCountWaits == 1)  // "b" has waiters, "a" has none

        let mine = Self.request(1, "a", on: shared, gate: gate)
        #expect(try await wait.value == 1)
        try await shared.waitForWaiters(0, for: "none")  // a count already reached returns at once
        gate.open()
        for request in others + mine { #expect(try await request.value == 1) }
        #expect(await shared.parkedCountWaits == 0)
    }

    @Test func aCancelledWaitThrowsAndLeavesNothingBehind() async throws {
        let shared = InFlightWork<String, Int>()
        let wait = await shared.parkedWait(2, for: "k")
        #expect(await shared.parkedCountWaits == 1)
        wait.cancel()
        await #expect(throws: CancellationError.self) { try await wait.value }
        #expect(await shared.parkedCountWaits == 0)

        // Cancelled before it parks: throws at once, parks nothing.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await shared.waitForWaiters(1, for: "k")
        }
        await #expect(throws: CancellationError.self) { try await early.value }
        #expect(await shared.parkedCountWaits == 0)

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
    /// when woken; returns that task once its wait is parked. The task runs on this actor and
    /// reaches the wait without leaving it, so when this method is back on the actor (after the
    /// task's start signal), the task has parked, or returned.
    func parkedWait(_ count: Int, for key: Key) async -> Task<Int, any Error> {
        let (started, start) = AsyncStream<Void>.makeStream()
        let task = Task {
            start.finish()
            try await self.waitForWaiters(count, for: key)
            return self.waiterCount(for: key)
        }
        for await _ in started {}
        return task
    }
}
