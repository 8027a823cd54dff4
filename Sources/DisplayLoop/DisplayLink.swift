/// A vsync-like ticker: calls you on ``DisplayActor`` once per frame at a chosen rate, with the
/// frame's timestamp and deadline, and counts the frames the loop was too busy to start in time
/// and the frames whose work ended too late (hitches).
///
/// Time comes from the clock you give it, so tests can drive frames with a manual clock. On the
/// continuous clock the frames are timed by a thread of the link's own (`FrameTimer`), as a
/// screen's vsync is, so a busy cooperative pool cannot make frames late. A frame
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

    /// The loop whose turns the frames are accounted against.
    public nonisolated let loop: DisplayLoop
    private let clock: C
    private var ticker: Task<Void, Never>?
    private var timer: FrameTimer?
    /// Which timer's ticks count: a tick of a stopped timer, already on its way to the loop, is ignored.
    private var generation = 0
    private var onFrame: (@DisplayActor (Frame) -> Void)?
    /// The next frame's number and due time (`nil`: stopped).
    private var nextIndex = 0
    private var nextDue: C.Instant?
    /// The frame delivered in the current turn, closed at the turn's end.
    private var frameInTurn: Frame?
    private var turnObserver: DisplayLoop.BeforeWaitingObserver?

    /// Creates a link at `framesPerSecond` (1...240) on `clock`, whose frames' work ends with the
    /// turns of `loop` (default ``DisplayLoop/main``, the one ``DisplayActor`` runs on: the frames
    /// are delivered on that actor).
    public init(framesPerSecond: Int = 60, clock: C, loop: DisplayLoop = .main) {
        self.loop = loop
        let rate = min(max(framesPerSecond, 1), 240)
        self.framesPerSecond = rate
        self.interval = .nanoseconds(1_000_000_000 / rate)
        self.clock = clock
        self.hitchAccounting = HitchAccounting(interval: interval)
    }

    /// Whether the link is running.
    public var isRunning: Bool { ticker != nil || timer != nil }

    /// Starts delivering frames to `onFrame`, the first one interval from now. Starting a running
    /// link restarts it.
    public func start(_ onFrame: @escaping @DisplayActor (Frame) -> Void) {
        stop()
        let clock = self.clock
        self.onFrame = onFrame
        nextIndex = 0
        nextDue = clock.now.advanced(by: interval)
        // The last phase of every turn: the delivered frame's work (and what it committed) is done.
        turnObserver = loop.addBeforeWaitingObserver(phase: .asyncTransactionCompletions, order: .max) { [weak self] _ in
            DisplayActor.assumeIsolated { () -> Void in self?.closeFrame() }
        }
        if let first = nextDue as? ContinuousClock.Instant {
            // The continuous clock's frames come from a timer thread, not from the cooperative pool.
            generation += 1
            let generation = self.generation
            let timer = FrameTimer(name: "DisplayLink") { [weak self] in
                Task { @DisplayActor in self?.timerFired(generation: generation) }
            }
            self.timer = timer
            timer.schedule(at: first)
        } else {
            ticker = Task { @DisplayActor [weak self] in
                while !Task.isCancelled {
                    guard let due = self?.nextDue else { return }
                    do {
                        try await clock.sleep(until: due, tolerance: nil)
                    } catch {
                        return
                    }
                    guard let self, !Task.isCancelled else { return }
                    self.deliverDueFrame()
                }
            }
        }
    }

    /// The timer thread's tick, on the loop: delivers the frame due, then asks for the next one.
    private func timerFired(generation: Int) {
        guard generation == self.generation, let timer else { return }
        deliverDueFrame()
        if self.timer === timer, let next = nextDue as? ContinuousClock.Instant {
            timer.schedule(at: next)
        }
    }

    /// Delivers the latest frame due: the turn delivering it starts now, and frames whose
    /// deadlines have passed are skipped (dropped).
    private func deliverDueFrame() {
        guard var due = nextDue, let onFrame else { return }
        let now = clock.now
        var index = nextIndex
        var skipped = 0
        while due.advanced(by: interval) < now {
            due = due.advanced(by: interval)
            index += 1
            skipped += 1
        }
        let deadline = due.advanced(by: interval)
        deliveredFrames += 1
        droppedFrames += skipped
        // Two frames in one turn (a late loop catching up): the first one's work ends here.
        closeFrame()
        let frame = Frame(index: index, timestamp: due, deadline: deadline, skippedBefore: skipped)
        frameInTurn = frame
        nextIndex = index + 1
        nextDue = deadline
        onFrame(frame)
    }

    /// Stops delivering frames (a frame already being delivered finishes; its work is accounted as
    /// ending now).
    public func stop() {
        ticker?.cancel()
        ticker = nil
        timer?.stop()
        timer = nil
        generation += 1
        nextDue = nil
        onFrame = nil
        closeFrame()
        if let turnObserver { loop.removeBeforeWaitingObserver(turnObserver) }
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
        timer?.stop()
        if let turnObserver { loop.removeBeforeWaitingObserver(turnObserver) }
    }
}

extension DisplayLink where C == ContinuousClock {
    /// Creates a link on the continuous clock (see ``init(framesPerSecond:clock:loop:)``).
    public convenience init(framesPerSecond: Int = 60, loop: DisplayLoop = .main) {
        self.init(framesPerSecond: framesPerSecond, clock: ContinuousClock(), loop: loop)
    }
}
