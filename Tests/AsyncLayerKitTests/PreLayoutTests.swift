import AsyncLayerKit
import AsyncLayerKitTesting
import Foundation
import Synchronization
import Testing

/// Records where and how concurrently a template runs, around the sample feed's templates.
final class TemplateProbe: Sendable {
    let calls = Atomic<Int>(0)
    let running = Atomic<Int>(0)
    let maxRunning = Atomic<Int>(0)
    let onLoop = Atomic<Int>(0)
}

struct RecordingTemplate: FeedCellTemplate {
    let probe: TemplateProbe
    var delayMicroseconds: UInt32 = 0

    func element(for item: TestItem, width: Double) -> Element {
        probe.calls.add(1, ordering: .relaxed)
        let now = probe.running.add(1, ordering: .relaxed).newValue
        defer { probe.running.subtract(1, ordering: .relaxed) }
        var seen = probe.maxRunning.load(ordering: .relaxed)
        while now > seen {
            let (exchanged, current) = probe.maxRunning.compareExchange(expected: seen, desired: now, ordering: .relaxed)
            if exchanged { break }
            seen = current
        }
        if DisplayLoop.main.isDrainingOnCurrentThread || DisplayLoop.main.isIsolatingCurrentContext() == true {
            probe.onLoop.add(1, ordering: .relaxed)
        }
        if delayMicroseconds > 0 { usleep(delayMicroseconds) }
        return TestFeedCells().element(for: item, width: width)
    }
}

/// Pre-layout: the cache, bounded work off the loop, delivery at the layout phase in one batch,
/// cancellation (the sample feed's own templates: Examples/Tests/FeedSupportTests/FeedCellsTests).
@Suite(.mainDisplayLoop) struct PreLayoutTests {
    /// Lanes of these tests, so a worker held by a test never holds the shared ones.
    static let lanes = RenderLanes(width: 2)

    static func mock(_ texts: [String], images: Int = 0) -> TestItem {
        .mock(id: "x", texts: texts, images: (0..<images).map { "photo-\($0 % 9 + 1)" })
    }

    // MARK: The cache

    @Test func theSecondRequestForAnItemAndWidthDoesNoLayout() async throws {
        let probe = TemplateProbe()
        let texts = ElementCache(byteLimit: 8 << 20)
        let cache = FeedLayoutCache(template: RecordingTemplate(probe: probe), lanes: Self.lanes, textCache: texts)
        let item = Self.mock(["Cached", "Body text that wraps, perhaps, onto a second line at this width."], images: 2)
        let first = try await cache.layout(of: item, width: 375)
        let second = try await cache.layout(of: item, width: 375)
        #expect(first.height == second.height)
        var metrics = await cache.metrics
        #expect(metrics.layoutsComputed == 1 && metrics.hits == 1 && metrics.misses == 1 && metrics.entries == 1)
        #expect(probe.calls.load(ordering: .relaxed) == 1)
        #expect(await cache.cachedLayout(for: item, width: 375) != nil)

        _ = try await cache.layout(of: item, width: 320)  // another width: laid out
        var edited = item
        edited.kind = .mock(texts: ["Cached", "Edited."], images: [])
        _ = try await cache.layout(of: edited, width: 375)  // same id, new content: laid out
        metrics = await cache.metrics
        #expect(metrics.layoutsComputed == 3 && metrics.entries == 3)
        #expect(probe.calls.load(ordering: .relaxed) == 3)

        // A second cache sharing the text cache measures nothing again.
        let hitsBefore = await texts.metrics.texts.hits
        _ = try await FeedLayoutCache(template: TestFeedCells(), lanes: Self.lanes, textCache: texts).layout(of: item, width: 375)
        #expect(await texts.metrics.texts.hits == hitsBefore + 2)
    }

    @Test func theCacheKeepsAtMostItsEntries() async throws {
        let cache = FeedLayoutCache(template: TestFeedCells(), lanes: Self.lanes, maxEntries: 2)
        for i in 0..<3 { _ = try await cache.layout(of: .mock(id: "e\(i)", texts: ["t"]), width: 300) }
        let metrics = await cache.metrics
        #expect(metrics.entries == 2 && metrics.evictions == 1)
        #expect(await cache.cachedLayout(for: .mock(id: "e0", texts: ["t"]), width: 300) == nil)
    }

