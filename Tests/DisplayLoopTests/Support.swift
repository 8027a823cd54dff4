import DisplayLoop
import LayerKitSupport
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
    private let entries = Lock<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

/// A thread-safe counter that a test can await.
final class Counter: Sendable {
    private struct State {
        var count = 0
        var waiters: [Int: (target: Int, continuation: CheckedContinuation<Void, Never>)] = [:]
        var nextID = 0
    }

    private let state = Lock(State())

    func increment() {
        let due = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.count += 1
            let due = state.waiters.filter { $0.value.target <= state.count }
            for id in due.keys { state.waiters[id] = nil }
            return due.values.map(\.continuation)
        }
        due.forEach { $0.resume() }
    }

    var count: Int { state.withLock { $0.count } }

    /// Suspends until the count reaches `target` — woken by the increment that reaches it, no
    /// polling — or until `timeout` has passed. Returns whether it did.
    func wait(untilAtLeast target: Int, timeout: Duration = .seconds(120)) async -> Bool {
        await waitWithTimeout(timeout) { await self.reach(target) }
        return count >= target
    }

    private func reach(_ target: Int) async {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let done = state.withLock { state -> Bool in
                    if state.count >= target || Task.isCancelled { return true }
                    state.waiters[id] = (target, continuation)
                    return false
                }
                if done { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume()
        }
    }
}

extension DisplayLoop {
    /// Waits (up to two minutes: in a parallel run on two cores the other executor's job may
    /// queue behind other tests for tens of seconds) until a job is queued: for work that reaches
    /// a manual loop through another executor first, such as a task resumed by an AsyncStream.
    /// Woken by the enqueue (``DisplayLoop/waitForWork(timeout:)``); records an issue if nothing came.
    func waitForJobs(sourceLocation: SourceLocation = #_sourceLocation) async {
        if await !waitForWork(timeout: .seconds(120)) {
            Issue.record("no job reached \(name) in 120 s", sourceLocation: sourceLocation)
        }
    }
}
