import AsyncLayerKit
import AsyncLayerKitTesting
import ExampleTestSupport
import HeadlessList
import Testing

/// The headless list on the manual loop, a manual clock and the simulated backend: deterministic
/// scroll simulations of the four strategies.
@Suite(.mainDisplayLoop) struct HeadlessListTests {
    /// What each presented frame showed, collected by the list's `framePresented` hook.
    final class FrameLog: Sendable {
        struct Entry: Sendable {
            /// Visible item indices whose cells show their item, and those that do not.
            var shown: [Int] = []
            var blank: [Int] = []
            /// Cells whose contents are not their item's (by model identity or by pixels).
            var inconsistent: [String] = []
            var offset = 0.0
            var velocity = 0.0
        }

        let entries = Locked<[Entry]>([])
        var all: [Entry] { entries.value }
    }

    /// Installs a hook that checks every visible cell of every presented frame: a cell with
    /// contents must show its own item, by model identity and by the pixels' colour.
    static func watch(_ list: HeadlessList<ManualClock>) -> FrameLog {
        let log = FrameLog()
        DisplayLoop.drive {
            list.framePresented = { list in
                var entry = FrameLog.Entry(offset: list.offset, velocity: list.velocity)
                for (index, cell) in list.visibleCells.sorted(by: { $0.key < $1.key }) {
                    let item = list.items[index]
                    if cell.itemID != item.id { entry.inconsistent.append("\(index): cell configured for \(cell.itemID ?? "nil")") }
                    if let contents = cell.contents {
                        let expected = SimulatedRenderBackend.color(for: item.tree.contentHash).hexString
                        let shown = contents.color(x: 1, y: 1)?.hexString
                        if cell.contentsItemID != item.id || shown != expected {
                            entry.inconsistent.append("\(index): shows \(cell.contentsItemID ?? "nil") \(shown ?? "-"), expected \(expected)")
                        }
                    }
                    if cell.showsItsItem { entry.shown.append(index) } else { entry.blank.append(index) }
                }
                log.entries.withLock { $0.append(entry) }
            }
        }
        return log
    }

    /// The fields where two reports differ, with both values.
    static func differences(_ a: ScrollSimulationReport, _ b: ScrollSimulationReport) -> [String] {
        zip(Mirror(reflecting: a).children, Mirror(reflecting: b).children).compactMap { x, y in
            let (l, r) = ("\(x.value)", "\(y.value)")
            guard l != r else { return nil }
            return "\(x.label ?? "?"): \(l.prefix(200)) vs \(r.prefix(200))"
        }
    }

    @Test(arguments: ListStrategy.allCases)
    func theSameTraceTwiceGivesTheSameReport(strategy: ListStrategy) async throws {
        var reports: [ScrollSimulationReport] = []
        var logs: [FrameLog] = []
        for _ in 0..<2 {
            let (list, _, driver) = try ListFixtures.list(strategy)
            logs.append(Self.watch(list))
            let trace = ScrollTrace.make(.backAndForth, contentLength: list.contentLength,
                                         viewportHeight: list.configuration.viewportHeight, framesPerSecond: 60)
            reports.append(try await driver.run(trace))
        }
        // Frame by frame too: the same cells blank in the same frames.
        let firstDifference = zip(logs[0].all, logs[1].all).enumerated().first { $0.element.0.blank != $0.element.1.blank }
        #expect(firstDifference == nil, "frame \(firstDifference?.offset ?? -1): \(firstDifference.map { "\($0.element.0.blank) vs \($0.element.1.blank)" } ?? "")")
        #expect(reports[0] == reports[1], "differs in \(Self.differences(reports[0], reports[1]))")
        #expect(reports[0].frames > 100)
        #expect(reports[0].consistencyViolations == 0)
        #expect(reports[0].rendersStarted > 0)
    }

    @Test(arguments: ListStrategy.allCases)
    func aReusedCellNeverShowsAnotherItem(strategy: ListStrategy) async throws {
        let (list, _, driver) = try ListFixtures.list(strategy)
        let log = Self.watch(list)
        let trace = ScrollTrace.make(.jump, contentLength: list.contentLength,
                                     viewportHeight: list.configuration.viewportHeight, framesPerSecond: 60)
        let report = try await driver.run(trace)
        let frames = log.all
        #expect(frames.count == report.deliveredFrames)
        #expect(frames.allSatisfy { $0.inconsistent.isEmpty }, "\(frames.flatMap(\.inconsistent).prefix(5))")
        #expect(report.consistencyViolations == 0)
        // Cells were reused: far fewer cells than the items that went by.
        let cells = DisplayLoop.drive { list.allCells.count }.value
        let itemsSeen = Set(frames.flatMap { $0.shown + $0.blank }).count
        #expect(cells < itemsSeen / 2, "cells \(cells), items seen \(itemsSeen)")
    }

