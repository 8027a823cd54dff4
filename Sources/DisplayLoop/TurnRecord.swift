/// What happened in one turn of a ``DisplayLoop/DisplayLoop``: the record the manual driver
/// returns and the value before-waiting observers and the before-waiting sequence receive.
///
/// A turn runs every queued job (and the jobs those jobs enqueue) until the queue is empty, then
/// the before-waiting phases in order (``BeforeWaitingPhase``), then the loop waits. Work enqueued
/// during the phases belongs to the next turn.
public struct TurnRecord: Sendable, Hashable, CustomStringConvertible {
    /// The turn's number, from 1.
    public var number: UInt64
    /// How many jobs ran before the before-waiting point.
    public var jobCount: Int
    /// The phases that had observers, in the order they ran.
    public var phasesRun: [BeforeWaitingPhase]
    /// When the turn started, on the loop's clock (nanoseconds since the loop was made).
    public var startNanoseconds: UInt64
    /// How long the turn took, jobs and phases, in nanoseconds. An observer sees the time so far
    /// (the last observer of the last phase sees nearly all of it).
    public var durationNanoseconds: UInt64
    /// How long the loop had waited before this turn (0 for the manual driver), in nanoseconds.
    public var idleNanosecondsBefore: UInt64

    /// Creates a record.
    public init(
        number: UInt64,
        jobCount: Int,
        phasesRun: [BeforeWaitingPhase] = [],
        startNanoseconds: UInt64 = 0,
        durationNanoseconds: UInt64 = 0,
        idleNanosecondsBefore: UInt64 = 0
    ) {
        self.number = number
        self.jobCount = jobCount
        self.phasesRun = phasesRun
        self.startNanoseconds = startNanoseconds
        self.durationNanoseconds = durationNanoseconds
        self.idleNanosecondsBefore = idleNanosecondsBefore
    }

    /// A one-line summary such as `turn 3: 2 jobs, phases [display, transactions], 0.041 ms`.
    public var description: String {
        let ms = Double(durationNanoseconds) / 1_000_000
        return "turn \(number): \(jobCount) job\(jobCount == 1 ? "" : "s"), phases \(phasesRun), \(ms) ms"
    }
}
