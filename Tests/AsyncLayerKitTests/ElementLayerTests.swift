import AsyncLayerKit
import AsyncLayerKitTesting
import Foundation
import Synchronization
import Testing

/// ElementLayer: an element tree shown by a layer, the LNAsyncKit cell.
@Suite(.mainDisplayLoop) struct ElementLayerTests {
    /// How a test's layer renders: through a service, or a bare renderer on lanes.
    enum Via: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case service, renderer
        var testDescription: String { rawValue }
    }

    /// Lanes of the layers under test, so a render blocked in a test never holds the shared ones.
    static let lanes = RenderLanes(width: 2)

    /// A 16×16 pt tree: `color` everywhere, with an image in the top-left 8×8 pt.
    static func tree(_ color: Color, image: String = "avatar") -> Element {
        .view(style: ElementStyle(background: color), children: [
            .image(.named(image), contentMode: .scaleToFill, frame: Rect(x: 0, y: 0, width: 8, height: 8)),
        ])
    }

    static let small = Rect(x: 0, y: 0, width: 16, height: 16)

    /// A layer of `bounds` whose every `didDisplay` goes to `events` as "model finished".
    static func makeLayer(_ via: Via, loader: any ElementImageLoader, bounds: Rect = small, scale: Double = 1,
                          events: EventLog) -> (ElementLayer, ElementRenderService?) {
        // Image loads too run on these lanes (a gated load blocks one of them, not a shared lane).
        let renderer = ElementRenderer(limits: .testing, imageLoader: loader, lanes: lanes)
        let service = via == .service ? ElementRenderService(.init(limits: .testing, imageLoader: loader, lanes: lanes)) : nil
        let layer = DisplayLoop.drive { () -> ElementLayer in
            let layer = service.map { ElementLayer(bounds: bounds, contentsScale: scale, service: $0) }
                ?? ElementLayer(bounds: bounds, contentsScale: scale, renderer: renderer, lanes: lanes)
            layer.didDisplay = { id, finished in events.append("\(id.map { "\($0)" } ?? "nil") \(finished)") }
            return layer
        }.value
        return (layer, service)
    }

    /// The colour at the centre of the bottom-right quarter (the tree's background).
    static func backgroundColor(of layer: ElementLayer) -> Color? {
        DisplayLoop.drive { layer.contents?.color(x: 12, y: 12) }.value
    }

    @Test(arguments: Via.allCases)
    func showsTheTreesBitmapPixelForPixel(via: Via) async throws {
        let document = try ElementTestFiles.referenceCard()
        let card = document.root, size = try #require(document.size)
        let events = EventLog()
        let (layer, _) = Self.makeLayer(via, loader: BundledImageLoader(), bounds: Rect(size: size), scale: 2, events: events)
        DisplayLoop.drive { layer.setElement(card, modelID: 0) }
        #expect(await DisplayLoop.settle { layer.contents != nil })
        let shown = try #require(DisplayLoop.drive { layer.contents }.value)
        let direct = try await ElementRenderer(limits: .testing, imageLoader: BundledImageLoader())
            .render(card, size: size, scale: 2)
        #expect(shown.width == 750 && shown.height == 520)
        #expect(shown.width == direct.width && shown.height == direct.height)
        #expect(goldenImages.difference(shown, direct, tolerance: 0).differingPixels == 0)
        #expect(events.all == ["0 true"])
        #expect(DisplayLoop.drive { layer.displayedModelID == AnyHashable(0) && layer.lastError == nil }.value)
    }

    /// LNAsyncKit's model check, made deterministic: model A's render finishes after the cell was
    /// given model B but before the loop ran that request's turn. The result for A reaches the
    /// loop *after* B was set and must be dropped, not shown until B's display phase.
    @Test(.timeLimit(.minutes(5)), arguments: Via.allCases)
    func aReusedCellDropsTheOldModelsResultThatArrivesLater(via: Via) async throws {
        let loader = GatedImageLoader(observesCancellation: false)
        let events = EventLog()
        let (layer, service) = Self.makeLayer(via, loader: loader, events: events)
        DisplayLoop.drive { layer.setElement(Self.tree(.red, image: "slow"), modelID: "A") }
        #expect(await loader.nextEntry())  // A's render is blocked in its image

        // The cell is reused for B; the job is queued but the loop does not run yet.
        Task { @DisplayActor in layer.setElement(Self.tree(.blue), modelID: "B") }
        #expect(await DisplayLoop.main.waitUntilQueued(jobs: 1, timeout: .seconds(20)))
        // A's render now finishes (nothing cancelled it: B's request has not run) and its result
        // is queued on the loop behind B's request.
        loader.open()
        #expect(await DisplayLoop.main.waitUntilQueued(jobs: 2, timeout: .seconds(20)))

        let seen = Locked<[Color?]>([])
        let observer = DisplayLoop.main.addBeforeWaitingObserver(phase: .asyncTransactionCompletions, order: .max) { _ in
            DisplayActor.assumeIsolated { seen.withLock { $0.append(layer.contents?.color(x: 12, y: 12)) } }
        }
        defer { DisplayLoop.main.removeBeforeWaitingObserver(observer) }
        #expect(await DisplayLoop.settle { layer.contents != nil && !layer.isDisplaying })

        #expect(Self.backgroundColor(of: layer) == .blue)
        #expect(events.all == ["A false", "B true"])
        #expect(!seen.value.contains(.red))  // A was never visible at the end of a turn either
        let stats = DisplayLoop.drive { layer.statistics }.value
        #expect(stats.requests == 2 && stats.finished == 1 && stats.abandoned == 1)
        #expect(DisplayLoop.drive { layer.displayedModelID == AnyHashable("B") }.value)
        if let service { #expect(service.renders == 2) }  // A did render; its bitmap was dropped
    }

    /// The superseded render is cancelled, not left to run: its image load sees the cancellation.
    @Test(.timeLimit(.minutes(5)), arguments: Via.allCases)
    func theSupersededRenderIsCancelled(via: Via) async throws {
        let loader = GatedImageLoader(observesCancellation: true)
        defer { loader.open() }
        let events = EventLog()
        let (layer, service) = Self.makeLayer(via, loader: loader, events: events)
        DisplayLoop.drive { layer.setElement(Self.tree(.red, image: "slow"), modelID: "A") }
        #expect(await loader.nextEntry())
        DisplayLoop.drive { layer.setElement(Self.tree(.blue), modelID: "B") }
        #expect(await loader.nextCancellation())  // the gate was never opened
        #expect(await DisplayLoop.settle { layer.contents != nil && !layer.isDisplaying && layer.statistics.abandoned == 1 })
        #expect(Self.backgroundColor(of: layer) == .blue)
        #expect(events.all.sorted() == ["A false", "B true"])  // A's task may come back after B's
        if let service {
            #expect(service.inFlight.cancelledWorks == 1)
            #expect(service.renders == 2)
        }
    }

    /// A new model clears the old model's contents at once; a new tree for the same model keeps
    /// them until its own bitmap is ready.
    @Test(.timeLimit(.minutes(5))) func aNewModelClearsAtOnceANewTreeOfTheSameModelDoesNot() async throws {
        let loader = GatedImageLoader(observesCancellation: true)
        defer { loader.open() }
        let events = EventLog()
        let (layer, _) = Self.makeLayer(.service, loader: loader, events: events)
        DisplayLoop.drive { layer.setElement(Self.tree(.red), modelID: 1) }
        #expect(await DisplayLoop.settle { layer.contents != nil })

        let keptForSameModel = DisplayLoop.drive { () -> Bool in
            layer.setElement(Self.tree(.green, image: "slow"), modelID: 1)
            return layer.contents != nil
        }.value
        #expect(keptForSameModel)
        #expect(await loader.nextEntry())
        #expect(Self.backgroundColor(of: layer) == .red)  // still the old tree while the new one renders

        let clearedForNewModel = DisplayLoop.drive { () -> Bool in
            layer.setElement(Self.tree(.blue), modelID: 2)
            return layer.contents == nil && layer.displayedModelID == nil
        }.value
        #expect(clearedForNewModel)
        #expect(await DisplayLoop.settle { layer.contents != nil && !layer.isDisplaying })
        #expect(Self.backgroundColor(of: layer) == .blue)
        #expect(events.all.first == "1 true")
        #expect(events.all.sorted() == ["1 false", "1 true", "2 true"])  // the cancelled render may come back after B's
    }

    @Test func theSameTreeTwiceRendersOnce() async throws {
        let events = EventLog()
        let (layer, service) = Self.makeLayer(.service, loader: BundledImageLoader(), events: events)
        let tree = Self.tree(.red)
        DisplayLoop.drive {
            layer.setElement(tree, modelID: 7)
            layer.setElement(tree, modelID: 7)
        }
        #expect(await DisplayLoop.settle { layer.contents != nil && !layer.isDisplaying })
        DisplayLoop.drive { layer.setElement(Self.tree(.red), modelID: 7) }  // equal, built again
        #expect(await DisplayLoop.settle { !layer.isDisplaying })
        #expect(DisplayLoop.drive { layer.statistics.requests }.value == 1)
        #expect(events.all == ["7 true"])
        #expect(try #require(service).renders == 1)

        // The same tree for another model is displayed again, from the cache.
        DisplayLoop.drive { layer.setElement(tree, modelID: 8) }
        #expect(await DisplayLoop.settle { layer.contents != nil && !layer.isDisplaying })
        #expect(events.all == ["7 true", "8 true"])
        #expect(try #require(service).renders == 1)
        #expect(Self.backgroundColor(of: layer) == .red)
    }

    @Test(arguments: Via.allCases)
    func aNilTreeClearsTheContents(via: Via) async throws {
        let events = EventLog()
        let (layer, _) = Self.makeLayer(via, loader: BundledImageLoader(), events: events)
        DisplayLoop.drive { layer.setElement(Self.tree(.red), modelID: 1) }
        #expect(await DisplayLoop.settle { layer.contents != nil })
        DisplayLoop.drive { layer.setElement(nil, modelID: 1) }
        #expect(await DisplayLoop.settle { layer.contents == nil && !layer.isDisplaying })
        #expect(events.all == ["1 true", "1 true"])
        #expect(DisplayLoop.drive { layer.displayedModelID == nil && layer.element == nil }.value)
    }

    @Test(arguments: Via.allCases)
    func aFailedRenderSetsLastErrorAndKeepsTheContents(via: Via) async throws {
        let events = EventLog()
        let (layer, _) = Self.makeLayer(via, loader: BundledImageLoader(), events: events)
        DisplayLoop.drive { layer.setElement(Self.tree(.red), modelID: 1) }
        #expect(await DisplayLoop.settle { layer.contents != nil })
        DisplayLoop.drive { layer.setElement(Self.tree(.blue, image: "missing"), modelID: 1) }
        #expect(await DisplayLoop.settle { !layer.isDisplaying && layer.statistics.requests == 2 })
        let error = DisplayLoop.drive { layer.lastError as? ElementError }.value
        guard case .imageLoadFailed(name: "missing", _)? = error else {
            Issue.record("expected imageLoadFailed(missing), got \(String(describing: error))")
            return
        }
        #expect(Self.backgroundColor(of: layer) == .red)
        #expect(events.all == ["1 true", "1 false"])

        // A good tree afterwards clears the error.
        DisplayLoop.drive { layer.setElement(Self.tree(.green), modelID: 1) }
        #expect(await DisplayLoop.settle { !layer.isDisplaying && layer.statistics.requests == 3 })
        #expect(DisplayLoop.drive { layer.lastError == nil }.value)
        #expect(Self.backgroundColor(of: layer) == .green)
    }

    @Test(arguments: Via.allCases)
    func theTreeIsNeverDrawnOnTheLoop(via: Via) async throws {
        let id = via == .service ? 1 : 2
        let events = EventLog()
        let (layer, _) = Self.makeLayer(via, loader: BundledImageLoader(), events: events)
        DisplayLoop.drive { layer.setElement(.custom(LoopProbeElement(id: id))) }
        #expect(await DisplayLoop.settle { layer.contents != nil })
        #expect(LoopProbeElement.drewOnLoop.withLock { $0[id] } == false)
        #expect(Self.backgroundColor(of: layer) == .green)
    }

    @Test func theBoundsSizeAndScaleAreTheRenderSizeAndScale() async throws {
        let events = EventLog()
        let (layer, _) = Self.makeLayer(.renderer, loader: BundledImageLoader(), bounds: Rect(x: 5, y: 5, width: 10, height: 6),
                                        scale: 3, events: events)
        DisplayLoop.drive { layer.setElement(Self.tree(.red)) }
        #expect(await DisplayLoop.settle { layer.contents != nil && !layer.isDisplaying })
        #expect(DisplayLoop.drive { layer.contents.map { [$0.width, $0.height] } }.value == [30, 18])

        DisplayLoop.drive { layer.bounds.origin = Point(x: 50, y: 50) }  // moved, not resized: no render
        DisplayLoop.drive { layer.bounds.size = Size(width: 20, height: 6) }
        #expect(await DisplayLoop.settle { layer.contents?.width == 60 && !layer.isDisplaying })
        DisplayLoop.drive { layer.contentsScale = 1 }
        #expect(await DisplayLoop.settle { layer.contents?.width == 20 && !layer.isDisplaying })
        #expect(DisplayLoop.drive { layer.contents.map { [$0.width, $0.height] } }.value == [20, 6])
        #expect(events.all == ["nil true", "nil true", "nil true"])
    }
}

