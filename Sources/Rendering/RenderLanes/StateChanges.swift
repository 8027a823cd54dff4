import LayerKitSupport
import Synchronization
import DisplayLoop

/// An event count: the queues of a ``RenderExecutor`` and its admission gates report each change
/// here, and a task can await the next change instead of polling (tests and tools that wait for a
/// queue state, such as "three items queued" or "one promotion", without sleeping).
///
/// Costs one atomic load per change while nobody waits. A waiter registers (the count of waiters
/// goes up) *before* it reads the state it waits on, so a change made after that read always sees
/// the waiter and wakes it: no lost wake-up.
final class StateChanges: Sendable {
    private struct State {
        var version: UInt64 = 0
        var nextWaiter: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
    }

    private let registered = Atomic<Int>(0)
    private let state = Lock(State())

    /// Whether a task is waiting for changes now.
    var isObserved: Bool { registered.load(ordering: .sequentiallyConsistent) > 0 }

    /// Records a change and wakes every task waiting for one.
    func changed() {
        guard isObserved else { return }
        let woken = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.version &+= 1
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in woken { waiter.resume() }
    }

    /// Returns once `condition()` holds, re-checking it after each change; returns early when
    /// the task is cancelled.
    func wait(until condition: () -> Bool) async {
        registered.add(1, ordering: .sequentiallyConsistent)
        defer { registered.subtract(1, ordering: .sequentiallyConsistent) }
        while !Task.isCancelled {
            let seen = state.withLock { $0.version }
            if condition() { return }
            await next(after: seen)
        }
    }

    /// Suspends until the version passes `seen` (or the task is cancelled).
    private func next(after seen: UInt64) async {
        let id = state.withLock { state -> UInt64 in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        try? await parkWaiter { continuation in
            let passed = state.withLock { state -> Bool in
                if state.version != seen { return true }
                state.waiters[id] = continuation
                return false
            }
            if passed { continuation.resume() }
            return !passed
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
