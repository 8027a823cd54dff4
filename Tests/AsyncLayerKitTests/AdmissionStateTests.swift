import AsyncLayerKit
@testable import Elements
@testable import Rendering
import Testing

/// The admission rule on its own, without tasks or locks: waiters are plain strings.
@Suite struct AdmissionStateTests {
    @Test func admitsUpToTheLimitThenQueuesOrRejects() {
        var gate = AdmissionState<String>(limit: 2, starvationLimit: 8)
        let acquired1 = gate.acquire(policy: .wait)
        #expect(acquired1 == .admitted)
        let acquired2 = gate.acquire(policy: .wait)
        #expect(acquired2 == .admitted)
        let acquired3 = gate.acquire(policy: .fail)
        #expect(acquired3 == .rejected(queued: 2, limit: 2))
        let acquired4 = gate.acquire(policy: .wait)
        #expect(acquired4 == .mustWait)
        let parked5 = gate.park("a", id: 1, lane: .utility)
        #expect(parked5)
        #expect((gate.inFlight, gate.waiters.count, gate.admitted, gate.rejected, gate.maxWaiting) == (2, 1, 2, 1, 1))
    }

    @Test func aReleasedSlotGoesToTheHighestWaitingLaneWithoutFreeingIt() {
        var gate = AdmissionState<String>(limit: 1, starvationLimit: 8)
        let acquired6 = gate.acquire(policy: .wait)
        #expect(acquired6 == .admitted)
        let parked7 = gate.park("low", id: 1, lane: .background)
        #expect(parked7)
        let parked8 = gate.park("high", id: 2, lane: .userInitiated)
        #expect(parked8)
        let handedTo9 = gate.release()
        #expect(handedTo9 == "high")
        #expect(gate.inFlight == 1)
        let handedTo10 = gate.release()
        #expect(handedTo10 == "low")
        let handedTo11 = gate.release()
        #expect(handedTo11 == nil)
        #expect((gate.inFlight, gate.admitted) == (0, 3))
    }

    /// A waiter never jumps the queue: while anybody waits, a new caller waits too, even with a
    /// slot free; and a caller that had to wait is admitted at once if the slot came free meanwhile.
    @Test func nobodyOvertakesAWaiterAndAFreedSlotIsTakenWhenParking() {
        var gate = AdmissionState<String>(limit: 1, starvationLimit: 8)
        let acquired12 = gate.acquire(policy: .wait)
        #expect(acquired12 == .admitted)
        let acquired13 = gate.acquire(policy: .wait)
        #expect(acquired13 == .mustWait)
        let handedTo14 = gate.release()  // freed before the waiter parked
        #expect(handedTo14 == nil)
        let parked15 = gate.park("late", id: 1, lane: .utility)  // takes the slot: resume at once
        #expect(!parked15)
        let parked16 = gate.park("next", id: 2, lane: .utility)
        #expect(parked16)
        let acquired17 = gate.acquire(policy: .wait)
        #expect(acquired17 == .mustWait)
    }

    @Test func cancelRemovesAWaiterOnceAndPromoteMovesIt() {
        var gate = AdmissionState<String>(limit: 1, starvationLimit: 8)
        let acquired18 = gate.acquire(policy: .wait)
        #expect(acquired18 == .admitted)
        let parked19 = gate.park("a", id: 1, lane: .background)
        #expect(parked19)
        let parked20 = gate.park("b", id: 2, lane: .utility)
        #expect(parked20)
        let parked21 = gate.park("c", id: 3, lane: .background)
        #expect(parked21)
        gate.promote(id: 3, to: .userInteractive)
        gate.promote(id: 9, to: .userInteractive)  // not waiting: no effect
        let removed22 = gate.cancel(id: 1)
        #expect(removed22 == "a")
        let removed23 = gate.cancel(id: 1)
        #expect(removed23 == nil)
        #expect((gate.cancelledWhileWaiting, gate.promotedWhileWaiting) == (1, 1))
        let handedTo24 = gate.release()
        #expect(handedTo24 == "c")
        let handedTo25 = gate.release()
        #expect(handedTo25 == "b")
    }
}
