import AsyncLayerKit

/// Strategies 3 and 4: VVebo's fast-scroll skipping — the trace's events tell the ``FastScrollSkipper``
/// when a fling starts and stops skipping rows.
extension HeadlessList {
    /// Applies one of the trace's events to the skipper (strategies 3 and 4 only).
    func apply(_ event: ScrollTrace.Event, at offset: Double) {
        guard strategy.skipsFastScrolls else { return }
        switch event {
        case .dragBegan:
            _ = skipper.dragWillBegin(visibleRows: visibleRange(at: offset))
        case .flingReleased(let target, let velocity):
            skipper.flingWillEnd(from: offset, to: target, velocity: velocity,
                                 viewportHeight: configuration.viewportHeight, items: extents)
        case .animationBegan(let target):
            skipper.flingWillEnd(from: offset, to: target, velocity: target < offset ? -1 : 1,
                                 viewportHeight: configuration.viewportHeight, items: extents)
        case .motionEnded(let reason):
            // The rows refused and still visible are drawn by layOutCells: every placeholder is
            // retried once skipping stops.
            _ = skipper.scrollDidEnd(visibleRows: visibleRange(at: offset), reason: reason)
        }
    }
}
