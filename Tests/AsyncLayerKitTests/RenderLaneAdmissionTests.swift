import AsyncLayerKit
@testable import Elements
@testable import Rendering
import Testing

/// Back-pressure: at most `admissionLimit` items queued or running.
@Suite(.timeLimit(.minutes(5))) struct RenderLaneAdmissionTests {
    @Test(arguments: [1, 3, 8])
    func theCallPastTheLimitWaitsOrFailsFast(limit: Int) async throws {
        let lanes = RenderLanes(width: 1, admissionLimit: limit, threadPriorities: .unchanged)
        defer { lanes.shutdown() }
        let latch = Latch()
        let holder = await holdWorker(of: lanes, until: latch)
        let ran = Counter()
        let admitted = (1..<limit).map { _ in Task { try await lanes.render { ran.increment() } } }
        await lanes.until { $0.admitted == limit }

        let waiterRan = Counter()
        let waiter = Task { try await lanes.render(priority: .background) { waiterRan.increment() } }
        await lanes.until { $0.waitingForAdmission == 1 }
        #expect(lanes.metrics.executor.queued == limit - 1)

        await #expect(throws: RenderLaneError.overloaded(queued: limit, limit: limit)) {
            try await lanes.render(whenFull: .fail) { ran.increment() }
        }
        #expect(lanes.metrics.rejected == 1)
        #expect(waiterRan.value == 0)

        latch.open()
        for task in admitted + [holder, waiter] { try await task.value }
        #expect(ran.value == limit - 1)
        #expect(waiterRan.value == 1)
        #expect(lanes.metrics.admitted == 0)
        #expect(lanes.metrics.maxWaitingForAdmission == 1)
    }

    @Test func aFailFastLanesObjectRefusesAtTheLimit() async throws {
        let lanes = RenderLanes(width: 1, admissionLimit: 1, overloadPolicy: .fail, threadPriorities: .unchanged)
        defer { lanes.shutdown() }
        let latch = Latch()
        let holder = await holdWorker(of: lanes, until: latch)
        await #expect(throws: RenderLaneError.overloaded(queued: 1, limit: 1)) { try await lanes.render { 1 } }
        latch.open()
        try await holder.value
        #expect(try await lanes.render { 2 } == 2)
    }

    @Test func aCallCancelledWhileWaitingForAdmissionNeverRuns() async throws {
        let lanes = RenderLanes(width: 1, admissionLimit: 1, threadPriorities: .unchanged)
        defer { lanes.shutdown() }
        let latch = Latch()
        let holder = await holdWorker(of: lanes, until: latch)
        let ran = Counter()
        let waiter = Task { try await lanes.render { ran.increment() } }
        await lanes.until { $0.waitingForAdmission == 1 }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        latch.open()
        try await holder.value
        #expect(ran.value == 0)
        #expect(lanes.metrics.cancelledWhileWaiting == 1)
        #expect(lanes.metrics.admitted == 0)
    }
}
