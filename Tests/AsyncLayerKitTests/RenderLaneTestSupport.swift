import AsyncLayerKit
@testable import Elements
@testable import Rendering
import LayerKitSupport
import Synchronization
import Testing

/// A gate a worker thread blocks on until the test opens it: holds a render lane busy. The
/// thread sleeps in the kernel (a condition variable), it never spins.
final class Latch: Sendable {
    /// How long a waiter stays parked if the test never opens the gate (it failed or was stuck
    /// before its `open()`): long past every wait a test bounds (a minute), so a passing test
    /// never meets it, and a failing one cannot keep a worker, and so the test process, forever.
    let abandonedAfter: Duration
    private let isOpen = ConditionLock(false)

    init(abandonedAfter: Duration = .seconds(300)) { self.abandonedAfter = abandonedAfter }

    /// Blocks the calling (worker) thread until `open()`, or until ``abandonedAfter``.
    func wait() {
        let deadline = ContinuousClock.now + abandonedAfter
        isOpen.wait { open in open || ContinuousClock.now >= deadline ? .proceed(()) : .parkUntil(deadline) }
    }
    /// Lets every waiter through, now and later.
    func open() {
        isOpen.withLock { $0 = true }
        isOpen.broadcast()
    }
    /// Blocks the calling thread until `open()` (`true`) or until the current task is cancelled
    /// (`false`): the cancellation handler wakes the sleeping thread, no polling.
    func waitUnlessCancelled() async -> Bool {
        await withTaskCancellationHandler {
            isOpen.wait { open in open ? true : (Task.isCancelled ? false : nil) }
        } onCancel: {
            // Under the lock: the waiter is either before its check (and sees the cancellation)
            // or asleep on the condition (and is woken).
            isOpen.withLock { _ in }
            isOpen.broadcast()
        }
    }
}

/// A thread-safe append-only log.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = ConditionLock<[Value]>([])
    func append(_ value: Value) { storage.withLock { $0.append(value) } }
    var values: [Value] { storage.withLock { $0 } }
}

/// A thread-safe counter.
final class Counter: Sendable {
    private let storage = Atomic<Int>(0)
    func increment() { storage.add(1, ordering: .relaxed) }
    var value: Int { storage.load(ordering: .relaxed) }
}

/// Polls `condition` until it holds, for states that publish no change notification (a
/// thread's scheduler state in /proc); lane states use `RenderLanes.until(_:)`, the loop's
/// queue `DisplayLoop.waitUntilQueued(jobs:timeout:)`. Records an issue and gives up after a
/// minute, or when the test is cancelled.
func waitUntil(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
    let deadline = ContinuousClock.now + .seconds(60)
    while !condition() {
        guard !Task.isCancelled, ContinuousClock.now < deadline else {
            Issue.record("condition never held", sourceLocation: sourceLocation)
            return
        }
        try? await Task.sleep(for: .milliseconds(1))
    }
}

extension RenderLanes {
    /// Waits until the lanes' metrics satisfy `condition`: woken by each change of the admission
    /// and executor queues, no polling and no sleeps. Records an issue if it has not held after
    /// a minute (a bound on a failing test, not a synchronisation).
    func until(_ condition: @escaping @Sendable (RenderLanesMetrics) -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
        await waitWithTimeout(.seconds(60)) { await self.waitUntilMetrics(condition) }
        let held = condition(metrics)
        if !held { Issue.record("the lanes never reached the awaited state: \(metrics)", sourceLocation: sourceLocation) }
    }
}

/// Holds the single worker of `lanes` busy until `latch` opens; returns once it is running.
func holdWorker(of lanes: RenderLanes, until latch: Latch, lane: RenderPriority = .userInteractive) async -> Task<Void, any Error> {
    let before = lanes.metrics.executor.running
    let task = Task { try await lanes.render(priority: lane) { latch.wait() } }
    await lanes.until { $0.executor.running > before }
    return task
}

/// Names of this process's threads that start with `prefix` (from /proc/self/task/*/comm).
func threadNames(withPrefix prefix: String) -> [String] {
    guard let tasks = try? FileManagerLite.list("/proc/self/task") else { return [] }
    return tasks.compactMap { tid in
        FileManagerLite.read("/proc/self/task/\(tid)/comm")?.trimmingTrailingNewline
    }.filter { $0.hasPrefix(prefix) }
}

#if canImport(Glibc)
import Glibc
#endif

/// Directory listing and small-file reads without Foundation.
enum FileManagerLite {
    static func list(_ path: String) throws -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    static func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 256)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
    }
}

extension String {
    var trimmingTrailingNewline: String {
        hasSuffix("\n") ? String(dropLast()) : self
    }
}

/// Per-index run counts, to check exactly-once completion.
final class Tally: Sendable {
    private let storage: ConditionLock<[Int]>
    init(count: Int) { storage = ConditionLock([Int](repeating: 0, count: count)) }
    func increment(_ index: Int) { storage.withLock { $0[index] += 1 } }
    /// Whether every index ran exactly once.
    var allExactlyOnce: Bool { storage.withLock { counts in counts.allSatisfy { $0 == 1 } } }
}

/// Counts items running now and the peak.
final class Gauge: Sendable {
    private let running = Atomic<Int>(0)
    private let highest = Atomic<Int>(0)
    func enter() { highest.max(running.add(1, ordering: .relaxed).newValue, ordering: .relaxed) }
    func leave() { _ = running.subtract(1, ordering: .relaxed) }
    var peak: Int { highest.load(ordering: .relaxed) }
}
