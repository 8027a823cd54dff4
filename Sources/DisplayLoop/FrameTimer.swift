import LayerKitSupport

/// The display link's vsync source on the continuous clock: a ``TimerThread`` of the link's own
/// fires `fire` when the next frame is due, so a frame's wake-up needs no thread of the
/// cooperative pool.
///
/// `Task.sleep` wakes its task through the global executor: while the pool's threads are busy
/// (image decodes, layout) the wake-up waits for one, and the link drops frames the loop was free
/// to deliver — the instrument, not the loop, would be late. `fire` runs on the timer's thread;
/// the link's creates a task isolated to ``DisplayActor``, which is enqueued straight onto the
/// loop's executor. A thread per link rather than a shared one: a frame never queues behind
/// another timer's actions.
final class FrameTimer: Sendable {
    private let timer: TimerThread
    /// The deadline not reached yet, replaced by the next ``schedule(at:)``.
    private let pending = Lock<TimerThread.Token?>(nil)
    private let fire: @Sendable () -> Void

    /// A timer whose thread is named `name`; nothing fires until ``schedule(at:)``.
    init(name: String, fire: @escaping @Sendable () -> Void) {
        self.fire = fire
        timer = TimerThread(name: name)
    }

    /// Fires once at `deadline` (at once if it has passed), replacing any deadline not reached yet.
    func schedule(at deadline: ContinuousClock.Instant) {
        pending.withLock { pending in
            if let previous = pending { timer.cancel(previous) }
            pending = timer.schedule(at: deadline, fire)
        }
    }

    /// Ends the thread: nothing fires after this returns, except a `fire` already running.
    func stop() {
        timer.stop()
    }
}