    /// Each item's result is its own: the failing item's, typed; a bad width is refused.
    @Test func aLayoutErrorIsTheFailingItemsOwn() async throws {
        let cache = FeedLayoutCache(template: TestFeedCells(), limits: ElementLimits(maxNodes: 3), lanes: Self.lanes)
        let results = await cache.layouts(of: [Self.mock(["a"]), .mock(id: "big", texts: ["1", "2", "3", "4"])], width: 300)
        #expect((try? results[0].get()) != nil)
        #expect(throws: ElementError.tooManyNodes(count: 4, limit: 3)) { try results[1].get() }
        for width in [Double.nan, .infinity, 0, -1] {
            await #expect(throws: ElementError.self) { try await cache.layout(of: Self.mock(["a"]), width: width) }
        }
    }

    // MARK: Off the loop, bounded, delivered at the layout phase

    @Test func layoutRunsOffTheLoopAtMostNAtOnce() async throws {
        let probe = TemplateProbe()
        let lanes = RenderLanes(width: 2)
        let cache = FeedLayoutCache(template: RecordingTemplate(probe: probe, delayMicroseconds: 3_000), lanes: lanes, maxConcurrentLayouts: 2)
        let items = (0..<12).map { TestItem.mock(id: "b\($0)", texts: ["Item \($0)", String(repeating: "text ", count: $0 * 5 + 1)], images: ["p"]) }
        let deliveries = Locked<[FeedPreLayout<TestItem>.Delivery]>([])
        let preLayout = DisplayLoop.drive { FeedPreLayout(cache: cache) { d in deliveries.withLock { $0.append(d) } } }.value
        let request = DisplayLoop.drive { preLayout.request(items, width: 375) }.value
        #expect(await DisplayLoop.settle { !preLayout.isRunning(request) })

        #expect(probe.calls.load(ordering: .relaxed) == 12)
        #expect(probe.onLoop.load(ordering: .relaxed) == 0)  // never on the loop's thread, never DisplayActor-isolated
        #expect(probe.maxRunning.load(ordering: .relaxed) <= 2)
        #expect(lanes.metrics.executor.ranTotal >= 12)  // measuring and placing ran on the lanes
        let delivered = deliveries.value
        #expect(delivered.flatMap(\.layouts).count == 12)
        #expect(delivered.allSatisfy { $0.phase == .layout })
        #expect(delivered.flatMap(\.completed) == [request])
        #expect(delivered.last?.completed == [request])
        let heights = DisplayLoop.drive { items.map { preLayout.height(for: $0.id) } }.value
        #expect(heights.allSatisfy { $0 != nil })
        #expect(heights.last!! > heights.first!!)
    }

    @Test func fullLayoutsAreBoundedAndForgottenHeightsAreKept() async throws {
        let cache = FeedLayoutCache(template: RecordingTemplate(probe: TemplateProbe(), delayMicroseconds: 0), lanes: RenderLanes(width: 2))
        let items = (0..<10).map { TestItem.mock(id: "r\($0)", texts: ["Item \($0)"], images: []) }
        let preLayout = DisplayLoop.drive { FeedPreLayout(cache: cache, retainedLayouts: 4) }.value
        let request = DisplayLoop.drive { preLayout.request(items, width: 375) }.value
        #expect(await DisplayLoop.settle { !preLayout.isRunning(request) })
        let kept = DisplayLoop.drive { () -> (count: Int, layouts: Int, heights: Int) in
            (preLayout.retainedLayoutCount, items.filter { preLayout.layout(for: $0.id) != nil }.count,
             items.filter { preLayout.height(for: $0.id) != nil }.count)
        }.value
        #expect(kept.count == 4)
        #expect(kept.layouts == 4)
        #expect(kept.heights == 10)  // every height stays known
        // A list keeps the layouts of what it shows and forgets the rest.
        let shown = DisplayLoop.drive { () -> [String] in
            let shown = items.map(\.id).filter { preLayout.layout(for: $0) != nil }.prefix(2)
            preLayout.forgetLayouts(keeping: Set(shown))
            return Array(shown)
        }.value
        let after = DisplayLoop.drive { (preLayout.retainedLayoutCount, shown.allSatisfy { preLayout.layout(for: $0) != nil },
                                         items.allSatisfy { preLayout.height(for: $0.id) != nil }) }.value
        #expect(after.0 == 2)
        #expect(after.1)
        #expect(after.2)
        DisplayLoop.drive { preLayout.forgetLayout(for: shown[0]) }.value
        #expect(DisplayLoop.drive { preLayout.retainedLayoutCount }.value == 1)
    }

