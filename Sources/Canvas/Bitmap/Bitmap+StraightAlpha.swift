extension Bitmap {
    /// The byte order of a packed straight-alpha (unpremultiplied) pixel.
    public enum StraightByteOrder: Sendable {
        /// B, G, R, A (what WebP imports fastest on little-endian machines).
        case bgra
        /// R, G, B, A (what PNG stores, and most image libraries take).
        case rgba
    }

    /// Whether every pixel is fully opaque; stops at the first translucent one.
    public var isOpaque: Bool { PixelConversion.isOpaque(self) }

    /// The pixels unpremultiplied and packed, `width * 4` bytes a row with no padding, in `order`:
    /// what another image library (libpng, a GPU upload) takes. Alpha 0 gives colour 0.
    public func straightBytes(order: StraightByteOrder) -> [UInt8] {
        PixelConversion.straightBytes(of: self, order: order)
    }
}
