/// Shares identical work that is in flight: a second request for the same key awaits the first
/// one's result instead of starting again, at the highest priority of its waiters, cancelled only
/// when its last waiter leaves. See <doc:CachingAndSharing>.
public actor InFlightWork<Key: Hashable & Sendable, Value: Sendable> {
    private struct Entry {
        let generation: Int
        let task: Task<Void, Never>
        /// The work's lane on a render executor, raised with the task's priority.
        let binding: RenderLaneBinding?
        var priority: TaskPriority
        var waiters: [Int: CheckedContinuation<Value, any Error>]
    }

    private var entries: [Key: Entry] = [:]
    private var nextID = 0
    private var nextGeneration = 0
    /// Requests that started work.
    public private(set) var started = 0
    /// Requests that joined work already in flight.
    public private(set) var joined = 0
    /// Works cancelled because their last waiter left.
    public private(set) var cancelledWorks = 0
    /// Callers of ``waitForWaiters(_:for:)`` parked until their key's waiters reach their count.
    private var countWaits: [Int: CountWait] = [:]
    private var nextCountWaitID = 0

    /// Creates an empty registry.
    public init() {}

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
        let id = nextID
        nextID += 1
        let priority = priority ?? Task.currentPriority
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                guard !Task.isCancelled else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                if var entry = entries[key] {
                    entry.waiters[id] = continuation
                    if priority > entry.priority {
                        entry.priority = priority
                        entry.task.escalatePriority(to: priority)
                        // The runtime does not move a queued job when its task is escalated.
                        entry.binding?.raise(to: RenderPriority(priority))
                    }
                    entries[key] = entry
                    joined += 1
                    resumeCountWaits(for: key)
                } else {
                    nextGeneration += 1
                    let generation = nextGeneration
                    let binding = (executor as? RenderExecutor).map { RenderLaneBinding(base: $0, lane: RenderPriority(priority)) }
                    let task = Task(executorPreference: binding.map { $0 as any TaskExecutor } ?? executor, priority: priority) {
                        let result: Result<Value, any Error>
                        do {
                            result = .success(try await work())
                        } catch {
                            result = .failure(error)
                        }
                        await self.finish(key, generation: generation, with: result)
                    }
                    entries[key] = Entry(
                        generation: generation, task: task, binding: binding, priority: priority, waiters: [id: continuation]
                    )
                    started += 1
                    resumeCountWaits(for: key)
                }
            }
        } onCancel: {
            Task { await self.leave(key, waiter: id) }
        }
    }

    /// The keys with work in flight.
    public var inFlightCount: Int { entries.count }

    /// The waiters of the work for `key`.
    public func waiterCount(for key: Key) -> Int { entries[key]?.waiters.count ?? 0 }

    /// Suspends until the work for `key` has at least `count` waiters (requests waiting in
    /// ``value(for:priority:executor:_:)``); returns at once if it has them already.
    ///
    /// The caller is resumed by the registration that makes the count, in the same step on this
    /// actor: no polling. Useful in tests to start the next step only once every request has
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
        guard waiterCount(for: key) < count else { return }
        let id = nextCountWaitID
        nextCountWaitID += 1
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                guard !Task.isCancelled else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                countWaits[id] = CountWait(key: key, count: count, continuation: continuation)
            }
        } onCancel: {
            Task { await self.cancelCountWait(id) }
        }
    }

    /// Calls of ``waitForWaiters(_:for:)`` parked now (for tests of the wait itself).
    var parkedCountWaits: Int { countWaits.count }

    private struct CountWait {
        let key: Key
        let count: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// Resumes the parked waits for `key` whose count its waiters now reach.
    private func resumeCountWaits(for key: Key) {
        guard !countWaits.isEmpty else { return }
        let waiters = waiterCount(for: key)
        for (id, wait) in countWaits where wait.key == key && wait.count <= waiters {
            countWaits[id] = nil
            wait.continuation.resume()
        }
    }

    private func cancelCountWait(_ id: Int) {
        countWaits.removeValue(forKey: id)?.continuation.resume(throwing: CancellationError())
    }

    private func finish(_ key: Key, generation: Int, with result: Result<Value, any Error>) {
        guard let entry = entries[key], entry.generation == generation else { return }
        entries[key] = nil
        for continuation in entry.waiters.values {
            continuation.resume(with: result)
        }
    }

    private func leave(_ key: Key, waiter id: Int) {
        guard var entry = entries[key], let continuation = entry.waiters.removeValue(forKey: id) else { return }
        continuation.resume(throwing: CancellationError())
        if entry.waiters.isEmpty {
            entry.task.cancel()
            entries[key] = nil
            cancelledWorks += 1
        } else {
            entries[key] = entry
        }
    }
}
