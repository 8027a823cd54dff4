public import AsyncLayerKit

/// The cells: what a cell holds, and how cells are recycled through the list's reuse queue (a new
/// model identity clears a reused cell's contents at once).
extension HeadlessList {
    /// A cell: an ``ElementLayer`` (strategies 2–4) or contents drawn on the loop (strategy 1),
    /// and the item it shows.
    @DisplayActor
    public final class Cell {
        /// The cell's layer (its contents stay empty under strategy 1).
        public let layer: ElementLayer
        /// The index of the item the cell is configured for, or `nil` while in the reuse queue.
        public internal(set) var itemIndex: Int?
        /// The identifier of that item.
        public internal(set) var itemID: String?
        /// Strategy 1's contents: drawn on the loop.
        public internal(set) var synchronousContents: Bitmap?
        var synchronousItemID: String?
        /// When the cell's current item's contents were set, on the list's clock.
        var shownAt: C.Instant?
        /// Whether the cell was asked to draw its item (not a placeholder).
        var requested = false

        init(layer: ElementLayer) {
            self.layer = layer
        }

        /// The contents on screen: the synchronous contents, or the layer's.
        public var contents: Bitmap? { synchronousContents ?? layer.contents }

        /// The model identity the contents were drawn for (`nil`: no contents).
        public var contentsItemID: String? {
            if synchronousContents != nil { return synchronousItemID }
            return layer.displayedModelID.flatMap { $0.base as? String }
        }

        /// Whether the cell shows its own item's contents now.
        public var showsItsItem: Bool { contents != nil && itemID != nil && contentsItemID == itemID }
    }

    /// A cell from the reuse queue, or a new one (its layer renders through the backend).
    func dequeue() -> Cell {
        if let cell = reuseQueue.popLast() { return cell }
        let backend = self.backend
        let layer = ElementLayer(
            bounds: .zero, contentsScale: configuration.contentsScale, priority: .userInitiated,
            render: { tree, size, scale, priority in
                try await backend.render(tree, size: size, scale: scale, priority: priority)
            })
        let cell = Cell(layer: layer)
        layer.didDisplay = { [weak self, weak cell] modelID, finished in
            guard let self, let cell, finished, cell.shownAt == nil, let id = cell.itemID,
                  modelID == AnyHashable(id), cell.layer.contents != nil else { return }
            cell.shownAt = self.clock.now
        }
        allCells.append(cell)
        return cell
    }

    /// Puts a cell that left the screen in the reuse queue, unconfigured.
    func enqueue(_ cell: Cell) {
        cell.itemIndex = nil
        cell.itemID = nil
        cell.shownAt = nil
        cell.requested = false
        cell.synchronousContents = nil
        cell.synchronousItemID = nil
        // A cell leaving the screen gives up its render in flight and its contents.
        if cell.layer.element != nil || cell.layer.modelID != nil { cell.layer.setElement(nil) }
        reuseQueue.append(cell)
    }

    /// Configures a dequeued cell for the item at `index`: its frame, and a placeholder.
    func configure(_ cell: Cell, for index: Int) {
        let item = items[index]
        cell.itemIndex = index
        cell.itemID = item.id
        cell.shownAt = nil
        cell.requested = false
        cell.layer.bounds = Rect(x: 0, y: extents.offsets[index], width: configuration.viewportWidth, height: item.height)
        if !strategy.drawsOnLoop {
            // The placeholder: the new model identity clears the old item's contents at once.
            cell.layer.setElement(nil, modelID: item.id)
        }
    }
}
