/// Work committed during a turn and run once per key at one before-waiting phase of its loop:
/// what ``Transaction``, layers' display commits and pre-layout deliveries are built on.
///
/// Committing the same key again before the flush keeps the first commit and its position, so N
/// commits in a turn run once; distinct keys run in commit order (YYTransaction used an `NSSet`,
/// whose order was undefined), each given the ``TurnRecord`` of the turn that flushes it. Targets
/// are held weakly: a target that dies before the flush is skipped, and nothing keeps a target
/// alive after the flush.
///
/// The queue is bound to its loop, as NIO's `NIOLoopBound` is to an event loop: commits come from
/// that loop's jobs (``DisplayActor`` code, for ``DisplayLoop/main``) and flushes from its phase.
package final class CoalescingQueue: @unchecked Sendable {
    // @unchecked Sendable: the state below is touched only on the thread draining `loop` — commits
    // from its jobs, flushes from its before-waiting observer — checked by `assertOnLoop()` and
    // at each flush.
    struct Key: Hashable {
        let target: ObjectIdentifier
        let action: String
    }

    private final class Entry {
        /// The target, held weakly: a live one coalesces later commits.
        weak var target: AnyObject?
        let run: (TurnRecord) -> Void
        init(target: AnyObject, run: @escaping (TurnRecord) -> Void) {
            self.target = target
            self.run = run
        }
    }

    /// The loop whose before-waiting points flush the queue.
    package let loop: DisplayLoop
    /// The phase the queue flushes in.
    package let phase: BeforeWaitingPhase
    /// The flush's place among the phase's observers.
    package let order: Int
    private var keys: [Key] = []
    private var entries: [Key: Entry] = [:]
    private var observer: DisplayLoop.BeforeWaitingObserver?
    /// Entries run by all flushes so far.
    package private(set) var flushedCount = 0
    /// Flushes that ran at least one entry.
    package private(set) var flushCount = 0

    /// A queue flushed at `phase` (in `order` among its observers) of `loop`'s before-waiting points.
    package init(phase: BeforeWaitingPhase, order: Int = 0, loop: DisplayLoop = .main) {
        self.phase = phase
        self.order = order
        self.loop = loop
    }

    deinit {
        if let observer { loop.removeBeforeWaitingObserver(observer) }
    }

    /// Schedules `body(target, turn)` for this queue's phase of the current turn, once per
    /// (target, action). Returns whether this commit was new (false: coalesced into an earlier one).
    /// `requestsBeforeWaiting: false` skips asking the loop for a before-waiting point, for a
    /// commit made in one of the loop's jobs, whose turn reaches that point anyway.
    @discardableResult
    package func commit<Target: AnyObject>(
        _ target: Target,
        action: String,
        requestsBeforeWaiting: Bool = true,
        _ body: @escaping (Target, TurnRecord) -> Void
    ) -> Bool {
        insert(target, action: action, requestsBeforeWaiting: requestsBeforeWaiting) {
            { [weak target] turn in if let target { body(target, turn) } }
        }
    }

    /// The commit itself. `makeRun` is called only for a new entry, so a coalesced commit
    /// allocates nothing.
    private func insert<Target: AnyObject>(
        _ target: Target,
        action: String,
        requestsBeforeWaiting: Bool,
        makeRun: () -> (TurnRecord) -> Void
    ) -> Bool {
        assertOnLoop()
        installIfNeeded()
        let key = Key(target: ObjectIdentifier(target), action: action)
        if let index = entries.index(forKey: key) {
            // A dead target's identifier can be reused by a new object: only a live entry coalesces.
            if entries.values[index].target != nil { return false }
            keys.removeAll { $0 == key }
        }
        keys.append(key)
        entries[key] = Entry(target: target, run: makeRun())
        if requestsBeforeWaiting { loop.setNeedsBeforeWaiting() }
        return true
    }

    /// Runs and clears everything committed so far, passing `turn` on. Commits made while it runs
    /// go to the next turn.
    @discardableResult
    package func flush(_ turn: TurnRecord) -> Int {
        precondition(loop.isDrainingOnCurrentThread, "CoalescingQueue flushed off \(loop.name)'s thread")
        guard !keys.isEmpty else { return 0 }
        let batch = keys, pending = entries
        keys.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        for key in batch {
            pending[key]?.run(turn)
        }
        flushedCount += batch.count
        flushCount += 1
        return batch.count
    }

    /// The number of commits waiting for the next flush.
    package var pendingCount: Int {
        assertOnLoop()
        return keys.count
    }

    /// Debug builds check the binding on every commit (release builds at each flush only: the
    /// commit path is hot, and costs one lock more with the check).
    private func assertOnLoop() {
        assert(loop.isDrainingOnCurrentThread, "CoalescingQueue used off \(loop.name)'s thread")
    }

    private func installIfNeeded() {
        guard observer == nil else { return }
        observer = loop.addBeforeWaitingObserver(phase: phase, order: order) { [weak self] turn in
            _ = self?.flush(turn)
        }
    }
}

extension CoalescingQueue {
    /// Schedules `body(target)`, run on ``DisplayActor``, for this queue's phase: the form the
    /// library's ``DisplayActor`` types use on ``DisplayLoop/main``.
    @DisplayActor
    @discardableResult
    package func commit<Target: AnyObject>(
        _ target: Target,
        action: String,
        requestsBeforeWaiting: Bool = true,
        onDisplayActor body: @escaping @DisplayActor (Target) -> Void
    ) -> Bool {
        insert(target, action: action, requestsBeforeWaiting: requestsBeforeWaiting) {
            { [weak target] _ in
                guard let target else { return }
                DisplayActor.assumeIsolated { body(target) }
            }
        }
    }
}
