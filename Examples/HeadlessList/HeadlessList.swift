public import AsyncLayerKit

/// A list with no screen: a viewport over a column of items, cells recycled through a reuse
/// queue, and a per-frame step driven by a ``/DisplayLoop/DisplayLink`` on the loop — what a
/// table view does, without UIKit, to measure how fluent a ``ListStrategy`` keeps it.
///
/// ```swift
/// let list = try HeadlessList(items: items, strategy: .ranges, backend: ServiceRenderBackend(service: service),
///                             clock: ContinuousClock())
/// let report = await list.run(ScrollTrace.make(.fling, contentLength: list.contentLength,
///                                              viewportHeight: 844, framesPerSecond: 60))
/// ```
///
/// **Each frame** (sample `frame.index` of the trace; a frame that comes late skips the samples of
/// the frames dropped, but not their events):
/// 1. the previous frame is *presented*: each cell visible in it is checked at its deadline
///    (blank-cell frames, shown renders, consistency — see ``ScrollSimulationReport``);
/// 2. the trace's events are applied: a released fling or an animation may start skipping
///    (``FastScrollSkipper``, strategies 3 and 4); a drag or the end of the motion stops it;
/// 3. the viewport moves to the sample's offset; cells of items no longer visible go to the reuse
///    queue (their render in flight is cancelled); items now visible get a cell from the queue,
///    or a new one, configured for the item — a new model identity clears the cell's contents at
///    once, so a reused cell never shows the previous item;
/// 4. strategy 4: the ``RangeController`` is updated; items in the preload range get their images
///    prefetched, items in the display range (and a skipped fling's target rows, known from the
///    moment the finger lifts) are pre-rendered into the backend's cache at
///    ``RenderPriority/utility``; work for items that left the ranges is cancelled; work that
///    ``RangeController/shouldStart(item:estimatedDuration:motion:)`` says would end after its
///    item left is not started;
/// 5. a visible cell is drawn unless skipping refuses its row — strategy 4 still shows a refused
///    row whose pre-render is done or in flight, since that costs no new work — or (strategy 4)
///    its render would end after the item left; a refused cell shows a placeholder and is drawn
///    in a later frame, at the latest when the motion stops;
/// 6. strategy 1 draws every visible cell that lacks its contents, on the loop, now.
///
/// The frame's turn ends at the last before-waiting phase of the turn that ran the step (the
/// layers' renders handed to the lanes); if it ends after the frame's deadline the frame is a
/// **hitch**, by the overrun (``/DisplayLoop/HitchAccounting``, in the report's hitch fields).
///
/// **Why a local reuse queue.** Cells are dequeued and enqueued *inside* the frame step, which
/// runs synchronously on ``/DisplayLoop/DisplayActor``: awaiting the ``ReusePool`` actor there
/// would suspend the frame in the middle, let other jobs run in between, and finish the frame's
/// work in a later turn — after the frame's deadline. The queue is a plain array owned by the
/// list, on the loop, so a dequeue costs nothing and never suspends. (The pool suits cells
/// shared across lists or threads; a list's cells never leave its loop.)
@DisplayActor
public final class HeadlessList<C: Clock> where C.Duration == Duration {
    /// The list's geometry and tuning.
    public struct Configuration: Sendable, Hashable {
        /// The viewport's width (every cell's width), in points. Default 390.
        public var viewportWidth: Double
        /// The viewport's height, in points. Default 844.
        public var viewportHeight: Double
        /// Pixels per point of the cells' contents. Default 2.
        public var contentsScale: Double
        /// The render time assumed by ``RangeController/shouldStart(item:estimatedDuration:motion:)``.
        /// Default 8 ms.
        public var estimatedRenderDuration: Duration
        /// The ranges' tuning (strategy 4).
        public var ranges: RangeConfiguration
        /// VVebo's skip count and approach rows (strategies 3 and 4).
        public var skipper: FastScrollSkipper

