public import AsyncLayerKit
import Dispatch

/// Where a ``HeadlessList`` gets its bitmaps: the real renderer (``ServiceRenderBackend``) or a
/// simulated one in tests, so a scroll simulation can be run deterministically on a manual clock.
///
/// A backend renders trees asynchronously (strategies 2–4: cells and pre-renders), prefetches
/// a tree's images (strategy 4's preload range), and draws synchronously on the loop (strategy
/// 1). It keeps a ``RenderLedger`` of the renders it actually ran — cache hits and renders
/// shared with one in flight are not renders — which the list turns into the report's render
/// counts and render CPU.
public protocol ListRenderBackend: Sendable {
    /// The bitmap of `tree` at `size` points and `scale`, rendered off the loop (or from a cache).
    ///
    /// - Throws: `CancellationError` (or ``ElementError/cancelled``) when the calling task is
    ///   cancelled; what the renderer throws otherwise.
    func render(_ tree: HashedElement, size: Size, scale: Double, priority: RenderPriority) async throws -> Bitmap

    /// Fetches and decodes `tree`'s images for `size` and `scale`, so a later render finds them
    /// decoded.
    func prefetch(_ tree: HashedElement, size: Size, scale: Double) async throws

    /// Draws `tree` on the loop, blocking it until the bitmap is made: the UIKit baseline. Not
    /// recorded in the ledger: the list times these draws itself, on its own clock.
    @DisplayActor
    func drawSynchronously(_ tree: HashedElement, size: Size, scale: Double) throws -> Bitmap

    /// The renders run so far.
    func ledger() async -> RenderLedger

    /// The bytes the backend's caches hold now (rendered bitmaps and decoded images).
    func heldBytes() async -> Int
}

/// The renders a ``ListRenderBackend`` ran: one entry per render actually started (not per
/// request), with the time it spent and whether it finished.
public struct RenderLedger: Sendable, Hashable {
    /// One render.
    public struct Entry: Sendable, Hashable {
        /// What was rendered.
        public var key: ElementCache.RenderKey
        /// Time spent rendering: on the backend's clock, from start to finish or cancellation.
        public var nanoseconds: Int64
        /// Whether the render produced its bitmap (`false`: cancelled or failed).
        public var finished: Bool

        /// Creates an entry.
        public init(key: ElementCache.RenderKey, nanoseconds: Int64, finished: Bool) {
            self.key = key
            self.nanoseconds = nanoseconds
            self.finished = finished
        }
    }

    /// The renders, in the order they ended.
    public var entries: [Entry]

    /// An empty ledger.
    public init(entries: [Entry] = []) {
        self.entries = entries
    }
}

/// Records ledger entries from render threads, and wakes callers waiting for a number of them.
actor LedgerRecorder {
    private var ledger = RenderLedger()
    private var waiters: [Int: (count: Int, continuation: CheckedContinuation<RenderLedger, Never>)] = [:]
    private var nextWaiter = 0

    func record(_ entry: RenderLedger.Entry) {
        ledger.entries.append(entry)
        for (id, waiter) in waiters where waiter.count <= ledger.entries.count {
            waiters[id] = nil
            waiter.continuation.resume(returning: ledger)
        }
    }

    var snapshot: RenderLedger { ledger }

    /// The ledger once it has `count` entries, or as it is when the calling task is cancelled.
    func snapshot(atLeast count: Int) async -> RenderLedger {
        guard ledger.entries.count < count, !Task.isCancelled else { return ledger }
        nextWaiter += 1
        let id = nextWaiter
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiters[id] = (count, continuation)
            }
        } onCancel: {
            Task { await self.release(id) }
        }
    }

    private func release(_ id: Int) {
        waiters.removeValue(forKey: id)?.continuation.resume(returning: ledger)
    }
}

/// The real backend: an ``ElementRenderService`` — its cache, its shared in-flight renders, its
/// render lanes — with each render timed for the ledger.
///
/// ``render(_:size:scale:priority:)`` does what ``ElementRenderService/render(_:)``
/// does, with the service's own parts (look in ``ElementRenderService/cache``, join or start the
/// render in a registry of its own, draw on ``ElementRenderService/lanes``, insert
/// the bitmap), and records the time inside each render that gets a lane, finished or cancelled.
/// ``prefetch(_:size:scale:)`` lays the tree out and resolves its images through the service's
/// renderer, whose cache is the service's, so the render that follows decodes nothing.
/// ``drawSynchronously(_:size:scale:)`` blocks the loop until the service's renderer has drawn the
/// tree (without the render cache: UIKit draws a cell again each time it appears).
public final class ServiceRenderBackend: ListRenderBackend {
    /// The service renders go through.
    public let service: ElementRenderService
    private let recorder = LedgerRecorder()
    /// The renders in flight: this backend's own registry, since it times each render inside it.
    private let inFlight = InFlightWork<ElementRenderService.Key, Bitmap>()
    /// The service's stage, equipped as the service equips its own: the service's cache and lanes.
    private let renderer: ElementRenderer

