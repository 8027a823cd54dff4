public import DisplayLoop
import Elements

/// The loop's side of pre-layout: asks a ``FeedLayoutCache`` for the layouts of the caller's
/// items off the loop, and hands them to the loop **at a before-waiting point**, in one batch per turn, so a
/// list's model never changes in the middle of a turn.
///
/// ```swift
/// struct Post: Identifiable, Hashable, Sendable { let id: UUID; var author, body: String }
///
/// @DisplayActor final class PostList {
///     var heights: [UUID: Double] = [:]
///     lazy var preLayout = FeedPreLayout(cache: FeedLayoutCache(template: PostCell())) { [weak self] delivery in
///         for layout in delivery.layouts { self?.heights[layout.id] = layout.height }
///         if !delivery.completed.isEmpty { self?.relayout() }   // at the layout phase
///     }
///     func show(_ posts: [Post], width: Double) {
///         current = preLayout.request(posts, width: width)
///     }
/// }
/// ```
///
/// - **Off the loop.** ``request(_:width:)`` returns at once; the layouts run in a detached task
///   (``FeedLayoutCache/layouts(of:width:onEach:)``: template, text measurement and layout off
///   the loop, bounded).
/// - **Hand-over.** Each finished layout is queued to the loop as a small job that only stores
///   it; nothing the delegate sees changes then.
/// - **Delivery.** At the ``/DisplayLoop/BeforeWaitingPhase/layout`` phase of the turn that ran
///   those jobs, everything stored since the last delivery is passed to `onDelivery` as one
///   ``Delivery`` (and ``layout(for:)`` starts answering for those items), before the display
///   phase draws anything.
/// - **Cancellation.** ``cancel(_:)`` cancels a request: its layouts in flight are cancelled (on
///   the lanes, those not started never run), and none of its results is delivered afterwards,
///   even one already stored for this turn. Releasing the pre-layout cancels all of its requests.
/// - **Memory.** The height of every delivered item is kept (an identifier and a number each:
///   a list needs them all for its extents). The full layouts, a tree and its frames each, are
///   kept up to `retainedLayouts`, the least recently delivered or looked up leaving first, and
///   ``forgetLayouts(keeping:)`` drops those a list no longer shows; an endless feed does not
///   grow without bound. A forgotten layout is still in the ``FeedLayoutCache`` if it fits there.
@DisplayActor
public final class FeedPreLayout<Item: Identifiable & Hashable & Sendable> where Item.ID: Sendable {
    /// One item's layout.
    public typealias Layout = FeedItemLayout<Item.ID>

    /// A request for the layouts of some items: the handle to cancel it with, and how a
    /// ``Delivery`` says which requests are complete.
    public struct Request: Hashable, Sendable, CustomStringConvertible {
        /// A number unique within one ``FeedPreLayout``.
        public let number: Int
        /// `request N`.
        public var description: String { "request \(number)" }
    }

    /// An item whose layout failed.
    public struct Failure: Sendable {
        /// The request it belonged to.
        public let request: Request
        /// The item's identifier.
        public let id: Item.ID
        /// Why.
        public let error: any Error
    }

    /// What one before-waiting point delivers: every layout finished since the previous delivery.
    public struct Delivery: Sendable {
        /// The number of the turn whose before-waiting point delivered it.
        public let turn: UInt64
        /// The phase it was delivered in: always ``/DisplayLoop/BeforeWaitingPhase/layout``.
        public let phase: BeforeWaitingPhase
        /// The finished layouts, in the order they reached the loop.
        public let layouts: [Layout]
        /// The items whose layout failed.
        public let failures: [Failure]
        /// The requests every item of which has now been delivered (laid out or failed).
        public let completed: [Request]
    }

    /// What is known of a request that is still running.
    private struct Running {
        var remaining: Int
        let task: Task<Void, Never>
    }

    /// The cache the layouts come from.
    public let cache: FeedLayoutCache<Item>
    /// The loop whose layout phase delivers.
    public let loop: DisplayLoop
    /// The layout-phase queue of `loop` that delivers every pre-layout with something pending, in
    /// the order they were scheduled.
    private let deliveries: CoalescingQueue
    /// Called at the layout phase with each delivery.
    private let onDelivery: @DisplayActor (Delivery) -> Void

    private var nextNumber = 0
    private var running: [Request: Running] = [:]
    private var pendingLayouts: [(Request, Layout)] = []
    private var pendingFailures: [Failure] = []
    private var pendingCompleted: [Request] = []
    private var heights: [Item.ID: Double] = [:]
    private var retained: LRUByteStore<Item.ID, Layout>

    /// Deliveries made so far.
    public private(set) var deliveryCount = 0

    /// Creates a pre-layout front for `cache`; `onDelivery` runs on the loop, at the layout phase
    /// of each turn in which layouts arrived.
    ///
    /// - Parameters:
    ///   - cache: Where the layouts come from (off the loop).
    ///   - retainedLayouts: The most full layouts ``layout(for:)`` keeps (heights are all kept);
    ///     default 1,000.
    ///   - loop: The loop whose layout phase delivers; default ``/DisplayLoop/DisplayLoop/main``,
    ///     the one ``/DisplayLoop/DisplayActor`` runs on (the delivery enters that actor).
    ///   - onDelivery: Called on the loop with each ``Delivery``.
    public init(cache: FeedLayoutCache<Item>, retainedLayouts: Int = 1_000, loop: DisplayLoop = .main,
                onDelivery: @escaping @DisplayActor (Delivery) -> Void = { _ in }) {
        self.cache = cache
        self.loop = loop
        self.deliveries = PreLayoutDeliveryQueues.queue(on: loop)
        self.onDelivery = onDelivery
        self.retained = LRUByteStore(byteLimit: max(0, retainedLayouts))
    }

