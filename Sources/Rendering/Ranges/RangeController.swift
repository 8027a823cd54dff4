public import Canvas

/// Classifies the items of a vertical list into visible, display and preload ranges around the
/// viewport, once per frame, and reports which items entered and left each range.
///
/// A value with no loop, no timer and no rendering: call ``update(viewport:velocity:)`` every frame
/// and act on the returned ``RangeUpdate``. The geometry, the modes and the velocity growth are
/// explained in <doc:RangesArticle>.
public struct RangeController: Sendable {
    /// The tuning; changes apply from the next update.
    public var configuration: RangeConfiguration {
        didSet { modeState.modeForMemoryWarnings = configuration.modeForMemoryWarnings }
    }
    /// The items' extents along the axis (``replaceItems(_:keepingIndices:)`` changes them).
    public private(set) var items: ItemExtents
    /// The mode rules' state.
    public private(set) var modeState: RangeModeState
    /// The sets of the last update (empty before the first).
    public private(set) var sets: RangeSets = .empty
    /// The direction of the last update.
    public private(set) var direction: ScrollDirection = .down
    /// The viewport of the last update, or `nil` before the first.
    public private(set) var viewport: Rect?
    /// The velocity of the last update, in points per second along the axis (positive: down).
    public private(set) var velocity: Double = 0

    /// Creates a controller for `items`, in ``RangeMode/minimum``, direction down, no update yet.
    public init(items: ItemExtents, configuration: RangeConfiguration = RangeConfiguration()) {
        self.items = items
        self.configuration = configuration
        self.modeState = RangeModeState(modeForMemoryWarnings: configuration.modeForMemoryWarnings)
    }

    /// The mode of the last update.
    public var mode: RangeMode { modeState.mode }

    /// Classifies the items for a new viewport and velocity and returns what changed.
    ///
    /// - Parameters:
    ///   - viewport: The visible part of the content; only `minY` and `height` count.
    ///   - velocity: The scroll velocity along the axis, in points per second: positive scrolling
    ///     down (offsets growing), negative up, 0 at rest. NaN or infinite counts as 0.
    /// - Complexity: O(log n) in the number of items.
    public mutating func update(viewport: Rect, velocity: Double) -> RangeUpdate {
        let velocity = velocity.isFinite ? velocity : 0
        let previousViewport = self.viewport
        let delta = previousViewport.map { viewport.minY - $0.minY } ?? 0
        let didScroll = delta != 0 && delta.isFinite
        if let moving = ScrollDirection(sign: velocity) ?? (didScroll ? ScrollDirection(sign: delta) : nil) {
            direction = moving
        }
        let mode = modeState.update(didScroll: didScroll)
        self.viewport = viewport
        self.velocity = velocity
        return classify(mode: mode)
    }

    /// Classifies again with the last viewport and velocity: after an event (a memory warning,
    /// visibility, ``scheduledDisplaysDidFinish()``) when the list is not updated every frame.
    /// Returns `nil` before the first update.
    public mutating func refresh() -> RangeUpdate? {
        guard let viewport else { return nil }
        return update(viewport: viewport, velocity: velocity)
    }

    /// Replaces the items.
    ///
    /// With `keepingIndices` (items appended, or heights changed, but each index still the same
    /// item), the ranges are recomputed for the last viewport and the update reports the
    /// difference. Otherwise (items inserted, removed or reordered) the indices mean other items
    /// now: the update reports every item leaving every range — cancel all — and the next
    /// ``update(viewport:velocity:)`` reports the new items entering.
    public mutating func replaceItems(_ items: ItemExtents, keepingIndices: Bool = false) -> RangeUpdate {
        self.items = items
        if keepingIndices, viewport != nil {
            return classify(mode: modeState.mode)
        }
        let update = RangeUpdate(sets: .empty, previous: sets, mode: modeState.mode, direction: direction)
        sets = .empty
        return update
    }

    // MARK: Events (they change the mode of the next update)

