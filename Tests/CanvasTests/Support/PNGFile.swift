import CLibDeflate
import Testing

/// A PNG file read back by the tests without libpng: its chunks, and its rows inflated and
/// unfiltered, so a test can check the straight bytes the writer stored, not only what libpng
/// makes of them.
struct PNGFile {
    struct Chunk {
        var type: String
        var data: [UInt8]
        /// The CRC stored after the chunk.
        var storedCRC: UInt32
    }

    var chunks: [Chunk]
    var width: Int
    var height: Int
    var bitDepth: UInt8
    var colorType: UInt8
    /// Bytes after IEND (none in a well-formed file).
    var trailingBytes: Int

    /// Parses `bytes`; records an issue and throws when they are not a PNG with an IHDR.
    init(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard bytes.count >= 8, Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw HelperFailure.recorded("no PNG signature", at: sourceLocation)
        }
        func uint32(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
        }
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(uint32(offset))
            guard offset + 12 + length <= bytes.count else {
                throw HelperFailure.recorded("chunk at \(offset) runs past the end", at: sourceLocation)
            }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            chunks.append(Chunk(type: type, data: data, storedCRC: uint32(offset + 8 + length)))
            offset += 12 + length
            if type == "IEND" { break }
        }
        guard let header = chunks.first, header.type == "IHDR", header.data.count == 13 else {
            throw HelperFailure.recorded("the first chunk is not a 13-byte IHDR", at: sourceLocation)
        }
        let h = header.data
        self.chunks = chunks
        width = Int(UInt32(h[0]) << 24 | UInt32(h[1]) << 16 | UInt32(h[2]) << 8 | UInt32(h[3]))
        height = Int(UInt32(h[4]) << 24 | UInt32(h[5]) << 16 | UInt32(h[6]) << 8 | UInt32(h[7]))
        bitDepth = h[8]
        colorType = h[9]
        trailingBytes = bytes.count - offset
    }

    var channels: Int { colorType == 2 ? 3 : 4 }

    /// The concatenated IDAT data inflated: each row's filter byte, then its filtered bytes.
    func filteredRows(sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
        let stream = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
        let expected = height * (1 + width * channels)
        var out = [UInt8](repeating: 0, count: expected)
        guard let decompressor = libdeflate_alloc_decompressor() else {
            throw HelperFailure.recorded("no libdeflate decompressor", at: sourceLocation)
        }
        defer { libdeflate_free_decompressor(decompressor) }
        var actual = 0
        let result = stream.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { output in
                libdeflate_zlib_decompress(decompressor, input.baseAddress, input.count, output.baseAddress, output.count, &actual)
            }
        }
        guard result == LIBDEFLATE_SUCCESS, actual == expected else {
            throw HelperFailure.recorded("IDAT did not inflate to \(expected) bytes (result \(result.rawValue), \(actual) bytes)", at: sourceLocation)
        }
        return out
    }

    /// The rows unfiltered (the PNG specification's reconstruction): `width × channels` bytes a row.
    func straightBytes(sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
        let filtered = try filteredRows(sourceLocation: sourceLocation)
        let n = width * channels, bpp = channels
        var out = [UInt8](repeating: 0, count: n * height)
        for y in 0..<height {
            let type = filtered[y * (n + 1)]
            for i in 0..<n {
                let x = filtered[y * (n + 1) + 1 + i]
                let a = i >= bpp ? Int(out[y * n + i - bpp]) : 0
                let b = y > 0 ? Int(out[(y - 1) * n + i]) : 0
                let c = (i >= bpp && y > 0) ? Int(out[(y - 1) * n + i - bpp]) : 0
                let predictor: Int
                switch type {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)
                default:
                    throw HelperFailure.recorded("row \(y) has filter type \(type)", at: sourceLocation)
                }
                out[y * n + i] = UInt8(truncatingIfNeeded: Int(x) + predictor)
            }
        }
        return out
    }
}
