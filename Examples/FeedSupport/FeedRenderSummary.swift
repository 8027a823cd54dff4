public import AsyncLayerKit
import Foundation

/// What a ``FeedRenderJob`` did: the work, the cache, the files and the loop. Its JSON form
/// (``jsonString()``) has stable keys, sorted, for scripts; ``text()`` is the human summary.
public struct FeedRenderSummary: Sendable, Codable, Hashable {
    /// Seconds spent in each step.
    public struct Phases: Sendable, Codable, Hashable {
        /// Decoding the page's JSON.
        public var decodeSeconds: Double
        /// Laying every item out (until the last layout reached the loop).
        public var layoutSeconds: Double
        /// Scrolling from the top to the bottom.
        public var scrollSeconds: Double
        /// Waiting for the renders in flight, the settle pass, the last encodes.
        public var settleSeconds: Double
        /// Drawing, encoding and writing the contact sheet.
        public var contactSheetSeconds: Double
    }

    /// Hits and misses of one cache.
    public struct CacheCount: Sendable, Codable, Hashable {
        /// Lookups that found a value.
        public var hits: Int
        /// Lookups that did not.
        public var misses: Int

        /// Creates a count.
        public init(hits: Int, misses: Int) {
            self.hits = hits
            self.misses = misses
        }

        /// The count of one kind of ``/AsyncLayerKit/ElementCache`` entry.
        public init(_ metrics: ElementCache.KindMetrics) {
            self.init(hits: metrics.hits, misses: metrics.misses)
        }
    }

    /// The render service's cache (by kind) and the layout cache.
    public struct Cache: Sendable, Codable, Hashable {
        /// Finished renders (a hit: an item whose tree was drawn before).
        public var renders: CacheCount
        /// Decoded images (a hit: an image decoded before at that size, by a prefetch or a render).
        public var images: CacheCount
        /// Measured texts (a hit: a text measured before, by pre-layout or a render).
        public var texts: CacheCount
        /// The pre-layout cache.
        public var layouts: CacheCount
        /// Entries the render service's cache pushed out to stay within its budget.
        public var evictions: Int
    }

    /// The turns of ``/DisplayLoop/DisplayLoop/main`` while the job ran.
    public struct Loop: Sendable, Codable, Hashable {
        /// Turns run.
        public var turns: Int
        /// The median turn, in milliseconds.
        public var turnP50Milliseconds: Double
        /// The 99th percentile turn, in milliseconds.
        public var turnP99Milliseconds: Double
        /// The longest turn, in milliseconds.
        public var turnMaxMilliseconds: Double
    }

