/// Runs an async operation to its end from the synchronous `LLVMFuzzerTestOneInput`, on the
/// calling thread: the operation's task prefers ``InlineTaskExecutor``, so its jobs (and those of
/// the nonisolated and `@concurrent` functions it calls) queue there, and this thread runs them
/// until the task is done. No thread hop per input: a hop to the global executor costs
/// milliseconds on a loaded machine, which would be most of a run's time.
///
/// The operation must not wait for an actor or another thread (the parsers fuzzed here do not):
/// when the queue empties before the result is in, the run stops with a failed property.
public func runBlocking<Result: Sendable>(_ operation: @escaping @Sendable () async -> Result) -> Result {
    let executor = InlineTaskExecutor()
    let box = ResultBox<Result>()
    Task(executorPreference: executor) {
        box.value = await operation()
    }
    executor.runQueuedJobs()
    guard let value = box.value else {
        require(false, "the async operation waited for another thread; runBlocking runs only inline work")
        fatalError("unreachable")
    }
    return value
}

/// A task executor whose jobs wait in a queue until ``runQueuedJobs()`` runs them on the calling
/// thread. Confined to the one thread that creates it, enqueues and runs (see ``runBlocking(_:)``).
final class InlineTaskExecutor: TaskExecutor, @unchecked Sendable {
    private var jobs: [UnownedJob] = []

    /// Queues a job for ``runQueuedJobs()``.
    func enqueue(_ job: consuming ExecutorJob) {
        jobs.append(UnownedJob(job))
    }

    /// Runs the queued jobs, and those they queue, until none is left.
    func runQueuedJobs() {
        while !jobs.isEmpty {
            jobs.removeFirst().runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// The slot the operation's result is left in, on the same thread that reads it.
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}
