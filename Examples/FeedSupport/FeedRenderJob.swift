public import AsyncLayerKit
public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The feed demo's pipeline, end to end: a feed page's JSON in, one WebP file per item and a
/// contact sheet out, with the loop that owns the "UI" state kept free the whole time.
///
/// 1. **Decode** the page off the loop (``/AsyncLayerKit/FeedPage/decode(_:limits:)``).
/// 2. **Pre-layout** every item off the loop (``/AsyncLayerKit/FeedLayoutCache``, ``FeedCells``);
///    the heights reach ``/DisplayLoop/DisplayLoop/main`` at the layout phase
///    (``/AsyncLayerKit/FeedPreLayout``), where they become the list's ``/AsyncLayerKit/ItemExtents``.
/// 3. **Scroll**: a virtual viewport (``Options/width`` × ``Options/viewportHeight`` points) moves
///    down the feed as ``Options/scroll`` says (by default a thumb's flings, ``ThumbFlings``; or a
///    steady speed), one step per frame of a ``/DisplayLoop/DisplayLink`` on the loop. Each frame a ``/AsyncLayerKit/RangeController`` in
///    Full mode classifies the items: entering the preload range, an item's images are fetched and
///    decoded into the render service's cache; entering the display range, it is rendered by an
///    ``/AsyncLayerKit/ElementRenderService`` (visible items at `userInitiated`, the rest of the
///    display range at `utility`, both ahead of the encoding at `background`; the lower lanes
///    run at a lower OS priority, so the loop's thread wins the CPU), unless ``/AsyncLayerKit/RangeController/shouldStart(item:estimatedDuration:motion:)``
///    says it would be off screen before the render finished; leaving a range cancels the work
///    still running for it. The loop only does the bookkeeping.
/// 4. **Settle**: once the viewport reaches the bottom, every item not rendered yet (skipped, or
///    cancelled when it left the display range) is rendered, so each item ends with exactly one
///    bitmap and one file.
/// 5. **Encode** each bitmap as it arrives, on the render lanes in the `background` lane (WebP, ``Options/webpQuality``,
///    ``Options/webpMethod``), into `feed/<item-id>.webp` under ``Options/outputDirectory``, and
///    keep a thumbnail; at the end the thumbnails become `feed-contact-sheet.png`
///    (``FeedContactSheet``).
/// 6. **Compare** (``Options/comparesNaive``): the same scroll again, from a cold cache and a
///    fresh pre-layout, with the naive strategy — an item rendered only when it enters the screen —
///    writing nothing; its frames go in ``FeedRenderSummary/naive`` beside the ranges' own.
///
/// ``run(pageBytes:imageLoader:progress:)`` returns a ``FeedRenderSummary``. It drives
/// ``/DisplayLoop/DisplayActor``: in a test, use the `.mainDisplayLoop` trait and drive the loop
/// while the job runs.
public struct FeedRenderJob: Sendable {
    /// What to render and how.
    public struct Options: Sendable {
        /// Where the files go: `feed/<item-id>.webp` and `feed-contact-sheet.png` inside it.
        public var outputDirectory: URL
        /// The cells' width and the viewport's, in points.
        public var width: Double
        /// The viewport's height, in points.
        public var viewportHeight: Double
        /// Pixels per point of the rendered cells.
        public var scale: Double
        /// The WebP quality, 0...100.
        public var webpQuality: Double
        /// The WebP method, 0 (fastest) ... 6 (smallest). Default: the library's,
        /// ``defaultWebPMethod``; the other WebP settings are always the library's defaults
        /// (one thread, no alpha filter: BENCHMARKS.md, "WebP and JPEG settings").
        public var webpMethod: Int
        /// Renders only the first `itemLimit` items of the page; `nil`: all of them.
        public var itemLimit: Int?
        /// How the viewport scrolls: by default ``FeedScroll/default``, a thumb's flings.
        public var scroll: FeedScroll
        /// Whether to scroll the feed a second time, rendering each item only when it enters the
        /// screen (the naive strategy), to measure it beside the ranges; default `true`.
        public var comparesNaive: Bool
        /// The display link's rate.
        public var framesPerSecond: Int
        /// Where rendering, encoding and layout run.
        public var lanes: RenderLanes
        /// The render service's cache budget, in bytes (renders, decoded images, measured texts).
        public var cacheBytes: Int

