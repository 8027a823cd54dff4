/// The priority lanes of a ``RenderExecutor``, highest first.
///
/// Lanes play the role of the QoS classes YYDispatchQueuePool kept one pool each for. An executor
/// serves the highest non-empty lane first, with an anti-starvation rule (see `LaneQueue`), and a
/// worker thread lowers its OS scheduling priority (its nice value) while it serves `utility` or
/// `background` work, so that a loop thread at the default priority wins the CPU when every core
/// is rendering.
public enum RenderPriority: Int, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    /// Work the user is waiting on right now, such as the visible cells of a scrolling feed.
    case userInteractive = 3
    /// Work the user asked for and expects soon, such as the cell about to scroll in.
    case userInitiated = 2
    /// Work whose result is wanted but not urgent, such as prefetching the next page.
    case utility = 1
    /// Work nobody waits for, such as warming a cache.
    case background = 0

    /// The lanes from highest to lowest, the order in which an executor serves them.
    public static let servingOrder: [RenderPriority] = [.userInteractive, .userInitiated, .utility, .background]

    /// Orders lanes by urgency: `background < utility < userInitiated < userInteractive`.
    public static func < (lhs: RenderPriority, rhs: RenderPriority) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The lane for a task priority.
    ///
    /// `TaskPriority.userInteractive` (raw 33) and above map to `userInteractive`; `high` and
    /// `medium` (raw 21 to 32, the default priority of an unprioritised task) map to
    /// `userInitiated`; `low` (`utility`, raw 17 to 20) maps to `utility`; anything lower,
    /// including `background` (raw 9), maps to `background`.
    public init(_ priority: TaskPriority) {
        switch priority.rawValue {
        case 33...: self = .userInteractive
        case 21...: self = .userInitiated
        case 17...: self = .utility
        default: self = .background
        }
    }

    /// The task priority a child task serving this lane runs at (the inverse of `init(_:)`).
    public var taskPriority: TaskPriority {
        switch self {
        case .userInteractive: TaskPriority(rawValue: 33)
        case .userInitiated: .userInitiated
        case .utility: .utility
        case .background: .background
        }
    }

    /// The lane's position in `servingOrder`: 0 for `userInteractive`, 3 for `background`.
    var index: Int { RenderPriority.servingOrder.count - 1 - rawValue }

    /// The lane name, as in `userInteractive`.
    public var description: String {
        switch self {
        case .userInteractive: "userInteractive"
        case .userInitiated: "userInitiated"
        case .utility: "utility"
        case .background: "background"
        }
    }
}
