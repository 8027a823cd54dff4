import AsyncLayerKitTesting
import DisplayLoop
import LayerKitSupport
import Testing

/// Runs `executor` and the manual main loop in turn until neither has a job left: everything
/// the operations on `executor` do, and the loop jobs they cause, run on this thread, in an order
/// fixed by the test. Nothing can arrive later: no other thread holds any of this work.
func drain(_ executor: ManualTaskExecutor) {
    while executor.pendingJobCount > 0 || DisplayLoop.main.pendingJobCount > 0 {
        executor.runAll()
        DisplayLoop.main.runUntilIdle()
    }
}

/// A task executor that runs nothing until ``runAll()``: operations on it start only when the test
/// says so.
final class ManualTaskExecutor: TaskExecutor {
    private let jobs = Lock<[UnownedJob]>([])
    private let ran = Lock(0)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
    }

    var pendingJobCount: Int { jobs.withLock { $0.count } }
    var jobsRun: Int { ran.withLock { $0 } }

    /// Runs the first queued job, if any; returns whether one ran.
    @discardableResult
    func runOne() -> Bool {
        let job = jobs.withLock { jobs in jobs.isEmpty ? nil : jobs.removeFirst() }
        guard let job else { return false }
        job.runSynchronously(on: asUnownedTaskExecutor())
        ran.withLock { $0 += 1 }
        return true
    }

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