    @Test func resultsReachTheModelOnlyAtTheLayoutPhaseInOneBatch() async throws {
        let lanes = RenderLanes(width: 1)
        let latch = Latch()
        let holder = await holdWorker(of: lanes, until: latch)
        let cache = FeedLayoutCache(template: TestFeedCells(), lanes: lanes, maxConcurrentLayouts: 2)
        let items = (0..<6).map { TestItem.mock(id: "d\($0)", texts: ["Item \($0)"], images: Array(repeating: "p", count: $0)) }
        let events = EventLog()
        let deliveries = Locked<[FeedPreLayout<TestItem>.Delivery]>([])
        let preLayout = DisplayLoop.drive {
            FeedPreLayout(cache: cache) { d in
                events.append("delivery")
                deliveries.withLock { $0.append(d) }
            }
        }.value
        let request = DisplayLoop.drive { preLayout.request(items, width: 375) }.value
        latch.open()
        _ = try await holder.value
        // The loop is not driven: the layouts finish off the loop and their hand-over jobs wait
        // (woken by the enqueue of the sixth).
        #expect(await DisplayLoop.main.waitUntilQueued(jobs: 6, timeout: .seconds(20)))
        #expect(await cache.metrics.layoutsComputed == 6)
        #expect(deliveries.value.isEmpty)

        func probe(_ label: String) -> @Sendable (TurnRecord) -> Void {
            { _ in DisplayActor.assumeIsolated { events.append("\(label): \(preLayout.height(for: "d5") == nil ? "none" : "known")") } }
        }
        let before = DisplayLoop.main.addBeforeWaitingObserver(phase: .layout, order: -1, probe("layout phase"))
        let after = DisplayLoop.main.addBeforeWaitingObserver(phase: .display, probe("display phase"))
        defer {
            DisplayLoop.main.removeBeforeWaitingObserver(before)
            DisplayLoop.main.removeBeforeWaitingObserver(after)
        }
        let turn = try #require(DisplayLoop.main.runTurn())
        #expect(turn.jobCount >= 6)
        // The jobs stored the results; the model learnt them at the layout phase, before display.
        #expect(events.all == ["layout phase: none", "delivery", "display phase: known"])
        let delivered = deliveries.value
        try #require(delivered.count == 1)
        #expect(delivered[0].turn == turn.number)
        #expect(delivered[0].phase == .layout)
        #expect(Set(delivered[0].layouts.map(\.id)) == Set(items.map(\.id)))
        #expect(delivered[0].failures.isEmpty)
        #expect(delivered[0].completed == [request])
        DisplayLoop.main.runUntilIdle()
        // Nothing more can come: all six items were handed over and the request is over.
        #expect(deliveries.value.count == 1)
        #expect(DisplayLoop.drive { !preLayout.isRunning(request) && preLayout.deliveryCount == 1 }.value)
    }

    @Test func aCancelledPageIsNeitherLaidOutNorDelivered() async throws {
        let lanes = RenderLanes(width: 1)
        let latch = Latch()
        let holder = await holdWorker(of: lanes, until: latch)
        let cache = FeedLayoutCache(template: TestFeedCells(), lanes: lanes, maxConcurrentLayouts: 2)
        let items = (0..<20).map { TestItem.mock(id: "c\($0)", texts: ["Item \($0)"]) }
        let deliveries = Locked<[FeedPreLayout<TestItem>.Delivery]>([])
        let preLayout = DisplayLoop.drive { FeedPreLayout(cache: cache) { d in deliveries.withLock { $0.append(d) } } }.value
        let request = DisplayLoop.drive { preLayout.request(items, width: 375) }.value
        await lanes.until { $0.admitted >= 3 }  // the held worker and a window of two
        DisplayLoop.drive { preLayout.cancel(request) }
        await lanes.until { $0.admitted == 1 }  // the two queued layouts left the lanes
        try await Self.nothingMoreReaches(lanes, holder: holder, latch: latch, priority: cache.priority)
        DisplayLoop.main.runUntilIdle()
        #expect(DisplayLoop.main.pendingJobCount == 0)
        #expect(await cache.metrics.layoutsComputed == 0)
        #expect(deliveries.value.isEmpty)
        #expect(DisplayLoop.drive { !preLayout.isRunning(request) && preLayout.height(for: "c0") == nil }.value)
    }