    /// Items rendered (each into one file).
    public var items: Int
    /// Cell and viewport width, in points.
    public var width: Double
    /// Viewport height, in points.
    public var viewportHeight: Double
    /// Pixels per point.
    public var scale: Double
    /// WebP quality.
    public var webpQuality: Double
    /// WebP method.
    public var webpMethod: Int
    /// The scroll's model: `steady` or `flings` (``FeedScroll/model``).
    public var scrollModel: String
    /// The fastest the viewport moved, in points per second: the steady speed, or the flings'
    /// release velocity (``FeedScroll/peakSpeed``).
    public var scrollSpeed: Double
    /// The scroll in words (``FeedScroll/description``).
    public var scrollDescription: String
    /// Seconds the scroll takes from the top to the bottom, by its model (the display link's
    /// frames, dropped ones included, at their times).
    public var scrollSecondsPlanned: Double
    /// Display link rate.
    public var framesPerSecond: Int
    /// The feed's height, in points.
    public var contentHeight: Double
    /// Wall time of the whole job, in seconds.
    public var wallSeconds: Double
    /// Items over wall time.
    public var itemsPerSecond: Double
    /// Wall time per step.
    public var phases: Phases
    /// Frames handled while scrolling with the ranges (the job's strategy; ``naive`` has its own).
    public var frames: Int
    /// Frames the display link dropped (the loop started them late).
    public var droppedFrames: Int
    /// Frames in which a visible item was not rendered yet.
    public var blankFrames: Int
    /// ``blankFrames`` in percent of ``frames``.
    public var blankFramesPercent: Double
    /// Trees the render service drew (cache misses not shared with a render in flight).
    public var renders: Int
    /// Render requests made because an item entered the display range.
    public var rangeRenders: Int
    /// Render requests made by the settle pass (items skipped or cancelled while scrolling).
    public var settleRenders: Int
    /// Display-range entries not started: the item would have left before the render ended.
    public var skippedRenders: Int
    /// Render requests cancelled because their item left the display range.
    public var cancelledRenders: Int
    /// Render requests that joined a render of the same tree in flight.
    public var joinedRenders: Int
    /// Image prefetches started.
    public var prefetches: Int
    /// Prefetches cancelled because their item left the preload range.
    public var cancelledPrefetches: Int
    /// Cache hits and misses.
    public var cache: Cache
    /// WebP files written.
    public var files: Int
    /// Their bytes.
    public var webpBytes: Int
    /// The contact sheet's bytes.
    public var contactSheetBytes: Int
    /// All bytes written.
    public var bytesWritten: Int
    /// The output folder.
    public var outputDirectory: String
    /// The WebP files' folder.
    public var feedDirectory: String
    /// The contact sheet's path.
    public var contactSheet: String
    /// The contact sheet's width, in pixels.
    public var contactSheetWidth: Int
    /// The contact sheet's height, in pixels.
    public var contactSheetHeight: Int
    /// The loop's turns during the job.
    public var loop: Loop
    /// Heavy steps found running on the loop's thread, probed inside each step (0 unless
    /// something is wrong): the sum of ``loopProbe``'s `onLoop` counts.
    public var workOnLoopThread: Int
    /// Each probed step (`imageLoads`, `cellBuilds`, `prefetches`, `hashes`, `draws`, `encodes`,
    /// `contactSheet`): how many ran, and how many of those on the loop's thread.
    public var loopProbe: [String: StepCount]
    /// The same scroll with the naive strategy, for the comparison; `nil` when the job did not run
    /// it (``FeedRenderJob/Options/comparesNaive``).
    public var naive: NaiveRun?

    /// The naive strategy's pass over the same scroll: each item rendered only when it enters the
    /// screen, from a cold cache, nothing written. Everything here is the naive pass's own.
    public struct NaiveRun: Sendable, Codable, Hashable {
        /// Frames handled while scrolling.
        public var frames: Int
        /// Frames the display link dropped.
        public var droppedFrames: Int
        /// Frames in which a visible item was not rendered yet.
        public var blankFrames: Int
        /// ``blankFrames`` in percent of ``frames``.
        public var blankFramesPercent: Double
        /// Trees its render service drew.
        public var renders: Int
        /// Render requests made (one per item entering the screen).
        public var requests: Int
        /// Render requests cancelled because their item left the screen first.
        public var cancelledRenders: Int
        /// Seconds from the top to the bottom.
        public var scrollSeconds: Double
        /// Seconds of the whole pass: its pre-layout, the scroll, the last renders.
        public var seconds: Double
        /// Heavy steps of the pass found running on the loop's thread (0 unless something is wrong).
        public var workOnLoopThread: Int

        /// Creates the figures of a naive pass.
        public init(
            frames: Int, droppedFrames: Int, blankFrames: Int, blankFramesPercent: Double, renders: Int, requests: Int,
            cancelledRenders: Int, scrollSeconds: Double, seconds: Double, workOnLoopThread: Int
        ) {
            self.frames = frames
            self.droppedFrames = droppedFrames
            self.blankFrames = blankFrames
            self.blankFramesPercent = blankFramesPercent
            self.renders = renders
            self.requests = requests
            self.cancelledRenders = cancelledRenders
            self.scrollSeconds = scrollSeconds
            self.seconds = seconds
            self.workOnLoopThread = workOnLoopThread
        }
    }

    /// `count` in percent of `total` (0 when `total` is 0).
    public static func percent(_ count: Int, of total: Int) -> Double {
        total > 0 ? 100 * Double(count) / Double(total) : 0
    }

    /// One probed step's counts.
    public struct StepCount: Sendable, Codable, Hashable {
        /// Times the step ran (probed from inside it).
        public var probed: Int
        /// Times it ran on the loop's thread.
        public var onLoop: Int

        /// Creates a count.
        public init(probed: Int, onLoop: Int) {
            self.probed = probed
            self.onLoop = onLoop
        }
    }

