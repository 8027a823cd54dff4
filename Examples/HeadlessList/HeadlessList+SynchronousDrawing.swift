import AsyncLayerKit

/// Strategy 1, the UIKit baseline: the visible cells are drawn on the loop, inside the frame's turn.
extension HeadlessList {
    /// Draws the visible cells that lack their contents, now, on the loop. They are part of the
    /// frame when it is presented, however late that is: a late frame is a dropped frame, never
    /// a blank cell (their `shownAt` is the frame's timestamp).
    func drawOnLoop(visible: Range<Int>, frame: DisplayLink<C>.Frame) {
        for index in visible {
            guard let cell = visibleCells[index], cell.synchronousItemID != items[index].id else { continue }
            let start = clock.now
            let bitmap = try? backend.drawSynchronously(items[index].tree, size: itemSize(index), scale: configuration.contentsScale)
            let elapsed = start.duration(to: clock.now).wholeNanoseconds
            synchronousLedger.entries.append(.init(key: renderKey(index), nanoseconds: elapsed, finished: bitmap != nil))
            guard let bitmap else { continue }
            cell.synchronousContents = bitmap
            cell.synchronousItemID = items[index].id
            cell.shownAt = frame.timestamp
        }
    }
}