    @Test func aLongFlingSkipsTheRowsItPassesOverAndDrawsTheVisibleOnesWhenItStops() async throws {
        let (list, backend, driver) = try ListFixtures.list(.fastScrollSkipping)
        let log = Self.watch(list)
        let trace = ListFixtures.fling(list)
        _ = try await driver.run(trace)

        // The rows between the first screen and the target, none of them a target or approach row.
        let release = try #require(trace.samples.firstIndex { $0.events.contains { if case .flingReleased = $0 { true } else { false } } })
        let end = try #require(trace.samples.firstIndex { $0.events.contains(.motionEnded(.decelerationEnded)) })
        let (firstScreen, targetScreen) = DisplayLoop.drive {
            (list.visibleRange(at: trace.samples[release].offset), list.visibleRange(at: trace.samples[end].offset))
        }.value
        #expect(targetScreen.lowerBound - firstScreen.lowerBound > 8)
        let passedOver = firstScreen.upperBound..<(targetScreen.lowerBound - 3)
        #expect(passedOver.count > 10)
        let ledger = try await driver.onLoop { await backend.ledger() }
        let rendered = Set(ledger.entries.map(\.key.hash))
        let items = list.items
        let drawnPassedOver = passedOver.filter { rendered.contains(items[$0].tree.contentHash) }
        #expect(drawnPassedOver.isEmpty, "rows drawn while passed over: \(drawnPassedOver)")

        // Once the motion stops, every visible row is drawn within a few frames.
        let frames = log.all
        let stopFrame = end  // frame index == sample index: no frame is dropped by the async strategies
        #expect(frames.count > stopFrame + 5)
        let settled = frames[(stopFrame + 3)...]
        #expect(settled.allSatisfy { $0.blank.isEmpty }, "blank after the stop: \(settled.map(\.blank).prefix(3))")
    }

    /// VVebo's issues #13 and #18: a touch stops a skipped fling among rows it refused; they are
    /// drawn within a few frames, not left blank.
    @Test func aTouchThatStopsASkippedFlingDrawsTheRefusedRows() async throws {
        let (list, _, driver) = try ListFixtures.list(.fastScrollSkipping)
        let log = Self.watch(list)
        let (length, height) = (list.contentLength, list.configuration.viewportHeight)
        let drag = ScrollTrace.drag(from: 0, speed: 1_500, seconds: 0.25, contentLength: length, viewportHeight: height, framesPerSecond: 60)
        var fling = ScrollTrace.deceleration(from: drag.finalOffset, velocity: 8_000, contentLength: length,
                                             viewportHeight: height, framesPerSecond: 60)
        fling.samples = Array(fling.samples.prefix(25))  // still fast: the finger lands mid-fling
        let hold = ScrollTrace.drag(from: fling.finalOffset, speed: 0, seconds: 0.5, contentLength: length,
                                    viewportHeight: height, framesPerSecond: 60)
        let trace = drag.appending(fling).appending(.lift(hold))
        _ = try await driver.run(trace)

        let touch = drag.frameCount + fling.frameCount
        #expect(trace.samples[touch].events == [.dragBegan])
        let frames = log.all
        #expect(frames.count == trace.frameCount)
        #expect(!frames[touch - 1].blank.isEmpty)  // refused rows under the finger
        let after = frames[(touch + 3)...]
        #expect(after.allSatisfy { $0.blank.isEmpty }, "blank after the touch: \(after.map(\.blank).prefix(3))")
    }

    @Test func rangesShowFewerBlankCellsThanAsyncDisplayAloneOnTheSameFling() async throws {
        var reports: [ListStrategy: ScrollSimulationReport] = [:]
        for strategy in [ListStrategy.asyncDisplay, .ranges] {
            let (list, _, driver) = try ListFixtures.list(strategy)
            reports[strategy] = try await driver.run(ListFixtures.fling(list))
        }
        let async = try #require(reports[.asyncDisplay]), ranges = try #require(reports[.ranges])
        #expect(async.blankCellFrames > 0)
        #expect(ranges.blankCellFrames < async.blankCellFrames, "ranges \(ranges.blankCellFrames), async \(async.blankCellFrames)")
        #expect(ranges.droppedFrames == 0 && async.droppedFrames == 0)
        #expect(ranges.hitches == 0 && async.hitches == 0)
        #expect(ranges.hitchRating == .good && async.hitchRating == .good)
        #expect(ranges.prefetchesStarted > 0 && ranges.preRendersStarted > 0)
    }

