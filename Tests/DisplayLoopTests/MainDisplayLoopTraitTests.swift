@testable import AsyncLayerKitTesting
import Testing

/// `.mainDisplayLoop` on a suite leases the main loop for the whole suite before its tests start,
/// so a test never queues for the loop inside its own `.timeLimit` (under CPU load that queue, the
/// other main-loop suites of the process, outlasted one-minute limits). The suite's tests run one
/// at a time under the suite's lease.
@Suite(.mainDisplayLoop, .timeLimit(.minutes(1))) struct MainDisplayLoopTraitTests {
    @Test(arguments: 0..<3) func eachTestRunsUnderItsSuitesLease(index: Int) async {
        #expect(MainLoopLease.isHeld)
        #expect(await MainLoopLease.shared.isHeldBySuite)
    }
}

/// A lone test with the trait leases the loop for itself.
@Test(.mainDisplayLoop) func aLoneMainLoopTestLeasesTheLoopItself() async {
    #expect(MainLoopLease.isHeld)
    #expect(await MainLoopLease.shared.isHeldBySuite == false)
}