/// Big values are released off the loop, trees as well as bitmaps: a tree an element layer no
/// longer shows dies on a background task, whether it was replaced after its render finished or
/// while its render was still in flight (the draw task that ends later hands its inputs off too).
@Suite(.mainDisplayLoop) struct ElementTreeReleaseTests {
    /// Whether the tracked tree was freed on the loop (`nil`: not freed yet).
    typealias Freed = Locked<Bool?>

    /// A tree that records, when it is freed, whether that happened on the loop's thread.
    static func trackedTree(_ freed: Freed) -> Element {
        .view(style: ElementStyle(background: .red), children: [
            .custom(TrackedElement(sentinel: TreeSentinel(freed)), frame: Rect(x: 0, y: 0, width: 4, height: 4)),
        ])
    }

    @Test func aReplacedTreeDiesOffTheLoop() async throws {
        let freed = Freed(nil)
        let layer = DisplayLoop.drive { () -> ElementLayer in
            let layer = ElementLayer(bounds: Rect(x: 0, y: 0, width: 8, height: 8), renderer: ElementRenderer(limits: .testing),
                                     lanes: ElementLayerTests.lanes)
            // Built on the loop: the test holds no reference to the tree.
            layer.setElement(Self.trackedTree(freed), modelID: 1)
            return layer
        }.value
        #expect(await DisplayLoop.settle { layer.contents != nil && !layer.isDisplaying })
        DisplayLoop.drive { layer.setElement(.view(style: ElementStyle(background: .blue)), modelID: 1) }
        #expect(await DisplayLoop.settle { freed.value != nil && layer.statistics.finished == 2 })
        #expect(freed.value == false, "the replaced tree was freed on the loop")
        #expect(DisplayLoop.drive { layer.contents?.color(x: 6, y: 6) }.value == .blue)
    }