        /// The default WebP method: `EncodingOptions.webp()`'s, chosen by measurement.
        public static let defaultWebPMethod: Int = {
            // The else branch cannot run: `.webp()` is WebP; 4 is libwebp's own default.
            guard case .webp(_, _, let method, _, _, _, _) = EncodingOptions.webp() else { return 4 }
            return method
        }()

        /// Creates options; everything but the folder has a default.
        public init(
            outputDirectory: URL,
            width: Double = 375,
            viewportHeight: Double = 812,
            scale: Double = 2,
            webpQuality: Double = 80,
            webpMethod: Int = Options.defaultWebPMethod,
            itemLimit: Int? = nil,
            scroll: FeedScroll = .default,
            comparesNaive: Bool = true,
            framesPerSecond: Int = 60,
            lanes: RenderLanes = .shared,
            cacheBytes: Int = 128 << 20
        ) {
            self.outputDirectory = outputDirectory
            self.width = width
            self.viewportHeight = viewportHeight
            self.scale = scale
            self.webpQuality = webpQuality
            self.webpMethod = webpMethod
            self.itemLimit = itemLimit
            self.scroll = scroll
            self.comparesNaive = comparesNaive
            self.framesPerSecond = framesPerSecond
            self.lanes = lanes
            self.cacheBytes = cacheBytes
        }

        /// The folder of the WebP files: `feed` inside ``outputDirectory``.
        public var feedDirectory: URL { outputDirectory.appendingPathComponent("feed", isDirectory: true) }
        /// The contact sheet's file: `feed-contact-sheet.png` inside ``outputDirectory``.
        public var contactSheetURL: URL { outputDirectory.appendingPathComponent("feed-contact-sheet.png") }
        /// The encoding of the item files.
        public var encoding: EncodingOptions { .webp(quality: webpQuality, method: webpMethod) }

        /// Checks the values before anything runs.
        ///
        /// - Throws: ``FeedRenderError/invalidOption(_:)`` naming the first bad value.
        public func validate() throws(FeedRenderError) {
            guard width.isFinite, width > 0, width <= 4_096 else { throw .invalidOption("width \(width): expected 0 < width ≤ 4096") }
            guard viewportHeight.isFinite, viewportHeight > 0, viewportHeight <= 16_384 else {
                throw .invalidOption("viewport height \(viewportHeight): expected 0 < height ≤ 16384")
            }
            guard scale.isFinite, scale > 0, scale <= 4 else { throw .invalidOption("scale \(scale): expected 0 < scale ≤ 4") }
            guard webpQuality.isFinite, (0...100).contains(webpQuality) else {
                throw .invalidOption("quality \(webpQuality): expected 0...100")
            }
            guard (0...6).contains(webpMethod) else { throw .invalidOption("WebP method \(webpMethod): expected 0...6") }
            if let itemLimit, itemLimit < 1 { throw .invalidOption("items \(itemLimit): expected at least 1") }
            try scroll.validate()
            guard (1...240).contains(framesPerSecond) else { throw .invalidOption("frame rate \(framesPerSecond): expected 1...240") }
        }
    }

    /// The options.
    public let options: Options

    /// A job with `options`.
    public init(options: Options) {
        self.options = options
    }

