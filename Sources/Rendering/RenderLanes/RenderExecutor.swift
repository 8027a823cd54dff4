import LayerKitSupport

/// A task executor (SE-0417) backed by its own OS threads, serving work by priority lane, so
/// rendering never runs on (or starves) the cooperative pool. Width, lanes, thread priorities and
/// shutdown are in <doc:RenderLanesArticle>; call ``shutdown()`` when done, as the worker threads
/// retain the executor until they exit.
public final class RenderExecutor: TaskExecutor {
    /// The default width: the processors this process may run on (its affinity mask), at least 1
    /// and at most 16. Also the default of every other pool width in the package and its examples.
    public static var defaultWidth: Int {
        ActiveProcessors.count
    }

    /// The number of worker threads, the most entries that run at once.
    public let width: Int
    /// The thread name prefix; workers are named `"<name>-<index>"`.
    public let name: String
    /// The nice offsets workers apply per lane (when `appliesThreadPriorities`).
    public let threadPriorities: RenderThreadPriorities
    /// Whether workers change their nice value per lane: `threadPriorities` is not `.unchanged`
    /// and a probe thread could lower its nice value and restore it (see ``RenderThreadPriorities``).
    public let appliesThreadPriorities: Bool
    /// The anti-starvation limit K: a waiting lane is served after K picks from higher lanes.
    public let starvationLimit: Int

    /// The state machine, under the lock whose condition idle workers park on.
    let lock: ConditionLock<RenderExecutorState<RenderQueueEntry>>
    /// Reports every change of the queues (and of admission gates on this executor) to waiters.
    let changes = StateChanges()

    /// Creates an executor and starts its worker threads.
    ///
    /// - Parameters:
    ///   - width: The number of worker threads; clamped to 1…256.
    ///   - name: The thread name prefix (Linux keeps 15 bytes of a thread name).
    ///   - threadPriorities: Nice offsets per lane.
    ///   - starvationLimit: The anti-starvation limit K, at least 1.
    public init(
        width: Int = RenderExecutor.defaultWidth,
        name: String = "RenderLane",
        threadPriorities: RenderThreadPriorities = .standard,
        starvationLimit: Int = 8
    ) {
        self.width = min(max(width, 1), 256)
        self.name = name
        self.threadPriorities = threadPriorities
        self.appliesThreadPriorities = !threadPriorities.isUnchanged && OSThread.canRestoreNiceValue()
        self.starvationLimit = max(starvationLimit, 1)
        self.lock = ConditionLock(RenderExecutorState(width: self.width, starvationLimit: self.starvationLimit))
        var threads: [OSThread] = []
        for index in 0..<self.width {
            threads.append(OSThread.start(name: "\(name)-\(index)") { [self] in self.workerLoop(index: index) })
        }
        lock.withLock { $0.adopt(threads: threads) }
        // Return once every worker has started (named), so that the threads are visible by name.
        lock.wait { $0.hasStarted ? () : nil }
    }

    /// Enqueues a job of a task that prefers this executor, in the lane of the job's priority.
    ///
    /// After `shutdown()` a job still runs, on a one-off thread, so that no task is lost.
    public func enqueue(_ job: consuming ExecutorJob) {
        let lane = RenderPriority(TaskPriority(rawValue: job.priority.rawValue))
        enqueue(UnownedJob(job), lane: lane, binding: nil)
    }

    /// Enqueues a job of a task that prefers `binding`, in the binding's lane (not the job's
    /// priority: a child task inherits its parent's priority, which would override the lane the
    /// caller asked for), as a member of the binding's group (so `promote(group:to:)` moves it).
    func enqueue(_ job: consuming ExecutorJob, boundTo binding: RenderLaneBinding) {
        enqueue(UnownedJob(job), lane: binding.lane, binding: binding)
    }

    private func enqueue(_ job: UnownedJob, lane jobLane: RenderPriority, binding: RenderLaneBinding?) {
        // The binding's lane is read under the lock: a concurrent raise(to:) either promotes
        // this entry afterwards or has already raised the lane read here.
        let action = lock.withLock { $0.submit(.job(job, binding), lane: binding?.lane ?? jobLane, group: binding?.group) }
        if action == .wakeWorker {
            lock.signal()
            changes.changed()
        } else {
            let executor = binding?.asUnownedTaskExecutor() ?? asUnownedTaskExecutor()
            OSThread.detach(name: nil) { [binding] in
                withExtendedLifetime(binding) { job.runSynchronously(on: executor) }
            }
        }
    }