    /// The display link drops a frame when its turn starts after the frame's deadline: one draw
    /// of 40 ms (more than two 16.7 ms frames) drops at least one; 2 ms draws drop none.
    @Test(arguments: [(Duration.milliseconds(40), true), (.milliseconds(2), false)])
    func synchronousDrawingDropsFramesWhenItCostsMoreThanAFrame(drawCost: Duration, drops: Bool) async throws {
        let (list, _, driver) = try ListFixtures.list(.synchronous, drawCost: drawCost)
        let trace = ScrollTrace.make(.drag, contentLength: list.contentLength,
                                     viewportHeight: list.configuration.viewportHeight, framesPerSecond: 60)
        let report = try await driver.run(trace)
        #expect(report.frames == trace.frameCount)
        #expect(report.deliveredFrames + report.droppedFrames == report.frames)
        if drops {
            #expect(report.droppedFrames > 10)
            #expect(report.turnMax >= 40_000_000)
            #expect(report.hitchRating == .critical, "\(report.hitchTimeRatio) ms/s")
        } else {
            #expect(report.droppedFrames == 0)
            #expect(report.turnMax <= 16_666_666)
            #expect(report.hitches == 0 && report.hitchNanoseconds == 0)
        }
        #expect(report.blankCellFrames == 0)  // drawn in the frame: late, never blank
        #expect(report.consistencyViolations == 0)
    }
}

/// Hitches in the headless list: a frame whose turn ends after its deadline, by the overrun,
/// measured on the manual clock (the simulated synchronous draw advances it inside the turn).
@Suite(.mainDisplayLoop) struct HeadlessListHitchTests {
    /// The first screen drawn on the loop: its turn starts on time, at the frame's timestamp, and
    /// lasts one draw per visible cell; the frame is a hitch of exactly that minus the interval.
    @Test(arguments: [60, 120])
    func theFirstScreenDrawnOnTheLoopIsAHitchOfItsOverrun(rate: Int) async throws {
        let drawCost = Duration.milliseconds(6)
        let (list, _, driver) = try ListFixtures.list(.synchronous, drawCost: drawCost)
        let trace = ScrollTrace.rest(at: 0, frames: 30, viewportHeight: list.configuration.viewportHeight, framesPerSecond: rate)
        let report = try await driver.run(trace)
        let visible = DisplayLoop.drive { list.visibleRange(at: 0).count }.value
        let interval = Int64(1_000_000_000 / rate)
        let turn = Int64(visible) * 6_000_000
        #expect(visible >= 4)
        #expect(report.frameIndices.first == 0)  // delivered, not dropped: it started on time
        #expect(report.frameTurnNanoseconds.first == turn)
        #expect(report.frameHitchNanoseconds.first == turn - interval)
        // Nothing else to draw: every later frame is on time.
        #expect(report.hitches == 1)
        #expect(report.hitchNanoseconds == turn - interval && report.longestHitchNanoseconds == turn - interval)
        #expect(report.frameHitchNanoseconds.count == report.deliveredFrames)
        #expect(report.frameIndices.count == report.deliveredFrames)
    }

    /// Draws of 20 ms on the loop, one per cell entering a steady drag: each such turn starts on time
    /// and ends 3.3 ms after its deadline, before the next frame's, so the display link drops
    /// nothing for it — the old accounting saw a fluent list. The hitches make it critical.
    @Test func turnsThatOverrunWithoutDroppingAFrameAreHitches() async throws {
        let (list, _, driver) = try ListFixtures.list(.synchronous, drawCost: .milliseconds(20))
        let trace = ScrollTrace.make(.drag, contentLength: list.contentLength,
                                     viewportHeight: list.configuration.viewportHeight, framesPerSecond: 60)
        let report = try await driver.run(trace)
        let undropped = report.frameHitchNanoseconds.indices.filter { n in
            report.frameHitchNanoseconds[n] > 0 && n + 1 < report.frameIndices.count
                && report.frameIndices[n + 1] == report.frameIndices[n] + 1
        }
        #expect(undropped.count >= 10, "hitches that dropped no frame: \(undropped.count)")
        #expect(report.hitches > report.droppedFrames, "hitches \(report.hitches), dropped \(report.droppedFrames)")
        #expect(report.hitchRating == .critical, "\(report.hitchTimeRatio) ms/s")
        #expect(report.blankCellFrames == 0)
    }

