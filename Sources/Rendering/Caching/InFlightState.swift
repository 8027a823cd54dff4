/// The bookkeeping of ``InFlightWork`` as a pure state machine: each event (a request, its
/// task's start, a waiter leaving, the work ending, a count wait) changes the entries and returns
/// what the shell must do outside the lock: resume continuations, start, escalate or cancel a task.
struct InFlightState<Key: Hashable & Sendable, Value: Sendable> {
    typealias Waiter = CheckedContinuation<Value, any Error>

    /// One key's work: its task (once started), its lane binding, its waiters.
    private struct Entry {
        let generation: Int
        var task: Task<Void, Never>?
        var binding: RenderLaneBinding?
        var priority: TaskPriority
        var waiters: [Int: Waiter]
    }

    /// A caller of ``InFlightWork/waitForWaiters(_:for:)``, parked until its key has `count` waiters.
    private struct CountWait {
        let key: Key
        let count: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private var entries: [Key: Entry] = [:]
    private var countWaits: [Int: CountWait] = [:]
    private var nextGeneration = 0
    /// Requests that started work.
    private(set) var started = 0
    /// Requests that joined work already in flight.
    private(set) var joined = 0
    /// Works cancelled because their last waiter left.
    private(set) var cancelledWorks = 0

    /// What a request leads to.
    enum RequestAction {
        /// Start the work for this generation, then report its task with ``attach(_:binding:for:generation:)``.
        case start(generation: Int)
        /// Joined; escalate the work's task (and its lane) to `priority` when set.
        case join(escalate: (task: Task<Void, Never>, binding: RenderLaneBinding?, priority: TaskPriority)?)
    }

    /// A request parks `waiter` under `id` for `key`. Count waits the new waiter satisfies are
    /// returned to be resumed.
    mutating func request(_ key: Key, id: Int, waiter: Waiter, priority: TaskPriority)
        -> (action: RequestAction, satisfied: [CheckedContinuation<Void, any Error>]) {
        let action: RequestAction
        if var entry = entries[key] {
            entry.waiters[id] = waiter
            var escalate: (task: Task<Void, Never>, binding: RenderLaneBinding?, priority: TaskPriority)?
            if priority > entry.priority {
                entry.priority = priority
                if let task = entry.task { escalate = (task, entry.binding, priority) }
            }
            entries[key] = entry
            joined += 1
            action = .join(escalate: escalate)
        } else {
            nextGeneration += 1
            entries[key] = Entry(generation: nextGeneration, task: nil, binding: nil, priority: priority, waiters: [id: waiter])
            started += 1
            action = .start(generation: nextGeneration)
        }
        return (action, satisfiedCountWaits(for: key))
    }

    /// What the shell does with a task it just started.
    enum AttachAction {
        /// Nothing more.
        case none
        /// A more urgent request joined before the task existed: escalate it.
        case escalate(TaskPriority)
        /// Every waiter left before the task existed: cancel it.
        case cancel
    }

    /// The task of `key`'s work (generation `generation`) has started.
    mutating func attach(_ task: Task<Void, Never>, binding: RenderLaneBinding?, for key: Key, generation: Int,
                         startPriority: TaskPriority) -> AttachAction {
        guard var entry = entries[key], entry.generation == generation else { return .cancel }
        entry.task = task
        entry.binding = binding
        entries[key] = entry
        return entry.priority > startPriority ? .escalate(entry.priority) : .none
    }

    /// Waiter `id` of `key` leaves (its task was cancelled): its continuation to resume with
    /// `CancellationError`, and the work's task to cancel when it was the last waiter.
    mutating func leave(_ key: Key, id: Int) -> (waiter: Waiter?, cancel: Task<Void, Never>?) {
        guard var entry = entries[key], let waiter = entry.waiters.removeValue(forKey: id) else { return (nil, nil) }
        guard entry.waiters.isEmpty else {
            entries[key] = entry
            return (waiter, nil)
        }
        entries[key] = nil
        cancelledWorks += 1
        return (waiter, entry.task)
    }

    /// The work of `key` (generation `generation`) ended: every waiter, to resume with its result.
    mutating func finish(_ key: Key, generation: Int) -> [Waiter] {
        guard let entry = entries[key], entry.generation == generation else { return [] }
        entries[key] = nil
        return Array(entry.waiters.values)
    }

    /// The keys with work in flight.
    var inFlightCount: Int { entries.count }

    /// The waiters of `key`'s work.
    func waiterCount(for key: Key) -> Int { entries[key]?.waiters.count ?? 0 }

    /// Parks a count wait, unless `key` already has `count` waiters (then `false`: resume it now).
    mutating func parkCountWait(id: Int, key: Key, count: Int, continuation: CheckedContinuation<Void, any Error>) -> Bool {
        guard waiterCount(for: key) < count else { return false }
        countWaits[id] = CountWait(key: key, count: count, continuation: continuation)
        return true
    }

    /// Removes a parked count wait (its caller was cancelled); its continuation, if it was parked.
    mutating func cancelCountWait(id: Int) -> CheckedContinuation<Void, any Error>? {
        countWaits.removeValue(forKey: id)?.continuation
    }

    /// Count waits parked now.
    var parkedCountWaits: Int { countWaits.count }

    private mutating func satisfiedCountWaits(for key: Key) -> [CheckedContinuation<Void, any Error>] {
        guard !countWaits.isEmpty else { return [] }
        let waiters = waiterCount(for: key)
        var ready: [CheckedContinuation<Void, any Error>] = []
        for (id, wait) in countWaits where wait.key == key && wait.count <= waiters {
            countWaits[id] = nil
            ready.append(wait.continuation)
        }
        return ready
    }
}
