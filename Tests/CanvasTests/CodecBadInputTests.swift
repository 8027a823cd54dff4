import AsyncLayerKitTesting
import Testing

@testable import Canvas

@Suite struct CodecBadInputTests {
    /// One small valid file of each kind (a translucent pattern; JPEG drops the alpha).
    static let samples: [(name: String, format: ImageFormat, bytes: [UInt8])] = {
        let bitmap = try! CodecTestSupport.pattern(width: 257, height: 129, translucent: true)
        return [
            ("PNG", .png, try! ImageEncoder.encode(bitmap, as: .png())),
            ("JPEG", .jpeg, try! ImageEncoder.encode(bitmap, as: .jpeg())),
            ("WebP lossy", .webp, try! ImageEncoder.encode(bitmap, as: .webp())),
            // Method 4 pinned: the file these corruption offsets were chosen for (the default is 2 now,
            // whose file happens to decode with these 16 bytes flipped).
            ("WebP lossless", .webp, try! ImageEncoder.encode(bitmap, as: .webp(lossless: true, method: 4))),
        ]
    }()

    /// Decodes, expecting an error; returns it.
    func decodeError(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) -> CanvasError? {
        do {
            let bitmap = try ImageDecoder.decode(bytes, options: options)
            Issue.record("decoded a \(bitmap.width)×\(bitmap.height) bitmap from bad data")
            return nil
        } catch {
            return error
        }
    }

    // MARK: Not an image

    @Test func emptyDataIsAnUnknownFormatThatSaysSo() throws {
        let error = decodeError([])
        #expect(error == .unknownImageFormat(leadingBytes: ""))
        #expect(error?.description.contains("empty") == true)
        #expect(throws: CanvasError.unknownImageFormat(leadingBytes: "")) { try ImageDecoder.info(of: [UInt8]()) }
    }

    @Test func randomBytesAreAnUnknownFormatShowingTheLeadingBytes() throws {
        var generator = SplitMix64(seed: 42)
        for length in [1, 7, 100, 10_000] {
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if bytes[0] == 0x89 || bytes[0] == 0xFF || bytes[0] == 0x52 { bytes[0] = 0x00 }
            guard case .unknownImageFormat(let leading) = decodeError(bytes) else {
                Issue.record("expected unknownImageFormat for \(length) random bytes")
                continue
            }
            let firstHex = String(bytes[0], radix: 16, uppercase: true)
            #expect(leading.hasPrefix(firstHex.count == 1 ? "0" + firstHex : firstHex), "\(leading)")
        }
    }

    @Test(arguments: [
        ("GIF89a" + "\u{1}\u{0}\u{1}\u{0}", "47 49 46 38 39 61", "GIF"),
        ("BM" + String(repeating: "\u{0}", count: 30), "42 4D 00", "BMP"),
        ("II*\u{0}" + String(repeating: "\u{0}", count: 8), "49 49 2A 00", "TIFF"),
        ("RIFF\u{4}\u{0}\u{0}\u{0}WAVEfmt ", "52 49 46 46", "RIFF"),
    ])
    func otherFormatsAreNamedInTheMessage(text: String, hex: String, name: String) throws {
        let error = decodeError(Array(text.utf8))
        guard case .unknownImageFormat(let leading) = error else {
            Issue.record("expected unknownImageFormat, got \(String(describing: error))")
            return
        }
        #expect(leading.hasPrefix(hex), "\(leading)")
        #expect(leading.contains(name), "\(leading)")
        #expect(error!.description.contains("unknown image format"))
    }

    // MARK: Truncated

    @Test(arguments: samples.indices)
    func truncatedFilesAreTruncatedErrors(index: Int) throws {
        let sample = Self.samples[index]
        let bytes = sample.bytes
        // Inside the signature, inside the header, early in the data, halfway, near the end.
        var cuts = [3, 20, 60, bytes.count / 2]
        // A PNG cut inside its IEND trailer still holds every pixel (libpng's simplified reader
        // stops after the image data), so the last cut is only meaningful for JPEG and WebP.
        if sample.format != .png { cuts.append(bytes.count - 2) }
        for cut in cuts {
            let prefix = Array(bytes.prefix(cut))
            let error = decodeError(prefix)
            guard case .truncatedImage(let format, let detail) = error else {
                Issue.record("\(sample.name) cut at \(cut) of \(bytes.count): expected truncatedImage, got \(String(describing: error))")
                continue
            }
            #expect(format == sample.format)
            #expect(!detail.isEmpty)
            #expect(error!.description.hasPrefix("truncated \(sample.format.rawValue.uppercased()) data"))
        }
    }

    @Test func truncatedHeadersAreTruncatedForInfoToo() throws {
        for sample in Self.samples {
            #expect(throws: CanvasError.self) { try ImageDecoder.info(of: sample.bytes.prefix(20)) }
            do {
                _ = try ImageDecoder.info(of: sample.bytes.prefix(20))
            } catch {
                guard case .truncatedImage(sample.format, _) = error else {
                    Issue.record("\(sample.name): expected truncatedImage, got \(error)")
                    continue
                }
            }
        }
    }

