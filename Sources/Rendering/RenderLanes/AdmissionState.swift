/// The state machine of an ``AdmissionGate``: at most `limit` items admitted (queued or running)
/// and a queue, by lane, of waiters for a slot. Pure: each event returns what the gate must do
/// (resume a waiter, throw), so the rule is tested without tasks or locks.
struct AdmissionState<Waiter> {
    /// What ``acquire(policy:)`` decided.
    enum AcquireAction: Equatable {
        /// A slot was taken.
        case admitted
        /// Full, and the policy is `.fail`: throw `RenderLaneError.overloaded`.
        case rejected(queued: Int, limit: Int)
        /// Full: park the caller with ``park(_:id:lane:)``.
        case mustWait
    }

    /// The most items admitted at once (at least 1).
    let limit: Int
    private(set) var inFlight = 0
    private(set) var waiters: LaneQueue<Waiter>
    private(set) var maxWaiting = 0
    private(set) var admitted = 0
    private(set) var rejected = 0
    private(set) var cancelledWhileWaiting = 0
    private(set) var promotedWhileWaiting = 0

    init(limit: Int, starvationLimit: Int) {
        self.limit = max(limit, 1)
        waiters = LaneQueue(starvationLimit: starvationLimit)
    }

    /// A caller asks for a slot: it gets one if one is free and nobody waits before it.
    mutating func acquire(policy: RenderOverloadPolicy) -> AcquireAction {
        if takeFreeSlot() { return .admitted }
        guard policy == .wait else {
            rejected += 1
            return .rejected(queued: inFlight, limit: limit)
        }
        return .mustWait
    }

    /// A caller that had to wait parks `waiter` in `lane`; returns `false` (resume it at once)
    /// when a slot came free meanwhile.
    mutating func park(_ waiter: Waiter, id: UInt64, lane: RenderPriority) -> Bool {
        if takeFreeSlot() { return false }
        waiters.append(waiter, id: id, lane: lane)
        maxWaiting = max(maxWaiting, waiters.count)
        return true
    }

    /// A slot is freed: returns the waiter it is handed to (resume it), highest lane first.
    mutating func release() -> Waiter? {
        if let next = waiters.popNext() {
            admitted += 1
            return next.element
        }
        inFlight -= 1
        return nil
    }

    /// Waiter `id` is cancelled: returns it if it was still waiting (resume it with
    /// `CancellationError`).
    mutating func cancel(id: UInt64) -> Waiter? {
        let waiter = waiters.remove(id: id)
        if waiter != nil { cancelledWhileWaiting += 1 }
        return waiter
    }

    /// Waiter `id`, if still waiting, moves up to `lane`.
    mutating func promote(id: UInt64, to lane: RenderPriority) {
        if waiters.promote(id: id, to: lane) { promotedWhileWaiting += 1 }
    }

    private mutating func takeFreeSlot() -> Bool {
        guard inFlight < limit, waiters.isEmpty else { return false }
        inFlight += 1
        admitted += 1
        return true
    }
}

extension AdmissionState: Sendable where Waiter: Sendable {}
