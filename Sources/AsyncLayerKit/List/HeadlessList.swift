/// One row of a ``HeadlessList``: an identifier, the cell's element tree (hashed once) and its
/// height, usually from a pre-layout pass (``FeedLayoutCache``).
public struct ListItem: Sendable, Hashable {
    /// The item's identifier: the model identity its cell shows.
    public var id: String
    /// The cell's tree, drawn at the list's width and the item's height.
    public var tree: HashedElement
    /// The cell's height, in points.
    public var height: Double

    /// Creates an item.
    public init(id: String, tree: HashedElement, height: Double) {
        self.id = id
        self.tree = tree
        self.height = height
    }
}

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

    /// A cell: an ``ElementLayer`` (strategies 2–4) or contents drawn on the loop (strategy 1),
    /// and the item it shows.
    @DisplayActor
    public final class Cell {
        /// The cell's layer (its contents stay empty under strategy 1).
        public let layer: ElementLayer
        /// The index of the item the cell is configured for, or `nil` while in the reuse queue.
        public fileprivate(set) var itemIndex: Int?
        /// The identifier of that item.
        public fileprivate(set) var itemID: String?
        /// Strategy 1's contents: drawn on the loop.
        public fileprivate(set) var synchronousContents: Bitmap?
        fileprivate var synchronousItemID: String?
        /// When the cell's current item's contents were set, on the list's clock.
        fileprivate var shownAt: C.Instant?
        /// Whether the cell was asked to draw its item (not a placeholder).
        fileprivate var requested = false

        fileprivate init(layer: ElementLayer) {
            self.layer = layer
        }

        /// The contents on screen: the synchronous contents, or the layer's.
        public var contents: Bitmap? { synchronousContents ?? layer.contents }

        /// The model identity the contents were drawn for (`nil`: no contents).
        public var contentsItemID: String? {
            if synchronousContents != nil { return synchronousItemID }
            return layer.displayedModelID.flatMap { $0.base as? String }
        }

        /// Whether the cell shows its own item's contents now.
        public var showsItsItem: Bool { contents != nil && itemID != nil && contentsItemID == itemID }
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
    public private(set) var offset: Double = 0
    /// The scroll velocity of the current frame, in points per second.
    public private(set) var velocity: Double = 0
    /// The visible cells by item index.
    public private(set) var visibleCells: [Int: Cell] = [:]
    /// Cells waiting to be reused.
    public private(set) var reuseQueue: [Cell] = []
    /// Every cell made so far.
    public private(set) var allCells: [Cell] = []
    /// Whether a trace is running.
    public var isRunning: Bool { link?.isRunning ?? false }
    /// Whether the last trace started has been played to its end.
    public private(set) var isFinished = false
    /// Called after each delivered frame is presented (at the next frame, or at the end): tests
    /// check the cells here.
    public var framePresented: (@DisplayActor (HeadlessList) -> Void)?

    private var link: DisplayLink<C>?
    private var trace = ScrollTrace(framesPerSecond: 60, viewportHeight: 0, samples: [])
    private var ranges: RangeController
    private var skipper: FastScrollSkipper
    private var processedSample = -1
    /// The frame delivered last, and the item indices visible in it.
    private var lastFrame: (frame: DisplayLink<C>.Frame, visible: [Int])?
    private var frameStart: C.Instant?
    /// The frame whose turn is open, for its hitch: its trace index, deadline and dropped frames before it.
    private var frameInTurn: (index: Int, deadline: C.Instant, skippedBefore: Int)?
    private var turnObserver: DisplayLoop.BeforeWaitingObserver?

    // Strategy 4's work ahead of the viewport.
    private var preRenders: [Int: (id: Int, task: Task<Void, Never>)] = [:]
    private var preRendered: Set<Int> = []
    private var prefetches: [Int: (id: Int, task: Task<Void, Never>)] = [:]
    private var prefetched: Set<Int> = []
    private var nextWorkID = 0
    private var backgroundWork = 0

    // Measurements.
    private var frameTurns: [Int64] = []
    private var frameIndices: [Int] = []
    private var frameHitches: [Int64] = []
    private var hitches = HitchAccounting<C.Instant>(interval: .zero)
    private var droppedFrames = 0
    private var visibleCellFrames = 0
    private var blankCellFrames = 0
    private var consistencyViolations = 0
    private var shownKeys: Set<ElementCache.RenderKey> = []
    private var synchronousLedger = RenderLedger()
    private var peakBytes = 0
    private var prefetchesStarted = 0
    private var preRendersStarted = 0

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
        allCells.reduce(backgroundWork) { sum, cell in
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

    /// The measurements so far (complete once ``isFinished`` and ``workInFlight`` is 0).
    public func report() async -> ScrollSimulationReport {
        var ledger = await backend.ledger()
        ledger.entries += synchronousLedger.entries
        var started = 0, shown = 0, cancelled = 0, wasted = 0
        var total: Int64 = 0, cancelledTime: Int64 = 0, wastedTime: Int64 = 0
        for entry in ledger.entries {
            started += 1
            total += entry.nanoseconds
            if !entry.finished {
                cancelled += 1
                cancelledTime += entry.nanoseconds
            } else if shownKeys.contains(entry.key) {
                shown += 1
            } else {
                wasted += 1
                wastedTime += entry.nanoseconds
            }
        }
        return ScrollSimulationReport(
            strategy: strategy, framesPerSecond: trace.framesPerSecond,
            frames: processedSample + 1, droppedFrames: droppedFrames,
            frameTurnNanoseconds: frameTurns, visibleCellFrames: visibleCellFrames, blankCellFrames: blankCellFrames,
            rendersStarted: started, rendersShown: shown, rendersCancelled: cancelled, rendersWasted: wasted,
            renderNanoseconds: total, cancelledRenderNanoseconds: cancelledTime, wastedRenderNanoseconds: wastedTime,
            prefetchesStarted: prefetchesStarted, preRendersStarted: preRendersStarted,
            consistencyViolations: consistencyViolations, peakBytes: peakBytes,
            frameIndices: frameIndices, frameHitchNanoseconds: frameHitches, hitches: hitches.hitches,
            hitchNanoseconds: hitches.hitchTime.wholeNanoseconds, longestHitchNanoseconds: hitches.longestHitch.wholeNanoseconds
        )
    }

    private func stopLink() {
        link?.stop()
        if let turnObserver { DisplayLoop.main.removeBeforeWaitingObserver(turnObserver) }
        turnObserver = nil
    }

    private func finish() {
        link?.stop()
        if let turnObserver { DisplayLoop.main.removeBeforeWaitingObserver(turnObserver) }
        turnObserver = nil
        frameStart = nil
        frameInTurn = nil
        // Nothing more will be shown: cancel everything in flight, so every render ends.
        for (_, work) in preRenders { work.task.cancel() }
        for (_, work) in prefetches { work.task.cancel() }
        for cell in allCells where cell.layer.isDisplaying { cell.layer.setElement(nil) }
        isFinished = true
    }

    isolated deinit {
        link?.stop()
        if let turnObserver { DisplayLoop.main.removeBeforeWaitingObserver(turnObserver) }
    }

    /// The end of a turn: closes the frame turn opened by ``step(_:)``; the frame's work ends now,
    /// which decides its hitch.
    private func turnEnded() {
        guard let start = frameStart, let frame = frameInTurn else { return }
        frameStart = nil
        frameInTurn = nil
        let now = clock.now
        frameTurns.append(start.duration(to: now).wholeNanoseconds)
        frameIndices.append(frame.index)
        let hitch = hitches.record(deadline: frame.deadline, workEnded: now, skippedBefore: frame.skippedBefore)
        frameHitches.append(hitch.wholeNanoseconds)
    }

    // MARK: The frame step

    private func step(_ frame: DisplayLink<C>.Frame) {
        if let last = lastFrame {
            present(visible: last.visible, deadline: last.frame.deadline)
        }
        // The frames the link skipped before this one, counted while they are in the trace.
        let count = trace.samples.count
        droppedFrames += max(0, min(frame.index, count) - (frame.index - frame.skippedBefore))
        guard frame.index < count else {
            processedSample = count - 1
            lastFrame = nil
            finish()
            return
        }
        // Two frames delivered in one turn (a late loop catching up): the first one's turn ends here.
        turnEnded()
        frameStart = clock.now
        frameInTurn = (frame.index, frame.deadline, frame.skippedBefore)
        for index in (processedSample + 1)...frame.index {
            let sample = trace.samples[index]
            for event in sample.events { apply(event, at: sample.offset) }
        }
        processedSample = frame.index
        let sample = trace.samples[frame.index]
        offset = sample.offset
        velocity = sample.velocity
        let visible = visibleRange(at: offset)
        if strategy.usesRanges { workAhead(visible: visible, isTouching: sample.isTouching) }
        layOutCells(visible: visible, isTouching: sample.isTouching)
        if strategy.drawsOnLoop { drawOnLoop(visible: visible, frame: frame) }
        lastFrame = (frame, Array(visible))
        sampleMemory()
    }

    private func apply(_ event: ScrollTrace.Event, at offset: Double) {
        guard strategy.skipsFastScrolls else { return }
        switch event {
        case .dragBegan:
            _ = skipper.dragWillBegin(visibleRows: visibleRange(at: offset))
        case .flingReleased(let target, let velocity):
            skipper.flingWillEnd(from: offset, to: target, velocity: velocity,
                                 viewportHeight: configuration.viewportHeight, items: extents)
        case .animationBegan(let target):
            skipper.flingWillEnd(from: offset, to: target, velocity: target < offset ? -1 : 1,
                                 viewportHeight: configuration.viewportHeight, items: extents)
        case .motionEnded(let reason):
            // The rows refused and still visible are drawn by layOutCells: every placeholder is
            // retried once skipping stops.
            _ = skipper.scrollDidEnd(visibleRows: visibleRange(at: offset), reason: reason)
        }
    }

    private func itemSize(_ index: Int) -> Size {
        Size(width: configuration.viewportWidth, height: items[index].height)
    }

    private func renderKey(_ index: Int) -> ElementCache.RenderKey {
        ElementCache.RenderKey(hash: items[index].tree.contentHash, size: itemSize(index), scale: configuration.contentsScale)
    }

    private func layOutCells(visible: Range<Int>, isTouching: Bool) {
        for (index, cell) in visibleCells where !visible.contains(index) {
            visibleCells[index] = nil
            enqueue(cell)
        }
        for index in visible {
            let cell: Cell
            if let existing = visibleCells[index] {
                cell = existing
            } else {
                cell = dequeue()
                configure(cell, for: index)
                visibleCells[index] = cell
            }
            if !cell.requested && !strategy.drawsOnLoop && mayDraw(index, isTouching: isTouching) {
                cell.requested = true
                cell.layer.setElement(items[index].tree.element, modelID: items[index].id)
            }
        }
    }

    /// Whether a visible row may be drawn now: not while a fling skips over it — unless (strategy
    /// 4) the ranges already rendered it or are rendering it, so showing it costs no new work —
    /// and (strategy 4) not when its render would end after it left.
    private func mayDraw(_ index: Int, isTouching: Bool) -> Bool {
        if strategy.skipsFastScrolls, !skipper.shouldDraw(row: index) {
            return strategy.usesRanges && (preRendered.contains(index) || preRenders[index] != nil)
        }
        if strategy.usesRanges {
            return ranges.shouldStart(item: index, estimatedDuration: configuration.estimatedRenderDuration,
                                      motion: isTouching ? .constantVelocity : .normalDeceleration)
        }
        return true
    }

    private func dequeue() -> Cell {
        if let cell = reuseQueue.popLast() { return cell }
        let backend = self.backend
        let layer = ElementLayer(
            bounds: .zero, contentsScale: configuration.contentsScale, priority: .userInitiated,
            render: { tree, size, scale, priority in
                try await backend.render(tree, size: size, scale: scale, priority: priority)
            })
        let cell = Cell(layer: layer)
        layer.didDisplay = { [weak self, weak cell] modelID, finished in
            guard let self, let cell, finished, cell.shownAt == nil, let id = cell.itemID,
                  modelID == AnyHashable(id), cell.layer.contents != nil else { return }
            cell.shownAt = self.clock.now
        }
        allCells.append(cell)
        return cell
    }

    private func enqueue(_ cell: Cell) {
        cell.itemIndex = nil
        cell.itemID = nil
        cell.shownAt = nil
        cell.requested = false
        cell.synchronousContents = nil
        cell.synchronousItemID = nil
        // A cell leaving the screen gives up its render in flight and its contents.
        if cell.layer.element != nil || cell.layer.modelID != nil { cell.layer.setElement(nil) }
        reuseQueue.append(cell)
    }

    private func configure(_ cell: Cell, for index: Int) {
        let item = items[index]
        cell.itemIndex = index
        cell.itemID = item.id
        cell.shownAt = nil
        cell.requested = false
        cell.layer.bounds = Rect(x: 0, y: extents.offsets[index], width: configuration.viewportWidth, height: item.height)
        if !strategy.drawsOnLoop {
            // The placeholder: the new model identity clears the old item's contents at once.
            cell.layer.setElement(nil, modelID: item.id)
        }
    }

    // MARK: Strategy 1

    /// Draws the visible cells that lack their contents, now, on the loop. They are part of the
    /// frame when it is presented, however late that is: a late frame is a dropped frame, never
    /// a blank cell (their `shownAt` is the frame's timestamp).
    private func drawOnLoop(visible: Range<Int>, frame: DisplayLink<C>.Frame) {
        for index in visible {
            guard let cell = visibleCells[index], cell.synchronousItemID != items[index].id else { continue }
            let start = clock.now
            let bitmap = try? backend.drawSynchronously(items[index].tree, size: itemSize(index), scale: configuration.contentsScale)
            let elapsed = start.duration(to: clock.now).wholeNanoseconds
            synchronousLedger.entries.append(.init(key: renderKey(index), nanoseconds: elapsed, finished: bitmap != nil))
            guard let bitmap else { continue }
            cell.synchronousContents = bitmap
            cell.synchronousItemID = items[index].id
            cell.shownAt = frame.timestamp
        }
    }

    // MARK: Strategy 4

    private func workAhead(visible: Range<Int>, isTouching: Bool) {
        let viewport = Rect(x: 0, y: offset, width: configuration.viewportWidth, height: configuration.viewportHeight)
        let update = ranges.update(viewport: viewport, velocity: velocity)
        let motion: ScrollMotion = isTouching ? .constantVelocity : .normalDeceleration
        // A skipped fling's target rows are known from the moment the finger lifts: render them
        // now, whatever the ranges say.
        var display = Set(update.sets.display)
        if let target = skipper.drawableRows { display.formUnion(target) }
        let preload = display.union(update.sets.preload)

        for (index, work) in preRenders where !display.contains(index) {
            work.task.cancel()
            preRenders[index] = nil
        }
        for (index, work) in prefetches where !preload.contains(index) {
            work.task.cancel()
            prefetches[index] = nil
        }
        for index in preload.sorted() where prefetches[index] == nil && !prefetched.contains(index) && !preRendered.contains(index) {
            guard ranges.shouldStart(item: index, estimatedDuration: configuration.estimatedRenderDuration, motion: motion) else { continue }
            startPrefetch(index)
        }
        for index in display.sorted() where !visible.contains(index) && preRenders[index] == nil && !preRendered.contains(index) {
            guard ranges.shouldStart(item: index, estimatedDuration: configuration.estimatedRenderDuration, motion: motion) else { continue }
            startPreRender(index)
        }
    }

    private func startPrefetch(_ index: Int) {
        let (tree, size, scale, backend) = (items[index].tree, itemSize(index), configuration.contentsScale, self.backend)
        nextWorkID += 1
        let id = nextWorkID
        backgroundWork += 1
        prefetchesStarted += 1
        let task = Task { [weak self] in
            let done = (try? await backend.prefetch(tree, size: size, scale: scale)) != nil
            self?.prefetchEnded(index, id: id, done: done)
        }
        prefetches[index] = (id, task)
    }

    private func prefetchEnded(_ index: Int, id: Int, done: Bool) {
        backgroundWork -= 1
        if prefetches[index]?.id == id { prefetches[index] = nil }
        if done { prefetched.insert(index) }
    }

    private func startPreRender(_ index: Int) {
        let (tree, size, scale, backend) = (items[index].tree, itemSize(index), configuration.contentsScale, self.backend)
        nextWorkID += 1
        let id = nextWorkID
        backgroundWork += 1
        preRendersStarted += 1
        let task = Task { [weak self] in
            let done = (try? await backend.render(tree, size: size, scale: scale, priority: .utility)) != nil
            self?.preRenderEnded(index, id: id, done: done)
        }
        preRenders[index] = (id, task)
    }

    private func preRenderEnded(_ index: Int, id: Int, done: Bool) {
        backgroundWork -= 1
        if preRenders[index]?.id == id { preRenders[index] = nil }
        if done { preRendered.insert(index) }
    }

    // MARK: Presentation and memory

    /// The frame whose visible items were `visible` is on screen at `deadline`: count its blank
    /// cells, the renders it shows and any cell showing another item.
    private func present(visible: [Int], deadline: C.Instant) {
        for index in visible {
            visibleCellFrames += 1
            guard let cell = visibleCells[index] else {
                blankCellFrames += 1
                continue
            }
            if cell.contents != nil, cell.contentsItemID != items[index].id {
                consistencyViolations += 1
            }
            if cell.showsItsItem, let shownAt = cell.shownAt, shownAt <= deadline {
                shownKeys.insert(renderKey(index))
            } else {
                blankCellFrames += 1
            }
        }
        framePresented?(self)
    }

    private func sampleMemory() {
        var contentsBytes = 0
        for cell in allCells where cell.contents != nil {
            let size = cell.layer.bounds.size
            contentsBytes += Int((size.width * configuration.contentsScale).rounded(.up))
                * Int((size.height * configuration.contentsScale).rounded(.up)) * 4
        }
        let backend = self.backend
        backgroundWork += 1
        Task { [weak self] in
            let cacheBytes = await backend.heldBytes()
            guard let self else { return }
            self.backgroundWork -= 1
            self.peakBytes = max(self.peakBytes, contentsBytes + cacheBytes)
        }
    }
}
