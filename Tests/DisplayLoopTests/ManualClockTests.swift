import AsyncLayerKitTesting
import Testing

/// `ManualClock.waitForSleepers`: woken by the sleeper that makes the count, bounded by its
/// timeout.
@Suite struct ManualClockTests {
    static let clock = ContinuousClock()

    @Test func waitForSleepersIsWokenByTheSleeperThatMakesTheCount() async {
        let manual = ManualClock()
        let (go, goContinuation) = AsyncStream.makeStream(of: Void.self)
        let sleepers = Task {
            for await _ in go { break }  // only once the waiter is waiting (or about to)
            await withTaskGroup(of: Void.self) { group in
                for second in 1...3 {
                    group.addTask { try? await manual.sleep(until: .init(offset: .seconds(second))) }
                }
            }
        }
        let start = Self.clock.now
        async let reached = manual.waitForSleepers(count: 3, timeout: .seconds(60))
        goContinuation.yield()
        #expect(await reached)
        #expect(start.duration(to: Self.clock.now) < .seconds(30))  // not by its timeout
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