        /// Creates a configuration.
        public init(
            viewportWidth: Double = 390, viewportHeight: Double = 844, contentsScale: Double = 2,
            estimatedRenderDuration: Duration = .milliseconds(8),
            ranges: RangeConfiguration = RangeConfiguration(), skipper: FastScrollSkipper = FastScrollSkipper()
        ) {
            self.viewportWidth = viewportWidth
            self.viewportHeight = viewportHeight
            self.contentsScale = contentsScale
            self.estimatedRenderDuration = estimatedRenderDuration
            self.ranges = ranges
            self.skipper = skipper
        }
    }

    /// The configuration.
    public nonisolated let configuration: Configuration
    /// The strategy.
    public nonisolated let strategy: ListStrategy
    /// The items, top to bottom.
    public nonisolated let items: [ListItem]
    /// Where each item lies.
    public nonisolated let extents: ItemExtents
    /// Where bitmaps come from.
    public nonisolated let backend: any ListRenderBackend
    /// The list's clock: the display link's, and the one every time in the report is measured on.
    public nonisolated let clock: C

    /// The viewport's top, in points.
    public internal(set) var offset: Double = 0
    /// The scroll velocity of the current frame, in points per second.
    public internal(set) var velocity: Double = 0
    /// The visible cells by item index.
    public internal(set) var visibleCells: [Int: Cell] = [:]
    /// Cells waiting to be reused.
    public internal(set) var reuseQueue: [Cell] = []
    /// Every cell made so far.
    public internal(set) var allCells: [Cell] = []
    /// Whether a trace is running.
    public var isRunning: Bool { link?.isRunning ?? false }
    /// Whether the last trace started has been played to its end.
    public internal(set) var isFinished = false
    /// Called after each delivered frame is presented (at the next frame, or at the end): tests
    /// check the cells here.
    public var framePresented: (@DisplayActor (HeadlessList) -> Void)?

    var link: DisplayLink<C>?
    var trace = ScrollTrace(framesPerSecond: 60, viewportHeight: 0, samples: [])
    var ranges: RangeController
    var skipper: FastScrollSkipper
    var processedSample = -1
    /// The frame delivered last, and the item indices visible in it.
    var lastFrame: (frame: DisplayLink<C>.Frame, visible: [Int])?
    var frameStart: C.Instant?
    /// The frame whose turn is open, for its hitch: its trace index, deadline and dropped frames before it.
    var frameInTurn: (index: Int, deadline: C.Instant, skippedBefore: Int)?
    var turnObserver: DisplayLoop.BeforeWaitingObserver?

    // Strategy 4's work ahead of the viewport.
    let preRenders = RangeWorkScheduler()
    let prefetches = RangeWorkScheduler()
    /// Memory samples not yet ended.
    var memorySamples = 0

    // Measurements.
    var frameTurns: [Int64] = []
    var frameIndices: [Int] = []
    var frameHitches: [Int64] = []
    var hitches = HitchAccounting<C.Instant>(interval: .zero)
    var droppedFrames = 0
    var visibleCellFrames = 0
    var blankCellFrames = 0
    var consistencyViolations = 0
    var shownKeys: Set<ElementCache.RenderKey> = []
    var synchronousLedger = RenderLedger()
    var peakBytes = 0

    /// Creates a list of `items` at rest at offset 0.
    ///
    /// - Throws: ``ItemExtentsError`` for a height that is negative or not finite.
    public init(items: [ListItem], strategy: ListStrategy, backend: any ListRenderBackend, clock: C,
                configuration: Configuration = Configuration()) throws(ItemExtentsError) {
        self.items = items
        self.strategy = strategy
        self.backend = backend
        self.clock = clock
        self.configuration = configuration
        self.extents = try ItemExtents(lengths: items.map(\.height))
        self.ranges = RangeController(items: extents, configuration: configuration.ranges)
        self.skipper = configuration.skipper
    }

    /// The content's height, in points.
    public nonisolated var contentLength: Double { extents.contentLength }

