/// Reads PNG, JPEG, WebP and SVG data into ``Bitmap``s, optionally at a smaller target size, checking the
/// header against ``PixelLimits`` before allocating anything. An SVG is checked against
/// ``SVGLimits`` and drawn as vectors at the size asked for (see ``DecodeTarget``). Limits, scaled decoding, orientation
/// and errors: <doc:CanvasBasics> ("Codecs").
public enum ImageDecoder {
    /// Reads the format, size and alpha of an image from its header, without decoding pixels.
    ///
    /// - Throws: ``CanvasError/unknownImageFormat(leadingBytes:)`` for data that is none of PNG,
    ///   JPEG, WebP or SVG (the message shows the leading bytes), ``CanvasError/truncatedImage(format:detail:)``
    ///   or ``CanvasError/corruptImage(format:detail:)`` for a damaged header. Sizes are not checked
    ///   against limits here.
    ///
    /// For an SVG the size is its intrinsic size as an `<img>` in CSS px (rounded up), read after
    /// the document passed the default ``SVGLimits``; see ``info(of:svgLimits:)``.
    public static func info<Bytes: Collection<UInt8>>(of data: Bytes) throws(CanvasError) -> ImageInfo {
        try info(of: data, svgLimits: .default)
    }

    /// Reads the format and size of an image, checking an SVG against `svgLimits`.
    ///
    /// - Throws: as ``info(of:)``, and ``CanvasError/svgOverLimit(_:limit:)`` for an SVG over
    ///   `svgLimits`.
    public static func info<Bytes: Collection<UInt8>>(of data: Bytes, svgLimits: SVGLimits) throws(CanvasError) -> ImageInfo {
        try withContiguousBytes(data) { bytes throws(CanvasError) in
            try header(of: bytes, svgLimits: svgLimits)
        }
    }

    /// Decodes an image into a bitmap of premultiplied pixels.
    ///
    /// - Parameters:
    ///   - data: PNG, JPEG, WebP or SVG bytes (any byte collection: `[UInt8]`, a slice, `Data`, a buffer).
    ///   - options: The target size, the limits and the scale of the result.
    /// - Returns: A bitmap at the image's size or, for a ``DecodeTarget/fit(width:height:)`` or
    ///   ``DecodeTarget/fill(width:height:)`` target smaller than the image, at the aspect-kept size
    ///   that fits or covers the target (rounded to whole pixels). An SVG is drawn at its intrinsic
    ///   size times `options.scale`, or at the size that fits or covers the target, however large.
    /// - Throws: ``CanvasError``: an unknown format, corrupt or truncated data, a header over
    ///   `options.limits` (``CanvasError/imageTooManyPixels(width:height:limit:)`` or
    ///   ``CanvasError/invalidSize(width:height:problem:)``), an invalid target or scale; for an
    ///   SVG, ``CanvasError/svgOverLimit(_:limit:)`` or an output size over `options.limits`
    ///   (``CanvasError/tooManyPixels(width:height:limit:)``).
    public static func decode<Bytes: Collection<UInt8>>(
        _ data: Bytes,
        options: DecodeOptions = DecodeOptions()
    ) throws(CanvasError) -> Bitmap {
        try decodeWithDiagnostics(data, options: options).bitmap
    }

    /// Decodes an image at `target` with the given scale; shorthand for ``decode(_:options:)``.
    public static func decode<Bytes: Collection<UInt8>>(
        _ data: Bytes,
        target: DecodeTarget,
        scale: Double = 1,
        limits: PixelLimits = .default
    ) throws(CanvasError) -> Bitmap {
        try decode(data, options: DecodeOptions(target: target, limits: limits, scale: scale))
    }

    /// Decodes and reports how: which codec size was chosen before the final resize. For tests.
    static func decodeWithDiagnostics<Bytes: Collection<UInt8>>(
        _ data: Bytes,
        options: DecodeOptions
    ) throws(CanvasError) -> (bitmap: Bitmap, diagnostics: DecodeDiagnostics) {
        guard options.scale.isFinite, options.scale > 0, options.scale <= 16 else {
            throw .invalidScale(options.scale)
        }
        try options.target.validate()
        return try withContiguousBytes(data) { bytes throws(CanvasError) in
            if ImageFormat.sniff(bytes) == .svg {
                let (bitmap, diagnostics) = try SVGDecoder.decode(bytes, options: options)
                return (bitmap, diagnostics)
            }
            let info = try header(of: bytes, svgLimits: options.svgLimits)
            // The limit check on the header, before anything is allocated: an image over the
            // pixel count is `imageTooManyPixels`, never the output bitmaps' `tooManyPixels`.
            try options.limits.checkImage(width: info.width, height: info.height)
            // The target is for the upright picture; the codecs work in stored orientation.
            let orientation = options.appliesOrientation ? info.orientation : .up
            let upright = options.target.outputSize(
                width: orientation.swapsWidthAndHeight ? info.height : info.width,
                height: orientation.swapsWidthAndHeight ? info.width : info.height
            )
            let output = orientation.swapsWidthAndHeight ? (width: upright.height, height: upright.width) : upright
            let decoded: Bitmap
            var diagnostics = DecodeDiagnostics(
                format: info.format,
                sourceWidth: info.width, sourceHeight: info.height,
                codecWidth: info.width, codecHeight: info.height,
                jpegScale: nil, outputWidth: upright.width, outputHeight: upright.height
            )
            switch info.format {
            case .png:
                decoded = try PNGDecoder.decode(bytes, info: info, scale: options.scale)
            case .jpeg:
                let result = try JPEGDecoder.decode(bytes, info: info, output: output, scale: options.scale)
                decoded = result.bitmap
                diagnostics.jpegScale = result.factor
            case .webp:
                decoded = try WebPDecoder.decode(bytes, info: info, output: output, scale: options.scale)
            case .svg:
                // Drawn above, before the raster path.
                throw .corruptImage(format: .svg, detail: "an SVG reached the raster decoders")
            }
            diagnostics.codecWidth = decoded.width
            diagnostics.codecHeight = decoded.height
            var result = decoded
            if decoded.width != output.width || decoded.height != output.height {
                result = try decoded.resized(width: output.width, height: output.height, scale: options.scale)
            }
            // Turned last, on the smallest bitmap.
            return (try result.applying(orientation), diagnostics)
        }
    }

