import DisplayLoop
import LayerKitSupport

extension DisplayLoop {
    /// Drives the manual main loop until `condition` holds, waiting between turns for work that
    /// finishes off the loop, for at most `timeout` of real time. Returns whether the condition
    /// held.
    ///
    /// The way a test waits for a draw on a render lane, an operation of an
    /// ``/DisplayLoop/AsyncTransaction``, or anything else that ends off the loop and comes back to
    /// it as a job:
    ///
    /// ```swift
    /// DisplayLoop.drive { layer.setNeedsDisplay() }
    /// #expect(await DisplayLoop.settle { layer.contents != nil && !layer.isDisplaying })
    /// ```
    ///
    /// It runs turns until the loop is idle, then evaluates `condition` on
    /// ``/DisplayLoop/DisplayActor`` at the end of the last turn; while the condition does not
    /// hold, it suspends until the loop has work again (``/DisplayLoop/DisplayLoop/waitForWork(timeout:)``,
    /// woken by the enqueue itself: no polling, no fixed sleep) and drives it. `condition` runs at
    /// the end of every turn while it waits, so keep it cheap and free of side effects.
    ///
    /// State that changes off the loop *without* sending anything to it is noticed only at the
    /// next turn, or at the deadline: test loop state, which off-loop work must reach through a
    /// job. When the deadline passes, the loop is driven once more and the condition evaluated one
    /// last time, so the result is right even then.
    ///
    /// The default timeout is generous (a busy machine, a sanitizer) because it costs nothing when
    /// the condition holds: `settle` returns as soon as it does.
    ///
    /// The result is not discardable on purpose: a test that ignores it would pass when nothing
    /// happened. Use it only on a manual ``/DisplayLoop/DisplayLoop/main`` (see
    /// ``MainDisplayLoopTrait``).
    public static func settle(
        until condition: @escaping @DisplayActor () -> Bool,
        timeout: Duration = .seconds(20)
    ) async -> Bool {
        let loop = DisplayLoop.main
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        // Evaluated at the very end of every turn, after every phase: what the loop looks like
        // when it goes idle.
        let held = Lock(false)
        let observer = loop.addBeforeWaitingObserver(phase: .asyncTransactionCompletions, order: .max) { _ in
            let holds = DisplayActor.assumeIsolated { condition() }
            held.withLock { $0 = holds }
        }
        defer { loop.removeBeforeWaitingObserver(observer) }

        drive { () }  // at least one turn, so the condition is evaluated
        while !held.withLock({ $0 }) {
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero, await loop.waitForWork(timeout: remaining) else {
                drive { () }  // the last look, after the deadline
                return held.withLock { $0 }
            }
            loop.runUntilIdle()
        }
        return true
    }
}
