import Foundation
import LayerKitSupport

/// A group of asynchronous operations whose completions are delivered together on
/// ``DisplayLoop/main``, in the order the operations were added: Texture's `_ASAsyncTransaction`
/// for Swift concurrency.
///
/// ```swift
/// let transaction = AsyncTransaction { _ in cell.didFinishLoading() }
/// for (index, url) in urls.enumerated() {
///     transaction.addOperation(priority: .userInitiated) {
///         try await loadThumbnail(url)                       // off the loop, in parallel
///     } completion: { outcome, cancelled in
///         if !cancelled, let image = outcome.value { cell.thumbnails[index] = image }
///     }
/// }
/// transaction.commit()   // or AsyncTransactionGroup.main.add(transaction)
/// ```
///
/// **Life cycle.** ``State-swift.enum/open`` → ``State-swift.enum/committed`` →
/// (``State-swift.enum/cancelled``) → ``State-swift.enum/complete``.
/// - Operations are added while the transaction is open, and **start right away**, each in its
///   own task at its priority, on the task executor it names (the global executor by default),
///   at most ``maxConcurrentOperations`` at a time; the others wait, and the highest priority
///   starts first (add order among equals).
/// - ``commit()`` says that no more operations come. When every operation has ended, the
///   transaction is delivered at the next ``BeforeWaitingPhase/asyncTransactionCompletions``
///   phase of ``DisplayLoop/main``: **every** operation's completion runs once, in add order, all
///   in that one phase of one turn, then the transaction's own completion.
/// - ``cancel()`` cancels the tasks of running operations (they see `Task.isCancelled`), drops the
///   operations that have not started (their bodies never run), and still delivers every
///   completion, once, with `cancelled == true`.
///
/// All of its state is isolated to ``DisplayActor``, and an operation's end reaches it as a job on
/// the loop, so there is no lock, no atomic counter and no lost or early notification (the races
/// LNAsyncKit's operation group has). A committed transaction keeps itself alive until it is
/// delivered; its tasks hold it weakly, so once delivered it goes as soon as you drop it.
@DisplayActor
public final class AsyncTransaction {
    /// Where a transaction is in its life.
    public enum State: Sendable, Hashable, CustomStringConvertible {
        /// Operations can be added.
        case open
        /// No more operations can be added; delivered when they have all ended.
        case committed
        /// Cancelled after (or by) the commit; delivered, with `cancelled == true`, when the
        /// running operations have ended.
        case cancelled
        /// Delivered: the completions have run (the state changes just before they run).
        case complete

        /// The state's name, such as `committed`.
        public var description: String {
            switch self {
            case .open: "open"
            case .committed: "committed"
            case .cancelled: "cancelled"
            case .complete: "complete"
            }
        }
    }

    /// The default for ``maxConcurrentOperations``: the active processor count, at least 1 and at
    /// most 16 (the cap of YYAsyncLayer's queue pool).
    public nonisolated static var defaultMaxConcurrentOperations: Int {
        ActiveProcessors.count
    }

    /// The most operations of this transaction that run — have a task — at once. Operations
    /// beyond it wait in the transaction, without a task, until one ends.
    public nonisolated let maxConcurrentOperations: Int

    /// Where the transaction is in its life.
    public private(set) var state: State = .open

    /// Whether ``cancel()`` was called before the transaction was delivered; stays `true` after
    /// delivery, when ``state`` is ``State-swift.enum/complete``.
    public private(set) var isCancelled = false

    /// Operations added so far.
    public private(set) var operationCount = 0

    /// Operations whose task exists right now: started and not yet ended.
    public var runningOperationCount: Int { running.count }

    /// Operations added that have not started, waiting for a free slot.
    public var waitingOperationCount: Int { waiting.count }

    private struct WaitingOperation {
        let id: Int
        let priority: TaskPriority
        let start: @DisplayActor () -> Task<Void, Never>
    }

