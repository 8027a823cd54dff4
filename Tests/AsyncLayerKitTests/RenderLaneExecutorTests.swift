import AsyncLayerKit
@testable import Elements
@testable import Rendering
import LayerKitSupport
import Testing

/// Width, threads, thread priorities and shutdown of the executor behind the lanes.
@Suite(.timeLimit(.minutes(5))) struct RenderLaneExecutorTests {
    @Test(arguments: [1, 3, 4])
    func neverRunsMoreThanWidthAtOnce(width: Int) async throws {
        let lanes = RenderLanes(width: width, threadPriorities: .unchanged)
        defer { lanes.shutdown() }
        let gauge = Gauge()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<64 {
                group.addTask {
                    _ = try await lanes.render(priority: RenderPriority.servingOrder[index % 4]) {
                        gauge.enter()
                        var spin = 0
                        for step in 0..<20_000 { spin &+= step }
                        gauge.leave()
                        return spin
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(gauge.peak <= width)
        #expect(lanes.metrics.executor.maxRunning <= width)
        #expect(lanes.metrics.executor.ranTotal == 64)
    }

    @Test func workRunsOnNamedWorkerThreadsNotTheCooperativePool() async throws {
        let executor = RenderExecutor(width: 2, threadPriorities: .unchanged)
        defer { executor.shutdown() }
        let lanes = RenderLanes(executor: executor)
        for lane in RenderPriority.servingOrder {
            let (name, onWorker) = try await lanes.render(priority: lane) { (OSThread.currentName, executor.isCurrentThreadAWorker) }
            #expect(onWorker)
            #expect(name == "RenderLane-0" || name == "RenderLane-1")
        }
        let asyncOnWorker = try await lanes.renderAsync(priority: .utility) {
            await Task.yield()
            return executor.isCurrentThreadAWorker
        }
        #expect(asyncOnWorker)
        let preferred = await withTaskExecutorPreference(executor) { executor.isCurrentThreadAWorker }
        #expect(preferred)
        let detached = await Task.detached { executor.isCurrentThreadAWorker }.value
        #expect(!detached)
    }

    @Test func workersLowerTheirNiceValueForLowLanesAndRestoreIt() async throws {
        let lanes = RenderLanes(width: 1, threadPriorities: .standard)
        defer { lanes.shutdown() }
        var observed: [RenderPriority: Int32] = [:]
        for lane in [RenderPriority.userInteractive, .background, .utility, .userInitiated] {
            observed[lane] = try await lanes.render(priority: lane) { OSThread.niceValue }
        }
        let base = try #require(observed[.userInteractive])
        if lanes.executor.appliesThreadPriorities {
            #expect(observed[.background] == min(base + 10, 19))
            #expect(observed[.utility] == min(base + 5, 19))
            #expect(observed[.userInitiated] == base)
        } else {
            #expect(Set(observed.values) == [base])
        }
    }

    @Test(arguments: [1, 3])
    func shutdownRunsQueuedWorkThenJoinsTheThreads(width: Int) async throws {
        let prefix = "RLJoin\(width)"
        let executor = RenderExecutor(width: width, name: prefix, threadPriorities: .unchanged)
        let lanes = RenderLanes(executor: executor)
        #expect(threadNames(withPrefix: prefix + "-").count == width)
        let latch = Latch()
        let holders = await (0..<width).asyncMap { _ in await holdWorker(of: lanes, until: latch) }
        let ran = Counter()
        let queued = (0..<5).map { _ in Task { try await lanes.render { ran.increment() } } }
        await lanes.until { $0.executor.queued == 5 }
        latch.open()
        executor.shutdown()
        #expect(ran.value == 5)
        for task in queued + holders { try await task.value }
        #expect(executor.metrics.liveThreads == 0)
        #expect(threadNames(withPrefix: prefix + "-").isEmpty)
        await #expect(throws: RenderLaneError.shutDown) { try await lanes.render { ran.increment() } }
        // A task that prefers the executor after shutdown still runs (on a one-off thread).
        let late = await withTaskExecutorPreference(executor) { 42 }
        #expect(late == 42)
        #expect(ran.value == 5)
    }
}

extension RenderLaneExecutorTests {
    @Test func lanesThatOwnTheirExecutorJoinItsThreadsWhenReleased() async throws {
        var lanes: RenderLanes? = RenderLanes(width: 2, threadPriorities: .unchanged)
        let executor = try #require(lanes?.executor)
        #expect(try await lanes?.render { 7 } == 7)
        #expect(executor.metrics.liveThreads == 2)
        lanes = nil
        #expect(executor.metrics.liveThreads == 0)
    }
}

extension Range<Int> {
    func asyncMap<T>(_ transform: (Int) async -> T) async -> [T] {
        var results: [T] = []
        for element in self { results.append(await transform(element)) }
        return results
    }
}
