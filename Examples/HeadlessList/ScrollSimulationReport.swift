public import AsyncLayerKit

/// What one run of a ``ScrollTrace`` through a ``HeadlessList`` measured: one row of scroll-sim's
/// table.
///
/// Times are in nanoseconds on the list's clock: real time with a `ContinuousClock`, virtual time
/// with a test's manual clock (then the report of a run depends only on the trace, the strategy
/// and the simulated costs, so two runs give equal reports).
///
/// **Definitions.**
/// - **Frames**: the trace's frames the run went through, delivered or dropped.
/// - **Dropped frame**: a frame the ``/DisplayLoop/DisplayLink`` skipped because the loop started
///   its turn after the frame's deadline (the start of the next frame): the screen showed the
///   previous frame again.
/// - **Hitch**: a delivered frame that reached the screen later than its deadline: the turn that
///   delivered it *ended* after the deadline (measured at the end of its before-waiting phases,
///   where its changes are committed), or frames before it were dropped while the screen showed an
///   older frame. Its **hitch time** is how late it was: the overrun past the deadline (or, after
///   dropped frames the previous frame did not cover, from the first of their deadlines) — see
///   ``/DisplayLoop/HitchAccounting``. A 35 ms turn that starts on time is one hitch of about
///   18 ms at 60 Hz, however few frames it drops.
/// - **Hitch-time ratio**: the hitch time in milliseconds per second of the run (``frames`` at the
///   trace's rate), Apple's fluency metric: under 5 ms/s good, 5–10 a warning, over 10 critical
///   (``hitchRating``). Frames dropped at the very end of the trace, after the last delivered
///   frame, add no hitch time: no later frame of the trace is late.
/// - **Frame turn**: the loop turn that delivers a frame, from the frame callback to the end of
///   that turn's before-waiting phases (where the layers' display requests start); its duration
///   on the list's clock. ``turnP50``, ``turnP99`` and ``turnMax`` are over the delivered frames.
/// - **Blank-cell frame**: a frame is presented at its deadline; each cell visible in a delivered
///   frame that does not show its own item's contents at that deadline (no contents yet, a
///   placeholder, or contents set after the deadline) counts once. ``visibleCellFrames`` counts
///   every visible cell of every delivered frame, blank or not.
/// - **Render**: a render the backend actually ran (a cache hit, or a request that joined a render
///   already in flight, is not one). **Shown**: a finished render whose bitmap was on screen in a
///   presented frame. **Cancelled**: a render that stopped before it finished (or failed).
///   **Wasted**: a finished render never shown.
/// - **Render CPU**: time spent inside renders (``renderNanoseconds``), and the part spent on
///   cancelled renders and on wasted ones. With ``ServiceRenderBackend`` it is the wall time of
///   each render on its lane, waits for an image another task is decoding included; a strategy
///   that synchronously draws on the loop is timed around each draw.
/// - **Peak memory**: the largest sum, sampled once per frame, of the bytes the backend's caches
///   hold and the bytes of the cells' contents (a bitmap's pixel size × 4).
public struct ScrollSimulationReport: Sendable, Hashable, Codable {
    /// The strategy run.
    public var strategy: ListStrategy
    /// Frames per second of the display link.
    public var framesPerSecond: Int
    /// Frames the run went through (delivered + dropped).
    public var frames: Int
    /// Frames dropped by the display link.
    public var droppedFrames: Int
    /// The duration of each delivered frame's turn, in order.
    public var frameTurnNanoseconds: [Int64]
    /// Visible cells summed over the delivered frames.
    public var visibleCellFrames: Int
    /// Of those, the cells not showing their item's contents at the frame's deadline.
    public var blankCellFrames: Int
    /// Renders the backend ran.
    public var rendersStarted: Int
    /// Finished renders shown on screen.
    public var rendersShown: Int
    /// Renders cancelled or failed.
    public var rendersCancelled: Int
    /// Finished renders never shown.
    public var rendersWasted: Int
    /// Time inside renders.
    public var renderNanoseconds: Int64
    /// Of that, time inside cancelled renders.
    public var cancelledRenderNanoseconds: Int64
    /// Of that, time inside wasted renders.
    public var wastedRenderNanoseconds: Int64
    /// Image prefetches started (strategy 4's preload range).
    public var prefetchesStarted: Int
    /// Pre-renders started (strategy 4's display range), cache hits included.
    public var preRendersStarted: Int
    /// Cells that showed another item's contents in some frame: always 0 unless the reuse logic
    /// is broken.
    public var consistencyViolations: Int
    /// The peak of cache bytes + contents bytes.
    public var peakBytes: Int
    /// The trace frame index of each delivered frame, in order (parallel to ``frameTurnNanoseconds``).
    public var frameIndices: [Int]
    /// The hitch time of each delivered frame, in order (0: on time; parallel to ``frameTurnNanoseconds``).
    public var frameHitchNanoseconds: [Int64]
    /// Delivered frames that were hitches.
    public var hitches: Int
    /// The sum of the hitch times.
    public var hitchNanoseconds: Int64
    /// The longest hitch.
    public var longestHitchNanoseconds: Int64

