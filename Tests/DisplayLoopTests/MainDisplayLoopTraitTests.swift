@testable import AsyncLayerKitTesting
import Synchronization
import Testing

/// `.mainDisplayLoop` on a suite leases the main loop for the whole suite before its tests start,
/// so a test never queues for the loop inside its own `.timeLimit` (under CPU load that queue, the
/// other main-loop suites of the process, outlasted one-minute limits). The suite's tests run one
/// at a time under the suite's lease.
@Suite(.mainDisplayLoop, .timeLimit(.minutes(5))) struct MainDisplayLoopTraitTests {
    @Test(arguments: 0..<3) func eachTestRunsUnderItsSuitesLease(index: Int) async {
        #expect(MainLoopLease.isHeld)
        #expect(await MainLoopLease.shared.isHeldBySuite)
    }

    /// How many of this suite's tests are running now.
    static let running = Atomic<Int>(0)

    /// The suite's test cases run one at a time (the trait serializes them as `.serialized`
    /// does): each sees itself alone, before and after yielding its thread many times, which
    /// gives a test case running beside it every chance to show.
    @Test(arguments: 0..<4) func theSuitesTestsRunOneAtATime(index: Int) async {
        let alone = Self.running.add(1, ordering: .sequentiallyConsistent).newValue == 1
        for _ in 0..<200 { await Task.yield() }
        let stillAlone = Self.running.load(ordering: .sequentiallyConsistent) == 1
        Self.running.subtract(1, ordering: .sequentiallyConsistent)
        #expect(alone && stillAlone, "test case \(index) ran beside another test of the suite")
    }
}

/// A lone test with the trait leases the loop for itself.
@Test(.mainDisplayLoop) func aLoneMainLoopTestLeasesTheLoopItself() async {
    #expect(MainLoopLease.isHeld)
    #expect(await MainLoopLease.shared.isHeldBySuite == false)
}