    @Test func jpegTruncationIsAnErrorNotAGreyPicture() throws {
        let jpeg = Self.samples[1].bytes
        let error = decodeError(Array(jpeg.prefix(jpeg.count * 2 / 3)))
        #expect(error?.description.contains("Premature end of JPEG file") == true, "\(String(describing: error))")
    }

    // MARK: Corrupt

    @Test(arguments: samples.indices)
    func corruptedBytesInTheMiddleAreErrors(index: Int) throws {
        let sample = Self.samples[index]
        var bytes = sample.bytes
        let start = bytes.count / 2
        for i in start..<(start + 16) { bytes[i] ^= UInt8((i * 37) & 0xFF) | 0x01 }
        let error = decodeError(bytes)
        switch error {
        case .corruptImage(let format, let detail)?:
            #expect(format == sample.format && !detail.isEmpty)
        case .truncatedImage(let format, _)? where sample.name == "WebP lossy":
            // libwebp reports a damaged lossy partition as VP8_STATUS_NOT_ENOUGH_DATA.
            #expect(format == .webp)
        default:
            Issue.record("\(sample.name): expected corruptImage, got \(String(describing: error))")
        }
    }

    @Test func corruptPNGMessagesComeFromLibpng() throws {
        var png = Self.samples[0].bytes
        png[17] ^= 0x40  // inside IHDR's width, without fixing the CRC
        #expect(decodeError(png) == .corruptImage(format: .png, detail: "IHDR: CRC error"))
        var filter = Self.samples[0].bytes
        for i in (filter.count / 2)..<(filter.count / 2 + 16) { filter[i] ^= 0x5A }
        guard case .corruptImage(.png, let detail)? = decodeError(filter) else {
            Issue.record("expected a corrupt PNG")
            return
        }
        #expect(!detail.isEmpty)
    }

    @Test func corruptJPEGMessagesComeFromLibjpeg() throws {
        var jpeg = Self.samples[1].bytes
        let start = jpeg.count / 2
        for i in start..<(start + 16) { jpeg[i] ^= UInt8((i * 37) & 0xFF) | 0x01 }
        let error = decodeError(jpeg)
        #expect(error?.description.contains("Corrupt JPEG data") == true, "\(String(describing: error))")
    }

