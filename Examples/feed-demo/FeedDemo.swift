import ArgumentParser
import AsyncLayerKit
import FeedSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The main job: renders the bundled sample feed end to end (JSON decode, pre-layout,
/// range-driven rendering of every item while a virtual viewport scrolls down it) into one WebP
/// per item and a contact sheet, and prints a summary.
@main
struct FeedDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed-demo",
        abstract: "Renders the bundled sample feed into out/feed/<item-id>.webp and out/feed-contact-sheet.png.",
        discussion: """
            A virtual viewport (375×812 pt) scrolls down the feed the way a thumb flicks through \
            it: flings released at 5,000 pt/s (--fling-velocity) that decelerate as UIScrollView's \
            normal rate does (×0.998 per ms), one every 0.85 s, about 2,500 pt/s on average (43 s \
            for the bundled feed), one step per 60 Hz display-link frame on the loop. A range controller starts image \
            prefetches and renders as items come near and cancels them as they leave; a settle \
            pass renders whatever was skipped; every item is written. Then the same scroll runs \
            again with the naive strategy (an item rendered only when it enters the screen, from a \
            cold cache, nothing written; --no-naive skips it), and the summary prints both: frames, \
            frames dropped, and frames with a visible item not drawn yet. --speed N scrolls at a \
            steady N pt/s instead (--speed 24000 is the demo's old scroll, about 30 screens a \
            second). The feed is bundled (Examples/FeedSupport/feed-data; FEED_DATA_DIR overrides it).
            """
    )

    @Option(help: "The folder to write into.")
    var out = "out"

    @Flag(help: "Print the summary as one JSON object on stdout.")
    var json = false

    @Option(help: "The cells' and the viewport's width, in points.")
    var width = 375.0

    @Option(help: "The viewport's height, in points.")
    var height = 812.0

    @Option(help: "Pixels per point.")
    var scale = 2.0

    @Option(help: "The WebP quality, 0...100.")
    var quality = 80.0

    @Option(help: "The WebP method, 0 (fastest) to 6 (smallest); 2 makes files about 3 percent larger than 4 in less than half the time.")
    var webpMethod = FeedRenderJob.Options.defaultWebPMethod

    @Option(help: "Render only the first N items.")
    var items: Int?

    @Option(help: "Scroll at this steady speed, in points per second, instead of flinging.")
    var speed: Double?

    @Option(help: "The flings' release velocity, in points per second (default: 5000).")
    var flingVelocity: Double?

    @Flag(inversion: .prefixedNo, help: "Scroll the feed a second time with the naive strategy (render on entering the screen) and print both.")
    var naive = true

    func validate() throws {
        if speed != nil, flingVelocity != nil {
            throw ValidationError("--speed and --fling-velocity exclude each other")
        }
    }

    func run() async throws {
        let options = FeedRenderJob.Options(
            outputDirectory: URL(fileURLWithPath: out, isDirectory: true),
            width: width, viewportHeight: height, scale: scale, webpQuality: quality, webpMethod: webpMethod,
            itemLimit: items,
            scroll: speed.map { .steady(pointsPerSecond: $0) } ?? .flings(ThumbFlings(releaseVelocity: flingVelocity ?? ThumbFlings.standard.releaseVelocity)),
            comparesNaive: naive
        )
        let bar = ProgressBar.onStandardError()
        do {
            try options.validate()
            let page: [UInt8], loader: FeedImageLoader
            do {
                page = try SampleFeed.pageBytes()
            } catch {
                throw FeedRenderError.read(path: SampleFeed.pageURL.path, FeedRenderJob.fileErrorReason(error))
            }
            do {
                loader = try SampleFeed.imageLoader()
            } catch {
                throw FeedRenderError.read(path: SampleFeed.imagesURL.path, FeedRenderJob.fileErrorReason(error))
            }
            let summary = try await FeedRenderJob(options: options).run(pageBytes: page, imageLoader: loader) { progress in
                bar?.show(progress)
            }
            await bar?.clear()
            print(json ? summary.jsonString() : summary.text())
        } catch {
            await bar?.clear()
            FileHandle.standardError.write(Data("feed-demo: error: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}

/// `[#######-----] 180/300 items` on stderr, redrawn in place at most ten times a second; only
/// when stderr is a terminal.
@DisplayActor
final class ProgressBar {
    private let clock = ContinuousClock()
    private var lastDrawn: ContinuousClock.Instant?
    private var lastPhase: FeedRenderProgress.Phase?
    private var drawn = false

    /// A bar on stderr, or `nil` when stderr is not a terminal (piped, redirected).
    nonisolated static func onStandardError() -> ProgressBar? {
        isatty(STDERR_FILENO) == 1 ? ProgressBar() : nil
    }

    nonisolated private init() {}

    /// Redraws the bar for `progress`, unless it was drawn less than 0.1 s ago (the first and last
    /// values of each phase are always drawn).
    func show(_ progress: FeedRenderProgress) {
        let now = clock.now
        let edge = progress.phase != lastPhase || progress.done == progress.total
        if !edge, let lastDrawn, now - lastDrawn < .milliseconds(100) { return }
        lastDrawn = now
        lastPhase = progress.phase
        let slots = 30
        let filled = progress.total == 0 ? slots : slots * progress.done / progress.total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: slots - filled)
        let label = switch progress.phase {
        case .layout: "laid out"
        case .render: "rendered"
        case .naive: "reached by the naive scroll"
        }
        write("\r[\(bar)] \(progress.done)/\(progress.total) items \(label)\u{1B}[K")
        drawn = true
    }

    /// Erases the bar.
    func clear() {
        if drawn { write("\r\u{1B}[K") }
        drawn = false
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
