import LayerKitSupport

/// The admission limit of a ``RenderLanes``: the shell of an ``AdmissionState`` whose waiters are
/// the continuations of callers waiting for a slot.
///
/// A lock rather than an actor: a slot is released from the completion of a render, waiters
/// are cancelled from synchronous cancellation handlers and promoted from synchronous priority
/// escalation handlers; with an actor each of those would need an unstructured task, and the
/// cancellation could race with the waiter's arrival. The critical sections are one event of
/// the state machine; continuations are resumed after the lock is released.
final class AdmissionGate: Sendable {
    /// The most items admitted (queued or running) at once.
    let limit: Int
    private let state: Lock<AdmissionState<CheckedContinuation<Void, any Error>>>
    private let changes: StateChanges

    /// Creates a gate admitting at most `limit` items (at least 1) that reports its changes to
    /// `changes` (its executor's).
    init(limit: Int, starvationLimit: Int, changes: StateChanges) {
        let machine = AdmissionState<CheckedContinuation<Void, any Error>>(limit: limit, starvationLimit: starvationLimit)
        self.limit = machine.limit
        self.changes = changes
        state = Lock(machine)
    }

    /// Takes a slot, waiting for one (`.wait`) or throwing `.overloaded` (`.fail`) when full; a
    /// waiter queues in the lane of `binding` as read under the lock, so a concurrent
    /// `binding.raise(to:)` followed by `promote(id:to:)` cannot leave it in its old lane.
    /// Throws `CancellationError` if the task is cancelled while it waits.
    func acquire(id: UInt64, binding: RenderLaneBinding, policy: RenderOverloadPolicy) async throws {
        switch state.withLock({ $0.acquire(policy: policy) }) {
        case .admitted:
            changes.changed()
            return
        case .rejected(let queued, let limit):
            throw RenderLaneError.overloaded(queued: queued, limit: limit)
        case .mustWait:
            break
        }
        try await parkWaiter { (continuation: CheckedContinuation<Void, any Error>) in
            let parked = state.withLock { $0.park(continuation, id: id, lane: binding.lane) }
            changes.changed()
            if !parked { continuation.resume() }
            return parked
        } onCancel: {
            cancel(id: id)
        }
    }

    /// Frees a slot, handing it to the next waiter (highest lane first) if there is one.
    func release() {
        let next = state.withLock { $0.release() }
        changes.changed()
        next?.resume()
    }

    /// Removes waiter `id`, if still waiting, and resumes it with `CancellationError`.
    func cancel(id: UInt64) {
        let removed = state.withLock { $0.cancel(id: id) }
        changes.changed()
        removed?.resume(throwing: CancellationError())
    }

    /// Moves waiter `id` to a higher lane if it is still waiting.
    func promote(id: UInt64, to lane: RenderPriority) {
        state.withLock { $0.promote(id: id, to: lane) }
        changes.changed()
    }

    /// Admitted, waiting and rejected counts, as of now.
    var snapshot: (inFlight: Int, waiting: Int, maxWaiting: Int, admitted: Int, rejected: Int, cancelledWhileWaiting: Int, promoted: Int) {
        state.withLock {
            ($0.inFlight, $0.waiters.count, $0.maxWaiting, $0.admitted, $0.rejected, $0.cancelledWhileWaiting, $0.promotedWhileWaiting)
        }
    }
}
