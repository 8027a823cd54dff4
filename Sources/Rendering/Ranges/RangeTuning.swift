/// How far a range reaches beyond the viewport, in screenfuls (multiples of the viewport's
/// height): ``leading`` in the scroll direction, ``trailing`` against it.
///
/// Texture's `ASRangeTuningParameters`. With the viewport `[top, bottom)` of height `h`, scrolling
/// ``ScrollDirection/down``, the range is `[top − trailing·h, bottom + leading·h)`; scrolling
/// ``ScrollDirection/up`` the two sides swap.
public struct RangeExtent: Sendable, Hashable, CustomStringConvertible {
    /// Screenfuls ahead of the viewport, in the scroll direction.
    public var leading: Double
    /// Screenfuls behind the viewport.
    public var trailing: Double

    /// Creates an extent; negative or non-finite values count as 0.
    public init(leading: Double, trailing: Double) {
        self.leading = leading.isFinite ? max(0, leading) : 0
        self.trailing = trailing.isFinite ? max(0, trailing) : 0
    }

    /// No reach beyond the viewport.
    public static let zero = RangeExtent(leading: 0, trailing: 0)

    /// `"leading / trailing"`, in screenfuls.
    public var description: String { "\(leading) / \(trailing)" }
}

/// The display and preload extents of one ``RangeMode``, in screenfuls; the defaults are Texture's
/// (`ASAbstractLayoutController.mm`), tabled in <doc:RangesArticle>.
public struct RangeTuning: Sendable, Hashable {
    /// The display (render) range.
    public var display: RangeExtent
    /// The preload (fetch and decode) range. The controller widens it to at least ``display``
    /// on each side, so a displayed item is always preloaded.
    public var preload: RangeExtent

    /// Creates a tuning.
    public init(display: RangeExtent, preload: RangeExtent) {
        self.display = display
        self.preload = preload
    }

    /// Texture's Full mode: display 1.0 / 0.5, preload 2.5 / 1.5 screenfuls.
    public static let full = RangeTuning(
        display: RangeExtent(leading: 1.0, trailing: 0.5),
        preload: RangeExtent(leading: 2.5, trailing: 1.5)
    )
    /// Texture's Minimum mode: display 0.25 / 0.25, preload 0.5 / 0.25 screenfuls.
    public static let minimum = RangeTuning(
        display: RangeExtent(leading: 0.25, trailing: 0.25),
        preload: RangeExtent(leading: 0.5, trailing: 0.25)
    )
    /// Nothing beyond the viewport (Texture's VisibleOnly and LowMemory).
    public static let zero = RangeTuning(display: .zero, preload: .zero)
}

/// Everything a ``RangeController`` can be tuned with: the extents of each mode, the mode taken on
/// a memory warning, and how far a fast scroll pushes the leading side out.
///
/// The defaults are Texture's, plus the velocity growth, which Texture does not have.
public struct RangeConfiguration: Sendable, Hashable {
    /// Extents in ``RangeMode/full``; default ``RangeTuning/full``.
    public var full: RangeTuning = .full
    /// Extents in ``RangeMode/minimum``; default ``RangeTuning/minimum``.
    public var minimum: RangeTuning = .minimum
    /// Extents in ``RangeMode/visibleOnly``; default ``RangeTuning/zero``.
    public var visibleOnly: RangeTuning = .zero
    /// Extents in ``RangeMode/lowMemory``; default ``RangeTuning/zero``. Whatever it says, the
    /// display range is empty in that mode.
    public var lowMemory: RangeTuning = .zero

    /// The mode a memory warning puts a container that is not visible into: ``RangeMode/lowMemory``
    /// (the default) or ``RangeMode/visibleOnly``, Texture's `rangeModeForMemoryWarnings`. Any other
    /// value counts as ``RangeMode/lowMemory``. A visible container always goes to
    /// ``RangeMode/visibleOnly``.
    public var modeForMemoryWarnings: RangeMode = .lowMemory

    /// Seconds of scrolling the leading side looks ahead: at velocity `v` (points per second) the
    /// leading display and preload extents grow by `|v| × velocityLookahead` points, up to
    /// ``maxDisplayLeading`` and ``maxPreloadLeading``. 0 turns the growth off.
    ///
    /// The default, 0.25 s (15 frames at 60 Hz), is the time an item's work must be started ahead
    /// of its arrival: fetching its image from a nearby cache or CDN (~100–200 ms), decoding it and
    /// rendering the card (a few milliseconds; a reference card renders in 0.65 ms, see
    /// BENCHMARKS.md), and waiting behind the other items of the range on the render lanes. At a
    /// typical 4,000 pt/s fling on an 800 pt viewport it adds 1.25 screenfuls.
    /// The growth applies in ``RangeMode/full`` and ``RangeMode/minimum`` only: under memory
    /// pressure the ranges stay as small as the mode says.
    public var velocityLookahead: Double = 0.25

    /// The furthest the display range's leading side grows with velocity, in screenfuls; default
    /// 2.5, Full's preload leading extent, so a fling never renders further ahead than Texture
    /// fetches. Never below the mode's own display leading extent.
    public var maxDisplayLeading: Double = 2.5

    /// The furthest the preload range's leading side grows with velocity, in screenfuls; default 5,
    /// twice Full's 2.5. Never below the mode's own preload leading extent.
    public var maxPreloadLeading: Double = 5

    /// Creates the default configuration (Texture's tuning, 0.25 s lookahead capped at 2.5 and 5
    /// screenfuls).
    public init() {}

    /// The extents of `mode`.
    public subscript(mode: RangeMode) -> RangeTuning {
        get {
            switch mode {
            case .full: full
            case .minimum: minimum
            case .visibleOnly: visibleOnly
            case .lowMemory: lowMemory
            }
        }
        set {
            switch mode {
            case .full: full = newValue
            case .minimum: minimum = newValue
            case .visibleOnly: visibleOnly = newValue
            case .lowMemory: lowMemory = newValue
            }
        }
    }
}