    @Test func resultsStoredInTheTurnACancelRunsInAreDropped() async throws {
        let lanes = RenderLanes(width: 1)
        let latch = Latch()
        let holder = await holdWorker(of: lanes, until: latch)
        let cache = FeedLayoutCache(template: TestFeedCells(), lanes: lanes)
        let items = (0..<3).map { TestItem.mock(id: "s\($0)", texts: ["Item \($0)"]) }
        let kept = [TestItem.mock(id: "k0", texts: ["Kept"])]
        let deliveries = Locked<[FeedPreLayout<TestItem>.Delivery]>([])
        let preLayout = DisplayLoop.drive { FeedPreLayout(cache: cache) { d in deliveries.withLock { $0.append(d) } } }.value
        let (request, other) = DisplayLoop.drive { (preLayout.request(items, width: 375), preLayout.request(kept, width: 375)) }.value
        latch.open()
        _ = try await holder.value
        #expect(await DisplayLoop.main.waitUntilQueued(jobs: 4, timeout: .seconds(20)))
        // Queued behind the hand-over jobs (enqueued at once, on the loop's queue): runs in the
        // same turn, after they stored the results.
        Task { @DisplayActor in preLayout.cancel(request) }
        #expect(DisplayLoop.main.pendingJobCount >= 5)
        let turn = try #require(DisplayLoop.main.runTurn())
        #expect(turn.jobCount >= 5)
        let delivered = deliveries.value
        #expect(delivered.count == 1)
        #expect(delivered.flatMap(\.layouts).map(\.id) == ["k0"])
        #expect(delivered.flatMap(\.completed) == [other])
        #expect(DisplayLoop.drive { preLayout.height(for: "s0") == nil && preLayout.height(for: "k0") != nil }.value)
    }

}

extension PreLayoutTests {
    /// The "nothing more arrives" check after a cancel, by order instead of by time: every layout
    /// runs on `lanes` (one worker, held by `holder` until now), whose lanes are FIFO. A last item
    /// queued at the pre-layout's priority runs after every layout queued before it; so once it
    /// has run, the lanes' admissions since the cancel must be exactly it — a layout of the
    /// cancelled request still queued, or queued since, would be counted here (and run first).
    static func nothingMoreReaches(
        _ lanes: RenderLanes, holder: Task<Void, any Error>, latch: Latch, priority: RenderPriority,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let admittedBefore = lanes.metrics.admittedTotal
        latch.open()
        _ = try await holder.value
        try await lanes.render(priority: priority) {}  // the last item: after anything queued before it
        #expect(lanes.metrics.admittedTotal == admittedBefore + 1, "a layout reached the lanes after the cancel",
                sourceLocation: sourceLocation)
    }
}

extension PreLayoutTests {
    @Test func releasingThePreLayoutCancelsItsRequests() async throws {
        let lanes = RenderLanes(width: 1)
        let latch = Latch()
        let holder = await holdWorker(of: lanes, until: latch)
        let cache = FeedLayoutCache(template: TestFeedCells(), lanes: lanes, maxConcurrentLayouts: 2)
        let items = (0..<10).map { TestItem.mock(id: "r\($0)", texts: ["Item \($0)"]) }
        let owner = DisplayLoop.drive { PreLayoutOwner(FeedPreLayout(cache: cache)) }.value
        DisplayLoop.drive { owner.preLayout?.request(items, width: 375) }
        await lanes.until { $0.admitted >= 3 }  // the held worker and a window of two
        DisplayLoop.drive { owner.preLayout = nil }
        await lanes.until { $0.admitted == 1 }  // released: its queued layouts left the lanes
        try await PreLayoutTests.nothingMoreReaches(lanes, holder: holder, latch: latch, priority: cache.priority)
        DisplayLoop.main.runUntilIdle()
        #expect(await cache.metrics.layoutsComputed == 0)
    }
}

@DisplayActor final class PreLayoutOwner {
    var preLayout: FeedPreLayout<TestItem>?
    init(_ preLayout: FeedPreLayout<TestItem>) { self.preLayout = preLayout }
}
