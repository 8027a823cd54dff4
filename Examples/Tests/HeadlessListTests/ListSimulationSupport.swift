import AsyncLayerKit
import AsyncLayerKitTesting
import ExampleTestSupport
import HeadlessList
import Testing

/// A render backend on virtual time: each render costs a fixed time on a ``ManualClock``, so a
/// scroll simulation gives the same report every time it runs.
///
/// - An asynchronous render of a tree not rendered before sleeps `renderCost` on the clock (plus
///   `decodeCost` unless the tree's images were prefetched), then returns a small bitmap filled
///   with the tree's own colour (``color(for:)``), remembered: the next render of that tree is a
///   cache hit, immediate. A render of a tree already in flight joins it (no new work, same end).
///   Cancelling every requester cancels the work; the time it ran is charged as cancelled.
/// - A prefetch sleeps `decodeCost` and marks the tree's images decoded.
/// - A synchronous draw advances the clock by `drawCost` inside the loop's turn — the loop is
///   late for as long as it draws, and the display link sees it — and is never a cache hit.
///
/// Its state lives on the loop: requests arrive there in whatever order the threads deliver
/// them, but all at the same virtual instant (the test driver does not move time until every
/// request is parked on the clock), and the outcome does not depend on their order.
@DisplayActor
final class SimulatedRenderBackend: ListRenderBackend {
    nonisolated let clock: ManualClock
    nonisolated let renderCost: Duration
    nonisolated let decodeCost: Duration
    nonisolated let drawCost: Duration

    private struct Work {
        let id: Int
        let start: ManualClock.Instant
        let deadline: ManualClock.Instant
        var requesters: Int
    }

    private var memo: [ElementCache.RenderKey: Bitmap] = [:]
    private var decoded: Set<ContentHash> = []
    private var works: [ElementCache.RenderKey: Work] = [:]
    private var nextID = 0
    private var entries = RenderLedger()
    /// Renders that joined one in flight.
    private(set) var joins = 0

    init(clock: ManualClock, renderCost: Duration = .milliseconds(20), decodeCost: Duration = .milliseconds(10),
         drawCost: Duration = .milliseconds(6)) {
        self.clock = clock
        self.renderCost = renderCost
        self.decodeCost = decodeCost
        self.drawCost = drawCost
    }

    /// The colour a tree's simulated bitmap is filled with.
    nonisolated static func color(for hash: ContentHash) -> Color {
        Color(red255: Int(hash.high & 0xFF), green255: Int((hash.high >> 8) & 0xFF), blue255: Int(hash.low & 0xFF))
    }

    nonisolated static func bitmap(for tree: HashedElement) throws -> Bitmap {
        let color = color(for: tree.contentHash)
        return try Bitmap.render(size: Size(width: 4, height: 4)) { $0.fill(Rect(x: 0, y: 0, width: 4, height: 4), with: color) }
    }

    nonisolated func render(_ tree: HashedElement, size: Size, scale: Double, priority: RenderPriority) async throws -> Bitmap {
        try await renderOnLoop(tree, size: size, scale: scale)
    }

    private func renderOnLoop(_ tree: HashedElement, size: Size, scale: Double) async throws -> Bitmap {
        let key = ElementCache.RenderKey(hash: tree.contentHash, size: size, scale: scale)
        if let bitmap = memo[key] { return bitmap }
        try Task.checkCancellation()
        let work: Work
        if var existing = works[key] {
            existing.requesters += 1
            works[key] = existing
            work = existing
            joins += 1
        } else {
            nextID += 1
            let now = clock.now
            let cost = renderCost + (decoded.contains(tree.contentHash) ? .zero : decodeCost)
            work = Work(id: nextID, start: now, deadline: now.advanced(by: cost), requesters: 1)
            works[key] = work
        }
        do {
            try await clock.sleep(until: work.deadline)
        } catch {
            if var current = works[key], current.id == work.id {
                current.requesters -= 1
                if current.requesters == 0 {
                    works[key] = nil
                    entries.entries.append(.init(key: key, nanoseconds: nanoseconds(current.start.duration(to: clock.now)), finished: false))
                } else {
                    works[key] = current
                }
            }
            throw error
        }
        if let bitmap = memo[key] { return bitmap }
        let bitmap = try Self.bitmap(for: tree)
        memo[key] = bitmap
        if works[key]?.id == work.id { works[key] = nil }
        entries.entries.append(.init(key: key, nanoseconds: nanoseconds(work.start.duration(to: work.deadline)), finished: true))
        return bitmap
    }