    /// Creates a report.
    public init(
        strategy: ListStrategy, framesPerSecond: Int, frames: Int, droppedFrames: Int,
        frameTurnNanoseconds: [Int64], visibleCellFrames: Int, blankCellFrames: Int,
        rendersStarted: Int, rendersShown: Int, rendersCancelled: Int, rendersWasted: Int,
        renderNanoseconds: Int64, cancelledRenderNanoseconds: Int64, wastedRenderNanoseconds: Int64,
        prefetchesStarted: Int, preRendersStarted: Int, consistencyViolations: Int, peakBytes: Int,
        frameIndices: [Int] = [], frameHitchNanoseconds: [Int64] = [], hitches: Int = 0,
        hitchNanoseconds: Int64 = 0, longestHitchNanoseconds: Int64 = 0
    ) {
        self.strategy = strategy
        self.framesPerSecond = framesPerSecond
        self.frames = frames
        self.droppedFrames = droppedFrames
        self.frameTurnNanoseconds = frameTurnNanoseconds
        self.visibleCellFrames = visibleCellFrames
        self.blankCellFrames = blankCellFrames
        self.rendersStarted = rendersStarted
        self.rendersShown = rendersShown
        self.rendersCancelled = rendersCancelled
        self.rendersWasted = rendersWasted
        self.renderNanoseconds = renderNanoseconds
        self.cancelledRenderNanoseconds = cancelledRenderNanoseconds
        self.wastedRenderNanoseconds = wastedRenderNanoseconds
        self.prefetchesStarted = prefetchesStarted
        self.preRendersStarted = preRendersStarted
        self.consistencyViolations = consistencyViolations
        self.peakBytes = peakBytes
        self.frameIndices = frameIndices
        self.frameHitchNanoseconds = frameHitchNanoseconds
        self.hitches = hitches
        self.hitchNanoseconds = hitchNanoseconds
        self.longestHitchNanoseconds = longestHitchNanoseconds
    }

    /// Frames delivered.
    public var deliveredFrames: Int { frameTurnNanoseconds.count }

    /// The `p`-th percentile (0...100) of the frame turns, nearest rank; 0 without frames.
    public func turnPercentile(_ p: Double) -> Int64 {
        guard !frameTurnNanoseconds.isEmpty else { return 0 }
        let sorted = frameTurnNanoseconds.sorted()
        let rank = Int((min(max(p, 0), 100) / 100 * Double(sorted.count)).rounded(.up))
        return sorted[max(rank, 1) - 1]
    }

    /// The median frame turn.
    public var turnP50: Int64 { turnPercentile(50) }
    /// The 99th percentile frame turn.
    public var turnP99: Int64 { turnPercentile(99) }
    /// The longest frame turn.
    public var turnMax: Int64 { frameTurnNanoseconds.max() ?? 0 }

    /// The run's length: ``frames`` at ``framesPerSecond``, in nanoseconds.
    public var durationNanoseconds: Int64 {
        framesPerSecond > 0 ? Int64(frames) * 1_000_000_000 / Int64(framesPerSecond) : 0
    }

    /// Milliseconds of hitch per second of the run (0 for an empty run).
    public var hitchTimeRatio: Double {
        durationNanoseconds == 0 ? 0 : Double(hitchNanoseconds) / 1e6 / (Double(durationNanoseconds) / 1e9)
    }

    /// ``hitchTimeRatio``'s band: good (< 5 ms/s), warning (5–10) or critical (> 10).
    public var hitchRating: HitchRating { HitchRating(ratio: hitchTimeRatio) }

    /// Blank-cell frames as a fraction of the visible cell-frames (0 without any).
    public var blankCellFraction: Double {
        visibleCellFrames == 0 ? 0 : Double(blankCellFrames) / Double(visibleCellFrames)
    }

    /// The share of render CPU spent on cancelled or wasted renders (0 without renders).
    public var wastedRenderFraction: Double {
        renderNanoseconds == 0 ? 0 : Double(cancelledRenderNanoseconds + wastedRenderNanoseconds) / Double(renderNanoseconds)
    }
}
