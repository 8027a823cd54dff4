/// How generous the ranges are: Texture's `ASLayoutRangeMode`.
///
/// A list starts in ``minimum`` — a quarter screen rendered around the viewport, so the first
/// screen appears as fast as possible — and goes to ``full`` once the user scrolls (or once
/// everything scheduled in ``minimum`` has been displayed). Memory pressure and the app going to
/// the background shrink it to ``visibleOnly`` or ``lowMemory``. ``RangeModeState`` holds the
/// rules; ``RangeConfiguration`` the extents of each mode.
public enum RangeMode: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The full ranges, for a visible list the user is scrolling.
    case full
    /// Small ranges, for the first screen and for lists that are not visible.
    case minimum
    /// Nothing beyond the viewport.
    case visibleOnly
    /// Nothing beyond the viewport, and nothing displayed (rendered) but the visible items.
    case lowMemory

    /// The mode's name.
    public var description: String {
        switch self {
        case .full: "full"
        case .minimum: "minimum"
        case .visibleOnly: "visibleOnly"
        case .lowMemory: "lowMemory"
        }
    }
}

/// The rules that pick a ``RangeMode`` for each update, as a value: Texture's
/// `rangeModeForInterfaceState:`, its promotion once the scheduled displays are done, and its app
/// life-cycle handling. A ``RangeController`` holds one; the natural and held modes are tabled in
/// <doc:RangesArticle> ("Modes and tuning").
public struct RangeModeState: Sendable, Hashable {
    /// The mode of the last update (``RangeMode/minimum`` before the first).
    public private(set) var mode: RangeMode = .minimum
    /// Whether the container (the list itself) is on screen. Default `true`.
    public private(set) var isContainerVisible = true
    /// Whether the app is in the background (between ``didEnterBackground()`` and
    /// ``willEnterForeground()``).
    public private(set) var isInBackground = false
    /// Whether the user has scrolled the visible list at least once.
    public private(set) var hasUserScrolled = false
    /// Whether everything scheduled for display has been displayed at least once
    /// (``scheduledDisplaysDidFinish()``).
    public private(set) var scheduledDisplaysFinished = false
    /// A mode set by an event, overriding the natural mode until released; `nil` when none.
    public private(set) var heldMode: RangeMode? {
        didSet { heldModeUsed = false }
    }
    // Whether an update has used the held mode yet (a scroll releases it only after that).
    private var heldModeUsed = false
    /// The mode a memory warning gives a container that is not visible.
    public var modeForMemoryWarnings: RangeMode

    /// Creates the state of a list that has not been updated yet.
    public init(modeForMemoryWarnings: RangeMode = .lowMemory) {
        self.modeForMemoryWarnings = modeForMemoryWarnings
    }

    /// Whether the container counts as visible: visible, and the app not in the background.
    public var isEffectivelyVisible: Bool { isContainerVisible && !isInBackground }

    /// The mode the rules give when nothing is held.
    public var naturalMode: RangeMode {
        isEffectivelyVisible && (hasUserScrolled || scheduledDisplaysFinished) ? .full : .minimum
    }

    /// Picks the mode for one update and remembers it. `didScroll`: the viewport moved since the
    /// previous update; a scroll of a visible container marks the user as having scrolled and
    /// releases a held mode — but only once the held mode has been used by one update, so a memory
    /// warning in the middle of a scroll still trims the ranges for one frame (in Texture, the
    /// update after `updateCurrentRangeWithMode:` always uses that mode).
    public mutating func update(didScroll: Bool) -> RangeMode {
        if didScroll && isEffectivelyVisible {
            hasUserScrolled = true
            if heldModeUsed { heldMode = nil }
        }
        mode = heldMode ?? naturalMode
        heldModeUsed = heldMode != nil
        return mode
    }

    /// The container became visible or hidden. Becoming visible (outside the background) releases
    /// a held mode (Texture: an explicit mode lasts "until the range controller becomes visible
    /// again").
    public mutating func setContainerVisible(_ visible: Bool) {
        if visible && !isContainerVisible && !isInBackground { heldMode = nil }
        isContainerVisible = visible
    }

    /// Everything the controller scheduled for display has been displayed (Texture's
    /// `ASRenderingEngineDidDisplayScheduledNodesNotification`): a visible list in Minimum is
    /// promoted to Full at the next update. Releases a held ``RangeMode/minimum`` (the one
    /// ``willEnterForeground()`` sets).
    public mutating func scheduledDisplaysDidFinish() {
        scheduledDisplaysFinished = true
        if heldMode == .minimum { heldMode = nil }
    }

    /// Memory pressure: ``RangeMode/visibleOnly`` for a visible container, otherwise
    /// ``modeForMemoryWarnings`` (``RangeMode/lowMemory`` unless it is ``RangeMode/visibleOnly``).
    public mutating func didReceiveMemoryWarning() {
        if isEffectivelyVisible {
            heldMode = .visibleOnly
        } else {
            heldMode = modeForMemoryWarnings == .visibleOnly ? .visibleOnly : .lowMemory
        }
    }

    /// The app went to the background: ``RangeMode/visibleOnly`` for a visible container,
    /// ``RangeMode/lowMemory`` for the others; the container then counts as not visible.
    public mutating func didEnterBackground() {
        heldMode = isEffectivelyVisible ? .visibleOnly : .lowMemory
        isInBackground = true
    }

    /// The app came back: ``RangeMode/minimum`` for a visible container, ``RangeMode/visibleOnly``
    /// for the others.
    public mutating func willEnterForeground() {
        isInBackground = false
        heldMode = isContainerVisible ? .minimum : .visibleOnly
    }

    /// Sets a mode explicitly (Texture's `updateCurrentRangeWithMode:`), held until the next scroll
    /// of the visible container.
    public mutating func setMode(_ mode: RangeMode) {
        heldMode = mode
    }
}
