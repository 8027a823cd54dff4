/// One flex item's working values during its container's layout, in the container's flow terms
/// (main/cross, start/end: see ``Flow``). All sizes are border-box sizes.
struct FlexItem {
    /// The item's node.
    var node = 0
    /// Margins on the main-start, main-end, cross-start and cross-end edges (auto as 0 until
    /// alignment gives them their share), and which of them are `auto`.
    var marginMainStart = 0.0
    var marginMainEnd = 0.0
    var marginCrossStart = 0.0
    var marginCrossEnd = 0.0
    var autoMainStart = false
    var autoMainEnd = false
    var autoCrossStart = false
    var autoCrossEnd = false
    /// Padding plus border on each axis (the floor of a border-box size).
    var pbMain = 0.0
    var pbCross = 0.0
    /// Min and max sizes (min 0 and max NaN when none; `minMain` includes the automatic minimum).
    var minMain = 0.0
    var maxMain = Double.nan
    var minCross = 0.0
    var maxCross = Double.nan
    /// The cross size the item has before its line is known: from its style, stretched in a
    /// single-line container of known cross size, or (in a column) fitted; NaN when its layout decides.
    var definiteCross = Double.nan
    /// A row item's height from its hypothetical layout (no definite height), NaN otherwise.
    var contentCross = Double.nan
    /// A row item's definite height before intrinsic min/max heights clamped it: its children's
    /// percentages still resolve against it (as Chromium), NaN otherwise.
    var unclampedCross = Double.nan
    /// Whether the item's own main size (`width` or `height`) is definite: its flexed main size
    /// then is too, for its children's percentages.
    var mainIsDefinite = false
    /// For the automatic minimum size, when it is still to be found: the specified main size
    /// (NaN when none), a row item's min-content width (NaN when not found yet), and the width a
    /// column item's content height is measured at.
    var automaticMinimumPending = false
    var specifiedMain = Double.nan
    var contentMin = Double.nan
    var suggestionWidth = Double.nan
    /// §9.2: the flex base size and the hypothetical main size; §9.7: the target main size.
    var basis = 0.0
    var hypothetical = 0.0
    var target = 0.0
    var violation = 0.0
    var frozen = false
    /// The cross size (hypothetical, then used) and the first baseline below the border box's
    /// top (NaN when none).
    var cross = 0.0
    var ascent = Double.nan
    /// The border box's offsets from the container's border-box main-start and cross-start edges.
    var mainPosition = 0.0
    var crossPosition = 0.0
    /// The resolved `align-self`, whether it stretches (auto cross size, no auto cross margin),
    /// and whether it takes part in its line's baseline alignment.
    var align = ItemAlign.start
    var stretches = false
    var safe = false

    /// The outer (margin-box) hypothetical and target main sizes.
    var outerHypothetical: Double { hypothetical + marginMainStart + marginMainEnd }
    var outerTarget: Double { target + marginMainStart + marginMainEnd }
    /// The outer cross size.
    var outerCross: Double { cross + marginCrossStart + marginCrossEnd }
    /// Whether the item aligns by its baseline in its line.
    var isBaselineAligned: Bool { align == .baseline && !autoCrossStart && !autoCrossEnd }
}

/// `align-self` resolved against the container's flow: where on its line's cross axis an item sits.
enum ItemAlign: UInt8 {
    /// At the line's cross-start edge.
    case start
    /// At the line's cross-end edge.
    case end
    case center
    case stretch
    /// By first baselines (in a column, by baselines synthesized at the items' line-left edges).
    case baseline
}

/// One flex line: its items (indices into the item stack), cross size and position.
struct FlexLine {
    var first = 0
    var end = 0
    /// The line's cross size (never negative), and the negative one its items' negative margins
    /// gave a single line, which its stretched items fit (0 otherwise).
    var cross = 0.0
    var stretchCross = 0.0
    /// The line's offset from the container's border-box cross-start edge.
    var position = 0.0
    /// The largest distance from a baseline-aligned item's cross-start margin edge to its baseline.
    var maxAscent = 0.0
}
