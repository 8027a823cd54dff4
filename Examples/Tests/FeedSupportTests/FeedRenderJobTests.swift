import AsyncLayerKit
import AsyncLayerKitTesting
import ExampleTestSupport
@testable import FeedSupport
import Foundation
import Synchronization
import Testing

/// An image loader over the bundled images that counts its calls and those made on the loop's
/// thread (the loop must never load or decode).
final class ProbingImageLoader: ElementImageLoader {
    let base: any ElementImageLoader
    let calls = Atomic<Int>(0)
    let onLoop = Atomic<Int>(0)

    init(_ base: any ElementImageLoader) {
        self.base = base
    }

    func imageBytes(named name: String) async throws -> [UInt8] {
        calls.add(1, ordering: .relaxed)
        if DisplayLoop.main.isDrainingOnCurrentThread { onLoop.add(1, ordering: .relaxed) }
        return try await base.imageBytes(named: name)
    }
}

/// The feed demo's job (the main job's pipeline) on the first items of the bundled feed, with
/// the manual main loop driven by the test.
@Suite(.mainDisplayLoop) struct FeedRenderJobTests {
    /// A fresh folder under the temporary directory.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feed-render-job-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs the job while driving the manual main loop until it ends; returns its summary or its
    /// error, and the progress values it reported.
    static func run(
        items: Int,
        into folder: URL,
        loader: any ElementImageLoader,
        lanes: RenderLanes,
        scroll: FeedScroll = .steady(pointsPerSecond: 20_000),
        comparesNaive: Bool = false
    ) async throws -> (Result<FeedRenderSummary, any Error>, [FeedRenderProgress]) {
        // By default fast, so the scroll over twenty items takes a fraction of a second.
        let options = FeedRenderJob.Options(outputDirectory: folder, itemLimit: items, scroll: scroll, comparesNaive: comparesNaive,
                                            lanes: lanes)
        let page = try SampleFeed.pageBytes()
        let outcome = Locked<Result<FeedRenderSummary, any Error>?>(nil)
        let progress = Locked<[FeedRenderProgress]>([])
        Task {
            do {
                let summary = try await FeedRenderJob(options: options).run(pageBytes: page, imageLoader: loader) { value in
                    progress.withLock { $0.append(value) }
                }
                outcome.withLock { $0 = .success(summary) }
            } catch {
                outcome.withLock { $0 = .failure(error) }
            }
            // The outcome is set off the loop: a job on the loop makes `settle` look again.
            Task { @DisplayActor in }
        }
        // Drives the loop whenever it has work, until the job ends (no polling).
        let ended = await DisplayLoop.settle(until: { outcome.value != nil }, timeout: .seconds(120))
        return (try #require(ended ? outcome.value : nil, "the job did not end in 120 s"), progress.value)
    }

    @Test func everyItemGetsOneDecodableWebPAndTheSheetAndCountsAddUp() async throws {
        let count = 20
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lanes = RenderLanes(width: 2)
        let loader = ProbingImageLoader(try SampleFeed.imageLoader())
        let (result, progress) = try await Self.run(items: count, into: folder, loader: loader, lanes: lanes)
        let summary = try result.get()

        // Exactly one WebP per item, named after it, of the item's laid-out size at scale 2.
        let page = try await SampleFeed.loadPage()
        let items = Array(page.items.prefix(count))
        let heights = try await FeedLayoutCache(template: FeedCells(), lanes: lanes).layouts(of: items, width: 375).map { try $0.get().height }
        let feed = folder.appendingPathComponent("feed")
        let files = try FileManager.default.contentsOfDirectory(atPath: feed.path).sorted()
        #expect(files == items.map { FeedRenderJob.fileName(for: $0.id) }.sorted())
        var webpBytes = 0
        for (item, height) in zip(items, heights) {
            let bytes = [UInt8](try Data(contentsOf: feed.appendingPathComponent(FeedRenderJob.fileName(for: item.id))))
            webpBytes += bytes.count
            #expect(try ImageDecoder.info(of: bytes).format == .webp)
            let bitmap = try ImageDecoder.decode(bytes)
            #expect(bitmap.width == 750 && bitmap.height == Int(height * 2), "\(item.id): \(bitmap.width)×\(bitmap.height)")
        }

        // The contact sheet: one tile per item.
        let sheet = try ImageDecoder.decode([UInt8](try Data(contentsOf: folder.appendingPathComponent("feed-contact-sheet.png"))))
        let expected = FeedContactSheet.pixelSize(itemCount: count)
        #expect(sheet.width == expected.width && sheet.height == expected.height)
        #expect(summary.contactSheetWidth == expected.width && summary.contactSheetHeight == expected.height)

        // The counts add up.
        #expect(summary.items == count && summary.files == count)
        #expect(summary.webpBytes == webpBytes)
        #expect(summary.bytesWritten == summary.webpBytes + summary.contactSheetBytes)
        #expect(summary.renders + summary.cache.renders.hits + summary.joinedRenders >= count)
        // Each item rendered exactly once: every request started succeeded, except the cancelled ones.
        #expect(summary.rangeRenders + summary.settleRenders - summary.cancelledRenders == count)
        #expect(summary.settleRenders >= summary.cancelledRenders + summary.skippedRenders)
        #expect(summary.cancelledPrefetches <= summary.prefetches)
        #expect(summary.frames >= 2 && summary.contentHeight == heights.reduce(0, +))
        #expect(summary.blankFrames <= summary.frames && summary.blankFramesPercent == 100 * Double(summary.blankFrames) / Double(summary.frames))
        #expect(summary.scrollModel == "steady" && summary.scrollSpeed == 20_000 && summary.scrollDescription == "at 20000 pt/s")
        #expect(summary.naive == nil)  // not asked for
        #expect(summary.cache.texts.hits > 0)  // pre-layout measured the texts the renders draw
        #expect(summary.cache.images.hits + summary.cache.images.misses > 0)
        #expect(summary.cache.layouts.misses == count)
        #expect(summary.itemsPerSecond > 0 && summary.wallSeconds > 0)

        // The loop was never the one loading, building, hashing, drawing or encoding: every step
        // was probed from inside (so the probes ran), none on the loop's thread.
        #expect(summary.workOnLoopThread == 0)
        #expect(summary.loopProbe.values.allSatisfy { $0.onLoop == 0 }, "\(summary.loopProbe)")
        let probed = summary.loopProbe.mapValues(\.probed)
        #expect(Set(probed.keys) == Set(FeedLoopProbe.Step.allCases.map(\.key)))
        #expect(probed["cellBuilds"] == count)  // one layout per item
        #expect(probed["encodes"] == count && probed["contactSheet"] == 1)
        // Each item drawn to the end draws its probe; a render cancelled mid-tree may stop before it.
        #expect((count...summary.renders).contains(probed["draws"] ?? 0), "\(probed) vs \(summary.renders) renders")
        #expect((probed["hashes"] ?? 0) >= count && (probed["hashes"] ?? 0) <= summary.rangeRenders + summary.settleRenders)
        #expect((probed["prefetches"] ?? 0) <= summary.prefetches && (probed["imageLoads"] ?? 0) > 0)
        #expect(summary.probedSteps == probed.values.reduce(0, +))
        #expect(loader.calls.load(ordering: .relaxed) > 0)
        #expect(loader.onLoop.load(ordering: .relaxed) == 0)
        #expect(lanes.metrics.executor.ranTotal >= 2 * count)  // layouts, renders and encodes ran on the lanes
        #expect(summary.loop.turns > 0)

        // Progress: the layout phase, then the render phase up to every item.
        #expect(progress.contains { $0.phase == .layout })
        #expect(progress.last == FeedRenderProgress(phase: .render, done: count, total: count))

        // The JSON summary decodes back to the same value.
        let decoded = try JSONDecoder().decode(FeedRenderSummary.self, from: Data(summary.jsonString().utf8))
        #expect(decoded == summary)
    }

    /// The default scroll, a thumb's flings, and the naive strategy over the same scroll: every item
    /// entering the screen is requested once, nothing more is written, and the summary carries both
    /// strategies' frames.
    @Test func theNaiveStrategyScrollsTheSameFlingsAndWritesNothing() async throws {
        let count = 20
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let loader = ProbingImageLoader(try SampleFeed.imageLoader())
        let (result, progress) = try await Self.run(items: count, into: folder, loader: loader, lanes: RenderLanes(width: 2),
                                                    scroll: .default, comparesNaive: true)
        let summary = try result.get()
        let naive = try #require(summary.naive)

        // The ranges pass wrote one file per item, and the naive pass nothing more.
        #expect(summary.files == count)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("feed").path).count == count)
        #expect(summary.scrollModel == "flings" && summary.scrollSpeed == ThumbFlings.standard.releaseVelocity)
        #expect(summary.scrollSecondsPlanned == ThumbFlings.standard.seconds(toTravel: summary.contentHeight - summary.viewportHeight))

        // The same scroll, frame for frame by time: both passes run (handled or dropped) at least the
        // frames the model takes to reach the end.
        let planned = Int((summary.scrollSecondsPlanned * 60).rounded(.up)) + 1
        #expect(naive.frames + naive.droppedFrames >= planned && summary.frames + summary.droppedFrames >= planned)
        #expect(naive.frames >= 2 && naive.blankFrames >= 1 && naive.blankFrames <= naive.frames)
        #expect(naive.blankFramesPercent == 100 * Double(naive.blankFrames) / Double(naive.frames))
        // At flinging speeds no item crosses the screen between two frames: each one is requested
        // once as it enters, and drawn unless it left first.
        #expect(naive.requests == count)
        #expect(naive.cancelledRenders <= naive.requests && naive.renders >= naive.requests - naive.cancelledRenders)
        #expect(naive.workOnLoopThread == 0 && naive.seconds >= naive.scrollSeconds && naive.scrollSeconds > 0)
        // The naive pass reported how far the viewport had come, up to the last item.
        #expect(progress.contains { $0.phase == .naive })
        #expect(progress.last { $0.phase == .naive } == FeedRenderProgress(phase: .naive, done: count, total: count))

        // Both strategies in the text, ranges on the scroll line and naive under it; and in the JSON.
        let lines = summary.text().split(separator: "\n").map(String.init)
        #expect(lines.map { String($0.prefix(14)) } == [
            "feed-demo: 20 ", "  time        ", "  scroll      ", "  naive       ", "  renders     ", "  prefetches  ",
            "  cache hits  ", "  written     ", "  loop        ",
        ])
        #expect(lines[2].contains("in flings released at 5000 pt/s") && lines[2].hasSuffix(
            "\(summary.blankFrames) (\(String(format: "%.1f", summary.blankFramesPercent)) %) with a visible item not drawn yet"))
        #expect(lines[3].contains("\(naive.blankFrames) (\(String(format: "%.1f", naive.blankFramesPercent)) %) with a visible item not drawn yet"))
        let json = summary.jsonString()
        #expect(json.contains("\"naive\":{\"blankFrames\":\(naive.blankFrames),"))
        #expect(try JSONDecoder().decode(FeedRenderSummary.self, from: Data(json.utf8)) == summary)
        // Without the naive pass, no naive line and no naive key.
        var alone = summary
        alone.naive = nil
        #expect(!alone.text().contains("  naive ") && !alone.jsonString().contains("\"naive\""))
        #expect(alone.text().split(separator: "\n").count == lines.count - 1)
    }

    /// The job's steps run on the loop's thread are counted: the probe sits inside each step, so
    /// the figure can fail (it used to be taken at the start of a detached task, where it could not).
    @Test func stepsRunOnTheLoopAreCountedOnTheLoop() async throws {
        let probe = FeedLoopProbe()
        let template = ProbedCells(base: FeedCells(), probe: probe)
        let page = try await SampleFeed.loadPage()
        let item = try #require(page.items.first { if case .mock(let texts, _) = $0.kind { !texts.isEmpty } else { false } })
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("cell.png")

        /// Builds, lays out, hashes, draws and encodes one cell, through the job's probed steps.
        @Sendable func runSteps() -> Result<Bitmap, any Error> {
            Result {
                let tree = template.element(for: item, width: 375)
                let layout = try ElementLayout.layout(tree, in: Size(width: 375, height: 400))
                _ = try FeedScroller.hash(tree, probe: probe)
                let bitmap = try ElementRenderer().draw(tree, layout: layout, images: ResolvedImages(), scale: 1)
                _ = try FeedScroller.encode(bitmap, as: .png(), to: url, probe: probe)
                return bitmap
            }
        }
        let steps: [FeedLoopProbe.Step] = [.cellBuild, .hash, .draw, .encode]

        // Off the loop (this test's task): probed, not on the loop.
        _ = try runSteps().get()
        for step in steps { #expect(probe.counts(step) == .init(probed: 1, onLoop: 0), "\(step)") }

        // The same steps run synchronously on the loop: each one counted on the loop.
        _ = try DisplayLoop.drive { runSteps() }.value.get()
        for step in steps { #expect(probe.counts(step) == .init(probed: 2, onLoop: 1), "\(step)") }
        #expect(probe.report["draws"] == .init(probed: 2, onLoop: 1))
    }

    @Test func aMissingImageStopsTheJobWithTheItemsID() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = folder.appendingPathComponent("no-images", isDirectory: true)
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let (result, _) = try await Self.run(items: 20, into: folder, loader: try FeedImageLoader(directory: empty), lanes: RenderLanes(width: 2))
        #expect(throws: FeedRenderError.self) { try result.get() }
        if case .failure(let error) = result {
            let line = "\(error)"
            #expect(line.hasPrefix("item \"") && line.contains("no bundled image"), "\(line)")
            #expect(!line.contains("\n"))
        }
    }

    @Test func badOptionsAreRefusedBeforeAnythingRuns() throws {
        let folder = URL(fileURLWithPath: "/nonexistent")
        for options in [
            FeedRenderJob.Options(outputDirectory: folder, width: 0),
            FeedRenderJob.Options(outputDirectory: folder, scale: .nan),
            FeedRenderJob.Options(outputDirectory: folder, webpQuality: 101),
            FeedRenderJob.Options(outputDirectory: folder, webpMethod: 7),
            FeedRenderJob.Options(outputDirectory: folder, itemLimit: 0),
            FeedRenderJob.Options(outputDirectory: folder, scroll: .steady(pointsPerSecond: 0)),
            FeedRenderJob.Options(outputDirectory: folder, scroll: .flings(ThumbFlings(decelerationRate: 1.5))),
        ] {
            #expect(throws: FeedRenderError.self) { try options.validate() }
        }
        try FeedRenderJob.Options(outputDirectory: folder).validate()
    }

    @Test func fileNamesAreSafeAndUnique() {
        #expect(FeedRenderJob.fileName(for: "item-0001") == "item-0001.webp")
        #expect(FeedRenderJob.fileName(for: "a/b c:é") == "a_b_c__.webp")
        #expect(FeedRenderJob.fileName(for: "../x") == "_._x.webp")
        #expect(FeedRenderJob.uniqueFileNames(for: ["a/b", "a:b", "a_b"]) == ["a_b.webp", "a_b-2.webp", "a_b-3.webp"])
    }

    @Test func theSheetOfTheWholeFeedIsFifteenColumnsWide() {
        let size = FeedContactSheet.pixelSize(itemCount: 300)
        #expect(FeedContactSheet.columns(itemCount: 300) == 15 && FeedContactSheet.columns(itemCount: 4) == 4)
        #expect(size.width == 1584 && size.height == 3140)
    }
}
