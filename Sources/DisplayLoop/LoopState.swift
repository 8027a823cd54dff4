import LayerKitSupport

/// The loop's shared state, always accessed under the loop's ``ConditionLock``.
///
/// The lock is inherent: the Swift runtime enqueues jobs from any thread, synchronously, so the
/// executor cannot be an actor itself. Every method here is a short, non-blocking state
/// transition that returns what to do outside the lock (wake the thread, start it, run observers),
/// in the manner of swift-async-algorithms' state machines. The driver and the thread's life
/// change only through these events.
struct LoopState {
    /// The life of a thread-driven loop's thread (a manual loop stays `.notStarted`).
    enum Lifecycle {
        /// No thread yet: it starts on the first job or before-waiting request.
        case notStarted
        /// The thread runs turns; `parked` while it sleeps on the lock's condition. `thread` is
        /// `nil` until the shell that started it hands it over (``adopt(_:)``).
        case running(thread: OSThread?, parked: Bool)
        /// ``DisplayLoop/shutdown()`` was called: the thread exits at its next wait; `thread` is
        /// the handle to join if the shell has not taken it yet.
        case stopped(thread: OSThread?)
        /// ``DisplayLoop/shutdown()`` was called before any thread started: none ever will.
        case stoppedBeforeStart
    }

    private(set) var driver: DisplayLoop.Driver
    private(set) var lifecycle: Lifecycle = .notStarted
    var jobs: [UnownedJob] = []
    /// Somebody asked for a turn's before-waiting phases (and the sequences) without a job.
    private(set) var beforeWaitingRequested = false
    /// The next before-waiting point is yielded to the sequences.
    private(set) var yieldToSequences = false
    /// The thread running a turn right now, for the isolation checks.
    private(set) var drainingThread: ThreadIdentity?
    private(set) var turnNumber: UInt64 = 0
    var observers: [ObserverEntry] = []
    var nextObserverID = 0
    var sequences: [Int: AsyncStream<TurnRecord>.Continuation] = [:]
    private(set) var metrics = LoopMetrics()
    /// Tasks in ``DisplayLoop/waitForWork(timeout:)`` (no job count: any work) and
    /// ``DisplayLoop/waitUntilQueued(jobs:timeout:)``, resumed by the enqueue that satisfies them.
    var workWaiters: [Int: (jobs: Int?, continuation: CheckedContinuation<Void, any Error>)] = [:]
    var nextWorkWaiterID = 0

    init(driver: DisplayLoop.Driver) {
        self.driver = driver
    }

    struct ObserverEntry: Sendable {
        let phase: BeforeWaitingPhase
        let order: Int
        let id: Int
        let body: @Sendable (TurnRecord) -> Void
    }

    enum WakeAction {
        case none
        case signal
        case startThread(String)
        /// A manual loop got work: resume the tasks waiting for it.
        case resumeWorkWaiters([CheckedContinuation<Void, any Error>])
    }

    enum WaitDecision {
        case exit
        case runAgain
        case wait
    }

    /// Whether the loop's thread was ever started.
    var hasStartedThread: Bool {
        switch lifecycle {
        case .notStarted, .stoppedBeforeStart: false
        case .running, .stopped: true
        }
    }

    mutating func enqueue(_ job: UnownedJob) -> WakeAction {
        jobs.append(job)
        return wake()
    }

    mutating func requestBeforeWaiting() -> WakeAction {
        beforeWaitingRequested = true
        yieldToSequences = true
        return wake()
    }

    /// Wakes the loop once: starts the thread the first time, signals it only when it is parked
    /// (no lost wake-up, and no signal while the thread is busy).
    private mutating func wake() -> WakeAction {
        guard case .thread(let name) = driver else { return takeWorkWaiters() }
        switch lifecycle {
        case .notStarted:
            lifecycle = .running(thread: nil, parked: false)
            return .startThread(name)
        case .running(let thread, parked: true):
            lifecycle = .running(thread: thread, parked: false)
            return .signal
        case .running, .stopped, .stoppedBeforeStart:
            return .none
        }
    }

