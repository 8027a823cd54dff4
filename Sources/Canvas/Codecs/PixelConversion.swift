/// Conversions between the bitmap's premultiplied pixels and the straight-alpha bytes codecs use.
///
/// Rounding follows Cairo/pixman and the C reference encoders, so a round trip through a codec is
/// exact for opaque pixels and within ±1 for translucent ones:
/// - premultiply: `c × a / 255`, rounded to nearest (pixman's `MUL_UN8`);
/// - unpremultiply: `(c × 255 + a / 2) / a`, clamped to 255; a transparent pixel becomes 0, 0, 0, 0.
/// Package API: the codecs' and the tests' conversions; users reach them through
/// ``Bitmap/isOpaque`` and ``Bitmap/straightBytes(order:)``.
package enum PixelConversion {
    /// `c × a / 255` rounded to nearest, exactly as pixman computes it.
    @inline(__always)
    static func premultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
        let t = UInt32(c) * UInt32(a) + 0x80
        return UInt8(truncatingIfNeeded: ((t >> 8) + t) >> 8)
    }

    /// `(c × 255 + a / 2) / a`, clamped to 255 (a premultiplied component can exceed its alpha only
    /// in damaged data).
    @inline(__always)
    static func unpremultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
        guard a != 0 else { return 0 }
        guard a != 255 else { return c }
        let value = (UInt32(c) * 255 + UInt32(a) / 2) / UInt32(a)
        return UInt8(min(value, 255))
    }

    /// Premultiplies straight B, G, R, A pixels in place: `rows` rows of `width` pixels,
    /// `bytesPerRow` apart.
    static func premultiplyBGRA(_ pixels: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int) {
        for y in 0..<height {
            let row = (pixels + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let p = row + x * 4
                let a = p[3]
                if a == 255 { continue }
                p[0] = premultiply(p[0], a)
                p[1] = premultiply(p[1], a)
                p[2] = premultiply(p[2], a)
            }
        }
    }

    /// Whether every pixel of `bitmap` is fully opaque; stops at the first translucent one (a card
    /// with rounded, transparent corners is known at its first pixel). Pixels are read as Cairo
    /// defines them, one native-endian `UInt32` each with alpha in the top byte, two at a time.
    package static func isOpaque(_ bitmap: Bitmap) -> Bool {
        bitmap.withUnsafeBytes { bytes in
            let base = bytes.baseAddress!
            let pairs = bitmap.width / 2
            let alphas: UInt64 = 0xFF00_0000_FF00_0000
            for y in 0..<bitmap.height {
                let row = base + y * bitmap.bytesPerRow
                for i in 0..<pairs where row.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self) & alphas != alphas {
                    return false
                }
                if bitmap.width % 2 == 1, row.loadUnaligned(fromByteOffset: pairs * 8, as: UInt32.self) >> 24 != 0xFF {
                    return false
                }
            }
            return true
        }
    }

    /// The pixels of `bitmap` unpremultiplied and packed (`width * 4` bytes a row), in the byte
    /// order `order`.
    package static func straightBytes(of bitmap: Bitmap, order: Bitmap.StraightByteOrder) -> [UInt8] {
        let width = bitmap.width, height = bitmap.height
        var out = [UInt8](repeating: 0, count: width * height * 4)
        bitmap.withUnsafeBytes { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let src = source.baseAddress!.advanced(by: y * bitmap.bytesPerRow).assumingMemoryBound(to: UInt8.self)
                    let dst = target.baseAddress! + y * width * 4
                    for x in 0..<width {
                        let s = src + x * 4, d = dst + x * 4
                        let a = s[3]
                        let b = unpremultiply(s[0], a), g = unpremultiply(s[1], a), r = unpremultiply(s[2], a)
                        switch order {
                        case .bgra: d[0] = b; d[1] = g; d[2] = r
                        case .rgba: d[0] = r; d[1] = g; d[2] = b
                        }
                        d[3] = a
                    }
                }
            }
        }
        return out
    }
}
