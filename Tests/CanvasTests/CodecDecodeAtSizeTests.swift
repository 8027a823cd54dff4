import Testing

@testable import Canvas

@Suite struct CodecDecodeAtSizeTests {
    /// A 4000×3000 opaque photo-sized JPEG (a gradient with a darker lower half), made once.
    static let bigJPEG: [UInt8] = {
        let width = 4000, height = 3000
        var top = [UInt8](repeating: 255, count: width * 4), bottom = top
        for x in 0..<width {
            let v = UInt8(x * 255 / (width - 1))
            top[x * 4] = v; top[x * 4 + 1] = 200; top[x * 4 + 2] = 255 - v
            bottom[x * 4] = v / 2; bottom[x * 4 + 1] = 60; bottom[x * 4 + 2] = (255 - v) / 2
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(width * height * 4)
        for y in 0..<height { bytes += y < height / 2 ? top : bottom }
        let bitmap = try! Bitmap(width: width, height: height, premultipliedBGRA: bytes)
        return try! ImageEncoder.encode(bitmap, as: .jpeg(quality: 80))
    }()

    @Test func photoForACardSlotIsDecodedWithDCTScalingNotInFull() throws {
        // A 375×211 pt slot at scale 2, aspect fill: 750×422 px.
        let target = DecodeTarget.fill(Size(width: 375, height: 211), scale: 2)
        #expect(target == .fill(width: 750, height: 422))
        let (bitmap, diagnostics) = try ImageDecoder.decodeWithDiagnostics(
            Self.bigJPEG, options: DecodeOptions(target: target, scale: 2)
        )
        // 1/8 would give 500×375, too small to cover 750×422; 1/4 gives 1000×750.
        #expect(diagnostics.jpegScale == JPEGScale(numerator: 1, denominator: 4))
        #expect(diagnostics.codecWidth == 1000 && diagnostics.codecHeight == 750)
        // The aspect-kept size covering 750×422: 750×563 (cropped later, when drawn).
        #expect(bitmap.width == 750 && bitmap.height == 563)
        #expect(bitmap.scale == 2)
        #expect(bitmap.size.width == 375)
        // Plausible pixels: light top half, dark bottom half.
        let top = try #require(bitmap.pixel(x: 375, y: 100)), bottom = try #require(bitmap.pixel(x: 375, y: 500))
        #expect(abs(Int(top.green) - 200) <= 6 && abs(Int(bottom.green) - 60) <= 6, "\(top) \(bottom)")
        #expect(top.alpha == 255 && bottom.alpha == 255)
    }

    @Test(arguments: [
        // (target, expected DCT scale, expected output)
        (DecodeTarget.fit(width: 100, height: 100), JPEGScale(numerator: 1, denominator: 8), (100, 75)),
        (DecodeTarget.fit(width: 2000, height: 2000), JPEGScale(numerator: 1, denominator: 2), (2000, 1500)),
        (DecodeTarget.fill(width: 3000, height: 100), JPEGScale(numerator: 3, denominator: 4), (3000, 2250)),
        (DecodeTarget.fit(width: 8000, height: 8000), JPEGScale(numerator: 1, denominator: 1), (4000, 3000)),
    ])
    func jpegChoosesTheSmallestCoveringDCTScale(target: DecodeTarget, scale: JPEGScale, output: (Int, Int)) throws {
        let (bitmap, diagnostics) = try ImageDecoder.decodeWithDiagnostics(Self.bigJPEG, options: DecodeOptions(target: target))
        #expect(diagnostics.jpegScale == scale)
        #expect(diagnostics.codecWidth >= output.0 && diagnostics.codecHeight >= output.1)
        #expect(bitmap.width == output.0 && bitmap.height == output.1)
    }

    @Test func webpIsScaledByLibwebpItself() throws {
        let original = try CodecTestSupport.pattern(width: 257, height: 129)
        let encoded = try ImageEncoder.encode(original, as: .webp(quality: 95))
        let (bitmap, diagnostics) = try ImageDecoder.decodeWithDiagnostics(encoded, options: DecodeOptions(target: .fit(width: 64, height: 64)))
        #expect(bitmap.width == 64 && bitmap.height == 32)
        // No second resize: the codec produced the final size.
        #expect(diagnostics.codecWidth == 64 && diagnostics.codecHeight == 32)
        let reference = try original.resized(width: 64, height: 32)
        let difference = CodecTestSupport.difference(reference, bitmap)
        #expect(difference.mean < 6, "mean abs error \(difference.mean)")
    }

    @Test func pngDownscaleAveragesACheckerboardToGrey() throws {
        let board = try CodecTestSupport.checkerboard(width: 256, height: 256)
        let encoded = try ImageEncoder.encode(board, as: .png())
        for target in [DecodeTarget.fit(width: 64, height: 64), .fit(width: 100, height: 100), .fit(width: 9, height: 9)] {
            let bitmap = try ImageDecoder.decode(encoded, options: DecodeOptions(target: target))
            var lowest = 255, highest = 0
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width {
                    let value = Int(bitmap.pixel(x: x, y: y)!.green)
                    lowest = min(lowest, value)
                    highest = max(highest, value)
                }
            }
            print("checkerboard 256×256 → \(bitmap.width)×\(bitmap.height): \(lowest)...\(highest)")
            // A box filter gives 127.5 everywhere; point sampling would give 0 and 255.
            #expect(lowest >= 118 && highest <= 137, "\(target): \(lowest)...\(highest)")
        }
    }

