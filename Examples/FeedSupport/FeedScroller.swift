import AsyncLayerKit
import Foundation
import HeadlessList

/// What the scroll needs, made off the loop: the options, every item's layout, how many images
/// each has, where each file goes, and the list's extents.
struct FeedScrollPlan: Sendable {
    let options: FeedRenderJob.Options
    let layouts: [FeedItemLayout<String>]
    let imageCounts: [Int]
    let files: [URL]
    let extents: ItemExtents

    init(options: FeedRenderJob.Options, layouts: [FeedItemLayout<String>], imageCounts: [Int], files: [URL]) throws {
        self.options = options
        self.layouts = layouts
        self.imageCounts = imageCounts
        self.files = files
        // The cells are stacked with no spacing: each one ends with its own grey gap.
        self.extents = try ItemExtents(lengths: layouts.map(\.height))
    }

    /// The furthest the viewport's top goes: the last item's bottom at the viewport's bottom.
    var maxOffset: Double { max(0, extents.contentLength - options.viewportHeight) }
}

/// What the scroll counted.
struct FeedScrollCounters: Sendable {
    /// Frames handled, the first one (at offset 0, before the display link starts) included.
    var frames = 0
    /// Frames the display link dropped (the loop started them after their deadline).
    var droppedFrames = 0
    /// Frames with at least one visible item not rendered yet.
    var blankFrames = 0
    /// Renders started because their item entered the display range (the naive strategy: the screen).
    var rangeRenders = 0
    /// Renders started by the settle pass.
    var settleRenders = 0
    /// Display-range entries not started because the item would be gone before the render ended.
    var skippedRenders = 0
    /// Renders that ended cancelled (their item left the display range first).
    var cancelledRenders = 0
    /// Image prefetches started (items with images entering the preload range).
    var prefetches = 0
    /// Prefetches that ended cancelled (their item left the preload range first).
    var cancelledPrefetches = 0
    /// WebP files written.
    var files = 0
    /// Their bytes.
    var webpBytes = 0
}

/// What the scroll produced.
struct FeedScrollOutcome: Sendable {
    let counters: FeedScrollCounters
    /// Each item's contact-sheet thumbnail, in the items' order (none for the naive strategy).
    let thumbnails: [Bitmap]
    let scrollSeconds: Double
    let settleSeconds: Double
}

/// How a ``FeedScroller`` gets the items drawn.
enum FeedScrollStrategy: Sendable, Hashable {
    /// The job's: a ``/AsyncLayerKit/RangeController`` in Full mode prefetches images in the preload
    /// range, renders the display range ahead of the viewport, cancels what leaves; a settle pass
    /// renders what was skipped; every bitmap is encoded into its file.
    case ranges
    /// The comparison: an item is rendered only when it enters the screen (as a plain list view
    /// asks for a cell's contents), its render cancelled if it leaves first (a reused cell); no
    /// prefetch, no render ahead, no settle pass, no encoding or file.
    case naive
}

/// The range-driven part of the job, on ``/DisplayLoop/DisplayActor``: moves the virtual viewport
/// once per display-link frame, turns each ``/AsyncLayerKit/RangeUpdate`` into work started or
/// cancelled off the loop, and keeps the books in ``RangeWorkScheduler``s (as the headless list's
/// ranges strategy does). With ``FeedScrollStrategy/naive`` the same scroll renders each item only
/// as it enters the screen, and writes nothing. Nothing here renders, decodes or encodes: every
/// heavy step runs in a detached task (the render service on the lanes, prefetches on the
/// concurrent executor, encoding on the lanes) and reports back with a small job on the loop.
/// The steps are probed from inside (``FeedLoopProbe``), so one that reached the loop's thread
/// would be counted.
@DisplayActor
final class FeedScroller {
    private let plan: FeedScrollPlan
    private let strategy: FeedScrollStrategy
    private let service: ElementRenderService
    private let probe: FeedLoopProbe
    private let progress: @DisplayActor @Sendable (FeedRenderProgress) -> Void
    private var ranges: RangeController
    private var link: DisplayLink<ContinuousClock>?

    /// Renders: done once the item has its bitmap.
    private let renders = RangeWorkScheduler()
    /// Image prefetches: done once the item's images are decoded in the cache.
    private let prefetches = RangeWorkScheduler()
    /// Encodes: every rendered item's file (not cancelled by scrolling).
    private let encodes = RangeWorkScheduler()
    private var thumbnails: [Bitmap?]
    private var counters = FeedScrollCounters()
    private var failure: (any Error)?
    private var isScrolling = false
    private var scrollFinished: CheckedContinuation<Void, Never>?
    /// Seconds from a render's request to its bitmap, smoothed: what ``RangeController/shouldStart(item:estimatedDuration:motion:)``
    /// is told a render takes.
    private var renderEstimate = 0.02

