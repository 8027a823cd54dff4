public import DisplayLoop
/// Drops large values off the loop: what replaced layer contents (bitmaps, element trees) go to,
/// so their memory is not freed in the middle of a turn (YYAsyncLayer released its old contents on
/// a background queue for the same reason).
///
/// Values collected during a turn are handed, as one batch, to a single background task at the
/// end of the display phase: one task per turn at most, never one per value.
@DisplayActor
public final class ReleaseQueue {
    /// The queue ``AsyncLayer`` uses, on ``/DisplayLoop/DisplayLoop/main``.
    public static let shared = ReleaseQueue()

    /// The loop whose display phase hands the values off.
    public let loop: DisplayLoop
    private var pending: [any Sendable] = []
    private var observer: DisplayLoop.BeforeWaitingObserver?
    /// Values handed off the loop so far.
    public private(set) var releasedCount = 0

    /// Creates a queue drained at the end of `loop`'s display phase; default
    /// ``/DisplayLoop/DisplayLoop/main``, the one ``/DisplayLoop/DisplayActor`` runs on (the drain
    /// enters that actor).
    public init(loop: DisplayLoop = .main) {
        self.loop = loop
    }

    /// Takes the loop's reference to `value`; it is released on a background task after this
    /// turn's display phase.
    public func release(_ value: sending any Sendable) {
        installIfNeeded()
        pending.append(value)
        loop.setNeedsBeforeWaiting()
    }

    /// Hands everything pending to one background task now.
    public func drain() {
        guard !pending.isEmpty else { return }
        let batch = Batch(pending)
        pending = []
        releasedCount += batch.values.count
        // The batch holds the only references; the task empties it, so the values die on the
        // task's thread. Whoever drops the empty box last frees only the box.
        Task.detached(priority: .background) {
            batch.empty()
        }
    }

    /// Values on their way off the loop.
    private final class Batch: @unchecked Sendable {
        // @unchecked Sendable: made on the loop and handed to exactly one task, which is the only
        // code that touches `values` afterwards (the loop only drops its reference to the box).
        private(set) var values: [any Sendable]

        init(_ values: [any Sendable]) {
            self.values = values
        }

        func empty() {
            values.removeAll()
        }
    }

    private func installIfNeeded() {
        guard observer == nil else { return }
        observer = loop.addBeforeWaitingObserver(phase: .display, order: .max) { [weak self] _ in
            DisplayActor.assumeIsolated { self?.drain() }
        }
    }

    isolated deinit {
        drain()
        if let observer { loop.removeBeforeWaitingObserver(observer) }
    }
}
