import Testing

@_spi(Benchmarks) @testable import Canvas

/// The PNG writer over libdeflate: what it stores (chunks, CRCs, colour type, filters, straight
/// bytes) read back byte by byte, and what libpng decodes from it.
@Suite struct PNGWriterTests {
    static let sizes: [(Int, Int)] = [(1, 1), (2, 1), (3, 5), (17, 9), (257, 129)]
    static let compressions: [PNGCompression] = [.fast, .compact]
        + PNGCompression.Filter.allCases.map { PNGCompression(level: 1, filter: $0) }
        + [PNGCompression(level: 0, filter: .up), PNGCompression(level: 12, filter: .adaptive)]

    /// The straight R, G, B(, A) bytes the writer must store for `bitmap`, from the reference
    /// rounding of ``PixelConversion/unpremultiply(_:_:)``.
    static func expectedStraightBytes(_ bitmap: Bitmap, channels: Int) -> [UInt8] {
        let bgra = bitmap.premultipliedBGRABytes()
        var out: [UInt8] = []
        out.reserveCapacity(bitmap.width * bitmap.height * channels)
        for i in stride(from: 0, to: bgra.count, by: 4) {
            let a = bgra[i + 3]
            out += [PixelConversion.unpremultiply(bgra[i + 2], a), PixelConversion.unpremultiply(bgra[i + 1], a),
                    PixelConversion.unpremultiply(bgra[i], a)]
            if channels == 4 { out.append(a) }
        }
        return out
    }

