import Testing

@testable import Canvas

@Suite struct CodecRoundTripTests {
    static let sizes: [(Int, Int)] = [(1, 1), (3, 5), (17, 9), (257, 129)]

    /// Lossy tolerance (mean absolute error per byte) by size: the pattern spans its whole range of
    /// colour over the width, so a 3-pixel-wide image is almost all edges, which chroma subsampling
    /// and 4×4 transforms cannot keep; real pictures are judged by the large size.
    static func lossyTolerance(_ size: (Int, Int)) -> Double {
        switch min(size.0, size.1) {
        case ..<2: 4
        case ..<8: 30
        case ..<16: 8
        default: 4
        }
    }

    @Test(arguments: sizes, [false, true])
    func pngIsLossless(size: (Int, Int), translucent: Bool) throws {
        let original = try CodecTestSupport.pattern(width: size.0, height: size.1, translucent: translucent)
        let encoded = try ImageEncoder.encode(original, as: .png())
        #expect(ImageFormat.sniff(encoded) == .png)
        let info = try ImageDecoder.info(of: encoded)
        #expect(info == ImageInfo(format: .png, width: size.0, height: size.1, hasAlpha: translucent && size.0 > 1))
        let decoded = try ImageDecoder.decode(encoded)
        #expect(decoded.width == size.0 && decoded.height == size.1)
        let difference = CodecTestSupport.difference(original, decoded)
        // Opaque pixels are exact; translucent ones may move by one step of premultiply rounding.
        #expect(difference.max <= (translucent ? 1 : 0), "max difference \(difference.max)")
    }

    @Test(arguments: [PNGCompression.fast, .compact, PNGCompression(level: 0, filter: .none), PNGCompression(level: 12, filter: .paeth)])
    func pngCompressionLevelsAllDecodeTheSame(compression: PNGCompression) throws {
        let original = try CodecTestSupport.pattern(width: 64, height: 48, translucent: true)
        let decoded = try ImageDecoder.decode(ImageEncoder.encode(original, as: .png(compression: compression)))
        #expect(CodecTestSupport.difference(original, decoded).max <= 1)
    }

    @Test func opaquePNGIsWrittenAsRGB() throws {
        let opaque = try ImageEncoder.encode(CodecTestSupport.pattern(width: 8, height: 8), as: .png())
        let translucent = try ImageEncoder.encode(CodecTestSupport.pattern(width: 8, height: 8, translucent: true), as: .png())
        // IHDR colour type at byte 25: 2 = RGB, 6 = RGBA.
        #expect(opaque[25] == 2)
        #expect(translucent[25] == 6)
    }

    @Test(arguments: sizes, [false, true])
    func webpLosslessIsExactUpToPremultiplyRounding(size: (Int, Int), translucent: Bool) throws {
        let original = try CodecTestSupport.pattern(width: size.0, height: size.1, translucent: translucent)
        let encoded = try ImageEncoder.encode(original, as: .webp(quality: 75, lossless: true))
        #expect(ImageFormat.sniff(encoded) == .webp)
        let decoded = try ImageDecoder.decode(encoded)
        #expect(decoded.width == size.0 && decoded.height == size.1)
        let difference = CodecTestSupport.difference(original, decoded)
        #expect(difference.max <= (translucent ? 1 : 0), "max difference \(difference.max)")
    }

    @Test(arguments: sizes, [0, 4, 6])
    func webpLossyIsClose(size: (Int, Int), method: Int) throws {
        let original = try CodecTestSupport.pattern(width: size.0, height: size.1)
        let encoded = try ImageEncoder.encode(original, as: .webp(quality: 90, method: method))
        let decoded = try ImageDecoder.decode(encoded)
        #expect(decoded.width == size.0 && decoded.height == size.1)
        let difference = CodecTestSupport.difference(original, decoded)
        #expect(difference.mean < Self.lossyTolerance(size), "mean abs error \(difference.mean)")
    }

    @Test func webpLossyKeepsAlpha() throws {
        let original = try CodecTestSupport.pattern(width: 64, height: 32, translucent: true)
        let encoded = try ImageEncoder.encode(original, as: .webp(quality: 90))
        #expect(try ImageDecoder.info(of: encoded).hasAlpha)
        let decoded = try ImageDecoder.decode(encoded)
        #expect(decoded.pixel(x: 0, y: 0)?.alpha == 0)
        #expect(decoded.pixel(x: 63, y: 31)?.alpha == 255)
        #expect(CodecTestSupport.difference(original, decoded).mean < 4)
    }

    @Test(arguments: sizes, ChromaSubsampling.allCases)
    func jpegIsClose(size: (Int, Int), subsampling: ChromaSubsampling) throws {
        let original = try CodecTestSupport.pattern(width: size.0, height: size.1)
        let encoded = try ImageEncoder.encode(original, as: .jpeg(quality: 92, chromaSubsampling: subsampling))
        #expect(ImageFormat.sniff(encoded) == .jpeg)
        #expect(try ImageDecoder.info(of: encoded) == ImageInfo(format: .jpeg, width: size.0, height: size.1, hasAlpha: false))
        let decoded = try ImageDecoder.decode(encoded)
        #expect(decoded.width == size.0 && decoded.height == size.1)
        let difference = CodecTestSupport.difference(original, decoded)
        #expect(difference.mean < Self.lossyTolerance(size) + 1, "mean abs error \(difference.mean)")
    }

    @Test func jpegCompositesTranslucentPixelsOntoTheBackground() throws {
        // Fully transparent everywhere: the JPEG is the background colour.
        let clear = try Bitmap(width: 16, height: 16, premultipliedBGRA: [UInt8](repeating: 0, count: 16 * 16 * 4))
        for (background, expected) in [(Color.white, 255), (Color.black, 0)] {
            let decoded = try ImageDecoder.decode(ImageEncoder.encode(clear, as: .jpeg(background: background)))
            let pixel = try #require(decoded.pixel(x: 8, y: 8))
            #expect(abs(Int(pixel.red) - expected) <= 2 && pixel.alpha == 255, "\(pixel)")
        }
        // Half-transparent red over white is pink.
        let halfRed = try Bitmap(width: 16, height: 16, premultipliedBGRA: Array([0, 0, 128, 128].codecRepeated(256)))
        let pink = try #require(try ImageDecoder.decode(ImageEncoder.encode(halfRed, as: .jpeg(quality: 100, chromaSubsampling: .yuv444))).pixel(x: 8, y: 8))
        #expect(abs(Int(pink.red) - 255) <= 2 && abs(Int(pink.green) - 127) <= 3 && abs(Int(pink.blue) - 127) <= 3, "\(pink)")
    }

    @Test func higherQualityAndEffortChangeTheOutput() throws {
        let original = try CodecTestSupport.pattern(width: 200, height: 120)
        let low = try ImageEncoder.encode(original, as: .jpeg(quality: 30))
        let high = try ImageEncoder.encode(original, as: .jpeg(quality: 95))
        #expect(low.count < high.count)
        let webpLow = try ImageEncoder.encode(original, as: .webp(quality: 20))
        let webpHigh = try ImageEncoder.encode(original, as: .webp(quality: 95))
        #expect(webpLow.count < webpHigh.count)
    }
}

extension Array {
    func codecRepeated(_ count: Int) -> [Element] {
        Array((0..<count).map { _ in self }.joined())
    }
}
