import CWebP

/// WebP decoding through libwebp's advanced API: the header from `WebPGetFeatures`, then one
/// `WebPDecode` straight into the bitmap's memory (external memory, premultiplied `MODE_bgrA`),
/// scaled by libwebp itself when a smaller size is asked for.
enum WebPDecoder {
    /// The header: size and alpha.
    static func info(_ bytes: UnsafeBufferPointer<UInt8>) throws(CanvasError) -> ImageInfo {
        var features = WebPBitstreamFeatures()
        let status = WebPGetFeatures(bytes.baseAddress, bytes.count, &features)
        guard status == VP8_STATUS_OK else { throw error(status, during: "reading the header") }
        guard features.width > 0, features.height > 0 else {
            throw .corruptImage(format: .webp, detail: "the header gives a size of \(features.width)×\(features.height)")
        }
        return ImageInfo(format: .webp, width: Int(features.width), height: Int(features.height), hasAlpha: features.has_alpha != 0)
    }

    /// Decodes at exactly `output` (libwebp's scaler averages the area of each output pixel).
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>,
        info: ImageInfo,
        output: (width: Int, height: Int),
        scale: Double
    ) throws(CanvasError) -> Bitmap {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else {
            throw .corruptImage(format: .webp, detail: "libwebp version mismatch (WebPInitDecoderConfig failed)")
        }
        let featureStatus = WebPGetFeatures(bytes.baseAddress, bytes.count, &config.input)
        guard featureStatus == VP8_STATUS_OK else { throw error(featureStatus, during: "reading the header") }
        guard config.input.has_animation == 0 else {
            throw .corruptImage(format: .webp, detail: "animated WebP is not supported")
        }
        if output.width != info.width || output.height != info.height {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(output.width)
            config.options.scaled_height = Int32(output.height)
        }
        let stride = Bitmap.alignedStride(width: output.width)
        let storage = try PixelStorage(byteCount: stride * output.height)
        config.output.colorspace = MODE_bgrA
        config.output.is_external_memory = 1
        config.output.u.RGBA.rgba = storage.bytes.assumingMemoryBound(to: UInt8.self)
        config.output.u.RGBA.stride = Int32(stride)
        config.output.u.RGBA.size = storage.byteCount
        let status = WebPDecode(bytes.baseAddress, bytes.count, &config)
        // With external memory there is nothing of ours to free, but libwebp may own side buffers.
        WebPFreeDecBuffer(&config.output)
        guard status == VP8_STATUS_OK else { throw error(status, during: "decoding") }
        return Bitmap(storage: storage, width: output.width, height: output.height, bytesPerRow: stride, scale: scale)
    }

    /// A libwebp status as a typed error.
    private static func error(_ status: VP8StatusCode, during step: String) -> CanvasError {
        let name: String
        switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA:
            return .truncatedImage(format: .webp, detail: "not enough data (VP8_STATUS_NOT_ENOUGH_DATA while \(step))")
        case VP8_STATUS_OUT_OF_MEMORY: name = "out of memory (VP8_STATUS_OUT_OF_MEMORY)"
        case VP8_STATUS_INVALID_PARAM: name = "invalid parameter (VP8_STATUS_INVALID_PARAM)"
        case VP8_STATUS_BITSTREAM_ERROR: name = "bitstream error (VP8_STATUS_BITSTREAM_ERROR)"
        case VP8_STATUS_UNSUPPORTED_FEATURE: name = "unsupported feature (VP8_STATUS_UNSUPPORTED_FEATURE)"
        case VP8_STATUS_SUSPENDED: name = "suspended (VP8_STATUS_SUSPENDED)"
        case VP8_STATUS_USER_ABORT: name = "aborted (VP8_STATUS_USER_ABORT)"
        default: name = "status \(status.rawValue)"
        }
        return .corruptImage(format: .webp, detail: "\(name) while \(step)")
    }
}
