import AsyncLayerKit
@testable import Elements
@testable import Rendering
import LayerKitSupport
import Testing

/// Shared work (``InFlightWork`` on a ``RenderExecutor``, and ``ElementRenderService`` through
/// it) runs in the lane of its most urgent waiter: a more urgent request that joins moves the
/// work's queued jobs to its lane, ahead of lower-lane work queued before them.
///
/// Each test holds the single worker with a `utility` item, queues three `utility` items behind
/// it, then starts shared work at `utility` (its first job queues behind those three) and joins
/// it from a `userInitiated` request. A starvation limit of 100 keeps the anti-starvation rule
/// out of the picture.
@Suite(.timeLimit(.minutes(5))) struct RenderLaneSharedWorkTests {
    /// Three utility items queued behind a held utility worker; returns their tasks.
    static func queueUtilityWork(on lanes: RenderLanes, log: Recorder<String>) async -> [Task<Void, any Error>] {
        var tasks: [Task<Void, any Error>] = []
        for index in 0..<3 {
            // One at a time, so that they queue in index order (tasks started together reach
            // the queue in any order).
            tasks.append(Task { try await lanes.render(priority: .utility) { log.append("utility\(index)") } })
            await lanes.until { $0.executor.queuedPerLane[.utility] == index + 1 }
        }
        return tasks
    }

    @Test func aMoreUrgentWaiterMovesInFlightWorkToItsLane() async throws {
        let lanes = RenderLanes(width: 1, threadPriorities: .unchanged, starvationLimit: 100)
        defer { lanes.shutdown() }
        let latch = Latch()
        let holder = await holdWorker(of: lanes, until: latch, lane: .utility)
        let log = Recorder<String>()
        let utility = await Self.queueUtilityWork(on: lanes, log: log)

        let shared = InFlightWork<String, RenderPriority?>()
        let executor = lanes.executor
        let work: @Sendable () async throws -> RenderPriority? = {
            log.append("shared")
            return executor.currentLane
        }
        let first = Task(priority: .utility) { try await shared.value(for: "card", executor: executor, work) }
        await lanes.until { $0.executor.queuedPerLane[.utility] == 4 }  // the work's first job
        let urgent = Task(priority: .userInitiated) { try await shared.value(for: "card", executor: executor, work) }
        await lanes.until { $0.executor.promotions == 1 }
        #expect(lanes.metrics.executor.queuedPerLane[.userInitiated] == 1)
        #expect(lanes.metrics.executor.queuedPerLane[.utility] == 3)

        latch.open()
        let lanes1 = try await first.value, lanes2 = try await urgent.value
        for task in utility + [holder] { try await task.value }
        #expect(shared.joined == 1)
        #expect(lanes1 == .userInitiated && lanes2 == .userInitiated)  // the lane that ran it
        #expect(log.values == ["shared", "utility0", "utility1", "utility2"])
    }

    /// The same through ``ElementRenderService``: the render (its shared task, its cache look-up,
    /// the draw in `renderAsync`) runs in the userInitiated lane, on a lane thread, before the
    /// utility items queued ahead of it.
    @Test func aSharedRenderRunsInTheLaneOfItsMostUrgentRequester() async throws {
        let lanes = RenderLanes(width: 1, threadPriorities: .unchanged, starvationLimit: 100)
        defer { lanes.shutdown() }
        let service = ElementRenderService(.init(limits: .testing, lanes: lanes, cacheBytes: 1 << 20))
        let latch = Latch()
        let holder = await holdWorker(of: lanes, until: latch, lane: .utility)
        let log = Recorder<String>()
        let utility = await Self.queueUtilityWork(on: lanes, log: log)

        let token = LaneProbe.register(lanes: lanes, log: log)
        let tree = Element.custom(LaneProbe(token: token), frame: Rect(x: 0, y: 0, width: 4, height: 4))
        let size = Size(width: 4, height: 4)
        let first = Task(priority: .utility) { try await service.render(RenderRequest(tree, size: size, scale: 1, priority: .utility)) }
        await lanes.until { $0.executor.queuedPerLane[.utility] == 4 }  // the shared task's first job
        let urgent = Task(priority: .userInitiated) {
            try await service.render(RenderRequest(tree, size: size, scale: 1, priority: .userInitiated))
        }
        await lanes.until { $0.executor.promotions >= 1 }
        #expect(lanes.metrics.executor.queuedPerLane[.userInitiated] == 1)

        latch.open()
        _ = try await first.value
        _ = try await urgent.value
        for task in utility + [holder] { try await task.value }
        #expect(service.renders == 1)
        #expect(service.inFlight.joined == 1)
        #expect(log.values == ["draw userInitiated RenderLane", "utility0", "utility1", "utility2"])
        // Every entry the render queued ran in the userInitiated lane; utility ran only the four items.
        #expect(lanes.metrics.executor.ran[.utility] == 4)
        #expect(lanes.metrics.executor.ran[.background] == 0)
        #expect(lanes.metrics.executor.ran[.userInitiated, default: 0] >= 1)
    }
}

/// A custom element whose draw logs the lane and the thread that drew it.
struct LaneProbe: CustomElement {
    static let typeName = "laneProbe"
    var token: Int

    private static let registry = Locked<[Int: (lanes: RenderLanes, log: Recorder<String>)]>([:])

    /// Registers where the probe with the returned token logs.
    static func register(lanes: RenderLanes, log: Recorder<String>) -> Int {
        registry.withLock { entries in
            let token = entries.count + 1
            entries[token] = (lanes, log)
            return token
        }
    }

    func draw(in context: GraphicsContext, size: Size) throws {
        guard let (lanes, log) = Self.registry.withLock({ $0[token] }) else { return }
        let lane = lanes.executor.currentLane.map(String.init(describing:)) ?? "none"
        let thread = OSThread.currentName.hasPrefix(lanes.executor.name) ? lanes.executor.name : OSThread.currentName
        log.append("draw \(lane) \(thread)")
    }
}
