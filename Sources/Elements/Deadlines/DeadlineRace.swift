import LayerKitSupport

extension RenderDeadline {
    /// The result of `work`, or ``ElementError/deadlineExceeded(_:)`` at this deadline, whichever
    /// comes first — and at the deadline the caller returns **without waiting for the work**:
    /// the work's task is cancelled and left to end on its own, so a loader that ignores
    /// cancellation cannot hold the render either.
    ///
    /// The work runs in a task of its own on `executor` (the render lanes), at the caller's
    /// priority (raised with it); the deadline is fired by ``DeadlineTimer`` (no cooperative-pool
    /// thread needed), which resumes the caller on its own executor. Cancelling the caller
    /// cancels the work and throws `CancellationError` at once.
    func race<R: Sendable>(
        executor: (any TaskExecutor)?,
        _ work: @escaping @Sendable () async throws -> R
    ) async throws -> R {
        let race = DeadlineRaceState<R>()
        let limit = self.limit
        return try await withTaskPriorityEscalationHandler {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<R, any Error>) in
                    guard race.install(continuation) else { return }
                    let task = Task(executorPreference: executor, priority: Task.currentPriority) {
                        let result: Result<R, any Error>
                        do { result = .success(try await work()) } catch { result = .failure(error) }
                        race.finish(with: result, byTheWork: true)
                    }
                    let timer = DeadlineTimer.shared.schedule(at: instant) {
                        race.finish(with: .failure(ElementError.deadlineExceeded(limit)))
                    }
                    race.attach(task: task, timer: timer)
                }
            } onCancel: {
                race.finish(with: .failure(CancellationError()))
            }
        } onPriorityEscalated: { _, new in
            race.escalate(to: new)
        }
    }
}

/// Who wins a ``RenderDeadline/race(executor:_:)``: the work, the timer or a cancellation, told
/// apart under the project's one lock (the timer thread and the work's task cannot await an actor
/// without a pool thread, and the cancellation handler cannot await at all).
final class DeadlineRaceState<R: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<R, any Error>?
        /// The outcome, once decided (possibly before the continuation was installed).
        var outcome: Result<R, any Error>?
        var task: Task<Void, Never>?
        var timer: TimerThread.Token?
    }

    private let state = Lock(State())

    /// Installs the caller's continuation; `false` when the race was already decided (a
    /// cancellation before the start), in which case the continuation has been resumed.
    func install(_ continuation: CheckedContinuation<R, any Error>) -> Bool {
        let decided = state.withLock { state -> Result<R, any Error>? in
            if let outcome = state.outcome { return outcome }
            state.continuation = continuation
            return nil
        }
        guard let decided else { return true }
        continuation.resume(with: decided)
        return false
    }

    /// Records the work's task and the timer, or cancels them when the race is already decided.
    func attach(task: Task<Void, Never>, timer: TimerThread.Token) {
        let decided = state.withLock { state -> Bool in
            guard state.outcome == nil else { return true }
            state.task = task
            state.timer = timer
            return false
        }
        if decided {
            task.cancel()
            DeadlineTimer.shared.cancel(timer)
        }
    }

    /// Decides the race with `result` if nobody has: resumes the caller, cancels the timer and,
    /// unless the work itself ended, the work (which is then abandoned). Later calls do nothing.
    func finish(with result: Result<R, any Error>, byTheWork: Bool = false) {
        let won = state.withLock { state -> (CheckedContinuation<R, any Error>?, Task<Void, Never>?, TimerThread.Token?)? in
            guard state.outcome == nil else { return nil }
            state.outcome = result
            defer { state.continuation = nil; state.task = nil; state.timer = nil }
            return (state.continuation, state.task, state.timer)
        }
        guard let (continuation, task, timer) = won else { return }
        if let timer { DeadlineTimer.shared.cancel(timer) }
        if !byTheWork { task?.cancel() }
        continuation?.resume(with: result)
    }

    /// Raises the work's priority with its caller's.
    func escalate(to priority: TaskPriority) {
        state.withLock { $0.task }?.escalatePriority(to: priority)
    }
}