    @Test func aTreeSupersededWhileItRendersDiesOffTheLoop() async throws {
        let freed = Freed(nil)
        let (entered, enter) = AsyncStream<Void>.makeStream()
        let gate = AsyncGate()
        let layer = DisplayLoop.drive { () -> ElementLayer in
            let layer = ElementLayer(bounds: Rect(x: 0, y: 0, width: 8, height: 8)) { tree, size, scale, _ in
                if tree.element.children.isEmpty == false {
                    // The tracked tree: hold its render until the test has superseded it.
                    enter.yield()
                    await gate.wait()
                }
                return try await ElementRenderer(limits: .testing).render(tree.element, size: size, scale: scale)
            }
            layer.setElement(Self.trackedTree(freed), modelID: 1)
            return layer
        }.value
        for await _ in entered { break }
        // Superseded while in flight: its draw task ends later, after the gate opens.
        DisplayLoop.drive { layer.setElement(.view(style: ElementStyle(background: .blue)), modelID: 1) }
        await gate.open()
        #expect(await DisplayLoop.settle { freed.value != nil && layer.contents != nil })
        #expect(freed.value == false, "the superseded tree was freed on the loop")
        #expect(DisplayLoop.drive { layer.statistics.abandoned }.value == 1)
    }

    @Test func aTreeOfALayerDroppedOnTheLoopDiesOffIt() async throws {
        let freed = Freed(nil)
        let holder = DisplayLoop.drive { () -> ElementLayerHolder in
            let layer = ElementLayer(bounds: Rect(x: 0, y: 0, width: 8, height: 8), renderer: ElementRenderer(limits: .testing),
                                     lanes: ElementLayerTests.lanes)
            layer.setElement(Self.trackedTree(freed), modelID: 1)
            return ElementLayerHolder(layer)
        }.value
        #expect(await DisplayLoop.settle { holder.layer?.contents != nil && holder.layer?.isDisplaying == false })
        DisplayLoop.drive { holder.layer = nil }
        #expect(await DisplayLoop.settle { freed.value != nil })
        #expect(freed.value == false, "the dropped layer's tree was freed on the loop")
    }
}

