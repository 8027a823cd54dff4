/// SVG through librsvg: the structure check (``SVGStructureCheck``), then one ``SVGDocument`` that
/// gives the intrinsic size and draws the vectors at the output size, never a raster scaled up.
///
/// Each call makes and destroys its own librsvg handle on the calling thread, so calls on
/// different threads run in parallel without sharing anything.
enum SVGDecoder {
    /// The intrinsic size as an image header: CSS px rounded up to whole pixels, always with alpha.
    static func info(_ bytes: UnsafeBufferPointer<UInt8>, limits: SVGLimits) throws(CanvasError) -> ImageInfo {
        let size = try document(bytes, limits: limits, pixelLimits: .default).intrinsicSize
        return ImageInfo(
            format: .svg,
            width: SVGIntrinsicSize.wholePixels(size.width),
            height: SVGIntrinsicSize.wholePixels(size.height),
            hasAlpha: true
        )
    }

    /// The document drawn at the size `options` asks for (see ``outputSize(intrinsic:target:scale:)``),
    /// checked against `options.limits` before any pixel is allocated; the bitmap's scale is
    /// `options.scale`.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, options: DecodeOptions) throws(CanvasError) -> (Bitmap, DecodeDiagnostics) {
        let document = try document(bytes, limits: options.svgLimits, pixelLimits: options.limits)
        let size = document.intrinsicSize
        let output = try outputSize(intrinsic: size, target: options.target, scale: options.scale, limits: options.limits)
        let stride = Bitmap.alignedStride(width: output.width)
        let storage = try PixelStorage(byteCount: stride * output.height)
        try document.render(size: size, into: storage, width: output.width, height: output.height, bytesPerRow: stride)
        let bitmap = Bitmap(storage: storage, width: output.width, height: output.height, bytesPerRow: stride, scale: options.scale)
        let diagnostics = DecodeDiagnostics(
            format: .svg,
            sourceWidth: SVGIntrinsicSize.wholePixels(size.width), sourceHeight: SVGIntrinsicSize.wholePixels(size.height),
            codecWidth: output.width, codecHeight: output.height,
            jpegScale: nil, outputWidth: output.width, outputHeight: output.height
        )
        return (bitmap, diagnostics)
    }

    /// The librsvg document of `bytes` once they passed the checks: the bytes themselves, or, when
    /// they declare entities, the document rewritten without them (see ``SVGEntityExpansion``).
    private static func document(_ bytes: UnsafeBufferPointer<UInt8>, limits: SVGLimits, pixelLimits: PixelLimits) throws(CanvasError) -> SVGDocument {
        guard try SVGStructureCheck.check(bytes, limits: limits, pixelLimits: pixelLimits) else { return try SVGDocument(bytes) }
        let expanded = try SVGEntityExpansion.expanded(bytes)
        return try ImageDecoder.withContiguousBytes(expanded) { buffer throws(CanvasError) in try SVGDocument(buffer) }
    }

    /// The pixel size an SVG of `intrinsic` CSS px is drawn at: for ``DecodeTarget/original`` the
    /// intrinsic size times `scale` (rounded up); for ``DecodeTarget/fit(width:height:)`` and
    /// ``DecodeTarget/fill(width:height:)`` the aspect-kept size that fits or covers the box, larger
    /// than the intrinsic size when the box is (vectors lose nothing by being drawn larger), and
    /// never over `limits`: a box that would need more gets the largest aspect-kept size within them.
    ///
    /// - Throws: ``CanvasError/invalidSize(width:height:problem:)`` for an empty intrinsic size or
    ///   one too large, ``CanvasError/tooManyPixels(width:height:limit:)`` over `limits`.
    static func outputSize(intrinsic: Size, target: DecodeTarget, scale: Double, limits: PixelLimits) throws(CanvasError) -> (width: Int, height: Int) {
        guard intrinsic.width > 0, intrinsic.height > 0 else {
            throw .invalidSize(width: intrinsic.width, height: intrinsic.height, problem: .notPositive)
        }
        let factor: Double
        switch target {
        case .original:
            return try limits.pixelSize(for: intrinsic, scale: scale)
        case .fit(let boxWidth, let boxHeight):
            factor = min(Double(boxWidth) / intrinsic.width, Double(boxHeight) / intrinsic.height)
        case .fill(let boxWidth, let boxHeight):
            factor = max(Double(boxWidth) / intrinsic.width, Double(boxHeight) / intrinsic.height)
        }
        var width = intrinsic.width * factor, height = intrinsic.height * factor
        guard width.isFinite, height.isFinite else { throw .invalidSize(width: width, height: height, problem: .notFinite) }
        // A box that would need more than the limits (a sliver of a document filling a box) gets
        // the largest aspect-kept size within them instead.
        let shrink = min(1, Double(limits.maxDimension) / width, Double(limits.maxDimension) / height,
                         (Double(limits.maxPixelCount) / (width * height)).squareRoot() * 0.999)
        width *= shrink
        height *= shrink
        // Round to nearest, as the raster targets do, but never below one pixel; a side raised to
        // one pixel may take the other over the pixel count, which then gives way.
        var output = (width: max(1, Int(width.rounded())), height: max(1, Int(height.rounded())))
        if output.width * output.height > limits.maxPixelCount {
            if output.width == 1 { output.height = limits.maxPixelCount } else { output.width = max(1, limits.maxPixelCount / output.height) }
        }
        try limits.check(width: output.width, height: output.height)
        return output
    }
}