    private var waiting: [WaitingOperation] = []
    private var running: [Int: Task<Void, Never>] = [:]
    /// One per operation, in add order; each runs that operation's completion.
    private var completions: [@DisplayActor (_ cancelled: Bool) -> Void] = []
    private var completion: (@DisplayActor (AsyncTransaction) -> Void)?
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiterID = 0
    /// Handed to the delivery queue; set once.
    private var isQueuedForDelivery = false
    /// The delivery queue of the transaction's loop.
    private let center: AsyncTransactionCenter

    /// Creates an open transaction.
    ///
    /// - Parameters:
    ///   - group: A group that commits the transaction at the next before-waiting point if it is
    ///     still open then (``AsyncTransactionGroup/main``, say); `nil` to commit it yourself.
    ///   - maxConcurrentOperations: The most operations that run at once; clamped to at least 1.
    ///   - loop: The loop whose completions phase delivers the transaction; default the group's
    ///     loop, else ``DisplayLoop/main`` (the one ``DisplayActor`` runs on: delivery enters that
    ///     actor).
    ///   - completion: Runs on the loop once per transaction, after every operation's completion.
    public init(
        group: AsyncTransactionGroup? = nil,
        maxConcurrentOperations: Int = AsyncTransaction.defaultMaxConcurrentOperations,
        loop: DisplayLoop? = nil,
        completion: (@DisplayActor (AsyncTransaction) -> Void)? = nil
    ) {
        self.center = AsyncTransactionCenter.center(on: loop ?? group?.loop ?? .main)
        self.maxConcurrentOperations = max(maxConcurrentOperations, 1)
        self.completion = completion
        group?.add(self)
    }

    /// Adds an operation and starts it (or queues it, if ``maxConcurrentOperations`` run already).
    ///
    /// The operation runs in its own task, at `priority`, on `executor` if you give one (a render
    /// lane's, say) and on the global concurrent executor otherwise — never on the loop. It should
    /// check `Task.isCancelled` (or call cancellable APIs such as `Task.sleep`) if it is long: that
    /// is how it learns of ``cancel()``. If the transaction is cancelled before the operation
    /// starts, its body never runs.
    ///
    /// `completion` runs exactly once on the loop, when the whole transaction is delivered, with the
    /// operation's ``AsyncOperationOutcome`` and whether the transaction was cancelled — whatever
    /// happened: success, a thrown error, cancellation, never started.
    ///
    /// - Precondition: The transaction is ``State-swift.enum/open``. (Adding to a committed
    ///   transaction is a programmer error, as in Texture: its completions may have run already.)
    public func addOperation<Value: Sendable>(
        priority: TaskPriority = .medium,
        executor: (any TaskExecutor)? = nil,
        _ operation: @escaping @Sendable () async throws -> Value,
        completion: @escaping @DisplayActor (_ outcome: AsyncOperationOutcome<Value>, _ cancelled: Bool) -> Void
    ) {
        precondition(state == .open, "AsyncTransaction.addOperation on a \(state) transaction: add operations before commit()")
        operationCount += 1
        let id = operationCount
        let slot = OutcomeSlot<Value>()
        completions.append { cancelled in completion(slot.outcome, cancelled) }
        // The task holds the transaction weakly: a delivered transaction is never kept alive by
        // the last instructions of its tasks, and a committed one is kept by the delivery queue.
        let finish: @DisplayActor @Sendable (AsyncOperationOutcome<Value>) -> Void = { [weak self] outcome in
            slot.outcome = outcome
            self?.operationEnded(id)
        }
        waiting.append(WaitingOperation(id: id, priority: priority) {
            Task(executorPreference: executor, priority: priority) {
                let outcome = await AsyncTransaction.run(operation)
                await finish(outcome)
            }
        })
        startWaitingOperations()
    }

    /// Says that no more operations come. When every operation has ended (at once, if there is
    /// none), the transaction is delivered at the next ``BeforeWaitingPhase/asyncTransactionCompletions``
    /// phase.
    ///
    /// Committing a transaction that is not open does nothing (a second commit, a commit after
    /// ``cancel()``). Unlike Texture, an empty transaction's completion does not run inside
    /// `commit()`: it runs in the completions phase of the current turn, like every other one, so
    /// a completion never runs re-entrantly in the middle of the code that committed.
    public func commit() {
        guard state == .open else { return }
        state = .committed
        center.retain(self)
        queueForDeliveryIfDone()
    }

