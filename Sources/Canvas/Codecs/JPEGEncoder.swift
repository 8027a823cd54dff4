import CTurboJPEG

/// JPEG encoding through TurboJPEG's `tjCompress2`, from BGRX rows.
enum JPEGEncoder {
    /// The `tjCompress2` flag of `fastDCT`: the fast integer DCT or the accurate one, named
    /// either way (TurboJPEG's default is implementation-specific).
    static func dctFlags(fastDCT: Bool) -> Int32 {
        fastDCT ? TJFLAG_FASTDCT : TJFLAG_ACCURATEDCT
    }

    /// Encodes `bitmap` with the DCT that `dctFlags` asks TurboJPEG for: `TJFLAG_FASTDCT`,
    /// `TJFLAG_ACCURATEDCT`, or 0 (TurboJPEG's own choice, the fast one when compressing).
    static func encode(
        _ bitmap: Bitmap,
        quality: Int,
        background: Color,
        subsampling: ChromaSubsampling,
        dctFlags: Int32
    ) throws(CanvasError) -> [UInt8] {
        guard let handle = tjInitCompress() else {
            throw .encodingFailed(format: .jpeg, detail: "tjInitCompress failed: \(String(cString: tjGetErrorStr2(nil)))")
        }
        defer { tjDestroy(handle) }
        let samp: TJSAMP = switch subsampling {
        case .yuv420: TJSAMP_420
        case .yuv422: TJSAMP_422
        case .yuv444: TJSAMP_444
        }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        // tjCompress2 allocates `output` even when it fails part-way: freed exactly once, here.
        defer { if let output { tjFree(output) } }
        let compress = { (pixels: UnsafeRawPointer, pitch: Int) -> Int32 in
            tjCompress2(
                handle, pixels.assumingMemoryBound(to: UInt8.self),
                Int32(bitmap.width), Int32(pitch), Int32(bitmap.height), Int32(TJPF_BGRX.rawValue),
                &output, &size, Int32(samp.rawValue), Int32(quality), dctFlags
            )
        }
        let status: Int32
        if PixelConversion.isOpaque(bitmap) {
            // Opaque premultiplied pixels are the colours themselves; BGRX ignores the alpha byte.
            status = bitmap.withUnsafeBytes { compress($0.baseAddress!, bitmap.bytesPerRow) }
        } else {
            let composited = composite(bitmap, onto: background)
            status = composited.withUnsafeBytes { compress($0.baseAddress!, bitmap.width * 4) }
        }
        guard status == 0, let output else {
            throw .encodingFailed(format: .jpeg, detail: String(cString: tjGetErrorStr2(handle)))
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// Packed BGRX rows of `bitmap` drawn over an opaque `background`: `c + bg × (255 − a) / 255`.
    static func composite(_ bitmap: Bitmap, onto background: Color) -> [UInt8] {
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
        let bg = [byte(background.blue), byte(background.green), byte(background.red)]
        let width = bitmap.width
        var out = [UInt8](repeating: 255, count: width * bitmap.height * 4)
        bitmap.withUnsafeBytes { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<bitmap.height {
                    let src = source.baseAddress!.advanced(by: y * bitmap.bytesPerRow).assumingMemoryBound(to: UInt8.self)
                    let dst = target.baseAddress! + y * width * 4
                    for x in 0..<width {
                        let s = src + x * 4, d = dst + x * 4
                        let inverse = 255 - s[3]
                        for c in 0..<3 {
                            let value = UInt16(s[c]) + UInt16(PixelConversion.premultiply(bg[c], inverse))
                            d[c] = UInt8(min(value, 255))
                        }
                    }
                }
            }
        }
        return out
    }
}