    /// The container became visible or hidden. See ``RangeModeState/setContainerVisible(_:)``.
    public mutating func setContainerVisible(_ visible: Bool) { modeState.setContainerVisible(visible) }
    /// Everything scheduled for display has been displayed; promotes Minimum to Full. See
    /// ``RangeModeState/scheduledDisplaysDidFinish()``.
    public mutating func scheduledDisplaysDidFinish() { modeState.scheduledDisplaysDidFinish() }
    /// Memory pressure. See ``RangeModeState/didReceiveMemoryWarning()``.
    public mutating func didReceiveMemoryWarning() { modeState.didReceiveMemoryWarning() }
    /// The app went to the background. See ``RangeModeState/didEnterBackground()``.
    public mutating func didEnterBackground() { modeState.didEnterBackground() }
    /// The app came back. See ``RangeModeState/willEnterForeground()``.
    public mutating func willEnterForeground() { modeState.willEnterForeground() }
    /// Sets a mode explicitly. See ``RangeModeState/setMode(_:)``.
    public mutating func setMode(_ mode: RangeMode) { modeState.setMode(mode) }

    // MARK: Classification

    /// The leading extents in points for `mode` at the current velocity: (display, preload).
    func leadingExtents(mode: RangeMode, height: Double) -> (display: Double, preload: Double) {
        let tuning = configuration[mode]
        var display = nonNegative(tuning.display.leading) * height
        var preload = max(nonNegative(tuning.preload.leading) * height, display)
        if mode == .full || mode == .minimum {
            let extra = abs(velocity) * nonNegative(configuration.velocityLookahead)
            if extra > 0 {
                display = max(display, min(display + extra, nonNegative(configuration.maxDisplayLeading) * height))
                preload = max(preload, min(preload + extra, nonNegative(configuration.maxPreloadLeading) * height))
            }
        }
        if mode == .lowMemory { display = 0 }
        return (display, max(preload, display))
    }

    /// The trailing extents in points for `mode`: (display, preload).
    func trailingExtents(mode: RangeMode, height: Double) -> (display: Double, preload: Double) {
        let tuning = configuration[mode]
        let display = mode == .lowMemory ? 0 : nonNegative(tuning.display.trailing) * height
        return (display, max(nonNegative(tuning.preload.trailing) * height, display))
    }

    /// A tuning value as used: NaN, infinite and negative values count as 0.
    private func nonNegative(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }

    /// `[top − behind, bottom + ahead)` turned to the scroll direction.
    private func interval(_ viewport: Rect, leading: Double, trailing: Double) -> Range<Double> {
        let top = viewport.minY, bottom = viewport.minY + max(0, viewport.height)
        switch direction {
        case .down: return (top - trailing)..<(bottom + leading)
        case .up: return (top - leading)..<(bottom + trailing)
        }
    }

    private mutating func classify(mode: RangeMode) -> RangeUpdate {
        guard let viewport, viewport.minY.isFinite, viewport.height.isFinite else {
            let update = RangeUpdate(sets: .empty, previous: sets, mode: mode, direction: direction)
            sets = .empty
            return update
        }
        let height = max(0, viewport.height)
        let leading = leadingExtents(mode: mode, height: height)
        let trailing = trailingExtents(mode: mode, height: height)
        let inViewport = items.indices(overlapping: interval(viewport, leading: 0, trailing: 0))
        let inDisplay = mode == .lowMemory
            ? inViewport
            : items.indices(overlapping: interval(viewport, leading: leading.display, trailing: trailing.display))
        let inPreload = items.indices(overlapping: interval(viewport, leading: leading.preload, trailing: trailing.preload))
        let new: RangeSets
        if modeState.isEffectivelyVisible {
            new = RangeSets(visible: inViewport, display: inDisplay, preload: inPreload)
        } else {
            // Texture: not visible yet, so nothing is Visible; the viewport's items are displayed
            // and preloaded (not displayed in Low Memory), the display range's items preloaded.
            new = RangeSets(visible: 0..<0, display: mode == .lowMemory ? 0..<0 : inViewport, preload: inDisplay)
        }
        let update = RangeUpdate(
            sets: new,
            previous: sets,
            mode: mode,
            direction: direction,
            displayLeading: leading.display,
            preloadLeading: leading.preload
        )
        sets = new
        return update
    }
}