    /// The shell started the thread: keep its handle for ``shutdown()``. Returns `false` when the
    /// loop was shut down meanwhile (the thread exits at its first wait; nobody joins it).
    mutating func adopt(_ thread: OSThread) -> Bool {
        switch lifecycle {
        case .running(nil, let parked):
            lifecycle = .running(thread: thread, parked: parked)
            return true
        case .notStarted, .running, .stopped, .stoppedBeforeStart:
            return false
        }
    }

    /// ``DisplayLoop/useManualDriver()``: the loop becomes manual unless its thread has started.
    mutating func useManualDriver() -> Bool {
        guard !hasStartedThread else { return false }
        driver = .manual
        return true
    }

    /// ``DisplayLoop/shutdown()``: the thread is to exit after its turn. Returns how to wake it
    /// and the thread to join (`nil` when there is none, or another caller took it).
    mutating func shutdown() -> (WakeAction, OSThread?) {
        switch lifecycle {
        case .notStarted, .stoppedBeforeStart:
            lifecycle = .stoppedBeforeStart
            return (.none, nil)
        case .running(let thread, let parked):
            lifecycle = .stopped(thread: nil)
            return (parked ? .signal : .none, thread)
        case .stopped(let thread):
            lifecycle = .stopped(thread: nil)
            return (.none, thread)
        }
    }

    /// Whether a turn has something to run: a job, or a requested before-waiting point.
    var hasWork: Bool { !jobs.isEmpty || beforeWaitingRequested }

    /// Whether a waiter for `jobs` queued jobs (`nil`: for any work) can go.
    func isSatisfied(jobs target: Int?) -> Bool {
        if let target { jobs.count >= target } else { hasWork }
    }

    /// Hands out the tasks whose wait is over (a manual loop just got work).
    private mutating func takeWorkWaiters() -> WakeAction {
        guard !workWaiters.isEmpty else { return .none }
        let due = workWaiters.filter { isSatisfied(jobs: $0.value.jobs) }
        guard !due.isEmpty else { return .none }
        for id in due.keys { workWaiters[id] = nil }
        return .resumeWorkWaiters(due.values.map(\.continuation))
    }

    mutating func beginTurn(on thread: ThreadIdentity, force: Bool) -> Bool {
        guard force || hasWork else { return false }
        beforeWaitingRequested = false
        drainingThread = thread
        return true
    }

    mutating func takeJobs() -> [UnownedJob] {
        var batch: [UnownedJob] = []
        swap(&batch, &jobs)
        return batch
    }

    /// Starts the before-waiting point: numbers the turn and hands out what to run.
    mutating func beforeWaiting() -> (UInt64, [ObserverEntry], [AsyncStream<TurnRecord>.Continuation]) {
        turnNumber += 1
        let yielding = yieldToSequences ? Array(sequences.values) : []
        yieldToSequences = false
        return (turnNumber, observers, yielding)
    }

    /// The turn is over: nobody drains the loop until the next one.
    mutating func endTurn() {
        drainingThread = nil
    }

    /// Records a finished turn's figures.
    mutating func recordTurn(nanoseconds: UInt64, jobs: Int, idleBefore: UInt64) {
        metrics.record(turnNanoseconds: nanoseconds, jobs: jobs, idleBefore: idleBefore)
    }

    /// The loop's thread finished a turn: run another, park (until ``wake()`` signals) or exit.
    mutating func prepareToWait() -> WaitDecision {
        switch lifecycle {
        case .stopped, .stoppedBeforeStart:
            return .exit
        case .running(let thread, _):
            if hasWork { return .runAgain }
            lifecycle = .running(thread: thread, parked: true)
            return .wait
        case .notStarted:
            // Only the thread calls this, and it exists only once started.
            return hasWork ? .runAgain : .wait
        }
    }

    mutating func addObserver(phase: BeforeWaitingPhase, order: Int, body: @escaping @Sendable (TurnRecord) -> Void) -> Int {
        nextObserverID += 1
        let entry = ObserverEntry(phase: phase, order: order, id: nextObserverID, body: body)
        let index = observers.firstIndex { ($0.phase, $0.order, $0.id) > (phase, order, entry.id) } ?? observers.endIndex
        observers.insert(entry, at: index)
        return entry.id
    }
}
