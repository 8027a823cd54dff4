import CCanvasSupport

/// PNG encoding through `acs_png_encode` (libpng with its setjmp kept in C).
enum PNGEncoder {
    static func encode(_ bitmap: Bitmap, compressionLevel: Int) throws(CanvasError) -> [UInt8] {
        let rgba = PixelConversion.straightBytes(of: bitmap, order: .rgba)
        let opaque = PixelConversion.isOpaque(bitmap)
        var result = acs_png_result()
        let status = rgba.withUnsafeBufferPointer { pixels in
            acs_png_encode(
                pixels.baseAddress, UInt32(bitmap.width), UInt32(bitmap.height), bitmap.width * 4,
                Int32(compressionLevel), opaque ? 0 : 1, &result
            )
        }
        // One owner: the C buffer is copied out, then freed here exactly once (NULL on failure).
        defer { acs_free(result.bytes) }
        guard status == 0, let bytes = result.bytes else {
            let message = withUnsafeBytes(of: &result.message) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw .encodingFailed(format: .png, detail: message.isEmpty ? "libpng failed" : message)
        }
        return Array(UnsafeBufferPointer(start: bytes, count: result.count))
    }
}