    @Test(arguments: sizes, compressions)
    func storesTheExactStraightBytesAndLibPNGDecodesThem(size: (Int, Int), compression: PNGCompression) throws {
        for translucent in [false, true] {
            let original = try CodecTestSupport.pattern(width: size.0, height: size.1, translucent: translucent)
            let encoded = try ImageEncoder.encode(original, as: .png(compression: compression))
            let file = try PNGFile(encoded)
            // The pattern's first eighth of columns is transparent, none when it is one pixel wide.
            let opaque = !translucent || size.0 == 1
            #expect(file.colorType == (opaque ? 2 : 6))
            #expect(try file.straightBytes() == Self.expectedStraightBytes(original, channels: file.channels),
                    "\(compression) translucent \(translucent)")
            // libpng reads the same pixels back: exact when opaque, within premultiply rounding otherwise.
            let decoded = try ImageDecoder.decode(encoded)
            let difference = CodecTestSupport.difference(original, decoded)
            #expect(difference.max <= (opaque ? 0 : 1), "\(compression) translucent \(translucent): max difference \(difference.max)")
        }
    }

    @Test(arguments: [PNGCompression.fast, .compact])
    func chunksAreSignatureIHDRIDATIENDWithValidCRCs(compression: PNGCompression) throws {
        let encoded = try ImageEncoder.encode(CodecTestSupport.pattern(width: 40, height: 30, translucent: true), as: .png(compression: compression))
        let file = try PNGFile(encoded)
        #expect(file.chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
        #expect(file.trailingBytes == 0)
        for chunk in file.chunks {
            // An independent bitwise CRC-32 over type and data.
            #expect(chunk.storedCRC == CodecTestSupport.crc32(Array(chunk.type.utf8) + chunk.data), "\(chunk.type)")
        }
        #expect(file.width == 40 && file.height == 30 && file.bitDepth == 8)
        // Compression method 0, filter method 0, no interlace.
        #expect(Array(file.chunks[0].data[10...12]) == [0, 0, 0])
        #expect(file.chunks[2].data.isEmpty)
    }

    @Test func thePresetsFilterEveryRowUpAndAdaptiveChoosesPerRow() throws {
        let card = try ImageDecoder.decode(PNGRoundTripTests.golden("reference-card-0.png"))
        let fast = try PNGFile(ImageEncoder.encode(card, as: .png()))
        let compact = try PNGFile(ImageEncoder.encode(card, as: .png(compression: .compact)))
        let adaptive = try PNGFile(ImageEncoder.encode(card, as: .png(compression: PNGCompression(level: 6, filter: .adaptive))))
        func types(_ file: PNGFile) throws -> Set<UInt8> {
            let rows = try file.filteredRows(), n = file.width * file.channels + 1
            return Set(stride(from: 0, to: rows.count, by: n).map { rows[$0] })
        }
        #expect(try types(fast) == [2])
        #expect(try types(compact) == [2])
        #expect(try types(adaptive).count > 1)
        #expect(EncodingOptions.png() == .png(compression: .fast))
    }

    /// Adaptive rows each carry the filter of least sum of signed bytes (the first of equal
    /// sums), recomputed here from the stored rows with the specification's predictors.
    @Test(arguments: [false, true])
    func adaptiveChoosesTheFilterOfLeastSignedSum(opaque: Bool) throws {
        var card = try ImageDecoder.decode(PNGRoundTripTests.golden("reference-card-0.png"))
        if opaque {
            // Over white: premultiplied c + (255 − a), alpha 255.
            var bytes = card.premultipliedBGRABytes()
            for i in stride(from: 0, to: bytes.count, by: 4) {
                for k in 0..<3 { bytes[i + k] = bytes[i + k] &+ (255 - bytes[i + 3]) }
                bytes[i + 3] = 255
            }
            card = try Bitmap(width: card.width, height: card.height, premultipliedBGRA: bytes)
        }
        let file = try PNGFile(ImageEncoder.encode(card, as: .png(compression: PNGCompression(level: 6, filter: .adaptive))))
        #expect(file.colorType == (opaque ? 2 : 6))
        let straight = try file.straightBytes(), filtered = try file.filteredRows()
        let n = file.width * file.channels, bpp = file.channels
        var chosen = [Int](repeating: 0, count: 5)
        for y in 0..<file.height {
            var sums = [Int](repeating: 0, count: 5)
            for i in 0..<n {
                let x = Int(straight[y * n + i])
                let a = i >= bpp ? Int(straight[y * n + i - bpp]) : 0
                let b = y > 0 ? Int(straight[(y - 1) * n + i]) : 0
                let c = (i >= bpp && y > 0) ? Int(straight[(y - 1) * n + i - bpp]) : 0
                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                let paeth = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)
                for (type, predictor) in [0, a, b, (a + b) / 2, paeth].enumerated() {
                    let v = Int8(truncatingIfNeeded: x - predictor)
                    sums[type] += Int(v.magnitude)
                }
            }
            let best = sums.firstIndex(of: sums.min()!)!
            let type = Int(filtered[y * (n + 1)])
            #expect(type == best, "row \(y): filter \(type), sums \(sums)")
            if type != best { return }
            chosen[type] += 1
        }
        // The card is not one filter's case: several are chosen.
        #expect(chosen.filter { $0 > 0 }.count > 1, "\(chosen)")
    }

    /// The opaque scan reads eight bytes at a time: a lone translucent pixel must be found wherever
    /// it is, in a pair or in the odd last column.
    @Test(arguments: [(8, 3), (7, 3), (1, 4)], [0, 1, 2])
    func aSingleTranslucentPixelAnywhereMakesRGBA(size: (Int, Int), position: Int) throws {
        let (width, height) = size
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        let target = [0, (height / 2) * width + width / 2, width * height - 1][position]
        bytes[target * 4 + 3] = 254
        bytes[target * 4] = 254; bytes[target * 4 + 1] = 254; bytes[target * 4 + 2] = 254
        let bitmap = try Bitmap(width: width, height: height, premultipliedBGRA: bytes)
        let translucent = try PNGFile(ImageEncoder.encode(bitmap, as: .png()))
        #expect(translucent.colorType == 6)
        bytes[target * 4 + 3] = 255
        let opaque = try PNGFile(ImageEncoder.encode(Bitmap(width: width, height: height, premultipliedBGRA: bytes), as: .png()))
        #expect(opaque.colorType == 2)
        #expect(PixelConversion.isOpaque(bitmap) == false)
    }

    @Test(arguments: [(0, 1), (1, 0), (-1, 5), (Int(Int32.max) + 1, 1), (1, Int(Int32.max) + 1)])
    func sizesPNGCannotHoldAreTypedErrors(size: (Int, Int)) throws {
        let error = Self.encodingError([0, 0, 0, 255], width: size.0, height: size.1, bytesPerRow: 4, compression: .fast)
        guard case .encodingFailed(.png, let detail)? = error else {
            Issue.record("expected encodingFailed(.png), got \(String(describing: error))")
            return
        }
        #expect(detail.contains("\(size.0)×\(size.1)"))
    }

    @Test func aRowStrideShorterThanTheRowIsATypedError() throws {
        let error = Self.encodingError([UInt8](repeating: 255, count: 16), width: 2, height: 2, bytesPerRow: 4, compression: .fast)
        #expect(error == .encodingFailed(format: .png, detail: "4 bytes a row cannot hold 2 pixels"))
    }

    @Test func aLevelLibdeflateRejectsIsATypedErrorEvenPastValidation() throws {
        let error = Self.encodingError([255, 255, 255, 255], width: 1, height: 1, bytesPerRow: 4,
                                       compression: PNGCompression(level: 13, filter: .up))
        guard case .encodingFailed(.png, let detail)? = error else {
            Issue.record("expected encodingFailed(.png), got \(String(describing: error))")
            return
        }
        #expect(detail.contains("level 13"))
    }

    /// The error of encoding `pixels` (opaque) with the internal entry point, or nil.
    static func encodingError(
        _ pixels: [UInt8], width: Int, height: Int, bytesPerRow: Int, compression: PNGCompression
    ) -> CanvasError? {
        pixels.withUnsafeBytes { (raw) -> CanvasError? in
            do throws(CanvasError) {
                _ = try PNGEncoder.encode(premultipliedBGRA: raw.baseAddress!, width: width, height: height,
                                          bytesPerRow: bytesPerRow, opaque: true, compression: compression)
                return nil
            } catch {
                return error
            }
        }
    }
}
