public import AsyncLayerKit

/// The books of one kind of range-driven work (prefetches, renders ahead of the viewport, encodes)
/// kept by item index on the loop: the task in flight for each item, the items whose work is done,
/// and cancellation of the work whose item left its range. The headless list's ranges strategy and
/// the feed demo's scroller both keep their work here.
///
/// The scheduler does not choose what runs or where: the caller makes the task (its priority, its
/// executor) for a ``Ticket`` and reports its end with ``end(_:done:)``. A ticket tells a task that
/// ended after its item's work was cancelled and started again from the one now in flight.
@DisplayActor
public final class RangeWorkScheduler {
    /// One start of an item's work.
    public struct Ticket: Sendable, Hashable {
        /// The item's index.
        public let index: Int
        let id: Int
    }

    /// The items whose work ended done (``end(_:done:)`` with `done: true`).
    public private(set) var done: Set<Int> = []
    /// Tasks started and not yet ended, those cancelled and forgotten included.
    public private(set) var running = 0
    /// Works started so far.
    public private(set) var started = 0

    private var inFlight: [Int: (id: Int, task: Task<Void, Never>)] = [:]
    private var nextID = 0

    /// An empty book.
    public nonisolated init() {}

    /// Whether the item has work in flight (not cancelled and forgotten).
    public func isInFlight(_ index: Int) -> Bool { inFlight[index] != nil }

    /// Whether the item's work ended done.
    public func isDone(_ index: Int) -> Bool { done.contains(index) }

    /// Starts the item's work: `makeTask` makes the task for the new ticket, and the task reports
    /// its end with ``end(_:done:)``. Replaces (without cancelling) the item's entry in flight, if any.
    public func start(_ index: Int, _ makeTask: (Ticket) -> Task<Void, Never>) {
        nextID += 1
        let ticket = Ticket(index: index, id: nextID)
        running += 1
        started += 1
        inFlight[index] = (ticket.id, makeTask(ticket))
    }

    /// The end of the work started with `ticket`: the item is done when `done` and the ticket is
    /// still the item's. Returns whether it was (`false`: the work had been cancelled and forgotten).
    @discardableResult
    public func end(_ ticket: Ticket, done: Bool) -> Bool {
        running -= 1
        let current = inFlight[ticket.index]?.id == ticket.id
        if current { inFlight[ticket.index] = nil }
        if done { self.done.insert(ticket.index) }
        return current
    }

    /// Cancels the item's work in flight; `forget` drops its entry at once, so the item can start
    /// again before the cancelled task ends (its end is then reported as not current).
    public func cancel(_ index: Int, forget: Bool) {
        guard let work = inFlight[index] else { return }
        work.task.cancel()
        if forget { inFlight[index] = nil }
    }

    /// Cancels and forgets the work of every item `keep` refuses (the items that left the range).
    public func cancel(keeping keep: (Int) -> Bool) {
        for (index, work) in inFlight where !keep(index) {
            work.task.cancel()
            inFlight[index] = nil
        }
    }

    /// Cancels every work in flight, keeping the entries until the tasks end.
    public func cancelAll() {
        for work in inFlight.values { work.task.cancel() }
    }

    /// Waits until no work is in flight (including work started meanwhile).
    public func waitForAll() async {
        while let task = inFlight.values.first?.task { await task.value }
    }
}
