import CTurboJPEG

/// JPEG decoding through libjpeg-turbo's TurboJPEG 2.1 API, with DCT scaling for decode-at-size.
///
/// libjpeg reports damaged data as *warnings* ("Premature end of JPEG file", "Corrupt JPEG data:
/// …") and would fill the rest of the picture with grey. Here every warning stops the decode
/// (`TJFLAG_STOPONWARNING`) and becomes an error: data that ends early is
/// ``CanvasError/truncatedImage(format:detail:)``, anything else ``CanvasError/corruptImage(format:detail:)``.
enum JPEGDecoder {
    /// The header: size (JPEG has no alpha).
    static func info(_ bytes: UnsafeBufferPointer<UInt8>) throws(CanvasError) -> ImageInfo {
        let handle = try Handle()
        let header = try handle.header(bytes)
        return ImageInfo(
            format: .jpeg, width: header.width, height: header.height, hasAlpha: false,
            orientation: EXIFOrientation.inJPEG(bytes)
        )
    }

    /// Decodes at the smallest DCT scale whose result still covers `output`, into opaque BGRA.
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>,
        info: ImageInfo,
        output: (width: Int, height: Int),
        scale: Double
    ) throws(CanvasError) -> (bitmap: Bitmap, factor: JPEGScale) {
        let handle = try Handle()
        let header = try handle.header(bytes)
        let factor = chooseScale(width: info.width, height: info.height, covering: output)
        let width = factor.scaled(info.width), height = factor.scaled(info.height)
        let stride = Bitmap.alignedStride(width: width)
        let storage = try PixelStorage(byteCount: stride * height)
        // CMYK and YCCK JPEGs (from print workflows) can only be decoded to CMYK pixels.
        let isCMYK = header.colorspace == Int32(TJCS_CMYK.rawValue) || header.colorspace == Int32(TJCS_YCCK.rawValue)
        let status = tjDecompress2(
            handle.pointer,
            bytes.baseAddress, UInt(bytes.count),
            storage.bytes.assumingMemoryBound(to: UInt8.self),
            Int32(width), Int32(stride), Int32(height),
            Int32((isCMYK ? TJPF_CMYK : TJPF_BGRA).rawValue),
            TJFLAG_STOPONWARNING
        )
        guard status == 0 else { throw handle.error(during: "decoding", bytes) }
        if isCMYK { convertCMYKToBGRA(storage.bytes, width: width, height: height, bytesPerRow: stride) }
        // TJPF_BGRA writes alpha 255: the pixels are opaque, hence already premultiplied.
        return (Bitmap(storage: storage, width: width, height: height, bytesPerRow: stride, scale: scale), factor)
    }

    /// Converts CMYK pixels in place to opaque BGRA, without colour management: the simple
    /// formula for Adobe's inverted CMYK (what Photoshop writes and libjpeg hands back), where
    /// each stored value is 255 minus the ink: `R = C × K / 255`, and so on. Colours are
    /// approximate, but the picture is right instead of refused.
    static func convertCMYKToBGRA(_ pixels: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int) {
        for y in 0..<height {
            let row = (pixels + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let p = row + x * 4
                let c = p[0], m = p[1], yellow = p[2], k = p[3]
                p[0] = PixelConversion.premultiply(yellow, k)
                p[1] = PixelConversion.premultiply(m, k)
                p[2] = PixelConversion.premultiply(c, k)
                p[3] = 255
            }
        }
    }

    /// The scaling factors libjpeg-turbo supports (2/1 … 1/8), reduced to those ≤ 1.
    static let reducingFactors: [JPEGScale] = {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return [JPEGScale(numerator: 1, denominator: 1)] }
        let all = (0..<Int(count)).map { JPEGScale(numerator: Int(factors[$0].num), denominator: Int(factors[$0].denom)) }
        return all.filter { $0.numerator <= $0.denominator }
    }()

    /// The factor giving the fewest pixels whose scaled size still covers `output` (1/1 always does).
    static func chooseScale(width: Int, height: Int, covering output: (width: Int, height: Int)) -> JPEGScale {
        var best = JPEGScale(numerator: 1, denominator: 1)
        for factor in reducingFactors {
            let w = factor.scaled(width), h = factor.scaled(height)
            guard w >= output.width, h >= output.height else { continue }
            if w * h < best.scaled(width) * best.scaled(height) { best = factor }
        }
        return best
    }

    /// A TurboJPEG decompressor: created once, destroyed exactly once when this owner goes away.
    private final class Handle {
        let pointer: tjhandle

        init() throws(CanvasError) {
            guard let pointer = tjInitDecompress() else {
                throw .corruptImage(format: .jpeg, detail: "tjInitDecompress failed: \(String(cString: tjGetErrorStr2(nil)))")
            }
            self.pointer = pointer
        }

        deinit { tjDestroy(pointer) }

        func header(_ bytes: UnsafeBufferPointer<UInt8>) throws(CanvasError) -> (width: Int, height: Int, colorspace: Int32) {
            var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
            let status = tjDecompressHeader3(pointer, bytes.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
            // A warning while reading the header still gives a usable header; the decode, which
            // stops on any warning, judges the data.
            guard status == 0 || (tjGetErrorCode(pointer) == Int32(TJERR_WARNING.rawValue) && width > 0 && height > 0)
            else { throw error(during: "reading the header", bytes) }
            guard width > 0, height > 0 else {
                // libjpeg met the end of the data before a frame header (it substitutes an EOI).
                throw error(during: "reading the header: no frame header (SOF) before the data ends", bytes)
            }
            return (Int(width), Int(height), colorspace)
        }

        /// The last error as a typed error. It is truncation when libjpeg ran out of data
        /// ("Premature end of JPEG file") or the data does not end with an EOI marker (FF D9);
        /// otherwise corruption ("Corrupt JPEG data: …", a bad marker, an unsupported colour space).
        func error(during step: String, _ bytes: UnsafeBufferPointer<UInt8>) -> CanvasError {
            let message = String(cString: tjGetErrorStr2(pointer))
            let endsWithEOI = bytes.count >= 4 && bytes[bytes.count - 2] == 0xFF && bytes[bytes.count - 1] == 0xD9
            var detail = message.isEmpty || message == "No error" ? "" : message + " "
            detail += "(while \(step))"
            if message.contains("Premature end of JPEG file") || !endsWithEOI {
                if !endsWithEOI { detail += "; the data ends after \(bytes.count) bytes without an EOI marker" }
                return .truncatedImage(format: .jpeg, detail: detail)
            }
            return .corruptImage(format: .jpeg, detail: detail)
        }
    }
}
