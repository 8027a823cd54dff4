import Canvas
extension RangeController {
    /// How long, from the last update, until item `index` is outside the visible area and the
    /// display range's trailing part — the area whose items a user may still see or scroll back
    /// to — if the scroll goes on as `motion` says.
    ///
    /// The model: the viewport keeps moving at the last update's velocity (``ScrollMotion/constantVelocity``)
    /// or slows down as a fling does (``ScrollMotion/decaying(ratePerMillisecond:)``), and the kept
    /// area `[top − T, bottom)` (scrolling down; `[top, bottom + T)` scrolling up, `T` the current
    /// mode's trailing display extent in points) moves with it. An item leaves when its far edge
    /// crosses the area's trailing edge.
    ///
    /// - Returns: `nil` when the item is not leaving: the list is at rest, the item is ahead of the
    ///   viewport (moving into view), or the scroll stops before it leaves; `.zero` when it is
    ///   already out (behind the area), or `index` is not an item.
    /// - Complexity: O(1).
    public func timeUntilLeaving(item index: Int, motion: ScrollMotion = .constantVelocity) -> Duration? {
        secondsUntilLeaving(item: index, motion: motion).map { seconds in
            .nanoseconds(Int64((seconds * 1e9).rounded().clamped(to: 0...9e18)))
        }
    }

    /// ``timeUntilLeaving(item:motion:)`` in seconds.
    func secondsUntilLeaving(item index: Int, motion: ScrollMotion) -> Double? {
        guard items.offsets.indices.contains(index) else { return 0 }
        guard let viewport, let moving = ScrollDirection(sign: velocity) else { return nil }
        let span = items.span(of: index)
        let top = viewport.minY, bottom = viewport.minY + max(0, viewport.height)
        let behind = trailingExtents(mode: modeState.mode, height: max(0, viewport.height)).display
        let distance: Double
        switch moving {
        case .down:
            if span.lowerBound >= bottom { return nil }  // below the viewport: coming into view
            distance = span.upperBound - (top - behind)
        case .up:
            if span.upperBound <= top { return nil }  // above the viewport: coming into view
            distance = (bottom + behind) - span.lowerBound
        }
        return motion.time(toTravel: distance, speed: abs(velocity))
    }

    /// Whether to start work for item `index` that takes about `estimatedDuration`: `false` when
    /// the work would finish after the item has left the visible area and the trailing display
    /// range (see ``timeUntilLeaving(item:motion:)``), so its result could never be seen.
    ///
    /// Items moving into view, and every item while the list is at rest, are always allowed.
    /// Pass the time the work is expected to take from now — render and decode time, plus the
    /// wait on the lanes if known.
    ///
    /// - Complexity: O(1).
    public func shouldStart(
        item index: Int,
        estimatedDuration: Duration,
        motion: ScrollMotion = .constantVelocity
    ) -> Bool {
        guard items.offsets.indices.contains(index) else { return false }
        guard let remaining = secondsUntilLeaving(item: index, motion: motion) else { return true }
        let (seconds, attoseconds) = estimatedDuration.components
        return Double(seconds) + Double(attoseconds) / 1e18 <= remaining
    }
}

extension Double {
    fileprivate func clamped(to range: ClosedRange<Double>) -> Double {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
