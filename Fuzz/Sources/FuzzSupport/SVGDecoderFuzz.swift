public import Canvas

/// The SVG limits the SVG target decodes under: small, so that a run spends its time in the
/// parsers rather than in drawing large documents.
public let fuzzSVGLimits = SVGLimits(maxBytes: 1 << 20, maxElementCount: 2_000, maxDepth: 64)

/// One input through the SVG path: the checks of `fuzzImageDecoder` (an SVG is read like any
/// image), then, for an SVG, `info` under small limits and `decode` at scale 2, whose bitmap must be
/// the intrinsic size times 2 (rounded up, so at most one pixel more than twice the header's) and
/// never larger than the limits allow.
public func fuzzSVGDecoder(_ bytes: UnsafeBufferPointer<UInt8>) {
    fuzzImageDecoder(bytes)
    guard ImageFormat.sniff(bytes) == .svg, let info = try? ImageDecoder.info(of: bytes, svgLimits: fuzzSVGLimits) else { return }
    require(info.format == .svg, "sniffed as SVG, read as \(info.format)")
    let bitmap: Bitmap
    do {
        bitmap = try ImageDecoder.decode(bytes, options: DecodeOptions(limits: fuzzPixelLimits, scale: 2, svgLimits: fuzzSVGLimits))
    } catch {
        return
    }
    require(bitmap.scale == 2, "an SVG decoded at scale 2 has scale \(bitmap.scale)")
    require(abs(bitmap.width - 2 * info.width) <= 2 && abs(bitmap.height - 2 * info.height) <= 2,
            "decoded \(bitmap.width)×\(bitmap.height) at scale 2, header says \(info.width)×\(info.height)")
    require(bitmap.width * bitmap.height <= fuzzPixelLimits.maxPixelCount, "decoded over the pixel limit")
}
