import LayerKitSupport

/// Shares identical work that is in flight: a second request for the same key awaits the first
/// one's result instead of starting again, at the highest priority of its waiters, cancelled only
/// when its last waiter leaves. See <doc:CachingAndSharing>.
///
/// The bookkeeping is a pure state machine (`InFlightState`) under the project's one lock, held
/// for one transition, not an actor: a request registers and parks in one step on its own thread
/// (`parkWaiter`, the project's one way to park a task), a cancelled request
/// leaves in its cancellation handler without starting a task, and the work's end resumes its
/// waiters from the work's own task. Continuations are resumed and tasks started, escalated or
/// cancelled outside the lock.
public final class InFlightWork<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let state = Lock(InFlightState<Key, Value>())
    /// Numbers requests and count waits, so a cancellation handler can name its own.
    private let nextID = Lock(0)

    /// Creates an empty registry.
    public init() {}

    /// Requests that started work.
    public var started: Int { state.withLock { $0.started } }
    /// Requests that joined work already in flight.
    public var joined: Int { state.withLock { $0.joined } }
    /// Works cancelled because their last waiter left.
    public var cancelledWorks: Int { state.withLock { $0.cancelledWorks } }

    /// The result of `work` for `key`, shared with every concurrent request for the same key.
    ///
    /// - Parameters:
    ///   - key: What identifies identical work (for a render: the tree's content hash and scale).
    ///   - priority: The priority this request needs; default: the calling task's.
    ///   - executor: The task executor the work prefers (for instance a render executor, so the
    ///     work and the actors it calls run on its threads); `nil`: the default executor. On a
    ///     ``RenderExecutor`` the work's jobs are queued in the lane of its priority, and move up
    ///     when a more urgent request joins.
    ///   - work: The work, run once for all concurrent requests of `key`.
    /// - Throws: `CancellationError` if the calling task is cancelled (before or while it waits),
    ///   or what the work threw.
    public func value(
        for key: Key,
        priority: TaskPriority? = nil,
        executor: (any TaskExecutor)? = nil,
        _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let id = makeID()
        let priority = priority ?? Task.currentPriority
        return try await parkWaiter { (waiter: CheckedContinuation<Value, any Error>) -> Bool in
            let (action, satisfied) = state.withLock { $0.request(key, id: id, waiter: waiter, priority: priority) }
            switch action {
            case .join(let escalate):
                if let escalate {
                    escalate.task.escalatePriority(to: escalate.priority)
                    // The runtime does not move a queued job when its task is escalated.
                    escalate.binding?.raise(to: RenderPriority(escalate.priority))
                }
            case .start(let generation):
                start(key, generation: generation, priority: priority, executor: executor, work)
            }
            // Those waiting for this waiter (tests' `waitForWaiters`) resume once it has joined
            // whole, its escalation done: a test that then lets the work run sees the raised priority.
            for wait in satisfied { wait.resume() }
            return true
        } onCancel: {
            let (waiter, cancel) = state.withLock { $0.leave(key, id: id) }
            waiter?.resume(throwing: CancellationError())
            cancel?.cancel()
        }
    }

    /// Starts the work's task (outside the lock) and reports it to the state.
    private func start(_ key: Key, generation: Int, priority: TaskPriority, executor: (any TaskExecutor)?,
                       _ work: @escaping @Sendable () async throws -> Value) {
        let binding = (executor as? RenderExecutor).map { RenderLaneBinding(base: $0, lane: RenderPriority(priority)) }
        let task = Task(executorPreference: binding.map { $0 as any TaskExecutor } ?? executor, priority: priority) {
            let result: Result<Value, any Error>
            do {
                result = .success(try await work())
            } catch {
                result = .failure(error)
            }
            let waiters = self.state.withLock { $0.finish(key, generation: generation) }
            for waiter in waiters { waiter.resume(with: result) }
        }
        switch state.withLock({ $0.attach(task, binding: binding, for: key, generation: generation, startPriority: priority) }) {
        case .none: break
        case .escalate(let raised):
            task.escalatePriority(to: raised)
            binding?.raise(to: RenderPriority(raised))
        case .cancel:
            task.cancel()
        }
    }

    /// The keys with work in flight.
    public var inFlightCount: Int { state.withLock { $0.inFlightCount } }

    /// The waiters of the work for `key`.
    public func waiterCount(for key: Key) -> Int { state.withLock { $0.waiterCount(for: key) } }

    /// Suspends until the work for `key` has at least `count` waiters (requests waiting in
    /// ``value(for:priority:executor:_:)``); returns at once if it has them already.
    ///
    /// The caller is resumed by the registration that makes the count, in the same step under the
    /// lock: no polling. Useful in tests to start the next step only once every request has
    /// joined (for instance before letting gated work finish):
    ///
    /// ```swift
    /// for _ in 0..<3 { group.addTask { try await shared.value(for: "card") { await gate.wait(); return 42 } } }
    /// try await shared.waitForWaiters(3, for: "card")
    /// gate.open()
    /// ```
    ///
    /// Only counts reached after the call are seen: waiters that joined and left before it do
    /// not count. A caller whose count is never reached waits until it is cancelled, so bound the
    /// wait (a test's time limit, a timeout task).
    /// - Throws: `CancellationError` if the calling task is cancelled before the count is
    ///   reached; the parked wait is removed then, nothing is left behind.
    public func waitForWaiters(_ count: Int, for key: Key) async throws {
        let id = makeID()
        try await parkWaiter { (continuation: CheckedContinuation<Void, any Error>) -> Bool in
            guard state.withLock({ $0.parkCountWait(id: id, key: key, count: count, continuation: continuation) }) else {
                continuation.resume()
                return false
            }
            return true
        } onCancel: {
            state.withLock { $0.cancelCountWait(id: id) }?.resume(throwing: CancellationError())
        }
    }

    /// Calls of ``waitForWaiters(_:for:)`` parked now (for tests of the wait itself).
    var parkedCountWaits: Int { state.withLock { $0.parkedCountWaits } }

    private func makeID() -> Int {
        nextID.withLock { id in
            defer { id += 1 }
            return id
        }
    }
}
