/// An immutable image in memory: premultiplied 32-bit pixels (Cairo's `ARGB32`) with a width, a
/// height, a row stride and a scale (pixels per point). Copies share one pixel buffer, freed with
/// the last copy. See <doc:CanvasBasics>.
public struct Bitmap: Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// The distance in bytes between the starts of two rows (at least `width * 4`).
    public let bytesPerRow: Int
    /// Pixels per point.
    public let scale: Double

    let storage: PixelStorage

    init(storage: PixelStorage, width: Int, height: Int, bytesPerRow: Int, scale: Double) {
        self.storage = storage
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.scale = scale
    }

    /// Creates a bitmap by copying premultiplied pixels (B, G, R, A bytes per pixel, rows packed
    /// `width * 4` bytes apart).
    ///
    /// - Throws: ``CanvasError`` when the size is invalid or over `limits`, or when `pixels` does
    ///   not hold exactly `width * height * 4` bytes.
    public init(
        width: Int,
        height: Int,
        scale: Double = 1,
        premultipliedBGRA pixels: [UInt8],
        limits: PixelLimits = .default
    ) throws(CanvasError) {
        try limits.check(width: width, height: height)
        guard scale.isFinite, scale > 0, scale <= 16 else { throw .invalidScale(scale) }
        guard pixels.count == width * height * 4 else {
            throw .invalidArgument("expected \(width * height * 4) pixel bytes for \(width)×\(height), got \(pixels.count)")
        }
        let stride = Bitmap.alignedStride(width: width)
        let storage = try PixelStorage(byteCount: stride * height)
        pixels.withUnsafeBytes { source in
            for y in 0..<height {
                (storage.bytes + y * stride).copyMemory(
                    from: source.baseAddress! + y * width * 4,
                    byteCount: width * 4
                )
            }
        }
        self.init(storage: storage, width: width, height: height, bytesPerRow: stride, scale: scale)
    }

    /// The size in points: the pixel size divided by ``scale``.
    public var size: Size { Size(width: Double(width) / scale, height: Double(height) / scale) }

    /// The number of bytes of pixel memory this bitmap holds (its cost in a cache).
    public var byteCount: Int { bytesPerRow * height }

    /// The premultiplied pixel at column `x`, row `y` (from the top-left), or `nil` outside.
    public func pixel(x: Int, y: Int) -> PremultipliedPixel? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let p = storage.bytes.load(fromByteOffset: y * bytesPerRow + x * 4, as: UInt32.self)
        return PremultipliedPixel(argb: UInt32(littleEndian: p))
    }

    /// The straight-alpha colour at column `x`, row `y`, or `nil` outside.
    public func color(x: Int, y: Int) -> Color? {
        pixel(x: x, y: y)?.color
    }

    /// Calls `body` with the raw pixel memory (`bytesPerRow * height` bytes), read-only.
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: storage.bytes, count: byteCount))
    }

    /// The pixels as packed B, G, R, A premultiplied bytes, `width * 4` per row (no padding).
    public func premultipliedBGRABytes() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBytes { target in
            for y in 0..<height {
                (target.baseAddress! + y * width * 4).copyMemory(
                    from: storage.bytes + y * bytesPerRow,
                    byteCount: width * 4
                )
            }
        }
        return out
    }

    /// The same pixels with another scale (no pixel is copied).
    public func withScale(_ scale: Double) throws(CanvasError) -> Bitmap {
        guard scale.isFinite, scale > 0, scale <= 16 else { throw .invalidScale(scale) }
        return Bitmap(storage: storage, width: width, height: height, bytesPerRow: bytesPerRow, scale: scale)
    }

    /// Cairo's stride rule for ARGB32: 4 bytes a pixel, rows a multiple of 4 bytes (already true).
    /// Rows are rounded up to 64 bytes so every row starts cache-line aligned.
    static func alignedStride(width: Int) -> Int {
        (width * 4 + 63) & ~63
    }
}

/// One premultiplied pixel: each colour component is already multiplied by ``alpha``.
public struct PremultipliedPixel: Hashable, Sendable, CustomStringConvertible {
    /// The red component, premultiplied, 0...255.
    public var red: UInt8
    /// The green component, premultiplied, 0...255.
    public var green: UInt8
    /// The blue component, premultiplied, 0...255.
    public var blue: UInt8
    /// The alpha, 0...255.
    public var alpha: UInt8

    /// Creates a pixel from its premultiplied components.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    init(argb: UInt32) {
        self.init(
            red: UInt8(truncatingIfNeeded: argb >> 16),
            green: UInt8(truncatingIfNeeded: argb >> 8),
            blue: UInt8(truncatingIfNeeded: argb),
            alpha: UInt8(truncatingIfNeeded: argb >> 24)
        )
    }

    /// The straight-alpha colour (premultiplication undone; transparent pixels give ``Color/clear``).
    public var color: Color {
        guard alpha > 0 else { return .clear }
        let a = Double(alpha)
        return Color(red: Double(red) / a, green: Double(green) / a, blue: Double(blue) / a, alpha: a / 255)
    }

    /// The largest difference between two pixels' components.
    public func distance(to other: PremultipliedPixel) -> Int {
        max(
            abs(Int(red) - Int(other.red)),
            abs(Int(green) - Int(other.green)),
            abs(Int(blue) - Int(other.blue)),
            abs(Int(alpha) - Int(other.alpha))
        )
    }

    /// `rgba(r, g, b, a)` with the premultiplied components.
    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha)) premultiplied" }
}
