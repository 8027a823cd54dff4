/// The delivery queue of ``AsyncTransaction``s on one loop: committed transactions stay here until
/// delivered, and those whose operations have all ended are delivered, in the order they got
/// there, in the ``BeforeWaitingPhase/asyncTransactionCompletions`` phase of that loop.
@DisplayActor
package final class AsyncTransactionCenter {
    /// The completions observer's order in its phase: after the groups' commits
    /// (``AsyncTransactionGroup/commitOrder``).
    package nonisolated static let deliveryOrder = 0

    /// The center of ``DisplayLoop/main``.
    package static var main: AsyncTransactionCenter { center(on: .main) }

    /// One center per loop.
    private static var centers: [ObjectIdentifier: AsyncTransactionCenter] = [:]

    /// The center that delivers on `loop`, made on first use.
    package static func center(on loop: DisplayLoop) -> AsyncTransactionCenter {
        if let center = centers[ObjectIdentifier(loop)] { return center }
        let center = AsyncTransactionCenter(loop: loop)
        centers[ObjectIdentifier(loop)] = center
        return center
    }

    /// Committed transactions not yet delivered on ``DisplayLoop/main``.
    package static var inFlightCount: Int { main.inFlightCount }
    /// Transactions delivered on ``DisplayLoop/main`` since the process started.
    package static var deliveredCount: Int { main.deliveredCount }

    /// The loop whose completions phase delivers.
    package nonisolated let loop: DisplayLoop
    /// Committed, not yet delivered: kept alive here (their tasks hold them weakly).
    private var inFlight: [ObjectIdentifier: AsyncTransaction] = [:]
    /// Every operation ended; delivered at the next completions phase, in this order.
    private var ready: [AsyncTransaction] = []
    private var observer: DisplayLoop.BeforeWaitingObserver?

    /// Committed transactions not yet delivered.
    package var inFlightCount: Int { inFlight.count }
    /// Transactions delivered since the process started.
    package private(set) var deliveredCount = 0

    private init(loop: DisplayLoop) {
        self.loop = loop
    }

    func retain(_ transaction: AsyncTransaction) {
        inFlight[ObjectIdentifier(transaction)] = transaction
    }

    func enqueueForDelivery(_ transaction: AsyncTransaction) {
        installIfNeeded()
        ready.append(transaction)
        loop.setNeedsBeforeWaiting()
    }

    /// Delivers every transaction ready so far. A transaction that becomes ready while this runs
    /// (a completion committed an empty one) is delivered at the next turn's phase.
    func deliverReady() {
        guard !ready.isEmpty else { return }
        let batch = ready
        ready = []
        for transaction in batch {
            inFlight[ObjectIdentifier(transaction)] = nil
            transaction.deliver()
            deliveredCount += 1
        }
    }

    private func installIfNeeded() {
        guard observer == nil else { return }
        // Centers live as long as the process (one per loop): `self` is never released.
        observer = loop.addBeforeWaitingObserver(phase: .asyncTransactionCompletions, order: Self.deliveryOrder) { [weak self] _ in
            DisplayActor.assumeIsolated {
                self?.deliverReady()
            }
        }
    }
}
