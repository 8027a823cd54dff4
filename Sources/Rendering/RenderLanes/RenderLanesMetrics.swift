/// A snapshot of a ``RenderLanes``' admission counters and its executor's metrics.
public struct RenderLanesMetrics: Sendable, Hashable {
    /// The executor's counters (shared by every lanes object on that executor).
    public var executor: RenderExecutorMetrics
    /// Items admitted now (queued on the executor or running), at most the admission limit.
    public var admitted: Int
    /// Calls waiting for admission now.
    public var waitingForAdmission: Int
    /// The most calls ever waiting for admission at once.
    public var maxWaitingForAdmission: Int
    /// Items admitted so far.
    public var admittedTotal: Int
    /// Calls refused with `RenderLaneError.overloaded` so far.
    public var rejected: Int
    /// Calls cancelled while waiting for admission (their work never ran).
    public var cancelledWhileWaiting: Int
    /// Calls moved to a higher lane of the admission queue by priority escalation so far.
    public var promotedWhileWaiting: Int
}
