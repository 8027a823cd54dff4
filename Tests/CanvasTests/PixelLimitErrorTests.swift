import Testing

@testable import Canvas

/// A source image over the pixel limit and an output bitmap over it are different errors:
/// ``CanvasError/imageTooManyPixels(width:height:limit:)`` for the image being decoded,
/// ``CanvasError/tooManyPixels(width:height:limit:)`` for the bitmap being made.
@Suite struct PixelLimitErrorTests {
    /// 40 × 30 = 1 200 pixels, over this limit and well within the default one.
    static let limits = PixelLimits(maxPixelCount: 1_000)

    /// A 40×30 image in every format the decoder reads.
    static let sources: [(name: String, bytes: [UInt8])] = {
        let bitmap = try! CodecTestSupport.pattern(width: 40, height: 30)
        return [
            ("PNG", try! ImageEncoder.encode(bitmap, as: .png())),
            ("JPEG", try! ImageEncoder.encode(bitmap, as: .jpeg())),
            ("WebP lossy", try! ImageEncoder.encode(bitmap, as: .webp())),
            ("WebP lossless", try! ImageEncoder.encode(bitmap, as: .webp(lossless: true))),
        ]
    }()

    @Test(arguments: 0..<4)
    func aSourceImageOverTheLimitIsTheImageCase(index: Int) throws {
        let (name, bytes) = Self.sources[index]
        // Within the default limits the image decodes: the error below is the limit's alone.
        #expect(try ImageDecoder.decode(bytes).width == 40, "\(name)")
        let expected = CanvasError.imageTooManyPixels(width: 40, height: 30, limit: 1_000)
        for target in [DecodeTarget.original, .fit(width: 10, height: 10), .fill(width: 10, height: 10)] {
            // A small target does not help: the image itself is over the limit.
            #expect(throws: expected, "\(name) at \(target)") {
                try ImageDecoder.decode(bytes, options: DecodeOptions(target: target, limits: Self.limits))
            }
        }
        #expect(expected.description == "source image of 40×30 px is 1200 pixels, over the limit of 1000")
    }

    @Test func anOutputBitmapOverTheLimitIsTheBitmapCase() throws {
        let expected = CanvasError.tooManyPixels(width: 40, height: 30, limit: 1_000)
        #expect(throws: expected) {
            try Bitmap(width: 40, height: 30, premultipliedBGRA: [UInt8](repeating: 0, count: 40 * 30 * 4), limits: Self.limits)
        }
        #expect(throws: expected) {
            try Bitmap.render(size: Size(width: 20, height: 15), scale: 2, limits: Self.limits) { _ in }
        }
        let small = try CodecTestSupport.pattern(width: 4, height: 3)
        #expect(throws: expected) { try small.resized(width: 40, height: 30, limits: Self.limits) }
        #expect(expected.description == "bitmap of 40×30 px is 1200 pixels, over the limit of 1000")
    }

    @Test func theTwoChecksDifferOnlyInThePixelCountCase() throws {
        #expect(throws: CanvasError.tooManyPixels(width: 40, height: 30, limit: 1_000)) {
            try Self.limits.check(width: 40, height: 30)
        }
        #expect(throws: CanvasError.imageTooManyPixels(width: 40, height: 30, limit: 1_000)) {
            try Self.limits.checkImage(width: 40, height: 30)
        }
        // A side over the largest is the same error for both.
        let tooWide = CanvasError.invalidSize(width: 40_000, height: 1, problem: .tooLarge)
        #expect(throws: tooWide) { try Self.limits.check(width: 40_000, height: 1) }
        #expect(throws: tooWide) { try Self.limits.checkImage(width: 40_000, height: 1) }
        try Self.limits.checkImage(width: 40, height: 25)
    }
}