    /// The items visible at `offset`.
    public func visibleRange(at offset: Double) -> Range<Int> {
        extents.indices(overlapping: offset..<(offset + configuration.viewportHeight))
    }

    /// Work in flight: cell renders not yet back on the loop (cancelled ones included), and
    /// prefetches, pre-renders and memory samples not yet ended. A test driving a manual clock
    /// waits until each of these is parked on the clock before it advances time.
    public var workInFlight: Int {
        allCells.reduce(prefetches.running + preRenders.running + memorySamples) { sum, cell in
            let stats = cell.layer.statistics
            return sum + stats.requests - stats.finished - stats.abandoned
        }
    }

    /// When the next frame is due (the deadline of the frame delivered last), or `nil` before the
    /// first frame.
    public var nextFrameDue: C.Instant? { lastFrame?.frame.deadline }

    // MARK: Running

    /// Starts playing `trace` from its first sample: a display link at the trace's rate delivers
    /// one frame per interval on ``/DisplayLoop/DisplayActor``. Returns at once; ``isFinished``
    /// becomes `true` after the last sample's frame has been presented. A list plays one trace:
    /// its measurements add up from the start, so make a new list (and backend) for each run.
    public func start(_ trace: ScrollTrace) {
        stopLink()
        self.trace = trace
        isFinished = false
        processedSample = -1
        lastFrame = nil
        droppedFrames = 0
        offset = trace.samples.first?.offset ?? 0
        let link = DisplayLink(framesPerSecond: trace.framesPerSecond, clock: clock)
        self.link = link
        hitches = HitchAccounting(interval: link.interval)
        turnObserver = DisplayLoop.main.addBeforeWaitingObserver(phase: .asyncTransactionCompletions, order: .max) { [weak self] _ in
            DisplayActor.assumeIsolated { () -> Void in self?.turnEnded() }
        }
        link.start { [weak self] frame in self?.step(frame) }
    }

    /// Plays `trace` to its end, waits for the work in flight to end, and returns the report.
    /// For a loop driven by its own thread (with a manual loop, drive it and call ``report()``).
    public func run(_ trace: ScrollTrace) async -> ScrollSimulationReport {
        start(trace)
        while !isFinished {
            try? await Task.sleep(for: .milliseconds(2))
        }
        while workInFlight > 0 {
            try? await Task.sleep(for: .milliseconds(1))
        }
        return await report()
    }

    /// Stops the display link and the turn observer of a trace started before.
    func stopLink() {
        link?.stop()
        if let turnObserver { DisplayLoop.main.removeBeforeWaitingObserver(turnObserver) }
        turnObserver = nil
    }

    /// The end of the trace: the link stops and every work in flight is cancelled.
    func finish() {
        link?.stop()
        if let turnObserver { DisplayLoop.main.removeBeforeWaitingObserver(turnObserver) }
        turnObserver = nil
        frameStart = nil
        frameInTurn = nil
        // Nothing more will be shown: cancel everything in flight, so every render ends.
        preRenders.cancelAll()
        prefetches.cancelAll()
        for cell in allCells where cell.layer.isDisplaying { cell.layer.setElement(nil) }
        isFinished = true
    }

    isolated deinit {
        link?.stop()
        if let turnObserver { DisplayLoop.main.removeBeforeWaitingObserver(turnObserver) }
    }

    /// The end of a turn: closes the frame turn opened by ``step(_:)``; the frame's work ends now,
    /// which decides its hitch.
    func turnEnded() {
        guard let start = frameStart, let frame = frameInTurn else { return }
        frameStart = nil
        frameInTurn = nil
        let now = clock.now
        frameTurns.append(start.duration(to: now).wholeNanoseconds)
        frameIndices.append(frame.index)
        let hitch = hitches.record(deadline: frame.deadline, workEnded: now, skippedBefore: frame.skippedBefore)
        frameHitches.append(hitch.wholeNanoseconds)
    }
}
