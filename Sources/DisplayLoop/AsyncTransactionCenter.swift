/// The delivery queue of ``AsyncTransaction``: committed transactions stay here until delivered,
/// and those whose operations have all ended are delivered, in the order they got there, in the
/// ``BeforeWaitingPhase/asyncTransactionCompletions`` phase of ``DisplayLoop/main``.
@DisplayActor
package enum AsyncTransactionCenter {
    /// The completions observer's order in its phase: after the groups' commits
    /// (``AsyncTransactionGroup/commitOrder``).
    package nonisolated static let deliveryOrder = 0

    /// Committed, not yet delivered: kept alive here (their tasks hold them weakly).
    private static var inFlight: [ObjectIdentifier: AsyncTransaction] = [:]
    /// Every operation ended; delivered at the next completions phase, in this order.
    private static var ready: [AsyncTransaction] = []
    private static var observer: DisplayLoop.BeforeWaitingObserver?

    /// Committed transactions not yet delivered.
    package static var inFlightCount: Int { inFlight.count }
    /// Transactions delivered since the process started.
    package private(set) static var deliveredCount = 0

    static func retain(_ transaction: AsyncTransaction) {
        inFlight[ObjectIdentifier(transaction)] = transaction
    }

    static func enqueueForDelivery(_ transaction: AsyncTransaction) {
        installIfNeeded()
        ready.append(transaction)
        DisplayLoop.main.setNeedsBeforeWaiting()
    }

    /// Delivers every transaction ready so far. A transaction that becomes ready while this runs
    /// (a completion committed an empty one) is delivered at the next turn's phase.
    static func deliverReady() {
        guard !ready.isEmpty else { return }
        let batch = ready
        ready = []
        for transaction in batch {
            inFlight[ObjectIdentifier(transaction)] = nil
            transaction.deliver()
            deliveredCount += 1
        }
    }

    private static func installIfNeeded() {
        guard observer == nil else { return }
        observer = DisplayLoop.main.addBeforeWaitingObserver(phase: .asyncTransactionCompletions, order: deliveryOrder) { _ in
            DisplayActor.assumeIsolated {
                AsyncTransactionCenter.deliverReady()
            }
        }
    }
}