    /// Counters and queue lengths, as of now.
    public var metrics: RenderExecutorMetrics {
        lock.withLock { $0.metrics }
    }

    /// The lane the calling thread is serving now: the lane of the entry it is running, or `nil`
    /// when the caller is not one of this executor's workers. Work that was moved to a higher
    /// lane while it waited (priority escalation) reports the lane it was moved to.
    public var currentLane: RenderPriority? {
        lock.withLock { state in
            state.threads.firstIndex(where: \.isCurrent).flatMap { state.servingLanes[$0] }
        }
    }

    /// Whether the calling thread is one of this executor's workers.
    public var isCurrentThreadAWorker: Bool {
        lock.withLock { state in state.threads.contains(where: \.isCurrent) }
    }

    /// Stops accepting synchronous items, lets every queued entry run, then joins the worker
    /// threads. Blocks the caller until they have exited; idempotent.
    ///
    /// Items submitted afterwards fail with `RenderLaneError.shutDown`; task jobs enqueued
    /// afterwards run on a one-off thread each. Must not be called from a worker thread.
    public func shutdown() {
        precondition(!isCurrentThreadAWorker, "RenderExecutor.shutdown() called from its own worker thread")
        let threads = lock.withLock { $0.shutdown() }
        lock.broadcast()
        for thread in threads { thread.join() }
    }

    // MARK: Synchronous items (used by RenderLanes)

    /// Reserves an id for `submit(_:id:binding:)`, `cancel(id:)` or a group (`promote(group:to:)`).
    func makeID() -> UInt64 {
        lock.withLock { $0.makeID() }
    }

    /// Queues an item in the lane of `binding` (read under the lock), as a member of its group;
    /// returns `false` (and queues nothing) after `shutdown()`.
    func submit(_ entry: RenderQueueEntry, id: UInt64, binding: RenderLaneBinding) -> Bool {
        let accepted = lock.withLock { $0.submit(entry, id: id, lane: binding.lane, group: binding.group) } == .wakeWorker
        if accepted {
            lock.signal()
            changes.changed()
        }
        return accepted
    }

    /// Removes item `id` if it has not started, and resumes its waiter with `CancellationError`.
    func cancel(id: UInt64) {
        let removed = lock.withLock { $0.cancel(id: id) }
        changes.changed()
        if case .item(_, let cancel) = removed { cancel() }
    }

    /// Moves the queued jobs of `group` (a ``RenderLaneBinding``) that wait below `lane` up to
    /// `lane`; returns how many moved.
    func promote(group: UInt64, to lane: RenderPriority) -> Int {
        let moved = lock.withLock { $0.promote(group: group, to: lane) }
        changes.changed()
        return moved
    }

    /// Returns once `condition` holds for the metrics, re-checking after each change of the
    /// queues instead of polling (or when the task is cancelled); for tests and tools.
    func waitUntilMetrics(_ condition: (RenderExecutorMetrics) -> Bool) async {
        await changes.wait { condition(metrics) }
    }

    // MARK: Workers

    private func workerLoop(index: Int) {
        if lock.withLock({ $0.workerStarted() }) { lock.broadcast() }
        let base = OSThread.niceValue
        var offset: Int32 = 0
        var finishedOne = false
        while true {
            let next = lock.wait { state -> ConditionLock<RenderExecutorState<RenderQueueEntry>>.Decision<(RenderQueueEntry, RenderPriority)?> in
                if finishedOne {
                    state.finished(worker: index)
                    finishedOne = false
                }
                switch state.next(forWorker: index) {
                case .run(let entry, let lane): return .proceed((entry, lane))
                case .exit: return .proceed(nil)
                case .park: return .park
                }
            }
            guard let (entry, lane) = next else { break }
            changes.changed()
            if appliesThreadPriorities {
                let wanted = max(threadPriorities.offset(for: lane), 0)
                if wanted != offset, OSThread.setNiceValue(min(base + wanted, 19)) { offset = wanted }
            }
            switch entry {
            case .job(let job, nil): job.runSynchronously(on: asUnownedTaskExecutor())
            case .job(let job, let binding?): job.runSynchronously(on: binding.asUnownedTaskExecutor())
            case .item(let run, _): run()
            }
            if changes.isObserved {
                // Somebody waits for queue states: make the end of this entry visible now rather
                // than at the next pick, which may be a long time coming.
                lock.withLock { $0.finished(worker: index) }
                changes.changed()
            } else {
                finishedOne = true
            }
        }
        changes.changed()
        if offset != 0 { OSThread.setNiceValue(base) }
    }
}
