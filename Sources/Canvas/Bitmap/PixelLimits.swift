/// Limits checked before any pixel memory is allocated, so that an absurd size or a decompression
/// bomb is refused from its header instead of exhausting memory.
public struct PixelLimits: Hashable, Sendable, Codable {
    /// The largest pixel count (width × height) accepted. Default: 50 megapixels.
    public var maxPixelCount: Int
    /// The largest width or height in pixels. Cairo's limit, 32 767, is the ceiling.
    public var maxDimension: Int

    /// Creates limits; values above the backend's ceiling are lowered to it.
    public init(maxPixelCount: Int = 50_000_000, maxDimension: Int = PixelLimits.backendMaxDimension) {
        self.maxPixelCount = max(1, maxPixelCount)
        self.maxDimension = min(max(1, maxDimension), PixelLimits.backendMaxDimension)
    }

    /// The defaults: 50 MP, 32 767 px per side.
    public static let `default` = PixelLimits()

    /// The largest side a Cairo image surface can have.
    public static let backendMaxDimension = 32_767

    /// Throws unless a `width × height` pixel bitmap (one to be made: a render's output, a new or
    /// resized bitmap) is within these limits.
    ///
    /// - Throws: ``CanvasError/invalidSize(width:height:problem:)`` for a side that is not
    ///   positive or over ``maxDimension``, ``CanvasError/tooManyPixels(width:height:limit:)`` for
    ///   a pixel count over ``maxPixelCount``.
    public func check(width: Int, height: Int) throws(CanvasError) {
        try check(width: width, height: height, overCount: CanvasError.tooManyPixels)
    }

    /// Throws unless a source image of `width × height` pixels (read from an encoded image's
    /// header, before decoding) is within these limits.
    ///
    /// - Throws: as ``check(width:height:)``, except that a pixel count over ``maxPixelCount`` is
    ///   ``CanvasError/imageTooManyPixels(width:height:limit:)``, so that a caller can tell an
    ///   image it was given from an output it asked for.
    public func checkImage(width: Int, height: Int) throws(CanvasError) {
        try check(width: width, height: height, overCount: CanvasError.imageTooManyPixels)
    }

    /// The checks of ``check(width:height:)``, with `overCount` making the pixel-count error.
    private func check(
        width: Int, height: Int, overCount: (_ width: Int, _ height: Int, _ limit: Int) -> CanvasError
    ) throws(CanvasError) {
        guard width > 0, height > 0 else {
            throw .invalidSize(width: Double(width), height: Double(height), problem: .notPositive)
        }
        guard width <= maxDimension, height <= maxDimension else {
            throw .invalidSize(width: Double(width), height: Double(height), problem: .tooLarge)
        }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count <= maxPixelCount else {
            throw overCount(width, height, maxPixelCount)
        }
    }

    /// Converts a size in points at `scale` to whole pixels (rounded up), checking every rule:
    /// finite, positive, a sane scale, and within these limits.
    public func pixelSize(for size: Size, scale: Double) throws(CanvasError) -> (width: Int, height: Int) {
        guard scale.isFinite, scale > 0, scale <= 16 else { throw .invalidScale(scale) }
        guard size.isFinite else {
            throw .invalidSize(width: size.width, height: size.height, problem: .notFinite)
        }
        guard size.width > 0, size.height > 0 else {
            throw .invalidSize(width: size.width, height: size.height, problem: .notPositive)
        }
        // A hair under an integer (750.0000001 from 375 × 2 in floating point) must not add a pixel.
        let w = (size.width * scale - 1e-6).rounded(.up), h = (size.height * scale - 1e-6).rounded(.up)
        guard w <= Double(maxDimension), h <= Double(maxDimension) else {
            throw .invalidSize(width: size.width, height: size.height, problem: .tooLarge)
        }
        let width = Int(w), height = Int(h)
        try check(width: width, height: height)
        return (width, height)
    }
}
