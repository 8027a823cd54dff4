import LayerKitSupport

/// One unit of work queued on a ``RenderExecutor``: a task's job, or a synchronous work item.
enum RenderQueueEntry {
    /// A job the Swift runtime enqueued, for a task that prefers this executor, or a
    /// ``RenderLaneBinding`` on it (the binding the job runs on, kept alive until it has run).
    case job(UnownedJob, RenderLaneBinding?)
    /// A synchronous item from ``RenderLanes``: `run` runs it and resumes its waiter; `cancel`
    /// resumes the waiter with `CancellationError` when the item leaves the queue unrun.
    case item(run: @Sendable () -> Void, cancel: @Sendable () -> Void)
}

/// The state machine of a ``RenderExecutor``: its queue, its workers' bookkeeping and its life.
/// Pure: each event returns what the executor (the shell, which holds the lock and the threads)
/// must do, so the rules are tested without threads.
struct RenderExecutorState<Entry> {
    /// Where the executor is in its life.
    enum Lifecycle: Equatable {
        /// Workers are starting; this many have started.
        case starting(started: Int)
        /// Every worker runs; entries are accepted.
        case running
        /// ``shutdown()`` was called: nothing more is accepted, workers exit once the queue is empty.
        case shuttingDown
    }

    /// What the shell does with an entry it offered.
    enum SubmitAction: Equatable {
        /// Queued: wake one worker.
        case wakeWorker
        /// Refused (shut down): the shell runs a task's job on a one-off thread, fails an item.
        case refuse
    }

    /// What a worker does next.
    enum WorkerAction {
        /// Run `entry`, served from `lane`.
        case run(Entry, RenderPriority)
        /// Park until woken.
        case park
        /// Exit the thread (shut down, queue empty).
        case exit
    }

    let width: Int
    private(set) var lifecycle: Lifecycle = .starting(started: 0)
    private(set) var queue: LaneQueue<Entry>
    /// The worker threads, by index, once the shell has started them all.
    private(set) var threads: [OSThread] = []
    /// The lane each worker (by index) is serving now; `nil` while it is idle.
    private(set) var servingLanes: [RenderPriority?]
    private(set) var liveWorkers: Int
    private(set) var running = 0
    private(set) var maxRunning = 0
    private(set) var ranPerLane = Array(repeating: 0, count: RenderPriority.servingOrder.count)
    private(set) var cancelledBeforeStart = 0
    private(set) var starvationOverrides = 0
    private(set) var promotions = 0
    private var nextID: UInt64 = 1

    init(width: Int, starvationLimit: Int) {
        self.width = width
        queue = LaneQueue(starvationLimit: starvationLimit)
        servingLanes = Array(repeating: nil, count: width)
        liveWorkers = width
    }

    /// The shell started the worker threads (by index).
    mutating func adopt(threads: [OSThread]) {
        self.threads = threads
    }

    /// A worker thread began; returns `true` when it was the last one (the executor is running).
    mutating func workerStarted() -> Bool {
        guard case .starting(let started) = lifecycle else { return false }
        lifecycle = started + 1 == width ? .running : .starting(started: started + 1)
        return lifecycle == .running
    }

    /// Whether every worker has started (or the executor has moved on).
    var hasStarted: Bool {
        if case .starting = lifecycle { false } else { true }
    }

    /// Takes a fresh id for a queue entry or a group.
    mutating func makeID() -> UInt64 {
        defer { nextID += 1 }
        return nextID
    }

    /// An entry is offered in `lane` (as a member of `group`), under id `id` (a fresh one if `nil`).
    mutating func submit(_ entry: Entry, id: UInt64? = nil, lane: RenderPriority, group: UInt64?) -> SubmitAction {
        guard lifecycle != .shuttingDown else { return .refuse }
        queue.append(entry, id: id ?? makeID(), lane: lane, group: group)
        return .wakeWorker
    }

    /// Entry `id` is cancelled: returns it if it had not started (the shell fails its waiter).
    mutating func cancel(id: UInt64) -> Entry? {
        let entry = queue.remove(id: id)
        if entry != nil { cancelledBeforeStart += 1 }
        return entry
    }

    /// The queued entries of `group` below `lane` move up to it; returns how many moved.
    mutating func promote(group: UInt64, to lane: RenderPriority) -> Int {
        let moved = queue.promote(group: group, to: lane)
        promotions += moved
        return moved
    }

    /// Worker `index` asks for its next entry: the highest lane's (see ``LaneQueue``), else exit
    /// when shutting down, else park.
    mutating func next(forWorker index: Int) -> WorkerAction {
        if let picked = queue.popNext() {
            running += 1
            servingLanes[index] = picked.lane
            maxRunning = max(maxRunning, running)
            ranPerLane[picked.lane.index] += 1
            if picked.overrode { starvationOverrides += 1 }
            return .run(picked.element, picked.lane)
        }
        if lifecycle == .shuttingDown {
            liveWorkers -= 1
            return .exit
        }
        return .park
    }

    /// Worker `index` finished the entry it was running.
    mutating func finished(worker index: Int) {
        running -= 1
        servingLanes[index] = nil
    }

    /// ``RenderExecutor/shutdown()``: returns the threads to join (wake every worker first), or
    /// `[]` when it was shut down already.
    mutating func shutdown() -> [OSThread] {
        guard lifecycle != .shuttingDown else { return [] }
        lifecycle = .shuttingDown
        return threads
    }

    /// A snapshot for ``RenderExecutor/metrics``.
    var metrics: RenderExecutorMetrics {
        var ran: [RenderPriority: Int] = [:]
        var queuedPerLane: [RenderPriority: Int] = [:]
        for lane in RenderPriority.servingOrder {
            ran[lane] = ranPerLane[lane.index]
            queuedPerLane[lane] = queue.count(in: lane)
        }
        return RenderExecutorMetrics(
            ran: ran, queuedPerLane: queuedPerLane, queued: queue.count, running: running,
            maxRunning: maxRunning, cancelledBeforeStart: cancelledBeforeStart,
            starvationOverrides: starvationOverrides, promotions: promotions, liveThreads: liveWorkers
        )
    }
}