    nonisolated func prefetch(_ tree: HashedElement, size: Size, scale: Double) async throws {
        try await prefetchOnLoop(tree)
    }

    private func prefetchOnLoop(_ tree: HashedElement) async throws {
        guard !decoded.contains(tree.contentHash) else { return }
        try await clock.sleep(until: clock.now.advanced(by: decodeCost))
        decoded.insert(tree.contentHash)
    }

    func drawSynchronously(_ tree: HashedElement, size: Size, scale: Double) throws -> Bitmap {
        clock.advance(by: drawCost)
        return try Self.bitmap(for: tree)
    }

    nonisolated func ledger() async -> RenderLedger {
        await entriesOnLoop()
    }

    private func entriesOnLoop() -> RenderLedger { entries }

    nonisolated func heldBytes() async -> Int {
        await memoBytes()
    }

    private func memoBytes() -> Int {
        memo.keys.reduce(0) { sum, key in
            sum + Int((key.size.width * key.scale).rounded(.up)) * Int((key.size.height * key.scale).rounded(.up)) * 4
        }
    }

    private func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

/// Drives a ``HeadlessList`` on the manual main loop and a manual clock, one frame at a time,
/// deterministically.
///
/// Before moving time, it waits until the system is quiescent: the loop has no job, and every
/// piece of work in flight (the list's ``HeadlessList/workInFlight``, plus the display link's
/// ticker while it runs) is parked on the clock. Time then moves in two steps per frame — to
/// one nanosecond before the frame is due, then to the due time — so a render that finishes
/// before a frame's deadline is always back on the loop before the frame is presented.
struct ListSimulationDriver {
    /// Why a simulation could not go on (an issue is recorded as well).
    struct Stuck: Error, CustomStringConvertible {
        var description: String
    }

    let list: HeadlessList<ManualClock>
    let clock: ManualClock

    /// Plays `trace` to its end and returns the report.
    ///
    /// - Throws: ``Stuck`` (after recording an issue) when the simulation stops moving.
    func run(_ trace: ScrollTrace) async throws -> ScrollSimulationReport {
        let interval = Duration.nanoseconds(1_000_000_000 / Int64(trace.framesPerSecond))
        let origin = clock.now
        DisplayLoop.drive { list.start(trace) }
        try await settle()
        var rounds = 0
        while !DisplayLoop.drive({ list.isFinished }).value, rounds < 100_000 {
            rounds += 1
            let due = DisplayLoop.drive { list.nextFrameDue }.value ?? origin.advanced(by: interval)
            let justBefore = due.advanced(by: .nanoseconds(-1))
            if clock.now < justBefore {
                clock.advance(by: clock.now.duration(to: justBefore))
                try await settle()
            }
            if clock.now < due {
                clock.advance(by: clock.now.duration(to: due))
            }
            try await settle()
        }
        try await settle()
        return try await report()
    }

    /// Runs the loop until nothing moves without the clock.
    ///
    /// Every sleeper on the clock is a piece of work the list counts (or the ticker), so the
    /// sleepers never outnumber the work in flight, and they are equal exactly when all of it
    /// is parked. The count must be read in a turn where nothing else ran — a job arriving after
    /// the read could start work the read missed — and no job may arrive before the sleepers
    /// are counted.
    func settle(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for _ in 0..<200_000 {
            DisplayLoop.main.runUntilIdle()
            let (snapshot, turns) = DisplayLoop.drive { (list.workInFlight, list.isRunning) }
            let sleepers = clock.sleeperCount
            if turns.count == 1, turns[0].jobCount == 1, DisplayLoop.main.pendingJobCount == 0,
               sleepers == snapshot.0 + (snapshot.1 ? 1 : 0) {
                return
            }
            await Task.yield()
        }
        Issue.record("the simulation did not settle", sourceLocation: sourceLocation)
        throw Stuck(description: "the simulation did not settle")
    }

