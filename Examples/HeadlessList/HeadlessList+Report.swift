import AsyncLayerKit

/// The report: each presented frame checked at its deadline (blank cells, renders shown,
/// consistency), the memory sampled every frame, and the ledger turned into render counts.
extension HeadlessList {
    /// The measurements so far (complete once ``isFinished`` and ``workInFlight`` is 0).
    public func report() async -> ScrollSimulationReport {
        var ledger = await backend.ledger()
        ledger.entries += synchronousLedger.entries
        var started = 0, shown = 0, cancelled = 0, wasted = 0
        var total: Int64 = 0, cancelledTime: Int64 = 0, wastedTime: Int64 = 0
        for entry in ledger.entries {
            started += 1
            total += entry.nanoseconds
            if !entry.finished {
                cancelled += 1
                cancelledTime += entry.nanoseconds
            } else if shownKeys.contains(entry.key) {
                shown += 1
            } else {
                wasted += 1
                wastedTime += entry.nanoseconds
            }
        }
        return ScrollSimulationReport(
            strategy: strategy, framesPerSecond: trace.framesPerSecond,
            frames: processedSample + 1, droppedFrames: droppedFrames,
            frameTurnNanoseconds: frameTurns, visibleCellFrames: visibleCellFrames, blankCellFrames: blankCellFrames,
            rendersStarted: started, rendersShown: shown, rendersCancelled: cancelled, rendersWasted: wasted,
            renderNanoseconds: total, cancelledRenderNanoseconds: cancelledTime, wastedRenderNanoseconds: wastedTime,
            prefetchesStarted: prefetches.started, preRendersStarted: preRenders.started,
            consistencyViolations: consistencyViolations, peakBytes: peakBytes,
            frameIndices: frameIndices, frameHitchNanoseconds: frameHitches, hitches: hitches.hitches,
            hitchNanoseconds: hitches.hitchTime.wholeNanoseconds, longestHitchNanoseconds: hitches.longestHitch.wholeNanoseconds
        )
    }

    // MARK: Presentation and memory

    /// The frame whose visible items were `visible` is on screen at `deadline`: count its blank
    /// cells, the renders it shows and any cell showing another item.
    func present(visible: [Int], deadline: C.Instant) {
        for index in visible {
            visibleCellFrames += 1
            guard let cell = visibleCells[index] else {
                blankCellFrames += 1
                continue
            }
            if cell.contents != nil, cell.contentsItemID != items[index].id {
                consistencyViolations += 1
            }
            if cell.showsItsItem, let shownAt = cell.shownAt, shownAt <= deadline {
                shownKeys.insert(renderKey(index))
            } else {
                blankCellFrames += 1
            }
        }
        framePresented?(self)
    }

    /// Samples the bytes held now: the cells' contents plus the backend's caches (asked off the
    /// loop; the peak is kept).
    func sampleMemory() {
        var contentsBytes = 0
        for cell in allCells where cell.contents != nil {
            let size = cell.layer.bounds.size
            contentsBytes += Int((size.width * configuration.contentsScale).rounded(.up))
                * Int((size.height * configuration.contentsScale).rounded(.up)) * 4
        }
        let backend = self.backend
        memorySamples += 1
        Task { [weak self] in
            let cacheBytes = await backend.heldBytes()
            guard let self else { return }
            self.memorySamples -= 1
            self.peakBytes = max(self.peakBytes, contentsBytes + cacheBytes)
        }
    }
}
