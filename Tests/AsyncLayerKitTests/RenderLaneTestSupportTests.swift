import AsyncLayerKit
@testable import Elements
@testable import Rendering
import Testing

/// The test gates that hold a lane thread busy must block it, not spin it: a spinning worker
/// steals a core from the other lanes (the machine has two) and makes timing tests lie.
@Suite(.timeLimit(.minutes(5))) struct RenderLaneTestSupportTests {
    enum Blocker: String, CaseIterable, Sendable {
        /// `Gate`, the layer tests' draw gate.
        case gate
        /// `Latch`, the lane tests' worker gate.
        case latch
    }

    @Test(arguments: Blocker.allCases)
    func aLaneThreadWaitingAtAGateSleepsInTheKernel(blocker: Blocker) async throws {
        let name = "RLBlock\(blocker == .gate ? "G" : "L")"
        let executor = RenderExecutor(width: 1, name: name, threadPriorities: .unchanged)
        let lanes = RenderLanes(executor: executor)
        defer { executor.shutdown() }
        let gate = Gate(), latch = Latch()
        let held = Task {
            try await lanes.render {
                switch blocker {
                case .gate: gate.wait()
                case .latch: latch.wait()
                }
            }
        }
        await lanes.until { $0.executor.running == 1 }
        // /proc reports "S" for a thread asleep in the kernel; a spinning thread stays "R". The
        // kernel publishes no change notification, so this one wait polls (bounded).
        await waitUntil { threadStates(withPrefix: name + "-") == ["S"] }
        gate.release()
        latch.open()
        try await held.value
    }

    /// A latch its test never opens (the test failed before its `open()`) lets its worker go
    /// after `abandonedAfter`, so the lane and the test process are not held forever.
    @Test func anAbandonedLatchLetsItsWorkerGo() async throws {
        let executor = RenderExecutor(width: 1, name: "RLAband", threadPriorities: .unchanged)
        let lanes = RenderLanes(executor: executor)
        defer { executor.shutdown() }
        let latch = Latch(abandonedAfter: .milliseconds(50))
        let started = ContinuousClock.now
        try await lanes.render { latch.wait() }
        #expect(ContinuousClock.now - started >= .milliseconds(50))
    }
}

/// The scheduler states ("R", "S", …) of this process's threads whose names start with `prefix`.
func threadStates(withPrefix prefix: String) -> [String] {
    guard let tasks = try? FileManagerLite.list("/proc/self/task") else { return [] }
    return tasks.compactMap { tid -> String? in
        guard let name = FileManagerLite.read("/proc/self/task/\(tid)/comm")?.trimmingTrailingNewline,
              name.hasPrefix(prefix),
              let stat = FileManagerLite.read("/proc/self/task/\(tid)/stat"),
              let close = stat.lastIndex(of: ")")
        else { return nil }
        // "tid (comm) S …": the state follows the closing parenthesis of the name.
        return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
    }
}
