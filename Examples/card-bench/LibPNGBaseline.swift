import CPNGBaseline
import Canvas

/// card-bench's PNG baseline, libpng: the bitmap unpremultiplied into packed RGBA
/// (`(c × 255 + a / 2) / a`), then libpng at a zlib level with its default adaptive filtering,
/// written as RGB when every pixel is opaque — what most PNG tools do.
enum LibPNGBaseline {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The PNG bytes of `bitmap` at zlib level `level` (0...9).
    static func encode(_ bitmap: Bitmap, level: Int) throws -> [UInt8] {
        // The library's own unpremultiplied copy and opaque scan, so only the writer differs.
        let width = bitmap.width, height = bitmap.height
        let rgba = bitmap.straightBytes(order: .rgba)
        let opaque = bitmap.isOpaque
        var result = acs_png_result()
        let status = rgba.withUnsafeBufferPointer { pixels in
            acs_png_encode(pixels.baseAddress, UInt32(width), UInt32(height), width * 4, Int32(level), opaque ? 0 : 1, &result)
        }
        // One owner: the C buffer is copied out, then freed here exactly once (NULL on failure).
        defer { acs_free(result.bytes) }
        guard status == 0, let bytes = result.bytes else {
            let message = withUnsafeBytes(of: &result.message) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
            throw Failure(description: message.isEmpty ? "libpng failed" : message)
        }
        return Array(UnsafeBufferPointer(start: bytes, count: result.count))
    }
}
