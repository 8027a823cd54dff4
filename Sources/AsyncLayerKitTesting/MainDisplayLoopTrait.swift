public import Testing

/// A test trait that puts ``/DisplayLoop/DisplayLoop/main`` under manual control and gives the
/// test exclusive use of it, run until idle before and released after. See
/// <doc:TestingWithTheManualLoop>.
///
/// ```swift
/// @Test(.mainDisplayLoop) func tenCommitsDrawOnce() async throws {
///     let turns = DisplayLoop.main.runUntilIdle()
/// }
/// ```
public struct MainDisplayLoopTrait: TestTrait, SuiteTrait, TestScoping {
    /// Applies to each test of a suite, not once around the suite.
    public var isRecursive: Bool { true }

    /// Runs the test with exclusive, manual use of the main loop.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil || !test.isSuite else {
            try await function()
            return
        }
        guard DisplayLoop.main.useManualDriver() else {
            Issue.record("DisplayLoop.main already runs on its own thread: every test that uses DisplayActor needs .mainDisplayLoop")
            return
        }
        try await MainLoopLease.shared.withLease {
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

/// One test at a time on the main loop: a FIFO async lock.
actor MainLoopLease {
    static let shared = MainLoopLease()
    private var held = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func withLease(_ body: () async throws -> Void) async throws {
        if held {
            await withCheckedContinuation { waiters.append($0) }
        }
        held = true
        defer {
            if waiters.isEmpty {
                held = false
            } else {
                waiters.removeFirst().resume()
            }
        }
        try await body()
    }
}
