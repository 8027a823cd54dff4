/// The phases of a before-waiting point, in the order they run.
///
/// When a turn's job queue is empty, and before the loop waits, it runs the observers of each phase
/// in this order — the order the iOS toolbox gives the same work: Core Animation commits layout and
/// display at run-loop order 2 000 000, YYTransaction flushes at 0xFFFFFF, Texture completes async
/// transactions at `INT_MAX`. Within a phase, observers run by their `order`, then in the order they
/// were added.
public enum BeforeWaitingPhase: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// Layout of everything marked as needing it.
    case layout = 1_000_000
    /// Display commits: layers hand their display requests to the render lanes.
    case display = 2_000_000
    /// User transactions (``Transaction``), each once, in commit order.
    case transactions = 0xFF_FFFF
    /// Completions of async transactions (``AsyncTransaction``), in the order their operations were
    /// added; ``AsyncTransactionGroup`` commits its open transactions at the start of this phase.
    case asyncTransactionCompletions = 0x7FFF_FFFF

    /// Phases compare by their run order.
    public static func < (lhs: BeforeWaitingPhase, rhs: BeforeWaitingPhase) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The phase's name, such as `layout`.
    public var description: String {
        switch self {
        case .layout: "layout"
        case .display: "display"
        case .transactions: "transactions"
        case .asyncTransactionCompletions: "asyncTransactionCompletions"
        }
    }
}
