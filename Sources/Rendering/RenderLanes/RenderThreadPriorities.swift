/// How much a worker thread lowers its OS scheduling priority while it serves each lane.
///
/// On Linux a worker thread calls `setpriority(PRIO_PROCESS, gettid(), base + offset)` when it
/// takes work from a lane whose offset differs from the one it runs at, where `base` is the nice
/// value the thread started with (inherited from the thread that created the executor). Offsets
/// are never negative: raising a thread above its base needs `CAP_SYS_NICE`. Going back *up* to
/// the base after serving a low lane needs `CAP_SYS_NICE` or a large enough `RLIMIT_NICE`, so an
/// executor probes that once, on a throwaway thread, when it starts; if the probe cannot restore
/// the base, the executor leaves every worker at its base (`RenderExecutor.appliesThreadPriorities`
/// is then `false`) rather than let threads sink for good.
public struct RenderThreadPriorities: Sendable, Hashable {
    /// Nice offset for `userInteractive` work.
    public var userInteractive: Int32
    /// Nice offset for `userInitiated` work.
    public var userInitiated: Int32
    /// Nice offset for `utility` work.
    public var utility: Int32
    /// Nice offset for `background` work.
    public var background: Int32

    /// Creates offsets per lane; negative offsets are treated as 0.
    public init(userInteractive: Int32, userInitiated: Int32, utility: Int32, background: Int32) {
        self.userInteractive = max(userInteractive, 0)
        self.userInitiated = max(userInitiated, 0)
        self.utility = max(utility, 0)
        self.background = max(background, 0)
    }

    /// 0, 0, +5, +10: the two upper lanes compete with the loop thread as equals; utility and
    /// background work yields the CPU to it, as the QoS classes do on Apple platforms.
    public static let standard = RenderThreadPriorities(userInteractive: 0, userInitiated: 0, utility: 5, background: 10)

    /// Every lane at the base priority: workers never call `setpriority`.
    public static let unchanged = RenderThreadPriorities(userInteractive: 0, userInitiated: 0, utility: 0, background: 0)

    /// The nice offset for `lane`.
    public func offset(for lane: RenderPriority) -> Int32 {
        switch lane {
        case .userInteractive: userInteractive
        case .userInitiated: userInitiated
        case .utility: utility
        case .background: background
        }
    }

    /// Whether any lane changes the priority.
    var isUnchanged: Bool { self == .unchanged }
}
