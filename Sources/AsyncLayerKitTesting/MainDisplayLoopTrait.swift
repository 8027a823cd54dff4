public import Testing

/// A test trait that puts ``/DisplayLoop/DisplayLoop/main`` under manual control and gives the
/// test exclusive use of it, run until idle before and released after. See
/// <doc:TestingWithTheManualLoop>.
///
/// On a suite, the suite waits for the loop once, outside its tests' time limits, and keeps it
/// while its tests run one after the other. Swift Testing starts a test's `.timeLimit` clock
/// before the test's own scope, so a test that queued for the loop itself would spend its limit
/// in the queue — under CPU load, behind every other main-loop suite of the process. A lone test
/// with the trait still waits for the loop itself.
///
/// ```swift
/// @Test(.mainDisplayLoop) func tenCommitsDrawOnce() async throws {
///     let turns = DisplayLoop.main.runUntilIdle()
/// }
/// ```
public struct MainDisplayLoopTrait: TestTrait, SuiteTrait, TestScoping {
    /// Applies to each test of a suite, and to the suite itself (see the type's discussion).
    public var isRecursive: Bool { true }

    /// Scopes suites (which lease the loop) and test cases (which drive it idle around the test).
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite || testCase != nil ? self : nil
    }

    /// Runs the suite or test with exclusive, manual use of the main loop.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        guard DisplayLoop.main.useManualDriver() else {
            Issue.record("DisplayLoop.main already runs on its own thread: every test that uses DisplayActor needs .mainDisplayLoop")
            return
        }
        if testCase == nil && test.isSuite {
            // The suite's tests share the loop, so they run one at a time, under the suite's lease.
            try await MainLoopLease.shared.withLease(bySuite: true) {
                try await ParallelizationTrait.serialized.provideScope(for: test, testCase: nil, performing: function)
            }
            return
        }
        try await MainLoopLease.shared.withLease(bySuite: false) {
            DisplayLoop.main.runUntilIdle()
            defer { DisplayLoop.main.runUntilIdle() }
            try await function()
        }
    }
}

extension Trait where Self == MainDisplayLoopTrait {
    /// Exclusive, manual use of ``/DisplayLoop/DisplayLoop/main`` for this test (see
    /// ``MainDisplayLoopTrait``).
    public static var mainDisplayLoop: MainDisplayLoopTrait { MainDisplayLoopTrait() }
}

/// One suite or test at a time on the main loop: a FIFO async lock, held through the task tree of
/// its holder (a suite's tests, nested suites), which take it without waiting.
actor MainLoopLease {
    static let shared = MainLoopLease()
    /// Whether the current task runs under the lease (set for the holder's task tree).
    @TaskLocal static var isHeld = false

    private var held = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    /// Whether the lease is held by a suite (for its tests), rather than by a lone test.
    private(set) var isHeldBySuite = false

    /// Runs `body` under the lease: at once when the current task already runs under it, else
    /// after every earlier holder. `bySuite`: the holder is a suite.
    nonisolated func withLease(bySuite: Bool, _ body: @Sendable () async throws -> Void) async throws {
        if Self.isHeld {
            try await body()
            return
        }
        await acquire(bySuite: bySuite)
        do {
            try await Self.$isHeld.withValue(true) { try await body() }
        } catch {
            await release()
            throw error
        }
        await release()
    }

    private func acquire(bySuite: Bool) async {
        if held {
            await withCheckedContinuation { waiters.append($0) }
        } else {
            held = true
        }
        isHeldBySuite = bySuite
    }

    /// Hands the lease to the next waiter (which then holds it), or frees it.
    private func release() {
        if waiters.isEmpty {
            held = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}
