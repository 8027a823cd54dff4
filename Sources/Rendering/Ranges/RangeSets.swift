/// One of the three ranges a ``RangeController`` classifies items into.
public enum RangeKind: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Items on screen.
    case visible
    /// Items to render: the visible ones and those near enough to be drawn ahead.
    case display
    /// Items to fetch and decode for: the display range and more.
    case preload

    /// The range's name.
    public var description: String {
        switch self {
        case .visible: "visible"
        case .display: "display"
        case .preload: "preload"
        }
    }
}

/// The innermost range an item is in, for one item.
public enum ItemRangeState: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// In no range: nothing to keep for it.
    case none = 0
    /// In the preload range only: fetch and decode.
    case preload = 1
    /// In the display range (and so the preload range), not visible: render.
    case display = 2
    /// On screen (and so in both other ranges).
    case visible = 3

    /// Orders by nesting: `none < preload < display < visible`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The state's name.
    public var description: String {
        switch self {
        case .none: "none"
        case .preload: "preload"
        case .display: "display"
        case .visible: "visible"
        }
    }
}

/// The items in each range, as index ranges: in a vertical list each range is one contiguous run
/// of items, and `visible ⊆ display ⊆ preload`. An empty range is always `0..<0`.
public struct RangeSets: Sendable, Hashable, CustomStringConvertible {
    /// Items on screen.
    public var visible: Range<Int>
    /// Items to render.
    public var display: Range<Int>
    /// Items to fetch and decode for.
    public var preload: Range<Int>

    /// Creates the sets; an empty range is stored as `0..<0`.
    public init(visible: Range<Int>, display: Range<Int>, preload: Range<Int>) {
        self.visible = visible.isEmpty ? 0..<0 : visible
        self.display = display.isEmpty ? 0..<0 : display
        self.preload = preload.isEmpty ? 0..<0 : preload
    }

    /// No item in any range.
    public static let empty = RangeSets(visible: 0..<0, display: 0..<0, preload: 0..<0)

    /// The items in `kind`.
    public subscript(kind: RangeKind) -> Range<Int> {
        switch kind {
        case .visible: visible
        case .display: display
        case .preload: preload
        }
    }

    /// The innermost range `index` is in.
    public func state(of index: Int) -> ItemRangeState {
        if visible.contains(index) { return .visible }
        if display.contains(index) { return .display }
        if preload.contains(index) { return .preload }
        return .none
    }

    /// `visible a..<b, display …, preload …`.
    public var description: String { "visible \(visible), display \(display), preload \(preload)" }
}

/// How one range changed between two updates: the runs of items that entered it and that left it.
///
/// It stores only the two ranges; ``entered`` and ``left`` are computed when asked, and each has at
/// most two runs (a range that slid grows at one end and shrinks at the other; a range that jumped
/// far is left entirely and entered entirely).
public struct RangeChange: Sendable, Hashable, CustomStringConvertible {
    /// The range before the update.
    public let old: Range<Int>
    /// The range after the update.
    public let new: Range<Int>

    /// Creates the change from `old` to `new`.
    public init(from old: Range<Int>, to new: Range<Int>) {
        self.old = old
        self.new = new
    }

    /// Items in ``new`` but not ``old``, in ascending runs: start their work.
    public var entered: [Range<Int>] { Self.subtract(old, from: new) }
    /// Items in ``old`` but not ``new``, in ascending runs: cancel their work, drop what they hold.
    public var left: [Range<Int>] { Self.subtract(new, from: old) }
    /// Whether no item entered or left.
    public var isEmpty: Bool { old == new || (old.isEmpty && new.isEmpty) }

    /// `+[a..<b] −[c..<d]`.
    public var description: String { "+\(entered) −\(left)" }

    private static func subtract(_ b: Range<Int>, from a: Range<Int>) -> [Range<Int>] {
        if a.isEmpty { return [] }
        if b.isEmpty { return [a] }
        var runs: [Range<Int>] = []
        let below = a.lowerBound..<max(a.lowerBound, min(a.upperBound, b.lowerBound))
        let above = min(a.upperBound, max(a.lowerBound, b.upperBound))..<a.upperBound
        if !below.isEmpty { runs.append(below) }
        if !above.isEmpty { runs.append(above) }
        return runs
    }
}

/// What one ``RangeController/update(viewport:velocity:)`` decided: the new sets, the mode and
/// direction it used, and the change of each range since the previous update.
///
/// Act on the changes, not the sets: start fetching and decoding for
/// `preload.entered`, rendering for `display.entered`; cancel rendering for `display.left` and
/// fetching for `preload.left`. Unlike LNAsyncKit, which never tells its consumer that an item
/// left a range, every item that leaves is reported once.
public struct RangeUpdate: Sendable, Hashable {
    /// The sets after the update.
    public let sets: RangeSets
    /// The sets before it.
    public let previous: RangeSets
    /// The mode used.
    public let mode: RangeMode
    /// The scroll direction used (the previous one when the list did not move).
    public let direction: ScrollDirection
    /// The display range's leading extent actually used, in points (velocity growth included).
    public let displayLeading: Double
    /// The preload range's leading extent actually used, in points (velocity growth included).
    public let preloadLeading: Double

    /// Creates an update; the changes are derived from the two sets.
    public init(
        sets: RangeSets,
        previous: RangeSets,
        mode: RangeMode,
        direction: ScrollDirection,
        displayLeading: Double = 0,
        preloadLeading: Double = 0
    ) {
        self.sets = sets
        self.previous = previous
        self.mode = mode
        self.direction = direction
        self.displayLeading = displayLeading
        self.preloadLeading = preloadLeading
    }

    /// The visible range's change.
    public var visible: RangeChange { change(.visible) }
    /// The display range's change.
    public var display: RangeChange { change(.display) }
    /// The preload range's change.
    public var preload: RangeChange { change(.preload) }

    /// The change of `kind`.
    public func change(_ kind: RangeKind) -> RangeChange {
        RangeChange(from: previous[kind], to: sets[kind])
    }

    /// Whether no item entered or left any range.
    public var isEmpty: Bool { RangeKind.allCases.allSatisfy { change($0).isEmpty } }
}
