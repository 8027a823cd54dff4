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
        return ImageInfo(format: .jpeg, width: header.width, height: header.height, hasAlpha: false)
    }

    /// Decodes at the smallest DCT scale whose result still covers `output`, into opaque BGRA.
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>,
        info: ImageInfo,
        output: (width: Int, height: Int),
        scale: Double
    ) throws(CanvasError) -> (bitmap: Bitmap, factor: JPEGScale) {
        let handle = try Handle()
        _ = try handle.header(bytes)
        let factor = chooseScale(width: info.width, height: info.height, covering: output)
        let width = factor.scaled(info.width), height = factor.scaled(info.height)
        let stride = Bitmap.alignedStride(width: width)
        let storage = PixelStorage(byteCount: stride * height)
        let status = tjDecompress2(
            handle.pointer,
            bytes.baseAddress, UInt(bytes.count),
            storage.bytes.assumingMemoryBound(to: UInt8.self),
            Int32(width), Int32(stride), Int32(height),
            Int32(TJPF_BGRA.rawValue),
            TJFLAG_STOPONWARNING
        )
        guard status == 0 else { throw handle.error(during: "decoding", bytes) }
        // TJPF_BGRA writes alpha 255: the pixels are opaque, hence already premultiplied.
        return (Bitmap(storage: storage, width: width, height: height, bytesPerRow: stride, scale: scale), factor)
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

        func header(_ bytes: UnsafeBufferPointer<UInt8>) throws(CanvasError) -> (width: Int, height: Int) {
            var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
            guard tjDecompressHeader3(pointer, bytes.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0
            else { throw error(during: "reading the header", bytes) }
            guard width > 0, height > 0 else {
                // libjpeg met the end of the data before a frame header (it substitutes an EOI).
                throw error(during: "reading the header: no frame header (SOF) before the data ends", bytes)
            }
            return (Int(width), Int(height))
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
