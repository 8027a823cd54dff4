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

/// Everything a ``RenderExecutor``'s lock guards.
struct RenderExecutorState {
    var queue: LaneQueue<RenderQueueEntry>
    var nextID: UInt64 = 1
    var threads: [OSThread] = []
    /// The lane each worker (by index) is serving now; `nil` while it is idle.
    var servingLanes: [RenderPriority?] = []
    var liveWorkers = 0
    var startedWorkers = 0
    var isShuttingDown = false
    var isJoined = false
    var running = 0
    var maxRunning = 0
    var ranPerLane = Array(repeating: 0, count: RenderPriority.servingOrder.count)
    var cancelledBeforeStart = 0
    var starvationOverrides = 0
    var promotions = 0

    init(starvationLimit: Int) {
        queue = LaneQueue(starvationLimit: starvationLimit)
    }

    /// Takes a fresh id for a queue entry.
    mutating func makeID() -> UInt64 {
        defer { nextID += 1 }
        return nextID
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
