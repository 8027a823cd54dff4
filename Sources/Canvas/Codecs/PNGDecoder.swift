import CLibPNG

/// PNG decoding through libpng's simplified API (`png_image_*`), which catches libpng's longjmp
/// errors itself and reports them in `png_image.message`, so no setjmp is needed in Swift.
enum PNGDecoder {
    /// The header: size and whether the image has alpha (an alpha channel or a tRNS chunk).
    static func info(_ bytes: UnsafeBufferPointer<UInt8>) throws(CanvasError) -> ImageInfo {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
            throw error(from: &image)
        }
        return ImageInfo(
            format: .png,
            width: Int(image.width),
            height: Int(image.height),
            hasAlpha: image.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0
        )
    }

    /// Decodes the whole image (PNG has no cheaper reduced decode) into premultiplied BGRA.
    /// The caller has checked `info` against the limits.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, info: ImageInfo, scale: Double) throws(CanvasError) -> Bitmap {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
            throw error(from: &image)
        }
        let width = Int(image.width), height = Int(image.height)
        let stride = Bitmap.alignedStride(width: width)
        let storage = try PixelStorage(byteCount: stride * height)
        // The simplified API marks 16-bit data as linear; it is read as such, see PNGLinearSamples.
        if image.format & UInt32(PNG_FORMAT_FLAG_LINEAR) != 0 {
            try decodeSixteenBit(&image, into: storage, bytesPerRow: stride)
        } else {
            image.format = UInt32(PNG_FORMAT_BGRA)
            // For 8-bit formats the row stride is counted in bytes (one byte a component).
            guard png_image_finish_read(&image, nil, storage.bytes, Int32(stride), nil) != 0 else {
                throw error(from: &image)
            }
            // The simplified API returns straight alpha for 8-bit output.
            PixelConversion.premultiplyBGRA(storage.bytes, width: width, height: height, bytesPerRow: stride)
        }
        return Bitmap(storage: storage, width: width, height: height, bytesPerRow: stride, scale: scale)
    }

    /// A 16-bit PNG: libpng's 16-bit linear output (the only one that de-interlaces Adam7 16-bit
    /// data correctly), in a scratch buffer of 8 bytes a pixel, then to 8-bit premultiplied BGRA.
    private static func decodeSixteenBit(
        _ image: inout png_image, into storage: PixelStorage, bytesPerRow: Int
    ) throws(CanvasError) {
        let width = Int(image.width), height = Int(image.height)
        image.format = UInt32(PNG_FORMAT_BGRA) | UInt32(PNG_FORMAT_FLAG_LINEAR)
        let linear = try PixelStorage(byteCount: width * height * 4 * MemoryLayout<UInt16>.size)
        // For 16-bit formats the row stride is counted in components (UInt16s).
        guard png_image_finish_read(&image, nil, linear.bytes, Int32(width * 4), nil) != 0 else {
            throw error(from: &image)
        }
        PNGLinearSamples.convert(linear.bytes, width: width, height: height, into: storage.bytes, bytesPerRow: bytesPerRow)
    }

    /// libpng's message as a typed error: running out of data is truncation, the rest is corruption.
    private static func error(from image: inout png_image) -> CanvasError {
        let message = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        let detail = message.isEmpty ? "libpng failed without a message" : message
        let truncationSigns = ["beyond end", "not enough image data", "read error", "truncated", "unexpected end"]
        let lowered = detail.lowercased()
        if truncationSigns.contains(where: { lowered.contains($0) }) {
            return .truncatedImage(format: .png, detail: detail)
        }
        return .corruptImage(format: .png, detail: detail)
    }
}