@DisplayActor final class ElementLayerHolder {
    var layer: ElementLayer?
    init(_ layer: ElementLayer) { self.layer = layer }
}

/// Records, when freed, whether that happened on the loop's thread.
final class TreeSentinel: Sendable {
    let freed: Locked<Bool?>
    init(_ freed: Locked<Bool?>) { self.freed = freed }
    deinit {
        let onLoop = DisplayLoop.main.isDrainingOnCurrentThread
        freed.withLock { $0 = onLoop }
        Task { @DisplayActor in }  // a job for the loop, so a test settling on `freed` looks again
    }
}

/// A custom element whose value holds a ``TreeSentinel``: the tree's storage frees it.
struct TrackedElement: CustomElement {
    static let typeName = "tracked"
    let sentinel: TreeSentinel

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.sentinel === rhs.sentinel }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(sentinel)) }

    private enum CodingKeys: String, CodingKey { case id }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(UInt(bitPattern: ObjectIdentifier(sentinel).hashValue), forKey: .id)
    }
    init(sentinel: TreeSentinel) { self.sentinel = sentinel }
    init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a tracked element is not decoded"))
    }

    func draw(in context: GraphicsContext, size: Size) throws {
        context.fill(Rect(size: size), with: .green)
    }
}

/// An async gate: waiters suspend (no thread held) until ``open()``.
actor AsyncGate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}