    func report() async throws -> ScrollSimulationReport {
        try await onLoop { await list.report() }
    }

    /// What `body` returns, run on the manual loop, which this drives meanwhile.
    ///
    /// - Throws: ``Stuck`` (after recording an issue) when the loop does not finish `body` within
    ///   `rounds` rounds of driving it.
    func onLoop<T: Sendable>(
        rounds: Int = 200_000, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: @escaping @DisplayActor () async -> T
    ) async throws -> T {
        let box = Locked<T?>(nil)
        Task { @DisplayActor in
            let value = await body()
            box.withLock { $0 = value }
        }
        for _ in 0..<rounds {
            DisplayLoop.main.runUntilIdle()
            if let value = box.value { return value }
            await Task.yield()
        }
        Issue.record("the loop never finished the body", sourceLocation: sourceLocation)
        throw Stuck(description: "the loop never finished the body")
    }
}

enum ListFixtures {
    /// `count` items, 120 to 280 pt tall in a repeating pattern, each a tree of its own colour.
    static func items(_ count: Int) throws -> [ListItem] {
        try (0..<count).map { index in
            let tree = Element.view(style: ElementStyle(background: Color(red255: index % 251, green255: (index / 251) * 40 + 20, blue255: 99)))
            return ListItem(id: "item-\(index)", tree: try HashedElement(tree), height: 120 + Double((index * 37) % 5) * 40)
        }
    }

    /// A list of `count` items under `strategy` on a new simulated backend and manual clock.
    static func list(
        _ strategy: ListStrategy, count: Int = 200, renderCost: Duration = .milliseconds(20),
        decodeCost: Duration = .milliseconds(10), drawCost: Duration = .milliseconds(6)
    ) throws -> (HeadlessList<ManualClock>, SimulatedRenderBackend, ListSimulationDriver) {
        let clock = ManualClock()
        let items = try items(count)
        let (list, backend) = DisplayLoop.drive { () -> (HeadlessList<ManualClock>?, SimulatedRenderBackend) in
            let backend = SimulatedRenderBackend(clock: clock, renderCost: renderCost, decodeCost: decodeCost, drawCost: drawCost)
            return (try? HeadlessList(items: items, strategy: strategy, backend: backend, clock: clock), backend)
        }.value
        let made = try #require(list)
        return (made, backend, ListSimulationDriver(list: made, clock: clock))
    }

    /// The fling trace of scroll-sim over `list`.
    static func fling(_ list: HeadlessList<ManualClock>, framesPerSecond: Int = 60, velocity: Double = 8_000) -> ScrollTrace {
        ScrollTrace.make(.fling, contentLength: list.contentLength, viewportHeight: list.configuration.viewportHeight,
                         framesPerSecond: framesPerSecond, flingVelocity: velocity)
    }
}

/// Serves the reference card's images; the one called "slow" never arrives: its load tells
/// ``nextEntry()`` that it started, then waits until its task is cancelled and throws
/// `CancellationError`.
final class CancellableImageLoader: ElementImageLoader {
    private let entries: AsyncStream<Void>, enter: AsyncStream<Void>.Continuation

    init() {
        (entries, enter) = AsyncStream.makeStream()
    }

    /// Waits for the next load of "slow" to start (woken by it, no polling); `false` if the
    /// calling task was cancelled first (a test's time limit).
    func nextEntry() async -> Bool { await entries.first { _ in true } != nil }

    func imageBytes(named name: String) async throws -> [UInt8] {
        guard name == "slow" else { return try await BundledImageLoader().imageBytes(named: name) }
        enter.yield()
        // Not a wait for something to happen: the load hangs until its task is cancelled, which
        // ends the sleep at once with `CancellationError`.
        try await Task.sleep(for: .seconds(3_600))
        throw CancellationError()
    }
}
