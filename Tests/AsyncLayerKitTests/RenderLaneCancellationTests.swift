import AsyncLayerKit
@testable import Elements
@testable import Rendering
import Testing

/// Work cancelled before it starts never runs; everything else completes exactly once.
@Suite(.timeLimit(.minutes(5))) struct RenderLaneCancellationTests {
    @Test(arguments: [10_000])
    func cancelledWhileQueuedNeverRuns(count: Int) async throws {
        let lanes = RenderLanes(width: 1, admissionLimit: 2 * count + 1, threadPriorities: .unchanged)
        defer { lanes.shutdown() }
        let latch = Latch()
        let holder = await holdWorker(of: lanes, until: latch)
        let victimsRan = Counter()
        let survivorRuns = Tally(count: count)

        let victims = Task {
            await withTaskGroup(of: Bool.self) { group in
                for index in 0..<count {
                    group.addTask {
                        do {
                            try await lanes.render(priority: RenderPriority.servingOrder[index % 4]) { victimsRan.increment() }
                            return false
                        } catch {
                            return error is CancellationError
                        }
                    }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
        }
        let survivors = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<count {
                    group.addTask {
                        try await lanes.render(priority: RenderPriority.servingOrder[index % 4]) {
                            survivorRuns.increment(index)
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        await lanes.until { $0.executor.queued == 2 * count }
        victims.cancel()
        let cancelled = await victims.value
        latch.open()
        try await survivors.value
        try await holder.value

        #expect(victimsRan.value == 0)
        #expect(cancelled == count)
        #expect(lanes.metrics.executor.cancelledBeforeStart == count)
        #expect(survivorRuns.allExactlyOnce)
        #expect(lanes.metrics.executor.ranTotal == count + 1)
        #expect(lanes.metrics.admitted == 0)
    }

    @Test func anAlreadyCancelledTaskNeverQueues() async throws {
        let lanes = RenderLanes(width: 1, threadPriorities: .unchanged)
        defer { lanes.shutdown() }
        let ran = Counter()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await lanes.render { ran.increment() }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(ran.value == 0)
        #expect(lanes.metrics.admittedTotal == 0)
    }
}
