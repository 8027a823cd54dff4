/// Why ``RenderLanes`` refused a piece of work.
public enum RenderLaneError: Error, Sendable, Hashable {
    /// The lanes already hold `limit` admitted items (`queued` of them, queued or running) and
    /// the call asked to fail fast (``RenderOverloadPolicy/fail``) rather than wait for a slot.
    case overloaded(queued: Int, limit: Int)
    /// The executor was shut down; the work did not run.
    case shutDown
}

/// What a call to ``RenderLanes`` does when its admission limit is reached.
public enum RenderOverloadPolicy: Sendable, Hashable {
    /// Suspend until a slot frees (back-pressure); waiters are admitted by lane, highest first.
    /// Cancelling a waiting task removes it and throws `CancellationError`. The default.
    case wait
    /// Throw `RenderLaneError.overloaded(queued:limit:)` at once.
    case fail
}
