import LayerKitSupport

/// The admission limit of a ``RenderLanes``: at most `limit` items queued or running, and a
/// queue, by lane, of callers waiting for a slot.
///
/// A lock rather than an actor: a slot is released from the completion of a render, waiters
/// are cancelled from synchronous cancellation handlers and promoted from synchronous priority
/// escalation handlers; with an actor each of those would need an unstructured task, and the
/// cancellation could race with the waiter's arrival. The critical sections are a few
/// instructions; continuations are resumed after the lock is released.
final class AdmissionGate: Sendable {
    private struct State {
        var inFlight = 0
        var waiters: LaneQueue<CheckedContinuation<Void, any Error>>
        var maxWaiting = 0
        var admitted = 0
        var rejected = 0
        var cancelledWhileWaiting = 0
        var promotedWhileWaiting = 0
    }

    /// The most items admitted (queued or running) at once.
    let limit: Int
    private let state: Lock<State>
    private let changes: StateChanges

    /// Creates a gate admitting at most `limit` items (at least 1) that reports its changes to
    /// `changes` (its executor's).
    init(limit: Int, starvationLimit: Int, changes: StateChanges) {
        self.limit = max(limit, 1)
        self.changes = changes
        state = Lock(State(waiters: LaneQueue(starvationLimit: starvationLimit)))
    }

    /// Takes a slot, waiting for one (`.wait`) or throwing `.overloaded` (`.fail`) when full; a
    /// waiter queues in the lane of `binding` as read under the lock, so a concurrent
    /// `binding.raise(to:)` followed by `promote(id:to:)` cannot leave it in its old lane.
    /// Throws `CancellationError` if the task is cancelled while it waits.
    func acquire(id: UInt64, binding: RenderLaneBinding, policy: RenderOverloadPolicy) async throws {
        let immediate = try state.withLock { state throws -> Bool in
            if state.inFlight < limit && state.waiters.isEmpty {
                state.inFlight += 1
                state.admitted += 1
                return true
            }
            if policy == .fail {
                state.rejected += 1
                throw RenderLaneError.overloaded(queued: state.inFlight, limit: limit)
            }
            return false
        }
        if immediate {
            changes.changed()
            return
        }
        try await parkWaiter { (continuation: CheckedContinuation<Void, any Error>) in
            let admitted = state.withLock { state -> Bool in
                if state.inFlight < limit && state.waiters.isEmpty {
                    state.inFlight += 1
                    state.admitted += 1
                    return true
                }
                state.waiters.append(continuation, id: id, lane: binding.lane)
                state.maxWaiting = max(state.maxWaiting, state.waiters.count)
                return false
            }
            changes.changed()
            if admitted { continuation.resume() }
            return !admitted
        } onCancel: {
            cancel(id: id)
        }
    }

    /// Frees a slot, handing it to the next waiter (highest lane first) if there is one.
    func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            if let waiter = state.waiters.popNext() {
                state.admitted += 1
                return waiter.element
            }
            state.inFlight -= 1
            return nil
        }
        changes.changed()
        next?.resume()
    }

    /// Removes waiter `id`, if still waiting, and resumes it with `CancellationError`.
    func cancel(id: UInt64) {
        let removed = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            let waiter = state.waiters.remove(id: id)
            if waiter != nil { state.cancelledWhileWaiting += 1 }
            return waiter
        }
        changes.changed()
        removed?.resume(throwing: CancellationError())
    }

    /// Moves waiter `id` to a higher lane if it is still waiting.
    func promote(id: UInt64, to lane: RenderPriority) {
        state.withLock { state in
            if state.waiters.promote(id: id, to: lane) { state.promotedWhileWaiting += 1 }
        }
        changes.changed()
    }

    /// Admitted, waiting and rejected counts, as of now.
    var snapshot: (inFlight: Int, waiting: Int, maxWaiting: Int, admitted: Int, rejected: Int, cancelledWhileWaiting: Int, promoted: Int) {
        state.withLock {
            ($0.inFlight, $0.waiters.count, $0.maxWaiting, $0.admitted, $0.rejected, $0.cancelledWhileWaiting, $0.promotedWhileWaiting)
        }
    }
}
