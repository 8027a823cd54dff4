/// A unit of work committed during a turn and run **once**, at the next before-waiting point of
/// ``DisplayLoop/main`` (phase ``BeforeWaitingPhase/transactions``): YYTransaction for Swift.
///
/// ```swift
/// @DisplayActor final class Label {
///     var text = "" { didSet { Transaction(target: self, action: "layoutText") { $0.layoutText() }.commit() } }
///     func layoutText() { … }   // runs once per turn however often `text` changed
/// }
/// ```
///
/// Committing the same (target, action) pair any number of times in one turn runs it once, at the
/// before-waiting point, never in the middle of the turn. Distinct transactions run in commit order.
/// The target is held weakly: a transaction whose target is gone by then is skipped, and no target
/// is kept alive past the flush. A transaction committed while transactions are being flushed runs
/// at the next turn's before-waiting point.
@DisplayActor
public struct Transaction<Target: AnyObject> {
    /// The object the action belongs to.
    public let target: Target
    /// The action's name: with the target, the identity that coalesces commits.
    public let action: String
    private let body: @DisplayActor (Target) -> Void

    /// Creates a transaction that runs `body(target)`.
    public init(target: Target, action: String, _ body: @escaping @DisplayActor (Target) -> Void) {
        self.target = target
        self.action = action
        self.body = body
    }

    /// Schedules the transaction for this turn's before-waiting point. Returns `false` when an
    /// equal (target, action) was already committed this turn, so this commit changed nothing.
    @discardableResult
    public func commit() -> Bool {
        TransactionCenter.queue.commit(target, action: action, onDisplayActor: body)
    }
}

/// The queue behind ``Transaction``, and what tests and metrics read.
@DisplayActor
public enum TransactionCenter {
    static let queue = CoalescingQueue(phase: .transactions)

    /// Transactions committed and not yet run.
    public static var pendingCount: Int { queue.pendingCount }
    /// Transactions run since the process started.
    public static var flushedCount: Int { queue.flushedCount }
    /// Before-waiting points that ran at least one transaction.
    public static var flushCount: Int { queue.flushCount }
}
