import AsyncLayerKit

/// The frame step: the previous frame presented, the trace's events applied, the viewport moved,
/// the cells laid out, the work of the strategy started.
extension HeadlessList {
    /// One display-link frame (the steps are listed in ``HeadlessList``'s documentation).
    func step(_ frame: DisplayLink<C>.Frame) {
        if let last = lastFrame {
            present(visible: last.visible, deadline: last.frame.deadline)
        }
        // The frames the link skipped before this one, counted while they are in the trace.
        let count = trace.samples.count
        droppedFrames += max(0, min(frame.index, count) - (frame.index - frame.skippedBefore))
        guard frame.index < count else {
            processedSample = count - 1
            lastFrame = nil
            finish()
            return
        }
        // Two frames delivered in one turn (a late loop catching up): the first one's turn ends here.
        turnEnded()
        frameStart = clock.now
        frameInTurn = (frame.index, frame.deadline, frame.skippedBefore)
        for index in (processedSample + 1)...frame.index {
            let sample = trace.samples[index]
            for event in sample.events { apply(event, at: sample.offset) }
        }
        processedSample = frame.index
        let sample = trace.samples[frame.index]
        offset = sample.offset
        velocity = sample.velocity
        let visible = visibleRange(at: offset)
        if strategy.usesRanges { workAhead(visible: visible, isTouching: sample.isTouching) }
        layOutCells(visible: visible, isTouching: sample.isTouching)
        if strategy.drawsOnLoop { drawOnLoop(visible: visible, frame: frame) }
        lastFrame = (frame, Array(visible))
        sampleMemory()
    }

    /// The item's cell size: the viewport's width by the item's height.
    func itemSize(_ index: Int) -> Size {
        Size(width: configuration.viewportWidth, height: items[index].height)
    }

    /// The render cache's key of the item's bitmap.
    func renderKey(_ index: Int) -> ElementCache.RenderKey {
        ElementCache.RenderKey(hash: items[index].tree.contentHash, size: itemSize(index), scale: configuration.contentsScale)
    }

    /// Sends the cells of items no longer visible to the reuse queue, gives each visible item a
    /// cell, and asks the cells that may draw to draw.
    func layOutCells(visible: Range<Int>, isTouching: Bool) {
        for (index, cell) in visibleCells where !visible.contains(index) {
            visibleCells[index] = nil
            enqueue(cell)
        }
        for index in visible {
            let cell: Cell
            if let existing = visibleCells[index] {
                cell = existing
            } else {
                cell = dequeue()
                configure(cell, for: index)
                visibleCells[index] = cell
            }
            if !cell.requested && !strategy.drawsOnLoop && mayDraw(index, isTouching: isTouching) {
                cell.requested = true
                cell.layer.setElement(items[index].tree.element, modelID: items[index].id)
            }
        }
    }

    /// Whether a visible row may be drawn now: not while a fling skips over it — unless (strategy
    /// 4) the ranges already rendered it or are rendering it, so showing it costs no new work —
    /// and (strategy 4) not when its render would end after it left.
    func mayDraw(_ index: Int, isTouching: Bool) -> Bool {
        if strategy.skipsFastScrolls, !skipper.shouldDraw(row: index) {
            return strategy.usesRanges && (preRenders.isDone(index) || preRenders.isInFlight(index))
        }
        if strategy.usesRanges {
            return ranges.shouldStart(item: index, estimatedDuration: configuration.estimatedRenderDuration,
                                      motion: isTouching ? .constantVelocity : .normalDeceleration)
        }
        return true
    }
}
