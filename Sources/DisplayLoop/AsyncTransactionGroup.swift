/// Commits open ``AsyncTransaction``s at the before-waiting point of ``DisplayLoop/main``:
/// Texture's `_ASAsyncTransactionGroup`, whose main group commits every layer's open transaction
/// once per run-loop iteration.
///
/// Add transactions as you open them; at the next
/// ``BeforeWaitingPhase/asyncTransactionCompletions`` phase the group commits those still open, in
/// the order they were added (LNAsyncKit kept them in an `NSMutableSet`, in no defined order),
/// just before that phase delivers the transactions that are ready — so a transaction whose
/// operations have all ended by then, or that has none, completes in the same turn.
///
/// ```swift
/// let transaction = AsyncTransaction(group: .main)   // committed at this turn's before-waiting point
/// transaction.addOperation { try await render(card) } completion: { outcome, cancelled in … }
/// ```
///
/// The group holds its transactions until it commits them, then lets go; a transaction committed
/// (or cancelled) before that is skipped.
@DisplayActor
public final class AsyncTransactionGroup {
    /// The main group, on ``DisplayLoop/main``.
    public static let main = AsyncTransactionGroup()

    /// The groups' observer order in the ``BeforeWaitingPhase/asyncTransactionCompletions`` phase:
    /// before the deliveries (order 0) of that phase.
    public nonisolated static let commitOrder = -1

    /// The loop whose completions phase commits the group.
    public nonisolated let loop: DisplayLoop
    private var transactions: [AsyncTransaction] = []
    private var members: Set<ObjectIdentifier> = []
    private var observer: DisplayLoop.BeforeWaitingObserver?

    /// Creates a group committed at `loop`'s before-waiting points; default ``DisplayLoop/main``,
    /// the one ``DisplayActor`` runs on (the commit enters that actor). Most code uses ``main``.
    public init(loop: DisplayLoop = .main) {
        self.loop = loop
    }

    /// Transactions added and not yet committed by the group.
    public var count: Int { transactions.count }

    /// Adds an open transaction, to be committed at the next before-waiting point if it is still
    /// open then. Adding a transaction that is not open, or that is in the group already, does
    /// nothing.
    public func add(_ transaction: AsyncTransaction) {
        guard transaction.state == .open, members.insert(ObjectIdentifier(transaction)).inserted else { return }
        installIfNeeded()
        transactions.append(transaction)
        loop.setNeedsBeforeWaiting()
    }

    /// Commits the transactions added so far that are still open, in the order they were added,
    /// and empties the group. A transaction added while it runs (a commit that opens another)
    /// waits for the next commit. The before-waiting point calls this; call it yourself to commit
    /// earlier.
    public func commit() {
        guard !transactions.isEmpty else { return }
        let batch = transactions
        transactions = []
        members = []
        for transaction in batch {
            transaction.commit()  // does nothing unless still open
        }
    }

    private func installIfNeeded() {
        guard observer == nil else { return }
        observer = loop.addBeforeWaitingObserver(phase: .asyncTransactionCompletions, order: Self.commitOrder) { [weak self] _ in
            DisplayActor.assumeIsolated {
                self?.commit()
            }
        }
    }

    isolated deinit {
        if let observer {
            loop.removeBeforeWaitingObserver(observer)
        }
    }
}
