import CWebP

/// WebP encoding through libwebp's advanced API (`WebPConfig`, `WebPPicture`, `WebPMemoryWriter`).
enum WebPEncoder {
    static func encode(_ bitmap: Bitmap, quality: Double, lossless: Bool, method: Int) throws(CanvasError) -> [UInt8] {
        var config = WebPConfig()
        guard WebPConfigPreset(&config, WEBP_PRESET_DEFAULT, Float(quality)) != 0 else {
            throw .encodingFailed(format: .webp, detail: "libwebp version mismatch (WebPConfigPreset failed)")
        }
        config.method = Int32(method)
        config.lossless = lossless ? 1 : 0
        guard WebPValidateConfig(&config) != 0 else {
            throw .encodingFailed(format: .webp, detail: "libwebp rejected the configuration (quality \(quality), method \(method))")
        }
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
        picture.use_argb = lossless ? 1 : 0
        let bgra = PixelConversion.straightBytes(of: bitmap, order: .bgra)
        let imported = bgra.withUnsafeBufferPointer { pixels in
            WebPPictureImportBGRA(&picture, pixels.baseAddress, Int32(bitmap.width * 4))
        }
        guard imported != 0 else {
            throw .encodingFailed(format: .webp, detail: "WebPPictureImportBGRA failed (out of memory?)")
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
