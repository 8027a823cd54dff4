/// How ``ImageDecoder`` decodes an image: at which size, within which limits, at which scale.
///
/// ```swift
/// // A 4000×3000 photo for a 375×211 pt slot at scale 2, cropped by the slot later:
/// let options = DecodeOptions(target: .fill(width: 750, height: 422), scale: 2)
/// let thumbnail = try ImageDecoder.decode(photo, options: options) // 750×563 px, never 12 MP in memory
/// ```
public struct DecodeOptions: Hashable, Sendable {
    /// The pixel size to decode at. Default: the image's own size.
    public var target: DecodeTarget
    /// Limits checked against the header before any pixel memory is allocated.
    public var limits: PixelLimits
    /// The scale (pixels per point) given to the decoded bitmap. It does not change the pixel size
    /// of a raster image; an SVG with the ``DecodeTarget/original`` target is drawn at its
    /// intrinsic size times the scale, so that its size in points is its size in CSS px.
    public var scale: Double
    /// Whether to turn the image upright by its EXIF orientation (default). The target then
    /// applies to the upright size.
    public var appliesOrientation: Bool
    /// Limits on an SVG document (bytes, elements, nesting), checked before librsvg reads it.
    public var svgLimits: SVGLimits

    /// Creates options.
    public init(
        target: DecodeTarget = .original, limits: PixelLimits = .default, scale: Double = 1, appliesOrientation: Bool = true,
        svgLimits: SVGLimits = .default
    ) {
        self.target = target
        self.limits = limits
        self.scale = scale
        self.appliesOrientation = appliesOrientation
        self.svgLimits = svgLimits
    }
}

/// The pixel size a decoder produces, relative to the image's own size.
///
/// The aspect ratio is always kept and a raster image is never enlarged: when the image is already
/// smaller than the target it is decoded at its own size. An SVG is drawn at the target's size,
/// larger or smaller than its intrinsic size (within the ``PixelLimits``). The decoder never crops; a `fill` result
/// covers the box and is cropped when drawn (see the drawing context's content modes).
public enum DecodeTarget: Hashable, Sendable {
    /// The image's own size.
    case original
    /// The largest size that fits inside `width × height` pixels (aspect fit).
    case fit(width: Int, height: Int)
    /// The smallest size that covers `width × height` pixels (aspect fill).
    case fill(width: Int, height: Int)

    /// The aspect-fit target for a box of `size` points at `scale` pixels per point.
    public static func fit(_ size: Size, scale: Double) -> DecodeTarget {
        let (w, h) = pixels(size, scale)
        return .fit(width: w, height: h)
    }

    /// The aspect-fill target for a box of `size` points at `scale` pixels per point.
    public static func fill(_ size: Size, scale: Double) -> DecodeTarget {
        let (w, h) = pixels(size, scale)
        return .fill(width: w, height: h)
    }

    private static func pixels(_ size: Size, _ scale: Double) -> (Int, Int) {
        // Invalid numbers become 0 here and are reported by the decoder as an invalid size.
        func convert(_ value: Double) -> Int {
            let v = (value * scale - 1e-6).rounded(.up)
            guard v.isFinite, v > 0 else { return 0 }
            return v > Double(Int32.max) ? Int(Int32.max) : Int(v)
        }
        return (convert(size.width), convert(size.height))
    }

    /// The output size for an image of `width × height` pixels: aspect kept, never enlarged,
    /// at least 1 pixel on each side.
    func outputSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let factor: Double
        switch self {
        case .original:
            return (width, height)
        case .fit(let boxWidth, let boxHeight):
            factor = min(Double(boxWidth) / Double(width), Double(boxHeight) / Double(height))
        case .fill(let boxWidth, let boxHeight):
            factor = max(Double(boxWidth) / Double(width), Double(boxHeight) / Double(height))
        }
        guard factor < 1 else { return (width, height) }
        // Round to nearest, but a side the box fixes exactly (750 of 750) must come out exact.
        let w = max(1, min(width, Int((Double(width) * factor).rounded())))
        let h = max(1, min(height, Int((Double(height) * factor).rounded())))
        return (w, h)
    }

    /// Throws unless the box is a usable size.
    func validate() throws(CanvasError) {
        switch self {
        case .original:
            return
        case .fit(let w, let h), .fill(let w, let h):
            guard w > 0, h > 0 else {
                throw .invalidSize(width: Double(w), height: Double(h), problem: .notPositive)
            }
            guard w <= PixelLimits.backendMaxDimension, h <= PixelLimits.backendMaxDimension else {
                throw .invalidSize(width: Double(w), height: Double(h), problem: .tooLarge)
            }
        }
    }
}
