import Foundation

/// libpng's 16-bit linear output turned into the bitmap's 8-bit premultiplied BGRA.
///
/// Why 16-bit PNGs come this way: libpng's simplified API, asked for 8-bit output from an
/// Adam7-interlaced 16-bit file, reads each pass into a scratch row and copies the whole scratch
/// row over the output row (`png_image_read_direct_scaled`, added in libpng 1.6.51 and in Debian's
/// 1.6.39 security backport of CVE-2025-65018), so the pixels of earlier passes are replaced by a
/// neighbouring row's. Asked for 16-bit linear output it de-interlaces correctly, and the rest —
/// one power law — is done here, identically for interlaced and non-interlaced files.
///
/// The rule is libpng's own for 8-bit output: colour is encoded with the power law 1/2.2
/// (libpng's `PNG_DEFAULT_sRGB`) from the linear light libpng computed with the file's gAMA (or
/// linear, the simplified API's default for 16-bit data without gAMA, sRGB or iCCP); alpha is
/// scaled to 8 bits, rounded; colour is then premultiplied as ``PixelConversion`` does.
enum PNGLinearSamples {
    /// `round(255 × (i / 65535)^(1 / 2.2))` for every 16-bit linear value `i`: 64 KiB, built once.
    static let encoded: [UInt8] = (0...65535).map { value in
        UInt8((255 * pow(Double(value) / 65535, 1 / 2.2)).rounded())
    }

    /// Converts `width × height` pixels of libpng's `PNG_FORMAT_BGRA | PNG_FORMAT_FLAG_LINEAR`
    /// output (premultiplied linear B, G, R and alpha, native-endian 16 bits each, `width × 8`
    /// bytes a row) into premultiplied 8-bit BGRA, `bytesPerRow` apart.
    static func convert(
        _ samples: UnsafeRawPointer, width: Int, height: Int,
        into pixels: UnsafeMutableRawPointer, bytesPerRow: Int
    ) {
        encoded.withUnsafeBufferPointer { table in
            for y in 0..<height {
                let source = samples + y * width * 8
                let row = (pixels + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
                for x in 0..<width {
                    let s = source + x * 8, d = row + x * 4
                    // Raw loads: the scratch memory is not bound to UInt16.
                    let alpha = UInt32(s.load(fromByteOffset: 6, as: UInt16.self))
                    let alpha8 = UInt8((alpha * 255 + 32767) / 65535)
                    d[3] = alpha8
                    for channel in 0..<3 {
                        let value = UInt32(s.load(fromByteOffset: channel * 2, as: UInt16.self))
                        d[channel] = PixelConversion.premultiply(table[straight(value, alpha)], alpha8)
                    }
                }
            }
        }
    }

    /// The straight (unassociated) linear value of premultiplied `value` at `alpha`, both out of
    /// 65535, rounded; 0 for a transparent pixel. (65535 × 65535 + 32767 fits in 32 bits.)
    @inline(__always)
    static func straight(_ value: UInt32, _ alpha: UInt32) -> Int {
        guard alpha != 0 else { return 0 }
        guard alpha != 65535 else { return Int(value) }
        return Int(min((min(value, alpha) * 65535 + alpha / 2) / alpha, 65535))
    }
}
