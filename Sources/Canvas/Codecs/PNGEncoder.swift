#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// PNG encoding: our own writer over libdeflate (libpng stays the decoder).
///
/// One pass over the bitmap turns Cairo's premultiplied BGRA rows into straight RGB(A) and filters
/// them (``PNGRowFilter``); libdeflate compresses the filtered rows into one zlib stream, and
/// ``PNGChunkWriter`` frames it as signature, IHDR, IDAT and IEND.
enum PNGEncoder {
    static func encode(_ bitmap: Bitmap, compression: PNGCompression) throws(CanvasError) -> [UInt8] {
        // An early-exit scan: a card with transparent corners stops at its first pixel.
        let opaque = PixelConversion.isOpaque(bitmap)
        return try bitmap.withUnsafeBytes { (pixels) throws(CanvasError) -> [UInt8] in
            try encode(
                premultipliedBGRA: pixels.baseAddress!, width: bitmap.width, height: bitmap.height,
                bytesPerRow: bitmap.bytesPerRow, opaque: opaque, compression: compression
            )
        }
    }

    /// Encodes `height` rows of `width` premultiplied B, G, R, A pixels, `bytesPerRow` apart, as
    /// RGB when `opaque` (the caller knows no pixel is translucent) and RGBA otherwise.
    ///
    /// - Throws: ``CanvasError/encodingFailed(format:detail:)`` for a size PNG cannot hold or a
    ///   level libdeflate rejects; ``CanvasError/outOfMemory(bytes:)`` when a buffer cannot be had.
    static func encode(
        premultipliedBGRA pixels: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int,
        opaque: Bool, compression: PNGCompression
    ) throws(CanvasError) -> [UInt8] {
        // PNG's limit is 2³¹ − 1 a side; zero is not a PNG.
        let limit = Int(Int32.max)
        guard (1...limit).contains(width), (1...limit).contains(height) else {
            throw .encodingFailed(format: .png, detail: "\(width)×\(height) is not a PNG size (1...\(limit) px a side)")
        }
        let channels = opaque ? 3 : 4
        guard bytesPerRow >= width * 4 else {
            throw .encodingFailed(format: .png, detail: "\(bytesPerRow) bytes a row cannot hold \(width) pixels")
        }
        // One filter-type byte, then the row's bytes.
        let (rowBytes, o1) = width.multipliedReportingOverflow(by: channels)
        let (filteredCount, o2) = (rowBytes + 1).multipliedReportingOverflow(by: height)
        guard !o1, !o2 else {
            throw .encodingFailed(format: .png, detail: "\(width)×\(height) is too large to filter in memory")
        }
        let filtered = try PNGBuffer(count: filteredCount)
        PNGRowFilter.filterRows(
            premultipliedBGRA: pixels, width: width, height: height, bytesPerRow: bytesPerRow,
            channels: channels, filter: compression.filter, into: filtered.bytes
        )
        return try PNGChunkWriter.write(
            width: width, height: height, colorType: opaque ? 2 : 6,
            filtered: UnsafeRawBufferPointer(start: filtered.bytes, count: filteredCount), level: compression.level
        )
    }
}

/// A malloc'd byte buffer with one owner: freed exactly once, when the owner goes away.
final class PNGBuffer {
    let bytes: UnsafeMutablePointer<UInt8>
    let count: Int

    init(count: Int) throws(CanvasError) {
        guard let memory = malloc(max(count, 1)) else { throw .outOfMemory(bytes: count) }
        bytes = memory.assumingMemoryBound(to: UInt8.self)
        self.count = count
    }

    deinit { free(bytes) }
}
