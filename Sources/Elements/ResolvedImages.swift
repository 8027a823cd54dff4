public import Canvas

/// The bitmaps of a tree's image elements, loaded and decoded at their display sizes, keyed by
/// each element's pre-order index in the ``LayoutResult``.
public struct ResolvedImages: Sendable {
    /// Bitmaps by node index.
    public var bitmaps: [Int: Bitmap]

    /// Creates a set of resolved images.
    public init(bitmaps: [Int: Bitmap] = [:]) {
        self.bitmaps = bitmaps
    }
}
