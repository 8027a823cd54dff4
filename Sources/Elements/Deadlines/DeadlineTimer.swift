import LayerKitSupport

/// The process-wide thread that fires render deadlines (``RenderDeadline/race(executor:_:)``),
/// so that a deadline's wake-up never waits for a cooperative-pool thread. It lives for the process.
enum DeadlineTimer {
    /// The timer (one thread, named `DeadlineTimer`, started on first use).
    static let shared = TimerThread(name: "DeadlineTimer")
}
