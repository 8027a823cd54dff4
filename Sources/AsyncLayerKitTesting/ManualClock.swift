import DisplayLoop
import LayerKitSupport
import Synchronization

/// A clock whose time moves only when you call ``advance(by:)``: deterministic tests of anything
/// that sleeps, such as the ``/DisplayLoop/DisplayLink``.
///
/// Sleepers whose deadline is reached are resumed by `advance`, in deadline order; a task that is
/// cancelled while sleeping throws `CancellationError` at once.
public final class ManualClock: Clock, Sendable {
    /// A point in the manual clock's time.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        /// Time since the clock was made.
        public var offset: Duration

        /// Creates an instant at `offset` from the clock's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// This instant moved by `duration`.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Instants compare by offset.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var nextID = 0
        var cancelled: Set<Int> = []
        /// Tasks in `waitForSleepers`, by id: the count each waits for.
        var sleeperWaiters: [Int: (count: Int, continuation: CheckedContinuation<Void, Never>)] = [:]

        /// Takes the waiters whose count of sleepers is reached.
        mutating func takeSatisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
            let due = sleeperWaiters.filter { $0.value.count <= sleepers.count }
            for id in due.keys { sleeperWaiters[id] = nil }
            return due.values.map(\.continuation)
        }
    }

    private let state = Lock(State())

    /// Creates a clock at offset zero.
    public init() {}

    /// The current time.
    public var now: Instant { state.withLock { $0.now } }

    /// The smallest step: one nanosecond.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// The number of tasks sleeping on this clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Suspends until ``advance(by:)`` reaches `deadline` (at once if it already has).
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (outcome, waiters) = state.withLock { state -> (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) in
                    if state.cancelled.remove(id) != nil { return (.failure(CancellationError()), []) }
                    if deadline <= state.now { return (.success(()), []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return (nil, state.takeSatisfiedWaiters())
                }
                if let outcome { continuation.resume(with: outcome) }
                waiters.forEach { $0.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)  // not registered yet: refuse it when it arrives
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Waits until at least `count` tasks sleep on this clock, up to `timeout` of real time.
    /// Returns whether they do. (`sleep` is nonisolated, so a sleeper registers a moment after its
    /// task reached the call: wait for it before ``advance(by:)``.) Woken by the registration that
    /// makes the count — no polling; `timeout` only bounds a test that would wait forever.
    @discardableResult
    public func waitForSleepers(count: Int = 1, timeout: Duration = .seconds(10)) async -> Bool {
        if sleeperCount >= count { return true }
        await waitWithTimeout(timeout) { await self.sleepersRegistered(count) }
        return sleeperCount >= count
    }

    /// Tasks waiting in ``waitForSleepers(count:timeout:)`` now (for this package's tests).
    var sleeperWaiterCount: Int { state.withLock { $0.sleeperWaiters.count } }

    /// Returns when `count` tasks sleep on this clock, or when the calling task is cancelled.
    private func sleepersRegistered(_ count: Int) async {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let done = state.withLock { state -> Bool in
                    if state.sleepers.count >= count || Task.isCancelled { return true }
                    state.sleeperWaiters[id] = (count, continuation)
                    return false
                }
                if done { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.sleeperWaiters.removeValue(forKey: id) }?.continuation.resume()
        }
    }

    /// Moves time forward by `duration`, resuming every sleeper whose deadline is reached.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due {
            sleeper.continuation.resume()
        }
    }
}
