import AsyncLayerKit

/// Strategy 4: Texture's ranges. Each frame the ``RangeController`` is updated; items in the
/// preload range get their images prefetched, items in the display range (and a skipped fling's
/// target rows) are pre-rendered into the backend's cache; work whose item left is cancelled, and
/// work that would end after its item left is not started. The books: two ``RangeWorkScheduler``s.
extension HeadlessList {
    /// Updates the ranges, cancels the work of items that left them and starts the work of items
    /// that entered.
    func workAhead(visible: Range<Int>, isTouching: Bool) {
        let viewport = Rect(x: 0, y: offset, width: configuration.viewportWidth, height: configuration.viewportHeight)
        let update = ranges.update(viewport: viewport, velocity: velocity)
        let motion: ScrollMotion = isTouching ? .constantVelocity : .normalDeceleration
        // A skipped fling's target rows are known from the moment the finger lifts: render them
        // now, whatever the ranges say.
        var display = Set(update.sets.display)
        if let target = skipper.drawableRows { display.formUnion(target) }
        let preload = display.union(update.sets.preload)

        preRenders.cancel(keeping: display.contains)
        prefetches.cancel(keeping: preload.contains)
        for index in preload.sorted() where !prefetches.isInFlight(index) && !prefetches.isDone(index) && !preRenders.isDone(index) {
            guard ranges.shouldStart(item: index, estimatedDuration: configuration.estimatedRenderDuration, motion: motion) else { continue }
            startPrefetch(index)
        }
        for index in display.sorted() where !visible.contains(index) && !preRenders.isInFlight(index) && !preRenders.isDone(index) {
            guard ranges.shouldStart(item: index, estimatedDuration: configuration.estimatedRenderDuration, motion: motion) else { continue }
            startPreRender(index)
        }
    }

    /// Prefetches the item's images into the backend's cache.
    func startPrefetch(_ index: Int) {
        let (tree, size, scale, backend) = (items[index].tree, itemSize(index), configuration.contentsScale, self.backend)
        prefetches.start(index) { ticket in
            Task { [weak self] in
                let done = (try? await backend.prefetch(tree, size: size, scale: scale)) != nil
                self?.prefetches.end(ticket, done: done)
            }
        }
    }

    /// Renders the item into the backend's cache, at utility priority.
    func startPreRender(_ index: Int) {
        let (tree, size, scale, backend) = (items[index].tree, itemSize(index), configuration.contentsScale, self.backend)
        preRenders.start(index) { ticket in
            Task { [weak self] in
                let done = (try? await backend.render(tree, size: size, scale: scale, priority: .utility)) != nil
                self?.preRenders.end(ticket, done: done)
            }
        }
    }
}
