@testable import AsyncLayerKitTesting
import Testing

/// `ManualClock.waitForSleepers`: woken by the sleeper that makes the count, bounded by its
/// timeout.
///
/// The bounds are wide on purpose: in a parallel run on two cores a woken wait resumes behind
/// every test queued on the cooperative pool (CI once took 32 s), so a timeout of an hour and a
/// bound of ten minutes tell a wake-up from a timeout without timing the machine.
@Suite(.timeLimit(.minutes(15))) struct ManualClockTests {
    static let clock = ContinuousClock()

    @Test func waitForSleepersIsWokenByTheSleeperThatMakesTheCount() async {
        let manual = ManualClock()
        let sleepers = Task {
            // Only once the waiter is parked (yields, no sleep: this tests the wake-up itself).
            while manual.sleeperWaiterCount == 0 { await Task.yield() }
            await withTaskGroup(of: Void.self) { group in
                for second in 1...3 {
                    group.addTask { try? await manual.sleep(until: .init(offset: .seconds(second))) }
                }
            }
        }
        let start = Self.clock.now
        #expect(await manual.waitForSleepers(count: 3, timeout: .seconds(3600)))
        #expect(start.duration(to: Self.clock.now) < .seconds(600))  // not by its timeout
        #expect(manual.sleeperCount == 3)
        manual.advance(by: .seconds(3))
        await sleepers.value
        #expect(manual.sleeperCount == 0)
    }

    @Test func waitForSleepersGivesUpAfterItsTimeout() async {
        let manual = ManualClock()
        let start = Self.clock.now
        #expect(await manual.waitForSleepers(count: 1, timeout: .milliseconds(100)) == false)
        #expect(start.duration(to: Self.clock.now) >= .milliseconds(100))
    }
}
