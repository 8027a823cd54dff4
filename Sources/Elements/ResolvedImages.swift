public import Canvas

/// The bitmaps of a tree's image elements, loaded and decoded at their display sizes, keyed by
/// each element's pre-order index in the ``LayoutResult``.
///
/// An image element (or inline image) without a bitmap here draws its
/// ``ImageContent/placeholder`` if it has one (the image stage leaves out the pictures that
/// failed to load or decode and have one), and nothing otherwise.
public struct ResolvedImages: Sendable {
    /// Bitmaps by node index.
    public var bitmaps: [Int: Bitmap]
    /// The inline images of texts (``InlineRun``), by node index and run index.
    public var inlineBitmaps: [InlineImageID: Bitmap]
    /// The `url()` pictures of background and mask layers, by node index and layer index.
    public var layerBitmaps: [LayerImageID: Bitmap]

    /// Creates a set of resolved images.
    public init(bitmaps: [Int: Bitmap] = [:], inlineBitmaps: [InlineImageID: Bitmap] = [:], layerBitmaps: [LayerImageID: Bitmap] = [:]) {
        self.bitmaps = bitmaps
        self.inlineBitmaps = inlineBitmaps
        self.layerBitmaps = layerBitmaps
    }
}

/// Which layer picture: the element's node index, the layer's index in
/// ``ElementStyle/backgroundLayers`` (or ``ElementStyle/maskLayers``), and which list.
public struct LayerImageID: Hashable, Sendable {
    /// The element's pre-order index.
    public var element: Int
    /// The layer's index, first (top) layer 0.
    public var layer: Int
    /// Whether the layer is a mask layer rather than a background layer.
    public var mask: Bool

    /// A layer picture's identity.
    public init(element: Int, layer: Int, mask: Bool) {
        self.element = element
        self.layer = layer
        self.mask = mask
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
