import CWebP

/// WebP encoding through libwebp's advanced API (`WebPConfig`, `WebPPicture`, `WebPMemoryWriter`).
/// Not API: SPI for the benchmarks of the examples package (`@_spi(Benchmarks) import Canvas`).
@_spi(Benchmarks) public enum WebPEncoder {
    /// Everything the encoder is told: ``EncodingOptions/webp(quality:lossless:method:multithreaded:alphaFilter:alphaCompression:alphaQuality:)``'s
    /// values, plus the benchmark's switch for the opaque path.
    public struct Settings: Hashable, Sendable {
        /// Lossy quality, 0...100.
        public var quality: Double
        /// Whether the encoding is lossless.
        public var lossless: Bool
        /// libwebp's `method`, 0 (fastest) ... 6 (smallest).
        public var method: Int
        /// libwebp's `thread_level` 1: a second thread for analysis and the alpha plane.
        public var multithreaded: Bool
        /// libwebp's `alpha_filtering`.
        public var alphaFilter: WebPAlphaFilter
        /// libwebp's `alpha_compression`: false stores the alpha plane raw.
        public var alphaCompression: Bool
        /// libwebp's `alpha_quality`, 0...100.
        public var alphaQuality: Int
        /// An opaque bitmap is imported as BGRX straight from its pixels (no copy, no alpha
        /// plane). Off only in card-bench, to time the general path (a straight-alpha copy).
        public var opaquePath = true

        /// The settings of `options`, or nil when they are not WebP's.
        public init?(_ options: EncodingOptions) {
            guard case .webp(let quality, let lossless, let method, let multithreaded, let alphaFilter, let alphaCompression, let alphaQuality) = options else {
                return nil
            }
            self.init(
                quality: quality, lossless: lossless, method: method, multithreaded: multithreaded,
                alphaFilter: alphaFilter, alphaCompression: alphaCompression, alphaQuality: alphaQuality
            )
        }

        /// Settings from each value; the opaque path on.
        init(quality: Double, lossless: Bool, method: Int, multithreaded: Bool, alphaFilter: WebPAlphaFilter, alphaCompression: Bool, alphaQuality: Int) {
            self.quality = quality
            self.lossless = lossless
            self.method = method
            self.multithreaded = multithreaded
            self.alphaFilter = alphaFilter
            self.alphaCompression = alphaCompression
            self.alphaQuality = alphaQuality
        }
    }

    /// Encodes `bitmap` with `settings`; the options must have been validated.
    public static func encode(_ bitmap: Bitmap, _ settings: Settings) throws(CanvasError) -> [UInt8] {
        var config = try configuration(settings)
        guard bitmap.width <= Int(WEBP_MAX_DIMENSION), bitmap.height <= Int(WEBP_MAX_DIMENSION) else {
            throw .encodingFailed(format: .webp, detail: "\(bitmap.width)×\(bitmap.height) is larger than WebP's \(WEBP_MAX_DIMENSION) px per side")
        }

        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else {
            throw .encodingFailed(format: .webp, detail: "libwebp version mismatch (WebPPictureInit failed)")
        }
        // Freed exactly once, whichever way this function leaves.
        defer { WebPPictureFree(&picture) }
        picture.width = Int32(bitmap.width)
        picture.height = Int32(bitmap.height)
        picture.use_argb = settings.lossless ? 1 : 0
        let imported: Int32
        if settings.opaquePath, PixelConversion.isOpaque(bitmap) {
            // Opaque premultiplied pixels are the straight colours: read them in place, and BGRX
            // gives libwebp no alpha plane to scan, filter or write.
            imported = bitmap.withUnsafeBytes { pixels in
                WebPPictureImportBGRX(&picture, pixels.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(bitmap.bytesPerRow))
            }
        } else {
            let bgra = PixelConversion.straightBytes(of: bitmap, order: .bgra)
            imported = bgra.withUnsafeBufferPointer { pixels in
                WebPPictureImportBGRA(&picture, pixels.baseAddress, Int32(bitmap.width * 4))
            }
        }
        guard imported != 0 else {
            throw .encodingFailed(format: .webp, detail: "importing the pixels failed (out of memory?)")
        }

        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        let encoded = withUnsafeMutablePointer(to: &writer) { writerPointer in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(writerPointer)
            defer { picture.custom_ptr = nil }
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0, let bytes = writer.mem else {
            throw .encodingFailed(format: .webp, detail: "WebPEncode failed: \(describe(picture.error_code))")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: writer.size))
    }

    /// libwebp's configuration for `settings`: the default preset at the quality, then the knobs.
    static func configuration(_ settings: Settings) throws(CanvasError) -> WebPConfig {
        var config = WebPConfig()
        guard WebPConfigPreset(&config, WEBP_PRESET_DEFAULT, Float(settings.quality)) != 0 else {
            throw .encodingFailed(format: .webp, detail: "libwebp version mismatch (WebPConfigPreset failed)")
        }
        config.method = Int32(clamping: settings.method)
        config.lossless = settings.lossless ? 1 : 0
        config.thread_level = settings.multithreaded ? 1 : 0
        config.alpha_filtering = settings.alphaFilter.libwebpValue
        config.alpha_compression = settings.alphaCompression ? 1 : 0
        config.alpha_quality = Int32(clamping: settings.alphaQuality)
        guard WebPValidateConfig(&config) != 0 else {
            throw .encodingFailed(format: .webp, detail: "libwebp rejected the configuration (\(settings))")
        }
        return config
    }

    private static func describe(_ code: WebPEncodingError) -> String {
        switch code {
        case VP8_ENC_ERROR_OUT_OF_MEMORY: "out of memory"
        case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: "out of memory while flushing the bitstream"
        case VP8_ENC_ERROR_NULL_PARAMETER: "a required argument is missing"
        case VP8_ENC_ERROR_INVALID_CONFIGURATION: "invalid configuration"
        case VP8_ENC_ERROR_BAD_DIMENSION: "bad picture dimension"
        case VP8_ENC_ERROR_PARTITION0_OVERFLOW: "partition 0 is bigger than 512 KiB"
        case VP8_ENC_ERROR_PARTITION_OVERFLOW: "a partition is bigger than 16 MiB"
        case VP8_ENC_ERROR_BAD_WRITE: "the writer failed"
        case VP8_ENC_ERROR_FILE_TOO_BIG: "the file is bigger than 4 GiB"
        case VP8_ENC_ERROR_USER_ABORT: "aborted"
        default: "error \(code.rawValue)"
        }
    }
}
