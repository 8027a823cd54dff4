import AsyncLayerKitTesting
import DisplayLoop
import Testing

/// Drives the manual main loop until `condition` holds on ``DisplayActor`` (or `timeout` of real
/// time passes). `pump` runs between attempts: a manual task executor's jobs, say. Returns whether
/// the condition held.
@discardableResult
func driveUntil(
    timeout: Duration = .seconds(20),
    pump: @Sendable () -> Void = {},
    _ condition: @escaping @Sendable @DisplayActor () -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while clock.now < deadline {
        pump()
        if DisplayLoop.drive(condition).value { return true }
        try? await Task.sleep(for: .microseconds(200))
    }
    return false
}

/// Waits (in real time, without driving any loop) until `condition` holds. Returns whether it did.
@discardableResult
func waitUntil(timeout: Duration = .seconds(20), _ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !condition() {
        guard clock.now < deadline else { return false }
        try? await Task.sleep(for: .microseconds(200))
    }
    return true
}

/// A task executor that runs nothing until ``runAll()``: operations on it start only when the test
/// says so.
final class ManualTaskExecutor: TaskExecutor {
    private let jobs = LoopLock<[UnownedJob]>([])
    private let ran = LoopLock(0)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
    }

    var pendingJobCount: Int { jobs.withLock { $0.count } }
    var jobsRun: Int { ran.withLock { $0 } }

    /// Runs the queued jobs, and those they queue, until none is left.
    func runAll() {
        while true {
            let batch = jobs.withLock { jobs -> [UnownedJob] in
                defer { jobs.removeAll() }
                return jobs
            }
            if batch.isEmpty { return }
            for job in batch {
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
            ran.withLock { $0 += batch.count }
        }
    }
}

/// Logs "begin N" right before the async-transaction phase's work and "end N" right after it, so
/// a test can tell which turn's completions phase an entry was logged in.
final class CompletionsPhaseMarkers: Sendable {
    let log: Log
    private let observers: [DisplayLoop.BeforeWaitingObserver]

    init(log: Log) {
        self.log = log
        observers = [
            DisplayLoop.main.addBeforeWaitingObserver(phase: .asyncTransactionCompletions, order: .min) { turn in
                log.append("begin \(turn.number)")
            },
            DisplayLoop.main.addBeforeWaitingObserver(phase: .asyncTransactionCompletions, order: .max) { turn in
                log.append("end \(turn.number)")
            },
        ]
    }

    /// The turn whose completions phase each entry with `prefix` was logged in (`nil`: outside
    /// any completions phase), in log order.
    func turns(ofEntriesWithPrefix prefix: String) -> [UInt64?] {
        var current: UInt64?
        var turns: [UInt64?] = []
        for entry in log.all {
            if entry.hasPrefix("begin ") {
                current = UInt64(entry.dropFirst(6))
            } else if entry.hasPrefix("end ") {
                current = nil
            } else if entry.hasPrefix(prefix) {
                turns.append(current)
            }
        }
        return turns
    }

    func remove() {
        observers.forEach(DisplayLoop.main.removeBeforeWaitingObserver)
    }
}

/// Holds a reference weakly, for leak checks.
final class WeakBox<Object: AnyObject>: @unchecked Sendable {
    // @unchecked Sendable: `object` is written once on DisplayActor, inside DisplayLoop.drive, and
    // read by the test after that drive returned; the drive's hand-over goes through the loop's
    // lock, which orders the write before the reads. (Weak loads and the runtime's zeroing of a
    // weak reference are themselves thread-safe.)
    weak var object: Object?
}

struct TestError: Error, Equatable {
    let code: Int
}
