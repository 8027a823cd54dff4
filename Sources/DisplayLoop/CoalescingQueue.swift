/// Work committed during a turn and run once per key at one before-waiting phase of
/// ``DisplayLoop/main``: what ``Transaction`` is built on (and layers' display commits).
///
/// Committing the same key again before the flush keeps the first commit and its position, so N
/// commits in a turn run once; distinct keys run in commit order (YYTransaction used an `NSSet`,
/// whose order was undefined). Targets are held weakly: a target that dies before the flush is
/// skipped, and nothing keeps a target alive after the flush.
@DisplayActor
package final class CoalescingQueue {
    struct Key: Hashable {
        let target: ObjectIdentifier
        let action: String
    }

    private struct Entry {
        let isAlive: () -> Bool
        let run: @DisplayActor () -> Void
    }

    let phase: BeforeWaitingPhase
    private var order: [Key] = []
    private var entries: [Key: Entry] = [:]
    private var observer: DisplayLoop.BeforeWaitingObserver?
    /// Entries run by all flushes so far.
    package private(set) var flushedCount = 0
    /// Flushes that ran at least one entry.
    package private(set) var flushCount = 0

    package init(phase: BeforeWaitingPhase) {
        self.phase = phase
    }

    /// Schedules `body(target)` for this queue's phase of the current turn, once per
    /// (target, action). Returns whether this commit was new (false: coalesced into an earlier one).
    @discardableResult
    package func commit<Target: AnyObject>(_ target: Target, action: String, _ body: @escaping @DisplayActor (Target) -> Void) -> Bool {
        installIfNeeded()
        let key = Key(target: ObjectIdentifier(target), action: action)
        // A dead target's identifier can be reused by a new object: only a live entry coalesces.
        if let existing = entries[key], existing.isAlive() { return false }
        if entries[key] != nil { order.removeAll { $0 == key } }
        order.append(key)
        entries[key] = Entry(
            isAlive: { [weak target] in target != nil },
            run: { [weak target] in if let target { body(target) } }
        )
        DisplayLoop.main.setNeedsBeforeWaiting()
        return true
    }

    /// Runs and clears everything committed so far. Commits made while it runs go to the next turn.
    @discardableResult
    package func flush() -> Int {
        guard !order.isEmpty else { return 0 }
        let keys = order, pending = entries
        order.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        for key in keys {
            pending[key]?.run()
        }
        flushedCount += keys.count
        flushCount += 1
        return keys.count
    }

    /// The number of commits waiting for the next flush.
    package var pendingCount: Int { order.count }

    private func installIfNeeded() {
        guard observer == nil else { return }
        observer = DisplayLoop.main.addBeforeWaitingObserver(phase: phase) { [weak self] _ in
            DisplayActor.assumeIsolated {
                _ = self?.flush()
            }
        }
    }
}