    @Test func jpegHeaderWarningsStillGiveInfoButTheDecodeIsStrict() throws {
        // Two stray bytes between APP0 and the next segment: libjpeg warns "extraneous bytes".
        let jpeg = Self.samples[1].bytes
        let app0End = 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5]))
        let damaged = Array(jpeg[..<app0End]) + [0x00, 0x00] + Array(jpeg[app0End...])
        #expect(try ImageDecoder.info(of: damaged).width == 257)
        let error = decodeError(damaged)
        guard case .corruptImage(.jpeg, let detail)? = error else {
            Issue.record("expected corruptImage, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("extraneous bytes"), "\(detail)")
    }

    // MARK: Sizes

    @Test func headersClaimingHugeSizesAreRefusedBeforeAllocating() throws {
        let small = try CodecTestSupport.pattern(width: 4, height: 4)
        let png = try ImageEncoder.encode(small, as: .png())
        let jpeg = try ImageEncoder.encode(small, as: .jpeg())
        let webp = try ImageEncoder.encode(small, as: .webp(lossless: true))
        let before = CodecTestSupport.residentBytes()

        // 60000×60000 (3.6 GP, 14.4 GB of pixels): over the largest side before the pixel count.
        let hugePNG = CodecTestSupport.pngClaiming(width: 60000, height: 60000, from: png)
        #expect(try ImageDecoder.info(of: hugePNG) == ImageInfo(format: .png, width: 60000, height: 60000, hasAlpha: false))
        #expect(decodeError(hugePNG) == .invalidSize(width: 60000, height: 60000, problem: .tooLarge))
        let hugeJPEG = try CodecTestSupport.jpegClaiming(width: 60000, height: 60000, from: jpeg)
        #expect(try ImageDecoder.info(of: hugeJPEG).width == 60000)
        #expect(decodeError(hugeJPEG) == .invalidSize(width: 60000, height: 60000, problem: .tooLarge))

        // 30000×30000 (900 MP) is within the side limit, over the 50 MP default.
        let bombPNG = CodecTestSupport.pngClaiming(width: 30000, height: 30000, from: png)
        #expect(decodeError(bombPNG) == .imageTooManyPixels(width: 30000, height: 30000, limit: 50_000_000))
        let bombJPEG = try CodecTestSupport.jpegClaiming(width: 30000, height: 30000, from: jpeg)
        #expect(decodeError(bombJPEG) == .imageTooManyPixels(width: 30000, height: 30000, limit: 50_000_000))
        // Even decoding the bomb at a thumbnail size is refused: the header is what is checked.
        #expect(decodeError(bombJPEG, options: DecodeOptions(target: .fit(width: 100, height: 100)))
            == .imageTooManyPixels(width: 30000, height: 30000, limit: 50_000_000))
        // WebP's own format caps a side at 16384: 16384×16384 is 268 MP.
        let bombWebP = try CodecTestSupport.webpLosslessClaiming(width: 16384, height: 16384, from: webp)
        #expect(try ImageDecoder.info(of: bombWebP).width == 16384)
        #expect(decodeError(bombWebP) == .imageTooManyPixels(width: 16384, height: 16384, limit: 50_000_000))

        // Nothing near those sizes was allocated (a single one would be gigabytes).
        #expect(CodecTestSupport.residentBytes() - before < 64 << 20)
        #expect(decodeError(bombPNG)?.description.contains("over the limit of 50000000") == true)
    }

    @Test func callerLimitsApplyToo() throws {
        let png = Self.samples[0].bytes
        let limits = PixelLimits(maxPixelCount: 10_000)
        #expect(decodeError(png, options: DecodeOptions(limits: limits)) == .imageTooManyPixels(width: 257, height: 129, limit: 10_000))
        let narrow = PixelLimits(maxDimension: 200)
        #expect(decodeError(png, options: DecodeOptions(limits: narrow)) == .invalidSize(width: 257, height: 129, problem: .tooLarge))
    }

    @Test func zeroSizedImagesCannotExist() throws {
        // A PNG header claiming 0×4 is rejected by libpng; a JPEG claiming 0 lines by libjpeg.
        let png = try ImageEncoder.encode(CodecTestSupport.pattern(width: 4, height: 4), as: .png())
        guard case .corruptImage(.png, let detail)? = decodeError(CodecTestSupport.pngClaiming(width: 0, height: 4, from: png)) else {
            Issue.record("expected a corrupt PNG")
            return
        }
        #expect(detail.contains("IHDR"), "\(detail)")
        let jpeg = try ImageEncoder.encode(CodecTestSupport.pattern(width: 4, height: 4), as: .jpeg())
        let zeroJPEG = try CodecTestSupport.jpegClaiming(width: 4, height: 0, from: jpeg)
        guard case .corruptImage(.jpeg, _)? = decodeError(zeroJPEG) else {
            Issue.record("expected a corrupt JPEG, got \(String(describing: decodeError(zeroJPEG)))")
            return
        }
        // Bitmaps themselves refuse a zero or negative size, so there is nothing to encode.
        #expect(throws: CanvasError.invalidSize(width: 0, height: 1, problem: .notPositive)) {
            try Bitmap(width: 0, height: 1, premultipliedBGRA: [])
        }
        #expect(throws: CanvasError.invalidSize(width: -1, height: 1, problem: .notPositive)) {
            try CodecTestSupport.pattern(width: 4, height: 4).resized(width: -1, height: 1)
        }
    }

    // MARK: Encoding options

    @Test(arguments: [
        (EncodingOptions.png(compression: PNGCompression(level: -1, filter: .up)), "compression level -1"),
        (.png(compression: PNGCompression(level: 13, filter: .adaptive)), "compression level 13"),
        (.webp(quality: -1), "quality -1.0"),
        (.webp(quality: 100.5), "quality 100.5"),
        (.webp(quality: .nan), "quality nan"),
        (.webp(method: 7), "method 7"),
        (.webp(lossless: true, method: -1), "method -1"),
        (.jpeg(quality: 0), "quality 0"),
        (.jpeg(quality: 101), "quality 101"),
    ])
    func badEncodingOptionsAreNamed(options: EncodingOptions, named: String) throws {
        let bitmap = try CodecTestSupport.pattern(width: 4, height: 4)
        do {
            _ = try ImageEncoder.encode(bitmap, as: options)
            Issue.record("encoded with \(options)")
        } catch {
            guard case .encodingFailed(let format, let detail) = error else {
                Issue.record("expected encodingFailed, got \(error)")
                return
            }
            #expect(format == options.format)
            #expect(detail.contains(named), "\(detail)")
        }
    }

    @Test func jpegBackgroundMustBeFinite() throws {
        // Color's initialisers clamp, but its components are settable. (The options are not
        // passed as a test argument: describing a NaN colour traps in Color.hexString.)
        var background = Color.white
        background.red = .nan
        do {
            _ = try ImageEncoder.encode(CodecTestSupport.pattern(width: 4, height: 4), as: .jpeg(background: background))
            Issue.record("encoded with a NaN background")
        } catch {
            #expect(String(describing: error).contains("background colour"), "\(error)")
        }
    }

    @Test func webpRefusesBitmapsOverItsSideLimit() throws {
        let wide = try Bitmap(width: 16_384, height: 1, premultipliedBGRA: [UInt8](repeating: 255, count: 16_384 * 4))
        #expect(throws: CanvasError.self) { try ImageEncoder.encode(wide, as: .webp()) }
    }
}