    /// The items the viewport has reached so far (the naive pass's progress).
    private var reached = 0

    init(plan: FeedScrollPlan, strategy: FeedScrollStrategy = .ranges, service: ElementRenderService, probe: FeedLoopProbe,
         progress: @escaping @DisplayActor @Sendable (FeedRenderProgress) -> Void) {
        self.plan = plan
        self.strategy = strategy
        self.service = service
        self.probe = probe
        self.progress = progress
        self.ranges = RangeController(items: plan.extents)
        thumbnails = Array(repeating: nil, count: plan.layouts.count)
    }

    /// Scrolls to the bottom, settles, and returns once every item's file is written; with the
    /// naive strategy, returns once the renders in flight at the bottom have ended.
    ///
    /// - Throws: the first ``FeedRenderError`` of any item, or `CancellationError`.
    func run() async throws -> FeedScrollOutcome {
        let clock = ContinuousClock()
        let started = clock.now
        progress(FeedRenderProgress(phase: strategy == .ranges ? .render : .naive, done: 0, total: plan.layouts.count))

        // Full mode from the first frame: held until the first scroll, after which it is the
        // natural mode of a list the user scrolled (Texture switches after the first scroll).
        ranges.setMode(.full)
        let moving = plan.maxOffset > 0
        counters.frames += 1
        let first = sample(frame: 0)
        apply(ranges.update(viewport: viewport(at: first.offset), velocity: first.velocity))
        countBlankFrame()
        if moving && failure == nil {
            let link = DisplayLink(framesPerSecond: plan.options.framesPerSecond)
            self.link = link
            isScrolling = true
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    scrollFinished = continuation
                    link.start { [weak self] frame in self?.onFrame(frame) }
                }
            } onCancel: {
                Task { @DisplayActor [weak self] in self?.fail(CancellationError()) }
            }
            counters.droppedFrames = link.droppedFrames
        }
        let scrolled = clock.now

        if strategy == .naive {
            // Nothing to settle or write: the renders still in flight end, and the pass is over.
            await renders.waitForAll()
            if failure == nil, Task.isCancelled { failure = CancellationError() }
            if let failure { throw failure }
            return FeedScrollOutcome(counters: counters, thumbnails: [],
                                     scrollSeconds: (scrolled - started).inSeconds, settleSeconds: (clock.now - scrolled).inSeconds)
        }

        // Settle: let the renders in flight end, then render every item that has no bitmap yet
        // (skipped, or cancelled when it left the display range).
        await renders.waitForAll()
        if failure == nil {
            for index in plan.layouts.indices where !renders.isDone(index) {
                counters.settleRenders += 1
                startRender(index, priority: .utility)
            }
        }
        await renders.waitForAll()
        await prefetches.waitForAll()
        await encodes.waitForAll()
        if failure == nil, Task.isCancelled { failure = CancellationError() }
        if let failure { throw failure }

        var sheet: [Bitmap] = []
        for (index, thumbnail) in thumbnails.enumerated() {
            guard let thumbnail else { throw FeedRenderError.notRendered(id: plan.layouts[index].id) }
            sheet.append(thumbnail)
        }
        return FeedScrollOutcome(counters: counters, thumbnails: sheet,
                                 scrollSeconds: (scrolled - started).inSeconds, settleSeconds: (clock.now - scrolled).inSeconds)
    }

    // MARK: Frames

    private func viewport(at offset: Double) -> Rect {
        Rect(x: 0, y: offset, width: plan.options.width, height: plan.options.viewportHeight)
    }

    /// The scroll at frame `frame` (0: the first, before the display link starts).
    private func sample(frame: Int) -> FeedScroll.Sample {
        plan.options.scroll.sample(frame: frame, framesPerSecond: plan.options.framesPerSecond, maxOffset: plan.maxOffset)
    }

    /// One display-link frame: the viewport where the scroll has brought it by now (dropped frames
    /// included), the ranges updated, the work started and cancelled.
    private func onFrame(_ frame: DisplayLink<ContinuousClock>.Frame) {
        guard isScrolling else { return }
        // At the bottom the list comes to rest: velocity 0, so the leading side stops growing.
        let now = sample(frame: frame.index + 1)
        counters.frames += 1
        apply(ranges.update(viewport: viewport(at: now.offset), velocity: now.velocity))
        countBlankFrame()
        if strategy == .naive, ranges.sets.visible.upperBound > reached {
            reached = ranges.sets.visible.upperBound
            progress(FeedRenderProgress(phase: .naive, done: reached, total: plan.layouts.count))
        }
        if now.atEnd { finishScroll() }
    }

    private func countBlankFrame() {
        if ranges.sets.visible.contains(where: { !renders.isDone($0) }) { counters.blankFrames += 1 }
    }

    private func finishScroll() {
        guard isScrolling else { return }
        isScrolling = false
        link?.stop()
        scrollFinished?.resume()
        scrollFinished = nil
    }

    /// Acts on one update: cancel what left, prefetch what entered the preload range, render what
    /// entered the display range (visible items first, at the higher priority).
    private func apply(_ update: RangeUpdate) {
        if strategy == .naive {
            // Only the screen counts: a render starts as its item enters it, and stops if it leaves.
            for run in update.visible.left { for index in run { renders.cancel(index, forget: false) } }
            for run in update.visible.entered { for index in run { startNaiveRender(index) } }
            return
        }
        // Cancelled work keeps its entry until its task ends: the item starts again only after.
        for run in update.preload.left { for index in run { prefetches.cancel(index, forget: false) } }
        for run in update.display.left { for index in run { renders.cancel(index, forget: false) } }
        for run in update.preload.entered { for index in run { startPrefetch(index) } }
        for run in update.visible.entered { for index in run { startRangeRender(index, priority: .userInitiated) } }
        for run in update.display.entered { for index in run { startRangeRender(index, priority: .utility) } }
    }

    // MARK: Work

    private func startPrefetch(_ index: Int) {
        guard failure == nil, plan.imageCounts[index] > 0, !prefetches.isDone(index), !renders.isDone(index),
              !renders.isInFlight(index), !prefetches.isInFlight(index) else { return }
        counters.prefetches += 1
        let service = self.service, lanes = plan.options.lanes, layout = plan.layouts[index], scale = plan.options.scale
        let probe = self.probe
        prefetches.start(index) { ticket in
            Task.detached(priority: .utility) { [weak self] in
                let outcome: Result<Void, any Error>
                do {
                    // Loads and decodes the cell's images at their display size into the service's
                    // cache, where the render will find them; on the lanes, in the utility lane, so
                    // the decoding runs at the lanes' lower OS priority, never ahead of the loop.
                    _ = try await lanes.renderAsync(priority: .utility) {
                        probe.check(.prefetch)
                        try await service.prefetchImages(of: RenderRequest(layout, scale: scale, priority: .utility))
                    }
                    outcome = .success(())
                } catch {
                    outcome = .failure(error)
                }
                await self?.prefetchFinished(ticket, outcome)
            }
        }
    }

    private func prefetchFinished(_ ticket: RangeWorkScheduler.Ticket, _ outcome: Result<Void, any Error>) {
        let index = ticket.index
        prefetches.end(ticket, done: (try? outcome.get()) != nil)
        switch outcome {
        case .success: break
        case .failure(let error) where Self.isCancellation(error): counters.cancelledPrefetches += 1
        case .failure(let error): fail(FeedRenderError.render(id: plan.layouts[index].id, "images: \(error)"))
        }
    }

    private func startRangeRender(_ index: Int, priority: RenderPriority) {
        guard failure == nil, !renders.isDone(index), !renders.isInFlight(index) else { return }
        guard ranges.shouldStart(item: index, estimatedDuration: .seconds(renderEstimate)) else {
            counters.skippedRenders += 1
            return
        }
        counters.rangeRenders += 1
        startRender(index, priority: priority)
    }

    /// The naive strategy's render of an item entering the screen: always started, at once.
    private func startNaiveRender(_ index: Int) {
        guard failure == nil, !renders.isDone(index), !renders.isInFlight(index) else { return }
        counters.rangeRenders += 1
        startRender(index, priority: .userInitiated)
    }

    private func startRender(_ index: Int, priority: RenderPriority) {
        let layout = plan.layouts[index], service = self.service, scale = plan.options.scale, lanes = plan.options.lanes
        let probe = self.probe
        renders.start(index) { ticket in
            Task.detached(priority: priority.taskPriority) { [weak self] in
                let clock = ContinuousClock()
                let started = clock.now
                let result: Result<Bitmap, any Error>
                do {
                    // The tree is hashed (a walk of it) on the lanes too, at their OS priority: on two
                    // cores, every CPU-heavy step on the cooperative threads would compete with the loop.
                    // The draw itself is probed by the cell's probe element.
                    let tree = try await lanes.render(priority: priority) { try Self.hash(layout.element, probe: probe) }
                    result = .success(try await service.render(RenderRequest(tree, size: layout.size, scale: scale, priority: priority)))
                } catch {
                    result = .failure(error)
                }
                await self?.renderFinished(ticket, result, seconds: (clock.now - started).inSeconds)
            }
        }
    }

    /// Hashes a cell's tree for its render (the step ``startRender(_:priority:)`` runs on a lane).
    nonisolated static func hash(_ element: Element, probe: FeedLoopProbe) throws -> HashedElement {
        probe.check(.hash)
        return try HashedElement(element)
    }

    private func renderFinished(_ ticket: RangeWorkScheduler.Ticket, _ result: Result<Bitmap, any Error>, seconds: Double) {
        let index = ticket.index
        renders.end(ticket, done: (try? result.get()) != nil)
        switch result {
        case .success(let bitmap):
            renderEstimate = renderEstimate * 0.8 + seconds * 0.2
            if strategy == .ranges { startEncode(index, bitmap) }
        case .failure(let error) where Self.isCancellation(error):
            counters.cancelledRenders += 1
        case .failure(let error):
            fail(FeedRenderError.render(id: plan.layouts[index].id, "\(error)"))
        }
    }

    /// One encoded item: its file's size and its thumbnail.
    struct Encoded: Sendable {
        let bytes: Int
        let thumbnail: Bitmap
    }

    /// Encodes `bitmap`, makes its thumbnail and writes the file (the step ``startEncode(_:_:)``
    /// runs on a lane).
    ///
    /// - Throws: ``FeedRenderError/write(path:_:)`` when the file cannot be written, else the
    ///   encoder's or the thumbnail's error.
    nonisolated static func encode(_ bitmap: Bitmap, as format: EncodingOptions, to url: URL, probe: FeedLoopProbe) throws -> Encoded {
        probe.check(.encode)
        let bytes = try ImageEncoder.encode(bitmap, as: format)
        let thumbnail = try FeedContactSheet.thumbnail(of: bitmap)
        do {
            try Data(bytes).write(to: url)
        } catch {
            throw FeedRenderError.write(path: url.path, FeedRenderJob.fileErrorReason(error))
        }
        return Encoded(bytes: bytes.count, thumbnail: thumbnail)
    }

    /// Encodes and writes an item's bitmap, and makes its thumbnail. Not cancelled by scrolling:
    /// every rendered item must end in a file.
    private func startEncode(_ index: Int, _ bitmap: Bitmap) {
        let lanes = plan.options.lanes, format = plan.options.encoding, url = plan.files[index], id = plan.layouts[index].id
        let probe = self.probe
        encodes.start(index) { ticket in
            Task.detached(priority: .background) { [weak self] in
                let result: Result<Encoded, any Error>
                do {
                    // Encoded, thumbnailed and written on a lane, at its lower OS priority.
                    result = .success(try await lanes.render(priority: .background) {
                        try Self.encode(bitmap, as: format, to: url, probe: probe)
                    })
                } catch let error as FeedRenderError {
                    result = .failure(error)
                } catch is CancellationError {
                    result = .failure(CancellationError())
                } catch {
                    result = .failure(FeedRenderError.encode(id: id, "\(error)"))
                }
                await self?.encodeFinished(ticket, result)
            }
        }
    }

    private func encodeFinished(_ ticket: RangeWorkScheduler.Ticket, _ result: Result<Encoded, any Error>) {
        let index = ticket.index
        encodes.end(ticket, done: (try? result.get()) != nil)
        switch result {
        case .success(let encoded):
            thumbnails[index] = encoded.thumbnail
            counters.files += 1
            counters.webpBytes += encoded.bytes
            progress(FeedRenderProgress(phase: .render, done: counters.files, total: plan.layouts.count))
        case .failure(let error):
            fail(error)
        }
    }

    /// Stops everything at the first error: the scroll ends, the work in flight is cancelled, and
    /// ``run()`` throws the error once the tasks have ended.
    private func fail(_ error: any Error) {
        guard failure == nil else { return }
        failure = error
        renders.cancelAll()
        prefetches.cancelAll()
        encodes.cancelAll()
        finishScroll()
    }

    static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        if let error = error as? ElementError, case .cancelled = error { return true }
        return false
    }
}