    /// A released pre-layout cancels its requests: nobody is left to deliver them to.
    isolated deinit {
        for state in running.values { state.task.cancel() }
    }

    /// Starts laying out `items` at `width` off the loop and returns at once. The layouts arrive
    /// in ``Delivery``s; the last one to include this request's items lists it in
    /// ``Delivery/completed``. An empty request completes at the next before-waiting point.
    @discardableResult
    public func request(_ items: [Item], width: Double) -> Request {
        nextNumber += 1
        let request = Request(number: nextNumber)
        let cache = self.cache
        let task = Task.detached(priority: cache.priority.taskPriority) { [weak self] in
            await cache.layouts(of: items, width: width) { item, result in
                // A job that only stores the result; the delivery happens at the layout phase.
                Task { @DisplayActor [weak self] in self?.receive(result, id: item.id, for: request) }
            }
        }
        running[request] = Running(remaining: items.count, task: task)
        if items.isEmpty { finish(request) }
        return request
    }

    /// Cancels a request: its layouts still running are cancelled and none of its results is
    /// delivered from now on. Layouts already delivered stay in ``layout(for:)``.
    public func cancel(_ request: Request) {
        running.removeValue(forKey: request)?.task.cancel()
        pendingLayouts.removeAll { $0.0 == request }
        pendingFailures.removeAll { $0.request == request }
        pendingCompleted.removeAll { $0 == request }
    }

    /// Cancels every request.
    public func cancelAll() {
        for request in Array(running.keys) { cancel(request) }
        pendingCompleted.removeAll()
    }

    /// Whether `request` is still running or waiting for its last delivery.
    public func isRunning(_ request: Request) -> Bool {
        running[request] != nil
    }

    /// The layout delivered last for the item called `id` (updated only at deliveries), unless
    /// it has been forgotten since; a lookup marks it recently used.
    public func layout(for id: Item.ID) -> Layout? {
        retained.value(for: id)
    }

    /// The height delivered last for the item called `id` (kept even when its layout is
    /// forgotten).
    public func height(for id: Item.ID) -> Double? {
        heights[id]
    }

    /// The full layouts kept now.
    public var retainedLayoutCount: Int { retained.count }

    /// Forgets the full layouts of every item but those in `ids` (for instance the items in a
    /// list's preload range); their heights stay known.
    public func forgetLayouts(keeping ids: Set<Item.ID>) {
        for id in retained.keys where !ids.contains(id) {
            retained.remove(id)
        }
    }

    /// Forgets the full layout of the item called `id`; its height stays known.
    public func forgetLayout(for id: Item.ID) {
        retained.remove(id)
    }

    // MARK: Hand-over and delivery

    private func receive(_ result: Result<Layout, any Error>, id: Item.ID, for request: Request) {
        guard var state = running[request] else { return }  // cancelled
        switch result {
        case .success(let layout): pendingLayouts.append((request, layout))
        case .failure(let error): pendingFailures.append(Failure(request: request, id: id, error: error))
        }
        state.remaining -= 1
        running[request] = state
        if state.remaining == 0 { finish(request) }
        scheduleDelivery()
    }

    private func finish(_ request: Request) {
        pendingCompleted.append(request)
        scheduleDelivery()
        loop.setNeedsBeforeWaiting()
    }

    /// Marks this pre-layout for delivery at this turn's layout phase (called in a job, so the
    /// turn has a before-waiting point without asking; ``finish(_:)`` asks, for an empty request).
    private func scheduleDelivery() {
        deliveries.commit(self, action: "deliver", requestsBeforeWaiting: false) { preLayout, turn in
            DisplayActor.assumeIsolated { preLayout.deliver(turn: turn) }
        }
    }

    /// Called at the layout phase: everything stored since the last delivery, in one batch.
    private func deliver(turn: TurnRecord) {
        guard !pendingLayouts.isEmpty || !pendingFailures.isEmpty || !pendingCompleted.isEmpty else { return }
        let delivery = Delivery(turn: turn.number, phase: .layout, layouts: pendingLayouts.map(\.1),
                                failures: pendingFailures, completed: pendingCompleted)
        pendingLayouts.removeAll()
        pendingFailures.removeAll()
        for request in pendingCompleted { running[request] = nil }
        pendingCompleted.removeAll()
        for layout in delivery.layouts {
            heights[layout.id] = layout.height
            _ = retained.insert(layout, cost: 1, for: layout.id)
        }
        deliveryCount += 1
        onDelivery(delivery)
    }
}

/// One delivery queue per loop, shared by the pre-layouts of every item type (one observer,
/// schedule order). Outside the generic class: a generic type has no static stored property.
@DisplayActor
private enum PreLayoutDeliveryQueues {
    static var queues: [ObjectIdentifier: CoalescingQueue] = [:]

    static func queue(on loop: DisplayLoop) -> CoalescingQueue {
        if let queue = queues[ObjectIdentifier(loop)] { return queue }
        let queue = CoalescingQueue(phase: .layout, loop: loop)
        queues[ObjectIdentifier(loop)] = queue
        return queue
    }
}
