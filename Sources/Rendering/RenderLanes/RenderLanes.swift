import LayerKitSupport
/// The front door for rendering off the loop: priority lanes on a ``RenderExecutor``, with a
/// bounded admission queue. Lanes, back-pressure, cancellation and escalation are in
/// <doc:RenderLanesArticle>.
///
/// ```swift
/// let lanes = RenderLanes()
/// let bitmap = try await lanes.render(priority: .userInteractive) {
///     try Bitmap.render(size: size, scale: 2) { context in card.draw(in: context) }
/// }
/// ```
public final class RenderLanes: Sendable {
    /// The executor the work runs on.
    public let executor: RenderExecutor
    /// The most items admitted (queued or running) at once.
    public var admissionLimit: Int { gate.limit }
    /// What a call does when the admission limit is reached, unless it says otherwise.
    public let overloadPolicy: RenderOverloadPolicy
    private let gate: AdmissionGate
    private let ownsExecutor: Bool

    /// Creates lanes on a new executor, which the lanes own: when the lanes object is released
    /// (no call can be in flight then), its executor is shut down and its threads joined.
    ///
    /// - Parameters:
    ///   - width: The executor's thread count (default: active processors, at most 16).
    ///   - admissionLimit: The most items queued or running at once; default 16 per thread.
    ///   - overloadPolicy: `.wait` (default) or `.fail` when the limit is reached.
    ///   - threadPriorities: Nice offsets per lane for the worker threads.
    ///   - starvationLimit: The anti-starvation limit K (see the "Render lanes" article).
    public convenience init(
        width: Int = RenderExecutor.defaultWidth,
        admissionLimit: Int? = nil,
        overloadPolicy: RenderOverloadPolicy = .wait,
        threadPriorities: RenderThreadPriorities = .standard,
        starvationLimit: Int = 8
    ) {
        let executor = RenderExecutor(width: width, threadPriorities: threadPriorities, starvationLimit: starvationLimit)
        self.init(executor: executor, admissionLimit: admissionLimit, overloadPolicy: overloadPolicy, ownsExecutor: true)
    }

    /// Creates lanes on an existing executor, which several lanes objects may share; each keeps
    /// its own admission limit. The caller keeps ownership: shut the executor down when done.
    public convenience init(executor: RenderExecutor, admissionLimit: Int? = nil, overloadPolicy: RenderOverloadPolicy = .wait) {
        self.init(executor: executor, admissionLimit: admissionLimit, overloadPolicy: overloadPolicy, ownsExecutor: false)
    }

    private init(executor: RenderExecutor, admissionLimit: Int?, overloadPolicy: RenderOverloadPolicy, ownsExecutor: Bool) {
        self.executor = executor
        self.overloadPolicy = overloadPolicy
        self.ownsExecutor = ownsExecutor
        self.gate = AdmissionGate(
            limit: admissionLimit ?? executor.width * 16, starvationLimit: executor.starvationLimit, changes: executor.changes
        )
    }

    deinit {
        guard ownsExecutor else { return }
        if executor.isCurrentThreadAWorker {
            // Released inside its own work: a worker cannot join itself, so join from elsewhere.
            OSThread.detach(name: nil) { [executor] in executor.shutdown() }
        } else {
            executor.shutdown()
        }
    }

    /// Runs synchronous `work` (such as `Bitmap.render`) on a worker thread and returns its result.
    ///
    /// - Parameters:
    ///   - priority: The lane; `nil` picks the lane of the calling task's priority.
    ///   - whenFull: What to do at the admission limit; `nil` uses `overloadPolicy`.
    ///   - work: The work; retained until it runs or is cancelled.
    /// - Throws: `CancellationError` if the task is cancelled before the work starts (the work
    ///   then never runs); `RenderLaneError.overloaded` under `.fail`; `RenderLaneError.shutDown`
    ///   after `shutdown()`; or what `work` throws.
    public func render<R: Sendable>(
        priority: RenderPriority? = nil,
        whenFull: RenderOverloadPolicy? = nil,
        _ work: @escaping @Sendable () throws -> R
    ) async throws -> R {
        let entryPriority = Task.currentPriority
        try Task.checkCancellation()
        let id = executor.makeID()
        let executor = self.executor
        let gate = self.gate
        // The item's lane, raised by escalation: its place in the admission queue and in the
        // executor's queue move with it.
        let binding = RenderLaneBinding(base: executor, lane: priority ?? RenderPriority(entryPriority), group: id)
        return try await withTaskPriorityEscalationHandler {
            // An escalation between reading the priority above and installing the handler.
            if Task.currentPriority > entryPriority {
                binding.raise(to: RenderPriority(Task.currentPriority))
            }
            try await gate.acquire(id: id, binding: binding, policy: whenFull ?? overloadPolicy)
            defer { gate.release() }
            return try await executor.run(id: id, binding: binding, work)
        } onPriorityEscalated: { _, new in
            let raised = RenderPriority(new)
            binding.raise(to: raised)
            gate.promote(id: id, to: raised)
        }
    }

