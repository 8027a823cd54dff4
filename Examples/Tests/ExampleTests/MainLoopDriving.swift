import AsyncLayerKitTesting
import Synchronization
import Testing

/// Thrown when the manual main loop was driven for the whole bound and the work did not end.
struct WorkDidNotEnd: Error, CustomStringConvertible {
    let seconds: Int
    var description: String { "the work did not end in \(seconds) s of driving the main loop" }
}

/// Runs `work` in a task while driving the manual main loop until it ends (at most `seconds`),
/// and returns its value: the way a test runs example code written for the threaded loop.
func drivingMainLoop<T: Sendable>(seconds: Int = 60, _ work: @escaping @Sendable () async -> T) async throws -> T {
    let result = Mutex<T?>(nil)
    Task {
        let value = await work()
        result.withLock { $0 = value }
        Task { @DisplayActor in }  // wakes the driver below, which waits for the loop's next job
    }
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
        DisplayLoop.main.runUntilIdle()
        if let value = result.withLock({ $0 }) { return value }
        // Nothing for the loop yet: wait for its next job (off-loop work reporting back, or the
        // wake-up above), without polling.
        _ = await DisplayLoop.main.waitForWork(timeout: ContinuousClock.now.duration(to: deadline))
    }
    Issue.record(WorkDidNotEnd(seconds: seconds))
    throw WorkDidNotEnd(seconds: seconds)
}