    /// The file name of an item's WebP: its identifier, with every character but letters, digits,
    /// `-`, `_` and `.` replaced by `_` (and a leading `.` too), then `.webp`.
    public static func fileName(for id: String) -> String {
        var name = String(id.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".": Character(scalar)
            default: "_"
            }
        })
        if name.hasPrefix(".") { name = "_" + name.dropFirst() }
        return name + ".webp"
    }

    /// Runs the whole pipeline on `pageBytes` (a feed page's JSON) with images from `imageLoader`.
    ///
    /// - Parameter progress: Called on the loop as the work advances: once per delivery while
    ///   laying out, once per file written while rendering.
    /// - Throws: ``FeedRenderError`` (an option, the page, an item's layout, render, encoding or
    ///   file), or `CancellationError` when the calling task is cancelled.
    public func run(
        pageBytes: [UInt8],
        imageLoader: any ElementImageLoader,
        progress: @escaping @DisplayActor @Sendable (FeedRenderProgress) -> Void = { _ in }
    ) async throws -> FeedRenderSummary {
        try options.validate()
        let clock = ContinuousClock()
        let started = clock.now
        let turnsBefore = DisplayLoop.main.metrics.turns

        // 1. Decode, off the loop.
        var items: [FeedItem]
        do {
            items = try await FeedPage.decode(pageBytes).items
        } catch {
            throw FeedRenderError.page(error)
        }
        if let limit = options.itemLimit { items = Array(items.prefix(limit)) }
        let decoded = clock.now
        do {
            try FileManager.default.createDirectory(at: options.feedDirectory, withIntermediateDirectories: true)
        } catch {
            throw FeedRenderError.write(path: options.feedDirectory.path, Self.fileErrorReason(error))
        }

        // 2. Pre-layout, off the loop; delivered to the loop at the layout phase. The probe
        //    counts the heavy steps from inside them, and those that ran on the loop's thread.
        let probe = FeedLoopProbe()
        let service = ElementRenderService(.init(imageLoader: ProbedImageLoader(base: imageLoader, probe: probe), lanes: options.lanes, cacheBytes: options.cacheBytes))
        let layoutCache = FeedLayoutCache(template: ProbedCells(base: FeedCells(), probe: probe), lanes: options.lanes,
                                          textCache: service.cache)
        let layouts = try await FeedLayoutCollector.layOut(items, width: options.width, cache: layoutCache, progress: progress)
        let laidOut = clock.now
        let imageCounts = layouts.map { Self.imageCount(of: $0.element) }
        let fileNames = Self.uniqueFileNames(for: items.map(\.id))

        // 3 to 5. Range-driven rendering on the loop, encoding on the lanes.
        let plan = try FeedScrollPlan(options: options, layouts: layouts, imageCounts: imageCounts,
                                  files: fileNames.map { options.feedDirectory.appendingPathComponent($0) })
        let scroller = await FeedScroller(plan: plan, strategy: .ranges, service: service, probe: probe, progress: progress)
        let outcome = try await scroller.run()

        // The contact sheet, off the loop.
        let sheetStarted = clock.now
        let tiles = zip(items, outcome.thumbnails).map { FeedContactSheet.Tile(id: $0.id, thumbnail: $1) }
        let title = "AsyncLayerKit feed-demo · \(items.count) items · \(Self.number(options.width)) pt @\(Self.number(options.scale))x · WebP q\(Self.number(options.webpQuality)) method \(options.webpMethod)"
        let sheet = try await options.lanes.render(priority: .utility) { () throws -> (bytes: [UInt8], width: Int, height: Int) in
            probe.check(.contactSheet)
            let bitmap = try FeedContactSheet.render(tiles, title: title)
            return (try ImageEncoder.encode(bitmap, as: .png()), bitmap.width, bitmap.height)
        }
        do {
            try Data(sheet.bytes).write(to: options.contactSheetURL)
        } catch {
            throw FeedRenderError.write(path: options.contactSheetURL.path, Self.fileErrorReason(error))
        }
        let finished = clock.now

        // The summary.
        let loop = DisplayLoop.main.metrics
        let jobTurns = Int(min(UInt64(Int.max), loop.turns &- turnsBefore))
        var turns = LoopMetrics()
        turns.recentTurnNanoseconds = Array(loop.recentTurnNanoseconds.suffix(jobTurns))
        let cache = await service.cache.metrics
        let joined = service.joinedRenders
        let layoutMetrics = await layoutCache.metrics
        let wall = (finished - started).inSeconds
        let counters = outcome.counters
        let workOnLoopThread = FeedLoopProbe.Step.allCases.reduce(0) { $0 + probe.counts($1).onLoop }
        let loopProbe = probe.report

        // 6. The naive strategy over the same scroll.
        let naive = options.comparesNaive
            ? try await runNaive(items, imageLoader: imageLoader, extents: plan.extents, imageCounts: imageCounts, files: plan.files,
                                 progress: progress)
            : nil
        return FeedRenderSummary(
            items: items.count,
            width: options.width,
            viewportHeight: options.viewportHeight,
            scale: options.scale,
            webpQuality: options.webpQuality,
            webpMethod: options.webpMethod,
            scrollModel: options.scroll.model,
            scrollSpeed: options.scroll.peakSpeed,
            scrollDescription: options.scroll.description,
            scrollSecondsPlanned: options.scroll.seconds(toTravel: plan.maxOffset),
            framesPerSecond: options.framesPerSecond,
            contentHeight: plan.extents.contentLength,
            wallSeconds: wall,
            itemsPerSecond: wall > 0 ? Double(items.count) / wall : 0,
            phases: .init(decodeSeconds: (decoded - started).inSeconds, layoutSeconds: (laidOut - decoded).inSeconds,
                          scrollSeconds: outcome.scrollSeconds, settleSeconds: outcome.settleSeconds,
                          contactSheetSeconds: (finished - sheetStarted).inSeconds),
            frames: counters.frames,
            droppedFrames: counters.droppedFrames,
            blankFrames: counters.blankFrames,
            blankFramesPercent: FeedRenderSummary.percent(counters.blankFrames, of: counters.frames),
            renders: service.renders,
            rangeRenders: counters.rangeRenders,
            settleRenders: counters.settleRenders,
            skippedRenders: counters.skippedRenders,
            cancelledRenders: counters.cancelledRenders,
            joinedRenders: joined,
            prefetches: counters.prefetches,
            cancelledPrefetches: counters.cancelledPrefetches,
            cache: .init(renders: .init(cache.renders), images: .init(cache.images), texts: .init(cache.texts),
                         layouts: .init(hits: layoutMetrics.hits, misses: layoutMetrics.misses), evictions: cache.evictions),
            files: counters.files,
            webpBytes: counters.webpBytes,
            contactSheetBytes: sheet.bytes.count,
            bytesWritten: counters.webpBytes + sheet.bytes.count,
            outputDirectory: options.outputDirectory.path,
            feedDirectory: options.feedDirectory.path,
            contactSheet: options.contactSheetURL.path,
            contactSheetWidth: sheet.width,
            contactSheetHeight: sheet.height,
            loop: .init(turns: jobTurns,
                        turnP50Milliseconds: Double(turns.turnDurationPercentile(50)) / 1e6,
                        turnP99Milliseconds: Double(turns.turnDurationPercentile(99)) / 1e6,
                        turnMaxMilliseconds: Double(turns.recentTurnNanoseconds.max() ?? 0) / 1e6),
            workOnLoopThread: workOnLoopThread,
            loopProbe: loopProbe,
            naive: naive
        )
    }

    /// Step 6: lays `items` out again into a fresh render service's cache (so its renders find
    /// the measured texts, as the ranges pass's did) and scrolls the same scroll with the naive
    /// strategy.
    ///
    /// - Throws: ``FeedRenderError`` (an item's layout or render), `CancellationError`.
    func runNaive(
        _ items: [FeedItem], imageLoader: any ElementImageLoader, extents: ItemExtents, imageCounts: [Int], files: [URL],
        progress: @escaping @DisplayActor @Sendable (FeedRenderProgress) -> Void
    ) async throws -> FeedRenderSummary.NaiveRun {
        let clock = ContinuousClock()
        let started = clock.now
        let probe = FeedLoopProbe()
        let service = ElementRenderService(.init(imageLoader: ProbedImageLoader(base: imageLoader, probe: probe), lanes: options.lanes, cacheBytes: options.cacheBytes))
        let layoutCache = FeedLayoutCache(template: ProbedCells(base: FeedCells(), probe: probe), lanes: options.lanes,
                                          textCache: service.cache)
        let layouts = try await FeedLayoutCollector.layOut(items, width: options.width, cache: layoutCache, progress: { _ in })
        let plan = try FeedScrollPlan(options: options, layouts: layouts, imageCounts: imageCounts, files: files)
        // Pre-layout is deterministic: the same heights, so the same scroll over the same items.
        guard plan.extents == extents else { throw FeedRenderError.layout(id: items.first?.id ?? "", "the naive pass laid the feed out differently") }
        let scroller = await FeedScroller(plan: plan, strategy: .naive, service: service, probe: probe, progress: progress)
        let outcome = try await scroller.run()
        let counters = outcome.counters
        return FeedRenderSummary.NaiveRun(
            frames: counters.frames,
            droppedFrames: counters.droppedFrames,
            blankFrames: counters.blankFrames,
            blankFramesPercent: FeedRenderSummary.percent(counters.blankFrames, of: counters.frames),
            renders: service.renders,
            requests: counters.rangeRenders,
            cancelledRenders: counters.cancelledRenders,
            scrollSeconds: outcome.scrollSeconds,
            seconds: (clock.now - started).inSeconds,
            workOnLoopThread: FeedLoopProbe.Step.allCases.reduce(0) { $0 + probe.counts($1).onLoop }
        )
    }

    // MARK: Helpers

    /// The number of image elements in a tree (an item without images has nothing to prefetch).
    static func imageCount(of element: Element) -> Int {
        var count = 0
        if case .image = element.kind { count += 1 }
        for child in element.children { count += imageCount(of: child) }
        return count
    }

    /// ``fileName(for:)`` of each identifier; a name already taken gets `-2`, `-3`, … before its
    /// extension (two identifiers can differ only in characters the file name replaces).
    public static func uniqueFileNames(for ids: [String]) -> [String] {
        var taken = Set<String>()
        return ids.map { id in
            let base = String(fileName(for: id).dropLast(".webp".count))
            var name = base + ".webp", suffix = 1
            while !taken.insert(name).inserted {
                suffix += 1
                name = "\(base)-\(suffix).webp"
            }
            return name
        }
    }

    /// Why a file operation failed, in a few words: the system's message for the POSIX error
    /// underneath (`No such file or directory`), else the error's own description.
    public static func fileErrorReason(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = (error.userInfo[NSUnderlyingErrorKey] as? any Error).map({ $0 as NSError }),
           underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(truncatingIfNeeded: underlying.code)))
        }
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(truncatingIfNeeded: error.code))) }
        return error.localizedDescription
    }

    /// `375` for whole numbers, `1.5` otherwise.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// Where the job is, for a progress bar.
