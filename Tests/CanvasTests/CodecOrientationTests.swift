import Testing

@testable import Canvas

@Suite struct CodecOrientationTests {
    /// A 40×20 grey JPEG with a red block at the stored top-left and a green one at the top-right.
    static let plainJPEG: [UInt8] = {
        let width = 40, height = 20
        var bytes = [UInt8](repeating: 128, count: width * height * 4)
        for y in 0..<6 {
            for x in 0..<6 {
                bytes.replaceSubrange((y * width + x) * 4..<(y * width + x) * 4 + 4, with: [0, 0, 255, 255])
                let xr = width - 1 - x
                bytes.replaceSubrange((y * width + xr) * 4..<(y * width + xr) * 4 + 4, with: [0, 255, 0, 255])
            }
        }
        for i in stride(from: 3, to: bytes.count, by: 4) { bytes[i] = 255 }
        return try! ImageEncoder.encode(try! Bitmap(width: width, height: height, premultipliedBGRA: bytes), as: .jpeg(quality: 100, chromaSubsampling: .yuv444))
    }()

    /// The JPEG with an APP1 EXIF segment carrying `orientation`, in either TIFF byte order.
    static func jpeg(orientation: Int, bigEndian: Bool = false) -> [UInt8] {
        let tiff: [UInt8] = bigEndian
            ? [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0, 0, 0, 0, 0]
            : [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, UInt8(orientation), 0, 0, 0, 0, 0, 0, 0]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(plainJPEG[0..<2]) + segment + Array(plainJPEG[2...])
    }

    enum Corner { case topLeft, topRight, bottomLeft, bottomRight }

    // (orientation, where the stored top-left goes, where the stored top-right goes), per EXIF.
    @Test(arguments: [
        (1, Corner.topLeft, Corner.topRight), (2, .topRight, .topLeft), (3, .bottomRight, .bottomLeft),
        (4, .bottomLeft, .bottomRight), (5, .topLeft, .bottomLeft), (6, .topRight, .bottomRight),
        (7, .bottomRight, .topRight), (8, .bottomLeft, .topLeft),
    ], [false, true])
    func exifOrientationIsApplied(expectation: (orientation: Int, red: Corner, green: Corner), bigEndian: Bool) throws {
        let (orientation, red, green) = expectation
        let data = Self.jpeg(orientation: orientation, bigEndian: bigEndian)
        let info = try ImageDecoder.info(of: data)
        #expect(info.orientation.rawValue == orientation)
        #expect(info.width == 40 && info.height == 20)
        let bitmap = try ImageDecoder.decode(data)
        let swapped = orientation >= 5
        #expect(bitmap.width == (swapped ? 20 : 40) && bitmap.height == (swapped ? 40 : 20))
        #expect(info.displayWidth == bitmap.width && info.displayHeight == bitmap.height)
        func pixel(_ corner: Corner) -> PremultipliedPixel {
            let x = corner == .topLeft || corner == .bottomLeft ? 1 : bitmap.width - 2
            let y = corner == .topLeft || corner == .topRight ? 1 : bitmap.height - 2
            return bitmap.pixel(x: x, y: y)!
        }
        #expect(pixel(red).red > 200 && pixel(red).green < 60, "\(pixel(red))")
        #expect(pixel(green).green > 200 && pixel(green).red < 60, "\(pixel(green))")
        // Turned off: as stored.
        let stored = try ImageDecoder.decode(data, options: DecodeOptions(appliesOrientation: false))
        #expect(stored.width == 40 && stored.pixel(x: 1, y: 1)!.red > 200)
    }

    @Test func theTargetAppliesToTheUprightPicture() throws {
        // Stored 40×20, upright 20×40: fitting 10×20 is a half-size decode (DCT 1/2), then turned.
        let (bitmap, diagnostics) = try ImageDecoder.decodeWithDiagnostics(
            Self.jpeg(orientation: 6), options: DecodeOptions(target: .fit(width: 10, height: 20))
        )
        #expect(bitmap.width == 10 && bitmap.height == 20)
        #expect(diagnostics.jpegScale == JPEGScale(numerator: 1, denominator: 2))
        #expect(diagnostics.codecWidth == 20 && diagnostics.codecHeight == 10)
    }

    @Test func malformedEXIFIsIgnored() throws {
        // An orientation of 9, a truncated TIFF header, and a wrong magic number all mean "as stored".
        var bad = Self.jpeg(orientation: 9)
        #expect(try ImageDecoder.info(of: bad).orientation == .up)
        bad = Self.jpeg(orientation: 6)
        bad[12 + 2] = 41  // TIFF magic 42 → 41 (after SOI, marker, length, "Exif\0\0", "II")
        #expect(try ImageDecoder.info(of: bad).orientation == .up)
        #expect(try ImageDecoder.decode(bad).width == 40)
    }
}