    @Test(arguments: [(1024, 16), (1000, 7), (300, 299)])
    func resizedAveragesLargeAndOddReductions(source: Int, target: Int) throws {
        let board = try CodecTestSupport.checkerboard(width: source, height: source / 2)
        let small = try board.resized(width: target, height: max(1, target / 2))
        #expect(small.width == target && small.height == max(1, target / 2))
        if source / target >= 2 {
            let value = Int(small.pixel(x: target / 2, y: small.height / 2)!.red)
            #expect((118...137).contains(value), "\(value)")
        }
    }

    @Test(arguments: [(256, 128, 64, 32), (300, 200, 100, 50), (257, 129, 32, 16), (1000, 600, 30, 18)])
    func resizedMatchesAnExactAreaAverage(width: Int, height: Int, targetWidth: Int, targetHeight: Int) throws {
        let source = try CodecTestSupport.pattern(width: width, height: height, translucent: true)
        let resized = try source.resized(width: targetWidth, height: targetHeight)
        // The reference: each output pixel is the area-weighted mean of the source pixels it covers.
        let bytes = source.premultipliedBGRABytes()
        var reference = [UInt8](repeating: 0, count: targetWidth * targetHeight * 4)
        let sx = Double(width) / Double(targetWidth), sy = Double(height) / Double(targetHeight)
        for ty in 0..<targetHeight {
            for tx in 0..<targetWidth {
                var sums = [0.0, 0.0, 0.0, 0.0], area = 0.0
                let x0 = Double(tx) * sx, x1 = x0 + sx, y0 = Double(ty) * sy, y1 = y0 + sy
                for y in Int(y0)..<min(height, Int(y1.rounded(.up))) {
                    let wy = min(y1, Double(y + 1)) - max(y0, Double(y))
                    for x in Int(x0)..<min(width, Int(x1.rounded(.up))) {
                        let w = wy * (min(x1, Double(x + 1)) - max(x0, Double(x)))
                        for c in 0..<4 { sums[c] += w * Double(bytes[(y * width + x) * 4 + c]) }
                        area += w
                    }
                }
                for c in 0..<4 { reference[(ty * targetWidth + tx) * 4 + c] = UInt8((sums[c] / area).rounded()) }
            }
        }
        let expected = try Bitmap(width: targetWidth, height: targetHeight, premultipliedBGRA: reference)
        let difference = CodecTestSupport.difference(expected, resized)
        print("resize \(width)×\(height) → \(targetWidth)×\(targetHeight): vs exact area average max \(difference.max), mean \(difference.mean)")
        // Measured: max 1, mean ≤ 0.05 (Cairo's GOOD filter is a true box filter for reductions).
        #expect(difference.max <= 2 && difference.mean < 0.25, "max \(difference.max), mean \(difference.mean)")
    }

    @Test func smallImagesAreNeverEnlarged() throws {
        let encoded = try ImageEncoder.encode(CodecTestSupport.pattern(width: 40, height: 30), as: .png())
        let bitmap = try ImageDecoder.decode(encoded, target: .fill(width: 400, height: 400), scale: 2)
        #expect(bitmap.width == 40 && bitmap.height == 30 && bitmap.scale == 2)
    }

    @Test func invalidTargetsAndScalesAreRefused() throws {
        let encoded = try ImageEncoder.encode(CodecTestSupport.pattern(width: 4, height: 4), as: .png())
        #expect(throws: CanvasError.invalidSize(width: 0, height: 10, problem: .notPositive)) {
            try ImageDecoder.decode(encoded, target: .fit(width: 0, height: 10))
        }
        #expect(throws: CanvasError.invalidSize(width: 0, height: 10, problem: .notPositive)) {
            try ImageDecoder.decode(encoded, target: .fit(Size(width: .nan, height: 5), scale: 2))
        }
        #expect(throws: CanvasError.invalidSize(width: 40000, height: 10, problem: .tooLarge)) {
            try ImageDecoder.decode(encoded, target: .fill(width: 40000, height: 10))
        }
        #expect(throws: CanvasError.invalidScale(.infinity)) {
            try ImageDecoder.decode(encoded, target: .original, scale: .infinity)
        }
    }
}
