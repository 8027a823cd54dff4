import AsyncLayerKit
@testable import Elements
@testable import Rendering
import Testing

/// Lanes are served highest first, and the anti-starvation rule lets lower lanes through.
@Suite(.timeLimit(.minutes(5))) struct RenderLaneOrderTests {
    @Test(arguments: [
        [RenderPriority.background, .utility, .userInitiated, .userInteractive],
        [.userInteractive, .background, .userInitiated, .utility],
    ])
    func queuedItemsRunHighestLaneFirst(arrival: [RenderPriority]) async throws {
        let lanes = RenderLanes(width: 1, threadPriorities: .unchanged)
        defer { lanes.shutdown() }
        let latch = Latch()
        let holder = await holdWorker(of: lanes, until: latch)
        let order = Recorder<RenderPriority>()
        var tasks: [Task<Void, any Error>] = []
        for (count, lane) in arrival.enumerated() {
            tasks.append(Task { try await lanes.render(priority: lane) { order.append(lane) } })
            await lanes.until { $0.executor.queued == count + 1 }
        }
        latch.open()
        for task in tasks + [holder] { try await task.value }
        #expect(order.values == RenderPriority.servingOrder)
    }

    @Test(arguments: [1, 4, 8])
    func aBackgroundItemGetsThroughASustainedUserInteractiveStream(limit: Int) async throws {
        let lanes = RenderLanes(width: 1, admissionLimit: 4 * limit + 8, threadPriorities: .unchanged, starvationLimit: limit)
        defer { lanes.shutdown() }
        let latch = Latch()
        let holder = await holdWorker(of: lanes, until: latch)
        let order = Recorder<String>()
        var tasks = [Task { try await lanes.render(priority: .background) { order.append("bg") } }]
        await lanes.until { $0.executor.queued == 1 }
        let stream = limit * 3
        for index in 0..<stream {
            tasks.append(Task { try await lanes.render(priority: .userInteractive) { order.append("ui\(index)") } })
        }
        await lanes.until { $0.executor.queued == stream + 1 }
        latch.open()
        for task in tasks + [holder] { try await task.value }
        #expect(order.values.firstIndex(of: "bg") == limit)
        #expect(lanes.metrics.executor.starvationOverrides == 1)
    }

    /// An explicit lane holds for async work even when the calling task is more urgent: the
    /// child task inherits the caller's priority, but its jobs are queued in the lane asked for.
    @Test(arguments: [RenderPriority.background, .utility, .userInitiated, .userInteractive])
    func renderAsyncRunsInTheLaneItWasGiven(lane: RenderPriority) async throws {
        let lanes = RenderLanes(width: 1, threadPriorities: .unchanged)
        defer { lanes.shutdown() }
        let ran = try await Task(priority: .high) {
            try await lanes.renderAsync(priority: lane) { lanes.executor.currentLane }
        }.value
        #expect(ran == lane)
    }
}
