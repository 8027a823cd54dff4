import LayerKitSupport

/// A serial executor that runs jobs in **turns**: the Swift-concurrency counterpart of the main
/// run loop. A turn runs every queued job, then the before-waiting phases, then waits without
/// spinning; turns, phases and the two drivers are in <doc:TheDisplayLoop>.
public final class DisplayLoop: SerialExecutor, Sendable, CustomStringConvertible {
    /// How turns are run.
    public enum Driver: Sendable, Hashable {
        /// A dedicated OS thread with this name, started on the first enqueue.
        case thread(name: String)
        /// Turns run only when ``DisplayLoop/runTurn()`` or ``DisplayLoop/runUntilIdle(maxTurns:)`` is called.
        case manual
    }

    /// The loop behind ``DisplayActor``: a thread named `DisplayLoop.main`, started when the first job
    /// arrives — unless ``useManualDriver()`` was called first (tests).
    public static let main = DisplayLoop(name: "DisplayLoop.main", driver: .thread(name: "DisplayLoop.main"))

    /// The loop's name, for logs.
    public let name: String

    /// The loop's state; its condition wakes the loop thread, signalled exactly once per
    /// transition from waiting to woken.
    let state: ConditionLock<LoopState>
    /// Serialises manual drivers: only one thread runs a turn at a time.
    private let turnGate = Lock(())
    private let createdAt = MonotonicTime.now()

    /// Creates a loop.
    public init(name: String = "DisplayLoop", driver: Driver) {
        self.name = name
        self.state = ConditionLock(LoopState(driver: driver))
    }

    /// The driver currently in charge.
    public var driver: Driver { state.withLock { $0.driver } }

    /// The loop as `name (driver)`.
    public var description: String { "\(name) (\(driver))" }

    // MARK: SerialExecutor