/// Records whether it was drawn on the loop's thread.
struct LoopProbeElement: CustomElement {
    static let typeName = "loop-probe"
    /// Separates the records of different tests.
    var id: Int

    /// Whether each probe was drawn on the loop, by id.
    static let drewOnLoop = Mutex<[Int: Bool]>([:])

    func draw(in context: GraphicsContext, size: Size) throws {
        let onLoop = DisplayLoop.main.isDrainingOnCurrentThread
        Self.drewOnLoop.withLock { $0[id] = onLoop }
        context.fill(Rect(size: size), with: .green)
    }
}

/// Serves the bundled images; the one called "slow" blocks its render thread until ``open()``,
/// and, when it observes cancellation, gives up (throwing `CancellationError`) once its task is
/// cancelled.
final class GatedImageLoader: ElementImageLoader {
    private let gate = Latch()
    private let enteredCount = Atomic<Int>(0)
    private let cancelledCount = Atomic<Int>(0)
    let observesCancellation: Bool
    /// One element per load of "slow" that starts, and per one that gives up.
    private let entries: AsyncStream<Void>, enter: AsyncStream<Void>.Continuation
    private let cancellations: AsyncStream<Void>, cancel: AsyncStream<Void>.Continuation

    init(observesCancellation: Bool) {
        self.observesCancellation = observesCancellation
        (entries, enter) = AsyncStream.makeStream()
        (cancellations, cancel) = AsyncStream.makeStream()
    }

    /// Waits for the next load of "slow" to start (woken by it, no polling); `false` if the
    /// calling task was cancelled first (a test's time limit).
    func nextEntry() async -> Bool { await entries.first { _ in true } != nil }
    /// Waits for the next load of "slow" to give up on its cancellation; `false` as above.
    func nextCancellation() async -> Bool { await cancellations.first { _ in true } != nil }

    /// Loads of "slow" that started.
    var entered: Int { enteredCount.load(ordering: .acquiring) }
    /// Loads of "slow" that saw their task cancelled.
    var cancelled: Int { cancelledCount.load(ordering: .acquiring) }
    /// Lets every load of "slow" finish.
    func open() { gate.open() }

    func imageBytes(named name: String) async throws -> [UInt8] {
        guard name == "slow" else { return try await BundledImageLoader().imageBytes(named: name) }
        enteredCount.add(1, ordering: .releasing)
        enter.yield()
        guard await blockUntilOpen() else {
            cancelledCount.add(1, ordering: .releasing)
            cancel.yield()
            throw CancellationError()
        }
        return try ElementTestFiles.referenceCardInputs().avatar
    }

    /// Blocks the calling thread until the gate opens (`true`) or, when observing cancellation,
    /// the current task is cancelled (`false`). The thread sleeps in the kernel, woken by either.
    private func blockUntilOpen() async -> Bool {
        guard observesCancellation else {
            gate.wait()
            return true
        }
        return await gate.waitUnlessCancelled()
    }
}