    /// The header of `bytes`, by format.
    static func header(of bytes: UnsafeBufferPointer<UInt8>, svgLimits: SVGLimits = .default) throws(CanvasError) -> ImageInfo {
        guard let format = ImageFormat.sniff(bytes) else {
            if let format = formatCutShort(bytes) {
                throw .truncatedImage(format: format, detail: "only \(bytes.count) bytes: the data ends inside the signature")
            }
            throw .unknownImageFormat(leadingBytes: describeLeadingBytes(bytes))
        }
        switch format {
        case .png: return try PNGDecoder.info(bytes)
        case .jpeg: return try JPEGDecoder.info(bytes)
        case .webp: return try WebPDecoder.info(bytes)
        case .svg: return try SVGDecoder.info(bytes, limits: svgLimits)
        }
    }

    /// The format whose signature `bytes` starts but is too short to complete, if any.
    static func formatCutShort(_ bytes: UnsafeBufferPointer<UInt8>) -> ImageFormat? {
        guard !bytes.isEmpty, bytes.count < 12 else { return nil }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if bytes.count < png.count, png.starts(with: bytes) { return .png }
        if bytes.count < 3, [0xFF, 0xD8, 0xFF].starts(with: bytes) { return .jpeg }
        let riff = Array("RIFF".utf8)
        if bytes.count <= 4 ? riff.starts(with: bytes) : bytes.starts(with: riff) {
            // "RIFF", the size, then "WEBP" at 8: accept a prefix of it.
            let tail = Array(bytes.dropFirst(8))
            if Array("WEBP".utf8).starts(with: tail) { return .webp }
        }
        return nil
    }

    /// Up to 8 leading bytes in hex, as text where printable, and the format they look like.
    static func describeLeadingBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard !bytes.isEmpty else { return "" }
        let head = Array(bytes.prefix(8))
        let hex = head.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: " ")
        let text = String(decoding: head.map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: ".") }, as: UTF8.self)
        var description = "\(hex) \"\(text)\""
        if let known = knownUnsupportedFormat(head) {
            description += ": looks like \(known), which is not supported (PNG, JPEG, WebP and SVG are)"
        }
        return description
    }

    private static func knownUnsupportedFormat(_ head: [UInt8]) -> String? {
        let signatures: [(String, [UInt8])] = [
            ("GIF", Array("GIF8".utf8)),
            ("BMP", Array("BM".utf8)),
            ("TIFF", [0x49, 0x49, 0x2A, 0x00]),
            ("TIFF", [0x4D, 0x4D, 0x00, 0x2A]),
            ("ICO", [0x00, 0x00, 0x01, 0x00]),
            ("PDF", Array("%PDF".utf8)),
            ("a RIFF file that is not WebP", Array("RIFF".utf8)),
        ]
        if head.count >= 8, head[4..<8].elementsEqual(Array("ftyp".utf8)) { return "HEIF/AVIF/MP4" }
        return signatures.first { head.starts(with: $0.1) }?.0
    }

    /// Calls `body` with the bytes of `data` in one contiguous buffer, copying only when the
    /// collection does not store its bytes contiguously.
    static func withContiguousBytes<Bytes: Collection<UInt8>, R>(
        _ data: Bytes,
        _ body: (UnsafeBufferPointer<UInt8>) throws(CanvasError) -> R
    ) throws(CanvasError) -> R {
        let direct = data.withContiguousStorageIfAvailable { buffer in
            Result { () throws(CanvasError) -> R in try body(buffer) }
        }
        if let direct { return try direct.get() }
        let copy = Array(data)
        return try copy.withUnsafeBufferPointer { buffer in
            Result { () throws(CanvasError) -> R in try body(buffer) }
        }.get()
    }
}

/// How a decode went: the sizes at each step. Internal, for tests and benchmarks.
struct DecodeDiagnostics: Hashable, Sendable {
    /// The encoded format.
    var format: ImageFormat
    /// The size in the header.
    var sourceWidth: Int
    var sourceHeight: Int
    /// The size the codec itself produced (after DCT or WebP scaling), before the final resize.
    var codecWidth: Int
    var codecHeight: Int
    /// For JPEG: the DCT scaling factor chosen, as (numerator, denominator).
    var jpegScale: JPEGScale?
    /// The size returned.
    var outputWidth: Int
    var outputHeight: Int
}

/// A libjpeg-turbo DCT scaling factor `numerator / denominator`.
struct JPEGScale: Hashable, Sendable, CustomStringConvertible {
    var numerator: Int
    var denominator: Int

    /// `ceil(dimension × numerator / denominator)`, libjpeg's `TJSCALED`.
    func scaled(_ dimension: Int) -> Int {
        (dimension * numerator + denominator - 1) / denominator
    }

    var description: String { "\(numerator)/\(denominator)" }
}