    /// Runs async `work` on the executor's threads, in a child task at the lane's priority, and
    /// returns its result.
    ///
    /// The child task's jobs (and those of its own child tasks and of the default actors it calls)
    /// are queued in the lane, even when the child task inherits a higher priority from the
    /// calling task. Admission,
    /// back-pressure and cancellation before start behave as in `render`.
    ///
    /// **Escalation.** When the calling task's priority is escalated (say a shared render gains a
    /// more urgent waiter, see ``InFlightWork``), the call moves to the lane of the new priority:
    /// while it waits for admission, its place in the admission queue; once admitted, every job
    /// of the work still queued on the executor, and every later one. A job already running on a
    /// worker thread keeps running there to its next suspension.
    public func renderAsync<R: Sendable>(
        priority: RenderPriority? = nil,
        whenFull: RenderOverloadPolicy? = nil,
        _ work: @escaping @Sendable () async throws -> R
    ) async throws -> R {
        let entryPriority = Task.currentPriority
        try Task.checkCancellation()
        let id = executor.makeID()
        let gate = self.gate
        let binding = RenderLaneBinding(base: executor, lane: priority ?? RenderPriority(entryPriority), group: id)
        let policy = whenFull ?? overloadPolicy
        return try await withTaskPriorityEscalationHandler {
            // An escalation between reading the priority above and installing the handler.
            if Task.currentPriority > entryPriority {
                binding.raise(to: RenderPriority(Task.currentPriority))
            }
            try await gate.acquire(id: id, binding: binding, policy: policy)
            defer { gate.release() }
            return try await withThrowingTaskGroup(of: R.self) { group in
                group.addTask(executorPreference: binding, priority: binding.lane.taskPriority) {
                    try Task.checkCancellation()
                    return try await work()
                }
                return try await group.next()!
            }
        } onPriorityEscalated: { _, new in
            let raised = RenderPriority(new)
            binding.raise(to: raised)
            gate.promote(id: id, to: raised)
        }
    }

    /// Admission and executor counters, as of now.
    public var metrics: RenderLanesMetrics {
        let gate = gate.snapshot
        return RenderLanesMetrics(
            executor: executor.metrics, admitted: gate.inFlight, waitingForAdmission: gate.waiting,
            maxWaitingForAdmission: gate.maxWaiting, admittedTotal: gate.admitted, rejected: gate.rejected,
            cancelledWhileWaiting: gate.cancelledWhileWaiting, promotedWhileWaiting: gate.promoted
        )
    }

    /// Returns once `condition` holds for the metrics, re-checking after each change of the
    /// admission and executor queues instead of polling (or when the task is cancelled); for
    /// tests and tools.
    func waitUntilMetrics(_ condition: (RenderLanesMetrics) -> Bool) async {
        await executor.changes.wait { condition(metrics) }
    }

    /// Shuts the executor down (see `RenderExecutor.shutdown()`): queued work still runs, new
    /// work throws `RenderLaneError.shutDown`, and the call returns once the threads are joined.
    public func shutdown() {
        executor.shutdown()
    }
}

extension RenderLanes {
    /// The process-wide lanes that ``AsyncLayer`` draws on by default
    /// (``LayerRenderer/default``): as many threads as active processors, at most 16,
    /// made on first use and kept for the life of the process.
    public static let shared = RenderLanes()
}