    /// Cancels the transaction: running operations' tasks are cancelled, operations that have not
    /// started never will, and every completion still runs once, with `cancelled == true`, when the
    /// running operations have ended.
    ///
    /// Cancelling an open transaction commits it first — an open transaction cannot be cancelled in
    /// Texture, and its container commits before it cancels (`asyncdisplaykit_cancelAsyncTransactions`);
    /// here `cancel()` does both. Cancelling a transaction whose operations have all ended but
    /// that is not delivered yet still makes its completions see `cancelled == true`. Cancelling a
    /// cancelled or complete transaction does nothing.
    public func cancel() {
        if state == .open { commit() }
        guard state == .committed else { return }
        state = .cancelled
        isCancelled = true
        waiting.removeAll()  // their outcomes stay .skipped
        for task in running.values {
            task.cancel()
        }
        queueForDeliveryIfDone()
    }

    /// Suspends until the transaction is delivered: its completions, and its own completion, have
    /// run. The `async` counterpart of Texture's blocking `waitUntilComplete`.
    ///
    /// Waiting on an open transaction commits it (Texture commits the main group). If the waiting
    /// task is cancelled, this returns early without cancelling the transaction; check ``state``.
    public func waitUntilComplete() async {
        if state == .open { commit() }
        guard state != .complete else { return }
        nextWaiterID += 1
        let id = nextWaiterID
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                if state == .complete || Task.isCancelled {
                    continuation.resume()
                } else {
                    waiters[id] = continuation
                }
            }
        } onCancel: {
            Task { @DisplayActor [weak self] in
                self?.waiters.removeValue(forKey: id)?.resume()
            }
        }
    }

    // MARK: Internals

    /// Runs an operation's body in its own task, off the loop.
    @concurrent
    private nonisolated static func run<Value: Sendable>(
        _ operation: @Sendable () async throws -> Value
    ) async -> AsyncOperationOutcome<Value> {
        if Task.isCancelled { return .skipped }
        do {
            return .success(try await operation())
        } catch {
            return .failure(error)
        }
    }

    /// Starts waiting operations while slots are free: the highest priority first, then add order
    /// (Texture's order; LNAsyncKit's sorted list served the lowest first).
    private func startWaitingOperations() {
        while running.count < maxConcurrentOperations, !waiting.isEmpty {
            var next = waiting.startIndex
            for index in waiting.indices where waiting[index].priority > waiting[next].priority {
                next = index
            }
            let operation = waiting.remove(at: next)
            running[operation.id] = operation.start()
        }
    }

    private func operationEnded(_ id: Int) {
        running[id] = nil
        if state != .cancelled {
            startWaitingOperations()
        }
        queueForDeliveryIfDone()
    }

    private func queueForDeliveryIfDone() {
        guard !isQueuedForDelivery, state == .committed || state == .cancelled, running.isEmpty, waiting.isEmpty else {
            return
        }
        isQueuedForDelivery = true
        center.enqueueForDelivery(self)
    }

    /// Runs every completion in add order, then the transaction's, then wakes the waiters. Called
    /// once, by the delivery queue, in the completions phase.
    func deliver() {
        let cancelled = state == .cancelled
        state = .complete
        let completions = self.completions
        let completion = self.completion
        self.completions = []
        self.completion = nil
        for operationCompletion in completions {
            operationCompletion(cancelled)
        }
        completion?(self)
        let waiters = self.waiters.sorted { $0.key < $1.key }
        self.waiters = [:]
        for (_, waiter) in waiters {
            waiter.resume()
        }
    }

    /// An open transaction dropped without a commit never delivers (commit it, or give it to a
    /// group): its running operations are cancelled so that no task outlives it.
    isolated deinit {
        for task in running.values {
            task.cancel()
        }
    }
}

/// Where an operation's outcome waits for delivery.
@DisplayActor
private final class OutcomeSlot<Value: Sendable> {
    var outcome: AsyncOperationOutcome<Value> = .skipped
}
