import CLibDeflate

/// Frames filtered rows as a PNG file: the signature, IHDR, one IDAT holding one zlib stream from
/// libdeflate, and IEND, each chunk with its CRC-32 (libdeflate's, the one PNG specifies).
enum PNGChunkWriter {
    /// The eight bytes every PNG starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// An 8-bit, non-interlaced PNG of `filtered` rows (each its filter byte then its bytes) with
    /// colour type `colorType` (2 = RGB, 6 = RGBA), compressed at libdeflate level `level`.
    static func write(
        width: Int, height: Int, colorType: UInt8, filtered: UnsafeRawBufferPointer, level: Int
    ) throws(CanvasError) -> [UInt8] {
        // One owner for the compressor: allocated here, freed exactly once when this call ends.
        guard let compressor = libdeflate_alloc_compressor(Int32(level)) else {
            throw .encodingFailed(format: .png, detail: "libdeflate has no compressor for level \(level) (0...12, or out of memory)")
        }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, filtered.count)
        let compressed = try PNGBuffer(count: bound)
        let size = libdeflate_zlib_compress(compressor, filtered.baseAddress, filtered.count, compressed.bytes, bound)
        guard size > 0 else {
            throw .encodingFailed(format: .png, detail: "libdeflate could not compress \(filtered.count) bytes into its own bound")
        }
        guard size <= Int(Int32.max) else {
            throw .encodingFailed(format: .png, detail: "\(size) compressed bytes exceed a PNG chunk's 2³¹ − 1")
        }

        var header = [UInt8]()
        header.reserveCapacity(13)
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        // Bit depth 8, colour type, compression 0 (DEFLATE), filter method 0, no interlace.
        header += [8, colorType, 0, 0, 0]

        // Exactly the file's size: signature, IHDR (12 + 13), IDAT (12 + size), IEND (12).
        var png = [UInt8]()
        png.reserveCapacity(signature.count + 25 + 12 + size + 12)
        png += signature
        header.withUnsafeBytes { appendChunk("IHDR", $0, to: &png) }
        appendChunk("IDAT", UnsafeRawBufferPointer(start: compressed.bytes, count: size), to: &png)
        appendChunk("IEND", UnsafeRawBufferPointer(start: nil, count: 0), to: &png)
        return png
    }

    /// Appends length, type, data and the CRC-32 of type and data.
    static func appendChunk(_ type: StaticString, _ data: UnsafeRawBufferPointer, to png: inout [UInt8]) {
        let typeBytes = UnsafeRawBufferPointer(start: type.utf8Start, count: 4)
        appendBigEndian(UInt32(data.count), to: &png)
        png.append(contentsOf: typeBytes)
        png.append(contentsOf: data)
        var crc = libdeflate_crc32(0, typeBytes.baseAddress, 4)
        if let base = data.baseAddress { crc = libdeflate_crc32(crc, base, data.count) }
        appendBigEndian(crc, to: &png)
    }

    static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }
}
