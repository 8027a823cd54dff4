public import AsyncLayerKit

/// One row of a ``HeadlessList``: an identifier, the cell's element tree (hashed once) and its
/// height, usually from a pre-layout pass (``FeedLayoutCache``).
public struct ListItem: Sendable, Hashable {
    /// The item's identifier: the model identity its cell shows.
    public var id: String
    /// The cell's tree, drawn at the list's width and the item's height.
    public var tree: HashedElement
    /// The cell's height, in points.
    public var height: Double

    /// Creates an item.
    public init(id: String, tree: HashedElement, height: Double) {
        self.id = id
        self.tree = tree
        self.height = height
    }
}
