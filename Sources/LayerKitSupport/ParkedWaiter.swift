/// Suspends the calling task until its continuation, handed to `park`, is resumed: the package's
/// one way to park a task in lock-guarded state (an admission queue, a render queue, a list of
/// tasks waiting for a change).
///
/// `park` runs synchronously with the continuation: it stores it under its lock (return `true`),
/// or resumes it at once (return `false`). `cancel` runs when the task is cancelled — also when
/// the cancellation came before the continuation was parked, which the handler alone would miss
/// — and must take the continuation out of the state, if it is still there, and resume it.
package func parkWaiter<T>(
    _ park: (CheckedContinuation<T, any Error>) -> Bool,
    onCancel cancel: @Sendable () -> Void
) async throws -> T {
    try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            if park(continuation), Task.isCancelled { cancel() }
        }
    } onCancel: {
        cancel()
    }
}