    /// The same drag, drawn off the loop: the frame turns stay short and no frame is late.
    @Test(arguments: [ListStrategy.asyncDisplay, .ranges])
    func asynchronousStrategiesHaveNoHitchesOnTheSameDrag(strategy: ListStrategy) async throws {
        let (list, _, driver) = try ListFixtures.list(strategy)
        let trace = ScrollTrace.make(.drag, contentLength: list.contentLength,
                                     viewportHeight: list.configuration.viewportHeight, framesPerSecond: 60)
        let report = try await driver.run(trace)
        #expect(report.hitches == 0 && report.hitchTimeRatio == 0 && report.hitchRating == .good)
    }
}

/// The simulation driver gives up on a stuck loop with an issue and an error, not a crash: the
/// rest of the run goes on.
@Suite(.mainDisplayLoop) struct ListSimulationDriverTests {
    @Test func aBodyTheLoopNeverFinishesIsAnIssueAndAnError() async throws {
        let (_, _, driver) = try ListFixtures.list(.asyncDisplay, count: 4)
        let (release, releaser) = AsyncStream.makeStream(of: Void.self)
        await withKnownIssue {
            _ = try await driver.onLoop(rounds: 50) { () async -> Int in
                for await _ in release {}  // suspended until the test releases it
                return 0
            }
        }
        releaser.finish()
        // The released body ends on the loop: drive it there.
        #expect(try await driver.onLoop { 1 } == 1)
    }
}

/// The real backend's bookkeeping: renders it ran are in the ledger (a cache hit is not), a
/// prefetch leaves the images decoded in the service's cache, and the synchronous draw gives the
/// same pixels as the asynchronous render.
@Suite(.mainDisplayLoop) struct ServiceRenderBackendTests {
    static let lanes = RenderLanes(width: 2)

    static func tree() throws -> HashedElement {
        try HashedElement(.view(style: ElementStyle(background: .blue), children: [
            .image(.named("avatar"), contentMode: .scaleToFill, frame: Rect(x: 0, y: 0, width: 8, height: 8)),
        ]))
    }

    @Test func rendersAreLedgeredOnceAndCacheHitsAreNot() async throws {
        let service = ElementRenderService(.init(limits: .testing, imageLoader: BundledImageLoader(), lanes: Self.lanes))
        let backend = ServiceRenderBackend(service: service)
        let tree = try Self.tree()
        let size = Size(width: 16, height: 16)

        try await backend.prefetch(tree, size: size, scale: 2)
        #expect(await service.cache.metrics.images.count == 1)
        #expect(await backend.ledger().entries.isEmpty)  // a prefetch is not a render

        let first = try await backend.render(tree, size: size, scale: 2, priority: .userInitiated)
        let second = try await backend.render(tree, size: size, scale: 2, priority: .utility)
        let ledger = await backend.ledger()
        #expect(ledger.entries.count == 1)
        #expect(ledger.entries.first?.finished == true)
        #expect(ledger.entries.first?.key == ElementCache.RenderKey(hash: tree.contentHash, size: size, scale: 2))
        #expect(first.width == 32 && second.width == 32)
        #expect(await backend.heldBytes() >= first.byteCount)

        let drawn = try #require(DisplayLoop.drive { try? backend.drawSynchronously(tree, size: size, scale: 2) }.value)
        #expect(goldenImages.difference(drawn, first, tolerance: 0).differingPixels == 0)
    }

    @Test(.timeLimit(.minutes(1))) func aCancelledRenderIsLedgeredAsNotFinished() async throws {
        let loader = CancellableImageLoader()
        let service = ElementRenderService(.init(limits: .testing, imageLoader: loader, lanes: Self.lanes))
        let backend = ServiceRenderBackend(service: service)
        let tree = try HashedElement(.view(style: ElementStyle(background: .red), children: [
            .image(.named("slow"), contentMode: .scaleToFill, frame: Rect(x: 0, y: 0, width: 8, height: 8)),
        ]))
        let task = Task { try await backend.render(tree, size: Size(width: 16, height: 16), scale: 1, priority: .userInitiated) }
        #expect(await loader.nextEntry())
        task.cancel()
        _ = await task.result
        // The render stops on its lane a moment after its requester gave up: wait for its entry.
        let ledger = await backend.ledger(atLeast: 1)
        #expect(ledger.entries.count == 1)
        #expect(ledger.entries.first?.finished == false)
    }
}
