/// A vsync-like ticker: calls you on ``DisplayActor`` once per frame at a chosen rate, with the
/// frame's timestamp and deadline, and counts the frames the loop was too busy to start in time
/// and the frames whose work ended too late (hitches).
///
/// Time comes from the clock you give it, so tests can drive frames with a manual clock. A frame
/// is **dropped** when the turn that would deliver it starts after the frame's deadline (the start
/// of the next frame): such frames are skipped, counted in ``droppedFrames``, and the frame that
/// is delivered says how many were skipped before it. The delivered frame is always the latest
/// one due, so a late loop catches up instead of replaying stale frames.
///
/// Dropped frames only see turns that *start* late: a 35 ms turn that starts on time drops at
/// most the frames after it. ``hitchAccounting`` measures what the user sees instead: each
/// delivered frame's work ends at the end of its turn (the last before-waiting phase, where its
/// changes are committed), and a frame whose work ends after its deadline is a **hitch** by the
/// overrun (``HitchAccounting``, ``hitchTimeRatio``).
@DisplayActor
public final class DisplayLink<C: Clock> where C.Duration == Duration {
    /// One frame delivered to the callback.
    public struct Frame: Sendable, Hashable {
        /// The frame's number since the link started, from 0 (skipped frames use up numbers).
        public var index: Int
        /// When the frame was due.
        public var timestamp: C.Instant
        /// When the next frame is due: work for this frame should be done by then.
        public var deadline: C.Instant
        /// Frames skipped (dropped) just before this one because the loop started them after
        /// their deadlines.
        public var skippedBefore: Int
    }

    /// Frames per second.
    public nonisolated let framesPerSecond: Int
    /// The frame interval.
    public nonisolated let interval: Duration
    /// Frames delivered so far.
    public private(set) var deliveredFrames = 0
    /// Frames dropped so far: those whose turn would have started after their deadline.
    public private(set) var droppedFrames = 0
    /// The hitches of the frames delivered so far, each measured at the end of its turn (a frame
    /// still in its turn is not in it yet).
    public private(set) var hitchAccounting: HitchAccounting<C.Instant>
    /// Delivered frames whose work ended after their deadline (or that came after uncovered
    /// dropped frames): ``HitchAccounting/hitches``.
    public var hitches: Int { hitchAccounting.hitches }
    /// Milliseconds of hitch per second of frames so far: ``HitchAccounting/hitchTimeRatio``.
    public var hitchTimeRatio: Double { hitchAccounting.hitchTimeRatio }

    private let clock: C
    private var ticker: Task<Void, Never>?
    /// The frame delivered in the current turn, closed at the turn's end.
    private var frameInTurn: Frame?
    private var turnObserver: DisplayLoop.BeforeWaitingObserver?

    /// Creates a link at `framesPerSecond` (1...240) on `clock`.
    public init(framesPerSecond: Int = 60, clock: C) {
        let rate = min(max(framesPerSecond, 1), 240)
        self.framesPerSecond = rate
        self.interval = .nanoseconds(1_000_000_000 / rate)
        self.clock = clock
        self.hitchAccounting = HitchAccounting(interval: interval)
    }

    /// Whether the link is running.
    public var isRunning: Bool { ticker != nil }

    /// Starts delivering frames to `onFrame`, the first one interval from now. Starting a running
    /// link restarts it.
    public func start(_ onFrame: @escaping @DisplayActor (Frame) -> Void) {
        stop()
        let clock = self.clock, interval = self.interval
        let origin = clock.now
        // The last phase of every turn: the delivered frame's work (and what it committed) is done.
        turnObserver = DisplayLoop.main.addBeforeWaitingObserver(phase: .asyncTransactionCompletions, order: .max) { [weak self] _ in
            DisplayActor.assumeIsolated { () -> Void in self?.closeFrame() }
        }
        ticker = Task { @DisplayActor [weak self] in
            var index = 0
            var due = origin.advanced(by: interval)
            while !Task.isCancelled {
                do {
                    try await clock.sleep(until: due, tolerance: nil)
                } catch {
                    return
                }
                guard let self else { return }
                // The turn delivering this frame starts now; frames whose deadlines passed are skipped.
                let now = clock.now
                var skipped = 0
                while due.advanced(by: interval) < now {
                    due = due.advanced(by: interval)
                    index += 1
                    skipped += 1
                }
                let deadline = due.advanced(by: interval)
                self.deliveredFrames += 1
                self.droppedFrames += skipped
                // Two frames in one turn (a late loop catching up): the first one's work ends here.
                self.closeFrame()
                let frame = Frame(index: index, timestamp: due, deadline: deadline, skippedBefore: skipped)
                self.frameInTurn = frame
                onFrame(frame)
                index += 1
                due = deadline
            }
        }
    }

    /// Stops delivering frames (a frame already being delivered finishes; its work is accounted as
    /// ending now).
    public func stop() {
        ticker?.cancel()
        ticker = nil
        closeFrame()
        if let turnObserver { DisplayLoop.main.removeBeforeWaitingObserver(turnObserver) }
        turnObserver = nil
    }

    /// Records the hitch of the frame delivered in this turn, whose work ends now.
    private func closeFrame() {
        guard let frame = frameInTurn else { return }
        frameInTurn = nil
        hitchAccounting.record(deadline: frame.deadline, workEnded: clock.now, skippedBefore: frame.skippedBefore)
    }

    isolated deinit {
        ticker?.cancel()
        if let turnObserver { DisplayLoop.main.removeBeforeWaitingObserver(turnObserver) }
    }
}

extension DisplayLink where C == ContinuousClock {
    /// Creates a link on the continuous clock.
    public convenience init(framesPerSecond: Int = 60) {
        self.init(framesPerSecond: framesPerSecond, clock: ContinuousClock())
    }
}
