/// Writes a ``Bitmap`` as PNG, WebP or JPEG bytes.
///
/// Each codec's buffers have one owner and are freed exactly once, on success and on failure.
public enum ImageEncoder {
    /// Encodes `bitmap` in the format and with the options of `options`.
    ///
    /// PNG and WebP store straight (unpremultiplied) alpha, computed as `(c × 255 + a / 2) / a`;
    /// JPEG composites translucent pixels onto the background colour.
    ///
    /// - Throws: ``CanvasError/encodingFailed(format:detail:)`` when an option is out of range
    ///   (the message names it) or the codec fails.
    public static func encode(_ bitmap: Bitmap, as options: EncodingOptions) throws(CanvasError) -> [UInt8] {
        try options.validate()
        switch options {
        case .png(let compression):
            return try PNGEncoder.encode(bitmap, compression: compression)
        case .webp(let quality, let lossless, let method, let multithreaded, let alphaFilter, let alphaCompression, let alphaQuality):
            let settings = WebPEncoder.Settings(
                quality: quality, lossless: lossless, method: method, multithreaded: multithreaded,
                alphaFilter: alphaFilter, alphaCompression: alphaCompression, alphaQuality: alphaQuality
            )
            return try WebPEncoder.encode(bitmap, settings)
        case .jpeg(let quality, let background, let subsampling, let fastDCT):
            return try JPEGEncoder.encode(bitmap, quality: quality, background: background, subsampling: subsampling,
                                         dctFlags: JPEGEncoder.dctFlags(fastDCT: fastDCT))
        }
    }
}
