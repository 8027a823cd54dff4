import CPNGBaseline
import Canvas

/// The library's PNG writer before issue 13, kept as card-bench's baseline: the bitmap
/// unpremultiplied into packed RGBA (`(c × 255 + a / 2) / a`), then libpng at a zlib level with its
/// default adaptive filtering, written as RGB when every pixel is opaque — what the peers' C
/// program and most PNG tools do.
enum LibPNGBaseline {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The PNG bytes of `bitmap` at zlib level `level` (0...9).
    static func encode(_ bitmap: Bitmap, level: Int) throws -> [UInt8] {
        let width = bitmap.width, height = bitmap.height
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        var opaque = true
        bitmap.withUnsafeBytes { source in
            rgba.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let src = source.baseAddress!.advanced(by: y * bitmap.bytesPerRow).assumingMemoryBound(to: UInt8.self)
                    let dst = target.baseAddress! + y * width * 4
                    for x in 0..<width {
                        let s = src + x * 4, d = dst + x * 4
                        let a = s[3]
                        if a != 255 { opaque = false }
                        d[0] = unpremultiply(s[2], a); d[1] = unpremultiply(s[1], a); d[2] = unpremultiply(s[0], a)
                        d[3] = a
                    }
                }
            }
        }
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

    private static func unpremultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
        guard a != 0 else { return 0 }
        guard a != 255 else { return c }
        return UInt8(min((UInt32(c) * 255 + UInt32(a) / 2) / UInt32(a), 255))
    }
}
