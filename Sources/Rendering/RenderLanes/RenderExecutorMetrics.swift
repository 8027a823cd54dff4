/// A snapshot of a ``RenderExecutor``'s counters, taken under its lock.
public struct RenderExecutorMetrics: Sendable, Hashable {
    /// Entries (task jobs and synchronous items) run so far, per lane.
    public var ran: [RenderPriority: Int]
    /// Entries waiting in each lane now.
    public var queuedPerLane: [RenderPriority: Int]
    /// Entries waiting in all lanes now.
    public var queued: Int
    /// Entries running now.
    public var running: Int
    /// The most entries ever observed running at once; never above the executor's width.
    public var maxRunning: Int
    /// Synchronous items removed from the queue by cancellation before they started.
    public var cancelledBeforeStart: Int
    /// Picks where the anti-starvation rule served a lower lane ahead of a higher non-empty one.
    public var starvationOverrides: Int
    /// Queued entries (items and task jobs) moved to a higher lane by priority escalation.
    public var promotions: Int
    /// Worker threads alive now: the width until `shutdown()`, then 0.
    public var liveThreads: Int

    /// Entries run so far in every lane.
    public var ranTotal: Int { ran.values.reduce(0, +) }
}
