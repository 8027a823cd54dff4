import Synchronization

/// A task executor for one task (and its child tasks) on a ``RenderExecutor``, in a lane that can be
/// raised while its jobs wait: the runtime does not tell an executor when a queued job's task is
/// escalated, so whoever escalates the task raises its binding, which moves the queued jobs up (a
/// synchronous ``RenderLanes`` item uses one as its lane only). See <doc:RenderLanesArticle>.
final class RenderLaneBinding: TaskExecutor {
    /// The executor the jobs run on.
    let base: RenderExecutor
    /// The id of this binding's group in the executor's `LaneQueue`.
    let group: UInt64
    // The lane's raw value. Raised before the queued entries are promoted (under the executor's
    // lock), and read under that lock when a job is queued, so no job can slip in below it.
    private let rawLane: Atomic<Int>

    /// Creates a binding whose jobs run on `base`, in `lane` until raised, as group `group` (an
    /// id from `base.makeID()`, which a caller may already hold for an item; group ids and entry
    /// ids live apart in the queue); `nil` takes a fresh id.
    init(base: RenderExecutor, lane: RenderPriority, group: UInt64? = nil) {
        self.base = base
        self.group = group ?? base.makeID()
        self.rawLane = Atomic(lane.rawValue)
    }

    /// The lane the binding's jobs are queued in now.
    var lane: RenderPriority {
        RenderPriority(rawValue: rawLane.load(ordering: .acquiring)) ?? .background
    }

    /// Queues `job` on the base executor, in the binding's lane.
    func enqueue(_ job: consuming ExecutorJob) {
        base.enqueue(job, boundTo: self)
    }

    /// Raises the lane to `lane` (never lowers it) and moves this binding's queued jobs up to it;
    /// returns how many moved.
    @discardableResult
    func raise(to lane: RenderPriority) -> Int {
        let (exchanged, _) = rawLane.max(lane.rawValue, ordering: .acquiringAndReleasing)
        guard lane.rawValue > exchanged else { return 0 }
        return base.promote(group: group, to: lane)
    }
}
