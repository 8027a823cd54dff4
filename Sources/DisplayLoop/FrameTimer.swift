import Dispatch
import Foundation

/// The display link's vsync source on the continuous clock: a thread of its own that sleeps until
/// the next frame is due and then calls `fire`, so a frame's wake-up needs no thread of the
/// cooperative pool.
///
/// `Task.sleep` wakes its task through the global executor: while the pool's threads are busy
/// (image decodes, layout) the wake-up waits for one, and the link drops frames the loop was free
/// to deliver — the instrument, not the loop, would be late. `fire` runs on the timer's thread;
/// the link's creates a task isolated to ``DisplayActor``, which is enqueued straight onto the
/// loop's executor.
final class FrameTimer: Sendable {
    private struct State {
        var deadline: ContinuousClock.Instant?
        var stopped = false
    }

    private let state = LoopLock(State())
    private let wakeup = DispatchSemaphore(value: 0)
    private let fire: @Sendable () -> Void

    /// Starts the timer's thread, named `name`; nothing fires until ``schedule(at:)``.
    init(name: String, fire: @escaping @Sendable () -> Void) {
        self.fire = fire
        // Named by the thread itself: on Linux a new thread inherits its creator's name (a pool
        // thread's, say), which `Thread.name` does not change.
        let thread = Thread { [self] in
            ThreadIdentity.setCurrentName(name)
            run()
        }
        thread.name = name
        thread.start()
    }

    /// Fires once at `deadline` (at once if it has passed), replacing any deadline not reached yet.
    func schedule(at deadline: ContinuousClock.Instant) {
        state.withLock { $0.deadline = deadline }
        wakeup.signal()
    }

    /// Ends the thread: nothing fires after this returns, except a `fire` already running.
    func stop() {
        state.withLock { $0.stopped = true }
        wakeup.signal()
    }

    /// The thread: waits for a deadline, then until it (woken early by a new deadline or `stop`),
    /// then fires.
    private func run() {
        while true {
            let (stopped, deadline) = state.withLock { ($0.stopped, $0.deadline) }
            if stopped { return }
            guard let deadline else {
                wakeup.wait()
                continue
            }
            let remaining = ContinuousClock.now.duration(to: deadline)
            if remaining > .zero {
                let (seconds, attoseconds) = remaining.components
                let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
                _ = wakeup.wait(timeout: .now() + .nanoseconds(max(nanoseconds, 1)))
                continue
            }
            let due = state.withLock { state -> Bool in
                guard !state.stopped, let deadline = state.deadline, deadline <= ContinuousClock.now else { return false }
                state.deadline = nil
                return true
            }
            if due { fire() }
        }
    }
}
