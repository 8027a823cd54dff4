import DisplayLoop
import Synchronization
import Testing

/// A global actor on a private manual loop, for tests of the loop itself.
@globalActor actor ManualLoopActor {
    static let shared = ManualLoopActor()
    static let loop = DisplayLoop(name: "ManualLoopActor", driver: .manual)
    nonisolated var unownedExecutor: UnownedSerialExecutor { Self.loop.asUnownedSerialExecutor() }
}

/// A global actor on a private thread-driven loop.
@globalActor actor ThreadLoopActor {
    static let shared = ThreadLoopActor()
    static let loop = DisplayLoop(name: "ThreadLoopActor", driver: .thread(name: "ThreadLoopActor"))
    nonisolated var unownedExecutor: UnownedSerialExecutor { Self.loop.asUnownedSerialExecutor() }
}

/// A thread-safe log of strings.
final class Log: Sendable {
    private let entries = LoopLock<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

/// A thread-safe counter.
final class Counter: Sendable {
    private let value = LoopLock(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

extension DisplayLoop {
    /// Waits (up to ten seconds) until a job is queued: for work that reaches a manual loop through
    /// another executor first, such as a task resumed by an AsyncStream. Woken by the enqueue
    /// (``DisplayLoop/waitForWork(timeout:)``); records an issue if nothing came.
    func waitForJobs(sourceLocation: SourceLocation = #_sourceLocation) async {
        if await !waitForWork(timeout: .seconds(10)) {
            Issue.record("no job reached \(name) in 10 s", sourceLocation: sourceLocation)
        }
    }
}
