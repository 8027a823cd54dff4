import Dispatch

/// Runs an async operation to its end from the synchronous `LLVMFuzzerTestOneInput`, which
/// libFuzzer calls on its own thread outside any task: the thread waits on a semaphore while the
/// operation runs on the global concurrent executor.
public func runBlocking<Result: Sendable>(_ operation: @escaping @Sendable () async -> Result) -> Result {
    let box = ResultBox<Result>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        box.value = await operation()
        done.signal()
    }
    done.wait()
    return box.value!
}

/// The slot the operation's result crosses threads in: written once before `signal()`, read
/// after `wait()`, which orders the two accesses.
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}
