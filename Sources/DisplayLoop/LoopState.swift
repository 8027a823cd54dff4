import LayerKitSupport

/// The loop's shared state, always accessed under the loop's ``ConditionLock``.
///
/// The lock is inherent: the Swift runtime enqueues jobs from any thread, synchronously, so the
/// executor cannot be an actor itself. Every method here is a short, non-blocking state
/// transition that returns what to do outside the lock (wake the thread, start it, run observers),
/// in the manner of swift-async-algorithms' state machines.
struct LoopState {
    var driver: DisplayLoop.Driver
    var jobs: [UnownedJob] = []
    var threadStarted = false
    /// The loop thread is parked (or about to park) on the lock's condition.
    var isWaiting = false
    var isShuttingDown = false
    /// The loop's thread, until ``DisplayLoop/shutdown()`` takes it to join it.
    var thread: OSThread?
    /// Somebody asked for a turn's before-waiting phases (and the sequences) without a job.
    var beforeWaitingRequested = false
    /// The next before-waiting point is yielded to the sequences.
    var yieldToSequences = false
    /// The thread running a turn right now, for the isolation checks.
    var drainingThread: ThreadIdentity?
    var turnNumber: UInt64 = 0
    var observers: [ObserverEntry] = []
    var nextObserverID = 0
    var sequences: [Int: AsyncStream<TurnRecord>.Continuation] = [:]
    var metrics = LoopMetrics()
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

    mutating func enqueue(_ job: UnownedJob) -> WakeAction {
        jobs.append(job)
        return wake()
    }

    mutating func requestBeforeWaiting() -> WakeAction {
        beforeWaitingRequested = true
        yieldToSequences = true
        return wake()
    }

    /// Wakes the loop once: starts the thread the first time, signals it only when it is waiting
    /// (no lost wake-up, and no signal while the thread is busy).
    private mutating func wake() -> WakeAction {
        guard case .thread(let name) = driver else { return takeWorkWaiters() }
        guard !isShuttingDown else { return .none }
        if !threadStarted {
            threadStarted = true
            return .startThread(name)
        }
        return wakeIfWaiting()
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

    mutating func wakeIfWaiting() -> WakeAction {
        guard isWaiting else { return .none }
        isWaiting = false
        return .signal
    }

    mutating func beginTurn(on thread: ThreadIdentity, force: Bool) -> Bool {
        guard force || !jobs.isEmpty || beforeWaitingRequested else { return false }
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

    mutating func prepareToWait() -> WaitDecision {
        if isShuttingDown { return .exit }
        if !jobs.isEmpty || beforeWaitingRequested { return .runAgain }
        isWaiting = true
        return .wait
    }

    mutating func addObserver(phase: BeforeWaitingPhase, order: Int, body: @escaping @Sendable (TurnRecord) -> Void) -> Int {
        nextObserverID += 1
        let entry = ObserverEntry(phase: phase, order: order, id: nextObserverID, body: body)
        let index = observers.firstIndex { ($0.phase, $0.order, $0.id) > (phase, order, entry.id) } ?? observers.endIndex
        observers.insert(entry, at: index)
        return entry.id
    }
}
