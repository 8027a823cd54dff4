public import Canvas

/// The layouts of one text content, by the options (width) it was measured with.
package typealias TextMeasurements = [TextLayoutOptions: TextLayout]

/// Where a layout finds the texts measured before and leaves those it measured anew: the
/// Rendering module's cache. Two calls per layout: one lookup of every text, one insertion.
package protocol TextMeasurementStore: Sendable {
    /// The measurements kept for each of `contents` that has some.
    func textMeasurements(for contents: Set<TextContent>) async -> [TextContent: TextMeasurements]
    /// Keeps `new` beside what is kept already.
    func insertTextMeasurements(_ new: [TextContent: TextMeasurements]) async
}

/// Where a render finds its decoded images and shares the decodes in flight: the Rendering
/// module's cache. One lookup of every image a render needs, then one shared decode per miss.
package protocol DecodedImageStore: Sendable {
    /// The decoded images kept among `keys` (each lookup counted as a hit or a miss).
    func decodedImages(for keys: [DecodedImageKey]) async -> [DecodedImageKey: Bitmap]
    /// The image for `key`, which the caller missed: from a decode of the same key in flight, or
    /// `decode` run once for every concurrent caller (on `executor`, at `priority`) and kept.
    func decodedImage(
        for key: DecodedImageKey, priority: TaskPriority?, executor: (any TaskExecutor)?,
        decode: @escaping @Sendable () async throws -> Bitmap
    ) async throws -> Bitmap
}

/// What identifies one decoded image: where its bytes came from and the pixels asked for.
public struct DecodedImageKey: Hashable, Sendable {
    /// A named image's name, or the content hash of encoded bytes.
    public enum Source: Hashable, Sendable {
        /// A name resolved by the host's ``ElementImageLoader``.
        case named(String)
        /// Encoded bytes, by their hash.
        case encoded(ContentHash)
        /// An in-memory bitmap, by its pixel digest (cached only when an effect such as a
        /// blur makes a new bitmap of it).
        case bitmap(ContentHash)
    }

    /// Where the bytes came from.
    public var source: Source
    /// The size the image was decoded for.
    public var target: DecodeTarget
    /// The pixels per point it was decoded at.
    public var scale: Double
    /// The blur applied after decoding, in points (0: none); a blurred image is cached blurred.
    public var blurRadius: Double

    /// Creates a key.
    public init(source: Source, target: DecodeTarget, scale: Double, blurRadius: Double = 0) {
        self.source = source
        self.target = target
        self.scale = scale
        self.blurRadius = blurRadius
    }
}
