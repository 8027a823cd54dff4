public import Canvas

/// The bitmaps of a tree's image elements, loaded and decoded at their display sizes, keyed by
/// each element's pre-order index in the ``LayoutResult``.
public struct ResolvedImages: Sendable {
    /// Bitmaps by node index.
    public var bitmaps: [Int: Bitmap]
    /// The inline images of texts (``InlineRun``), by node index and run index.
    public var inlineBitmaps: [InlineImageID: Bitmap]

    /// Creates a set of resolved images.
    public init(bitmaps: [Int: Bitmap] = [:], inlineBitmaps: [InlineImageID: Bitmap] = [:]) {
        self.bitmaps = bitmaps
        self.inlineBitmaps = inlineBitmaps
    }
}

/// Which inline image: the text element's node index and the run's index in its paragraph.
public struct InlineImageID: Hashable, Sendable {
    /// The text element's pre-order index.
    public var element: Int
    /// The run's index in ``TextContent/runs``.
    public var run: Int

    /// An inline image's identity.
    public init(element: Int, run: Int) {
        self.element = element
        self.run = run
    }
}
