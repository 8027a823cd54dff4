import Elements
/// VVebo's fast-scroll skipping, with a redraw guarantee: rows a fling only passes over are not
/// drawn, and every row still visible when the motion stops is. The rule and the guarantee are in
/// <doc:FastScrollSkippingArticle>.
///
/// ```swift
/// var skipper = FastScrollSkipper()
/// skipper.flingWillEnd(from: 1200, to: 9800, velocity: 3500, viewportHeight: 844, items: items)
/// if skipper.shouldDraw(row: row) { render(row) } else { showPlaceholder(row) }
/// for row in skipper.scrollDidEnd(visibleRows: visible, reason: .decelerationEnded) { render(row) }
/// ```
public struct FastScrollSkipper: Sendable, Hashable {
    /// A fling landing more than this many rows from the first visible row is skipped over.
    /// Default 8 (VVebo's `skipCount`): 8 rows away is drawn normally, 9 is skipped.
    public var skipCount: Int
    /// Rows added beyond the target viewport on the side the fling comes from. Default 3.
    public var approachRows: Int
    /// The only rows that may be drawn while a skipping fling lasts, or `nil` when not skipping
    /// (every row may be drawn).
    public private(set) var drawableRows: Range<Int>?
    /// Rows refused since the skip began; the visible ones are redrawn when the scroll ends.
    public private(set) var refusedRows: Set<Int> = []

    /// Creates a skipper with VVebo's numbers (skip count 8, 3 approach rows), not skipping.
    public init(skipCount: Int = 8, approachRows: Int = 3) {
        self.skipCount = max(0, skipCount)
        self.approachRows = max(0, approachRows)
    }

    /// Whether a fling is being skipped over.
    public var isSkipping: Bool { drawableRows != nil }

    /// The decision for a fling, from rows: the first visible row now, the rows of the viewport
    /// at the target offset (the first of which is VVebo's "row at the target offset"), the
    /// scroll direction and the number of rows.
    ///
    /// Skips (and returns the drawable rows) when `|targetRows.first − firstVisibleRow| >`
    /// ``skipCount``; otherwise does not skip and returns `nil`.
    @discardableResult
    public mutating func flingWillEnd(
        firstVisibleRow: Int,
        targetRows: Range<Int>,
        direction: ScrollDirection,
        rowCount: Int
    ) -> Range<Int>? {
        refusedRows = []
        drawableRows = nil
        guard !targetRows.isEmpty, abs(targetRows.lowerBound - firstVisibleRow) > skipCount else { return nil }
        let rows: Range<Int>
        switch direction {
        case .up:  // approaching from below: the rows after the last target row
            rows = targetRows.lowerBound..<min(max(rowCount, targetRows.upperBound), targetRows.upperBound + approachRows)
        case .down:  // approaching from above: the rows before the first target row
            rows = max(0, targetRows.lowerBound - approachRows)..<targetRows.upperBound
        }
        drawableRows = rows
        return rows
    }

    /// The decision for a fling, from offsets: VVebo's `scrollViewWillEndDragging:` with the
    /// current offset, the target offset the fling will stop at, its velocity (its sign gives the
    /// direction; 0 counts as down, as in VVebo) and the viewport's height.
    ///
    /// - Complexity: O(log n), binary searches over `items`.
    @discardableResult
    public mutating func flingWillEnd(
        from offset: Double,
        to targetOffset: Double,
        velocity: Double,
        viewportHeight: Double,
        items: ItemExtents
    ) -> Range<Int>? {
        let height = max(0, viewportHeight)
        let visible = items.indices(overlapping: offset..<(offset + height))
        let target = items.indices(overlapping: targetOffset..<(targetOffset + height))
        guard !visible.isEmpty, !target.isEmpty else {
            refusedRows = []
            drawableRows = nil
            return nil
        }
        return flingWillEnd(
            firstVisibleRow: visible.lowerBound,
            targetRows: target,
            direction: velocity < 0 ? .up : .down,
            rowCount: items.count
        )
    }

    /// Whether `row`, appearing now, may be drawn: always when not skipping, otherwise only if it
    /// is one of ``drawableRows``. A refusal is remembered for ``scrollDidEnd(visibleRows:reason:)``.
    public mutating func shouldDraw(row: Int) -> Bool {
        guard let drawableRows, !drawableRows.contains(row) else { return true }
        refusedRows.insert(row)
        return false
    }

    /// The motion stopped, or a touch took over: stops skipping and returns the visible rows that
    /// were refused and so still need drawing, ascending. Call it for every ending (``SettleReason``);
    /// calling it when nothing was skipped returns `[]`.
    ///
    /// - Complexity: O(visible rows).
    public mutating func scrollDidEnd(visibleRows: Range<Int>, reason: SettleReason) -> [Int] {
        let rows = refusedRows.isEmpty ? [] : visibleRows.filter { refusedRows.contains($0) }
        drawableRows = nil
        refusedRows = []
        return rows
    }

    /// A drag begins: VVebo's `scrollViewWillBeginDragging:` clears the skip set. Same as
    /// ``scrollDidEnd(visibleRows:reason:)`` with ``SettleReason/dragBegan``: the visible rows
    /// still to draw are returned, so nothing stays blank under the finger.
    public mutating func dragWillBegin(visibleRows: Range<Int>) -> [Int] {
        scrollDidEnd(visibleRows: visibleRows, reason: .dragBegan)
    }
}

/// Why a skipping scroll ended; every one of them redraws the refused visible rows.
public enum SettleReason: Sendable, Hashable, CaseIterable {
    /// The fling's deceleration ended (VVebo has no handler for it: its rows stayed blank).
    case decelerationEnded
    /// A programmatic scroll animation ended (VVebo's `scrollViewDidEndScrollingAnimation:`).
    case scrollAnimationEnded
    /// A scroll to the top ended (VVebo's `scrollViewDidScrollToTop:`).
    case scrolledToTop
    /// A touch landed on the list (VVebo's `hitTest:withEvent:`).
    case touchBegan
    /// A new drag began (VVebo's `scrollViewWillBeginDragging:`).
    case dragBegan
}
