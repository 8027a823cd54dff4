import AsyncLayerKit
@testable import Elements
@testable import Rendering
import Testing

/// Priority escalation moves a queued item to a higher lane.
@Suite(.timeLimit(.minutes(5))) struct RenderLaneEscalationTests {
    enum Escalation: String, CaseIterable, Sendable {
        /// `Task.escalatePriority(to:)` on the waiting task.
        case explicit
        /// A high-priority task awaits the waiting task's value.
        case awaitedByAHigherPriorityTask
    }

    @Test(arguments: Escalation.allCases)
    func anEscalatedWaiterMovesUp(escalation: Escalation) async throws {
        let lanes = RenderLanes(width: 1, threadPriorities: .unchanged)
        defer { lanes.shutdown() }
        let latch = Latch()
        let holder = await holdWorker(of: lanes, until: latch)
        let order = Recorder<String>()
        // No lane given: the background task's priority picks the background lane.
        let escalated = Task(priority: .background) { try await lanes.render { order.append("escalated") } }
        await lanes.until { $0.executor.queuedPerLane[.background] == 1 }
        let others = (0..<3).map { index in
            Task { try await lanes.render(priority: .utility) { order.append("utility\(index)") } }
        }
        await lanes.until { $0.executor.queued == 4 }

        var awaiter: Task<Void, any Error>?
        switch escalation {
        case .explicit:
            escalated.escalatePriority(to: .high)
        case .awaitedByAHigherPriorityTask:
            awaiter = Task(priority: .high) { try await escalated.value }
        }
        await lanes.until { $0.executor.promotions == 1 }
        #expect(lanes.metrics.executor.queuedPerLane[.userInitiated] == 1)
        latch.open()
        for task in others + [holder, escalated] { try await task.value }
        try await awaiter?.value
        #expect(order.values.first == "escalated")
    }

    /// `renderAsync` waiting for admission moves up when its task is escalated: with one slot
    /// held, an escalated background call is admitted before utility calls that waited longer.
    @Test func anEscalatedAsyncCallWaitingForAdmissionMovesUp() async throws {
        let lanes = RenderLanes(width: 1, admissionLimit: 1, threadPriorities: .unchanged)
        defer { lanes.shutdown() }
        let latch = Latch()
        let holder = await holdWorker(of: lanes, until: latch)
        let order = Recorder<String>()
        let escalated = Task(priority: .background) { try await lanes.renderAsync { order.append("escalated") } }
        await lanes.until { $0.waitingForAdmission == 1 }
        let others = (0..<3).map { index in
            Task { try await lanes.renderAsync(priority: .utility) { order.append("utility\(index)") } }
        }
        await lanes.until { $0.waitingForAdmission == 4 }
        escalated.escalatePriority(to: .high)
        // The escalation handler runs inside escalatePriority; the gate counts the move.
        await lanes.until { $0.promotedWhileWaiting == 1 }
        latch.open()
        for task in others + [holder, escalated] { try await task.value }
        #expect(order.values.first == "escalated")
    }

    /// `renderAsync` already admitted, its work queued on the executor: escalating the calling
    /// task moves the queued job to the new lane (the runtime leaves a queued job where it is),
    /// so it runs before utility work that was queued ahead of it, in the userInitiated lane.
    @Test(arguments: Escalation.allCases)
    func anEscalatedAsyncCallQueuedOnTheExecutorMovesUp(escalation: Escalation) async throws {
        let lanes = RenderLanes(width: 1, threadPriorities: .unchanged, starvationLimit: 100)
        defer { lanes.shutdown() }
        let latch = Latch()
        let holder = await holdWorker(of: lanes, until: latch, lane: .utility)
        let order = Recorder<String>()
        let lane = Recorder<RenderPriority?>()
        let escalated = Task(priority: .background) {
            try await lanes.renderAsync {
                order.append("escalated")
                lane.append(lanes.executor.currentLane)
            }
        }
        // Admitted at once (the limit is 16): its child task's first job waits in the background lane.
        await lanes.until { $0.executor.queuedPerLane[.background] == 1 }
        let others = (0..<3).map { index in
            Task { try await lanes.renderAsync(priority: .utility) { order.append("utility\(index)") } }
        }
        await lanes.until { $0.executor.queuedPerLane[.utility] == 3 }

        var awaiter: Task<Void, any Error>?
        switch escalation {
        case .explicit:
            escalated.escalatePriority(to: .high)
        case .awaitedByAHigherPriorityTask:
            awaiter = Task(priority: .high) { try await escalated.value }
        }
        await lanes.until { $0.executor.promotions >= 1 }
        #expect(lanes.metrics.executor.queuedPerLane[.userInitiated] == 1)
        #expect(lanes.metrics.executor.queuedPerLane[.background] == 0)
        latch.open()
        for task in others + [holder, escalated] { try await task.value }
        try await awaiter?.value
        #expect(order.values.first == "escalated")
        #expect(lane.values == [.userInitiated])
    }
}