    /// Queues a job for the current or next turn. Called by the Swift runtime.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let action = state.withLock { $0.enqueue(job) }
        perform(action)
    }

    /// This loop as an unowned serial executor (identity comparison).
    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Traps unless the calling thread is running one of this loop's turns (SE-0424): what lets a
    /// before-waiting observer use ``DisplayActor/assumeIsolated(_:file:line:)``.
    public func checkIsolated() {
        precondition(isDrainingOnCurrentThread, "not on \(name)'s thread while it runs a turn")
    }

    /// Whether the calling thread is running one of this loop's turns (SE-0471).
    public func isIsolatingCurrentContext() -> Bool? {
        isDrainingOnCurrentThread
    }

    /// Whether the calling thread is running one of this loop's turns right now.
    public var isDrainingOnCurrentThread: Bool {
        let me = ThreadIdentity.current
        return state.withLock { $0.drainingThread == me }
    }

    // MARK: Drivers

    /// Makes a loop created with a thread driver manual, if its thread has not started (no job was
    /// ever enqueued). Returns whether the loop is now manual. Test processes call this on ``main``
    /// before using ``DisplayActor``.
    @discardableResult
    public func useManualDriver() -> Bool {
        state.withLock { $0.useManualDriver() }
    }

    /// Runs one turn: every queued job (and those they enqueue), then the before-waiting phases.
    /// Returns `nil`, running nothing, when there was no job and no before-waiting request.
    ///
    /// For the manual driver; on a thread-driven loop, or when called from inside one of this
    /// loop's turns, it returns `nil` without doing anything.
    @discardableResult
    public func runTurn() -> TurnRecord? {
        // Not from inside a turn of this loop: a turn never nests (and the gate would deadlock).
        guard case .manual = driver, !isDrainingOnCurrentThread else { return nil }
        return turnGate.withLock { _ in runOneTurn(idleBefore: 0, force: false) }
    }

    /// Runs turns until no job is queued after a turn, at most `maxTurns` of them. Returns the
    /// turns that ran, in order.
    ///
    /// For the manual driver; on a thread-driven loop it returns `[]`.
    @discardableResult
    public func runUntilIdle(maxTurns: Int = 10_000) -> [TurnRecord] {
        var turns: [TurnRecord] = []
        while turns.count < maxTurns, let turn = runTurn() {
            turns.append(turn)
        }
        return turns
    }

    /// The number of jobs waiting for a turn.
    public var pendingJobCount: Int { state.withLock { $0.jobs.count } }

    /// Asks for a turn's before-waiting phases to run even if no job arrives, and for the turn to
    /// be yielded to the ``beforeWaitingPoints()`` sequences. Safe from any thread; what a
    /// `setNeedsDisplay()` or a transaction commit calls.
    public func setNeedsBeforeWaiting() {
        let action = state.withLock { $0.requestBeforeWaiting() }
        perform(action)
    }

    /// Stops the loop's thread after its current turn and waits for it to exit. Jobs still queued
    /// stay queued. For tests and examples; ``main`` normally lives as long as the process.
    public func shutdown() {
        let (action, thread) = state.withLock { $0.shutdown() }
        perform(action)
        thread?.join()
    }

    /// Counters and timings so far.
    public var metrics: LoopMetrics { state.withLock { $0.metrics } }

    // MARK: Turns

    private func perform(_ action: LoopState.WakeAction) {
        switch action {
        case .none:
            break
        case .signal:
            state.signal()
        case .startThread(let name):
            startThread(name: name)
        case .resumeWorkWaiters(let waiters):
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Starts the loop's thread, named after the loop (for ps, perf and debuggers).
    private func startThread(name: String) {
        let thread = OSThread.start(name: name) { [self] in threadMain() }
        // Shut down meanwhile: the thread exits at its first wait, and nobody joins it.
        if !state.withLock({ $0.adopt(thread) }) { thread.detach() }
    }

    private func threadMain() {
        var idleBefore: UInt64 = 0
        while true {
            _ = runOneTurn(idleBefore: idleBefore, force: true)
            // Parks on the condition until an enqueue wakes it (LoopState decides, under the lock).
            let start = MonotonicTime.now()
            var parked = false
            let exit = state.wait { state -> ConditionLock<LoopState>.Decision<Bool> in
                switch state.prepareToWait() {
                case .exit: return .proceed(true)
                case .runAgain: return .proceed(false)
                case .wait:
                    parked = true
                    return .park
                }
            }
            if exit { return }
            idleBefore = parked ? MonotonicTime.now() - start : 0
        }
    }

    /// One turn, on the calling thread. `force`: run the phases even with nothing to do (the thread
    /// driver only calls this after a wake-up, which always has a reason).
    private func runOneTurn(idleBefore: UInt64, force: Bool) -> TurnRecord? {
        let me = ThreadIdentity.current
        let start = MonotonicTime.now()
        guard state.withLock({ $0.beginTurn(on: me, force: force) }) else { return nil }
        defer { state.withLock { $0.endTurn() } }

        var jobCount = 0
        let executor = asUnownedSerialExecutor()
        while true {
            let batch = state.withLock { $0.takeJobs() }
            if batch.isEmpty { break }
            for job in batch {
                job.runSynchronously(on: executor)
            }
            jobCount += batch.count
        }

        // The before-waiting point. Observers are taken under the lock and run outside it.
        let (number, observers, streams) = state.withLock { $0.beforeWaiting() }
        var record = TurnRecord(
            number: number,
            jobCount: jobCount,
            startNanoseconds: start - createdAt,
            idleNanosecondsBefore: idleBefore
        )
        var lastPhase: BeforeWaitingPhase?
        for observer in observers {
            if observer.phase != lastPhase {
                record.phasesRun.append(observer.phase)
                lastPhase = observer.phase
            }
            record.durationNanoseconds = MonotonicTime.now() - start  // so far
            observer.body(record)
        }
        record.durationNanoseconds = MonotonicTime.now() - start
        for stream in streams {
            stream.yield(record)
        }
        state.withLock { $0.recordTurn(nanoseconds: record.durationNanoseconds, jobs: jobCount, idleBefore: idleBefore) }
        return record
    }
}