public struct FeedRenderProgress: Sendable, Hashable {
    /// The step.
    public enum Phase: String, Sendable, Hashable {
        /// Laying the items out.
        case layout
        /// Rendering and writing them.
        case render
        /// Scrolling the feed again with the naive strategy, for the comparison.
        case naive
    }

    /// The step.
    public var phase: Phase
    /// Items laid out (``Phase/layout``), written (``Phase/render``) or reached by the viewport
    /// (``Phase/naive``) so far.
    public var done: Int
    /// All items.
    public var total: Int

    /// Creates a progress value.
    public init(phase: Phase, done: Int, total: Int) {
        self.phase = phase
        self.done = done
        self.total = total
    }
}

/// What can stop the feed demo's job.
public enum FeedRenderError: Error, Sendable, CustomStringConvertible {
    /// An option is out of range.
    case invalidOption(String)
    /// The page could not be decoded.
    case page(FeedError)
    /// An item could not be laid out.
    case layout(id: String, String)
    /// An item could not be rendered (or its images fetched).
    case render(id: String, String)
    /// An item's bitmap could not be encoded.
    case encode(id: String, String)
    /// A file could not be read.
    case read(path: String, String)
    /// A file could not be written.
    case write(path: String, String)
    /// An item ended without a file: a bug in the job, reported rather than hidden.
    case notRendered(id: String)

    /// One line.
    public var description: String {
        switch self {
        case .invalidOption(let message): "invalid option: \(message)"
        case .page(let error): "feed page: \(error)"
        case .layout(let id, let message): "item \"\(id)\": layout failed: \(message)"
        case .render(let id, let message): "item \"\(id)\": render failed: \(message)"
        case .encode(let id, let message): "item \"\(id)\": encoding failed: \(message)"
        case .read(let path, let message): "cannot read \(path): \(message)"
        case .write(let path, let message): "cannot write \(path): \(message)"
        case .notRendered(let id): "item \"\(id)\" was never rendered"
        }
    }
}

extension Duration {
    /// The duration in seconds.
    var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
