import AsyncLayerKitTesting
import Testing

@_spi(Benchmarks) @testable import Canvas

/// JPEG's speed knob: libjpeg-turbo's fast integer DCT (`TJFLAG_FASTDCT`) through `fastDCT`.
@Suite struct JPEGFastDCTTests {
    @Test(arguments: ChromaSubsampling.allCases, [false, true])
    func fastDCTReachesTheEncoderAndDecodesWithinAPSNRBound(subsampling: ChromaSubsampling, translucent: Bool) throws {
        let bitmap = try CodecTestSupport.pattern(width: 257, height: 129, translucent: translucent)
        let accurate = try ImageEncoder.encode(bitmap, as: .jpeg(quality: 85, chromaSubsampling: subsampling, fastDCT: false))
        let fast = try ImageEncoder.encode(bitmap, as: .jpeg(quality: 85, chromaSubsampling: subsampling, fastDCT: true))
        // Another transform, other coefficients: another file.
        let sameFile = fast == accurate
        #expect(!sameFile, "fastDCT made no difference")
        let decodedFast = try ImageDecoder.decode(fast), decodedAccurate = try ImageDecoder.decode(accurate)
        let psnrFast = try #require(ImageDistortion.psnrOnWhite(decodedFast, against: bitmap))
        let psnrAccurate = try #require(ImageDistortion.psnrOnWhite(decodedAccurate, against: bitmap))
        #expect(psnrFast > 30, "fast DCT: PSNR \(psnrFast) dB")
        // At quality 85 the fast DCT's rounding costs little: within 1 dB of the accurate one.
        #expect(abs(psnrFast - psnrAccurate) < 1, "fast \(psnrFast) dB, accurate \(psnrAccurate) dB")
    }

    /// TurboJPEG compresses with the fast DCT when no flag names one, so `TJFLAG_FASTDCT` writes
    /// the same file as no flag: the default `fastDCT: true` keeps the files written before it.
    @Test func fastDCTIsTurboJPEGsOwnCompressionDefault() throws {
        let bitmap = try CodecTestSupport.pattern(width: 257, height: 129)
        let unflagged = try JPEGEncoder.encode(bitmap, quality: 85, background: .white, subsampling: .yuv420, dctFlags: 0)
        let byDefault = try ImageEncoder.encode(bitmap, as: .jpeg()) == unflagged
        let fast = try ImageEncoder.encode(bitmap, as: .jpeg(fastDCT: true)) == unflagged
        let accurate = try ImageEncoder.encode(bitmap, as: .jpeg(fastDCT: false)) == unflagged
        #expect(byDefault, ".jpeg() is not TurboJPEG's unflagged file")
        #expect(fast, "fastDCT: true is not TurboJPEG's unflagged file")
        #expect(!accurate, "fastDCT: false is TurboJPEG's unflagged file")
    }
}