    /// All steps probed, of every kind.
    public var probedSteps: Int { loopProbe.values.reduce(0) { $0 + $1.probed } }

    /// The summary as one line of JSON, keys sorted.
    public func jsonString() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Numbers and strings only: encoding cannot fail.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The human summary, a few aligned lines.
    public func text() -> String {
        func ms(_ seconds: Double) -> String {
            seconds >= 1 ? String(format: "%.2f s", seconds) : String(format: "%.0f ms", seconds * 1000)
        }
        func bytes(_ count: Int) -> String {
            ByteCountFormatter.string(fromByteCount: Int64(count), countStyle: .file)
        }
        func hits(_ count: CacheCount) -> String {
            let lookups = count.hits + count.misses
            return lookups == 0 ? "0" : "\(count.hits)/\(lookups) (\(String(format: "%.0f", 100 * Double(count.hits) / Double(lookups))) %)"
        }
        // Paths under the current directory are shown relative to it (the JSON form keeps them whole).
        let here = FileManager.default.currentDirectoryPath + "/"
        func shown(_ path: String) -> String { path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path }
        let p = phases
        func pc(_ percent: Double) -> String { String(format: "%.1f %%", percent) }
        // A steady scroll's speed is its average; flings say theirs.
        let averageSpeed = scrollModel == "steady" || scrollSecondsPlanned <= 0 ? ""
            : String(format: " (%.1f s, %.0f pt/s on average)", scrollSecondsPlanned, (contentHeight - viewportHeight) / scrollSecondsPlanned)
        var lines = [
            "feed-demo: \(items) items, \(FeedRenderJob.number(width)) pt wide @\(FeedRenderJob.number(scale))x, WebP q\(FeedRenderJob.number(webpQuality)) method \(webpMethod)",
            "  time        \(ms(wallSeconds)), \(String(format: "%.1f", itemsPerSecond)) items/s (decode \(ms(p.decodeSeconds)), layout \(ms(p.layoutSeconds)), scroll \(ms(p.scrollSeconds)), settle \(ms(p.settleSeconds)), contact sheet \(ms(p.contactSheetSeconds)))",
            "  scroll      \(String(format: "%.0f", contentHeight)) pt \(scrollDescription)\(averageSpeed) in a \(FeedRenderJob.number(width))×\(FeedRenderJob.number(viewportHeight)) pt viewport, with the ranges: \(frames) frames at \(framesPerSecond) Hz, \(droppedFrames) dropped, \(blankFrames) (\(pc(blankFramesPercent))) with a visible item not drawn yet",
            "  renders     \(renders) drawn; requests: \(rangeRenders) on entering the display range, \(settleRenders) by the settle pass, \(joinedRenders) joined; \(skippedRenders) skipped, \(cancelledRenders) cancelled",
            "  prefetches  \(prefetches) (\(cancelledPrefetches) cancelled)",
            "  cache hits  renders \(hits(cache.renders)), images \(hits(cache.images)), texts \(hits(cache.texts)), layouts \(hits(cache.layouts)); \(cache.evictions) evictions",
            "  written     \(files) WebP files, \(bytes(webpBytes)), in \(shown(feedDirectory))/; \(shown(contactSheet)) (\(contactSheetWidth)×\(contactSheetHeight) px, \(bytes(contactSheetBytes))); \(bytes(bytesWritten)) in all",
            "  loop        \(loop.turns) turns: p50 \(String(format: "%.3f", loop.turnP50Milliseconds)) ms, p99 \(String(format: "%.3f", loop.turnP99Milliseconds)) ms, max \(String(format: "%.3f", loop.turnMaxMilliseconds)) ms; work on the loop's thread: \(workOnLoopThread) of \(probedSteps) probed steps",
        ]
        if let naive {
            lines.insert(
                "  naive       the same scroll, each item rendered only on entering the screen: \(naive.frames) frames at \(framesPerSecond) Hz, \(naive.droppedFrames) dropped, \(naive.blankFrames) (\(pc(naive.blankFramesPercent))) with a visible item not drawn yet; \(naive.requests) requests, \(naive.cancelledRenders) cancelled (\(ms(naive.seconds)) more)",
                at: 3)
        }
        return lines.joined(separator: "\n")
    }
}
