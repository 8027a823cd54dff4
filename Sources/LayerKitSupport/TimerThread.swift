/// Runs actions at instants of the continuous clock from one small thread of its own, so that a
/// wake-up never waits for a cooperative-pool thread: when the pool is saturated, a `Task.sleep`
/// wakes only when a pool thread frees up, which can be seconds late (or a frame too late).
///
/// The thread keeps the pending actions in instant order and parks on its ``ConditionLock``
/// until the earliest one, woken early when an earlier one is scheduled. An action runs **on the
/// timer thread** and must be tiny — resume a continuation, cancel a task, enqueue a job — so
/// that one action never delays the next. The thread starts on the first schedule and runs until
/// ``stop()``.
package final class TimerThread: Sendable {
    /// Identifies one scheduled action, for ``cancel(_:)``.
    package struct Token: Sendable, Hashable {
        fileprivate let id: UInt64
    }

    private struct Entry {
        let instant: ContinuousClock.Instant
        let id: UInt64
        let action: @Sendable () -> Void
    }

    private struct State {
        /// Pending entries, earliest first.
        var entries: [Entry] = []
        var nextID: UInt64 = 0
        var isThreadStarted = false
        var isStopped = false
        /// Actions run so far.
        var fired = 0
    }

    /// The thread's name.
    package let name: String
    private let state = ConditionLock(State())

    /// A timer whose thread (started on first use) is named `name`.
    package init(name: String) {
        self.name = name
    }

    /// Runs `action` on the timer thread at `instant` (at once if it has passed), unless the
    /// returned token is cancelled first. Does nothing after ``stop()``.
    @discardableResult
    package func schedule(at instant: ContinuousClock.Instant, _ action: @escaping @Sendable () -> Void) -> Token {
        let (token, isEarliest, startThread) = state.withLock { state -> (Token, Bool, Bool) in
            state.nextID += 1
            let token = Token(id: state.nextID)
            guard !state.isStopped else { return (token, false, false) }
            // Binary search for the first entry later than this one (equal instants keep order).
            var low = 0, high = state.entries.count
            while low < high {
                let middle = (low + high) / 2
                if state.entries[middle].instant <= instant { low = middle + 1 } else { high = middle }
            }
            state.entries.insert(Entry(instant: instant, id: token.id, action: action), at: low)
            let start = !state.isThreadStarted
            state.isThreadStarted = true
            return (token, low == 0, start)
        }
        if startThread {
            OSThread.detach(name: name) { [self] in self.run() }
        } else if isEarliest {
            state.signal()
        }
        return token
    }

    /// Removes a scheduled action; returns whether it was still pending (it then never runs).
    @discardableResult
    package func cancel(_ token: Token) -> Bool {
        state.withLock { state in
            guard let index = state.entries.firstIndex(where: { $0.id == token.id }) else { return false }
            state.entries.remove(at: index)
            return true
        }
    }

    /// Drops every pending action and ends the thread: nothing runs after this returns, except
    /// actions already running.
    package func stop() {
        state.withLock { state in
            state.isStopped = true
            state.entries.removeAll()
        }
        state.signal()
    }

    /// Actions scheduled and not yet run or cancelled.
    package var pendingCount: Int { state.withLock { $0.entries.count } }

    /// Actions run so far.
    package var firedCount: Int { state.withLock { $0.fired } }

    /// The timer thread: parks until the earliest entry is due (or the timer stops), runs what is due.
    private func run() {
        while true {
            let due = state.wait { state -> ConditionLock<State>.Decision<[Entry]?> in
                if state.isStopped { return .proceed(nil) }
                let now = ContinuousClock.now
                let count = state.entries.prefix { $0.instant <= now }.count
                if count > 0 {
                    defer { state.entries.removeFirst(count) }
                    state.fired += count
                    return .proceed(Array(state.entries.prefix(count)))
                }
                return state.entries.first.map { .parkUntil($0.instant) } ?? .park
            }
            guard let due else { return }
            for entry in due { entry.action() }
        }
    }
}
