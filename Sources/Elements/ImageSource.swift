import LayerKitSupport
public import Canvas

/// Where an image element's pixels come from.
public enum ImageSource: Hashable, Sendable {
    /// A bitmap already in memory (drawn as is, scaled into the box).
    case bitmap(BitmapImage)
    /// Encoded PNG, JPEG, WebP or SVG bytes, decoded at the element's display size before drawing
    /// (an SVG is drawn as vectors at that size times the render scale).
    case encoded([UInt8])
    /// A name the host's ``ElementImageLoader`` turns into encoded bytes before drawing.
    case named(String)

    /// A bitmap source.
    public static func bitmap(_ bitmap: Bitmap) -> ImageSource {
        .bitmap(BitmapImage(bitmap))
    }
}

/// A bitmap with a content digest, so that an element holding it is `Hashable` by its pixels.
public struct BitmapImage: Hashable, Sendable {
    /// The pixels.
    public let bitmap: Bitmap
    /// A 128-bit MurmurHash3 of the size, scale and premultiplied pixel bytes.
    public let digest: ContentHash

    /// Wraps a bitmap, hashing its pixels once.
    public init(_ bitmap: Bitmap) {
        self.bitmap = bitmap
        var hasher = StableHasher()
        hasher.combine(UInt64(bitmap.width))
        hasher.combine(UInt64(bitmap.height))
        hasher.combine(bitmap.scale.bitPattern)
        bitmap.withUnsafeBytes { hasher.combine(bytes: $0) }
        digest = hasher.finalize()
    }

    /// Two bitmap images are equal when their sizes, scales and pixel digests are equal.
    public static func == (lhs: BitmapImage, rhs: BitmapImage) -> Bool {
        lhs.digest == rhs.digest && lhs.bitmap.width == rhs.bitmap.width && lhs.bitmap.height == rhs.bitmap.height
    }

    /// Hashes the digest.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }
}