    /// Creates a backend over `service`.
    public init(service: ElementRenderService) {
        self.service = service
        self.renderer = ElementRenderer(limits: service.configuration.limits, imageLoader: service.configuration.imageLoader,
                                        cache: service.cache, lanes: service.lanes)
    }

    public func render(_ tree: HashedElement, size: Size, scale: Double, priority: RenderPriority) async throws -> Bitmap {
        let key = ElementRenderService.Key(hash: tree.contentHash, size: size, scale: scale)
        let service = self.service, recorder = self.recorder, root = tree.element
        if let cached = service.cache.render(for: key) {
            return cached
        }
        let renderer = self.renderer
        return try await inFlight.value(for: key, priority: priority.taskPriority) {
            if let cached = service.cache.render(for: key) {
                return cached
            }
            let bitmap = try await service.lanes.renderAsync(priority: priority) {
                // Timed on the lane, so the wait for a lane is not render time; a render
                // cancelled before it got a lane never ran and is not in the ledger.
                let start = ContinuousClock.now
                do {
                    let bitmap = try await renderer.render(root, size: size, scale: scale)
                    await recorder.record(.init(key: key, nanoseconds: (ContinuousClock.now - start).wholeNanoseconds, finished: true))
                    return bitmap
                } catch {
                    await recorder.record(.init(key: key, nanoseconds: (ContinuousClock.now - start).wholeNanoseconds, finished: false))
                    throw error
                }
            }
            await service.cache.insertRender(bitmap, for: key)
            return bitmap
        }
    }

    public func prefetch(_ tree: HashedElement, size: Size, scale: Double) async throws {
        let renderer = self.renderer, root = tree.element
        try Task.checkCancellation()
        let layout = try ElementLayout.layout(root, in: size, limits: renderer.limits, scale: scale)  // as the render rounds it, so the decode sizes match
        _ = try await renderer.resolveImages(root, layout: layout, scale: scale)
    }

    @DisplayActor
    public func drawSynchronously(_ tree: HashedElement, size: Size, scale: Double) throws -> Bitmap {
        let renderer = self.renderer, root = tree.element
        let result = BlockingResult()
        // The loop waits here for the whole render, as UIKit's main thread waits in drawRect:.
        // The render runs on a pool thread; nothing it does needs the loop, so the wait ends.
        Task.detached(priority: .userInitiated) {
            let outcome: Result<Bitmap, any Error>
            do { outcome = .success(try await renderer.render(root, size: size, scale: scale)) } catch { outcome = .failure(error) }
            result.set(outcome)
        }
        return try result.wait().get()
    }

    public func ledger() async -> RenderLedger {
        await recorder.snapshot
    }

    /// The renders run so far, once at least `count` of them have ended (finished or cancelled),
    /// or as they are when the calling task is cancelled: for a caller that cancelled a render and
    /// must see it ledgered (a render ends on its lane a moment after its requester gave up).
    public func ledger(atLeast count: Int) async -> RenderLedger {
        await recorder.snapshot(atLeast: count)
    }

    public func heldBytes() async -> Int {
        await service.cache.metrics.bytes
    }
}

/// A result handed from one thread to another that blocks until it is there.
///
/// `@unchecked Sendable`: `value` is written once, by `set`, before `signal()`, and read only by
/// `wait()` after its `wait()` on the same semaphore returns; the semaphore orders the write
/// before the read (a happens-before edge), and no one else touches it.
private final class BlockingResult: @unchecked Sendable {
    // @unchecked Sendable: `value` is written once before `signal()` and read only after `wait()`.
    private let ready = DispatchSemaphore(value: 0)
    private var value: Result<Bitmap, any Error>?

    func set(_ outcome: Result<Bitmap, any Error>) {
        value = outcome
        ready.signal()
    }

    func wait() -> Result<Bitmap, any Error> {
        ready.wait()
        return value ?? .failure(CancellationError())
    }
}

extension Duration {
    /// The duration in whole nanoseconds (saturating).
    var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        return product &+ attoseconds / 1_000_000_000
    }
}
