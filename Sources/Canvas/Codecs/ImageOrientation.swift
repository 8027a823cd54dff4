/// How stored pixels must be turned to be seen upright: the EXIF `Orientation` tag (1…8).
///
/// Cameras and phones write the sensor's pixels as they come and record the turn in EXIF.
/// ``ImageDecoder`` applies it by default (``DecodeOptions/appliesOrientation``), so a portrait
/// photo comes out portrait. Each case is named after where the stored first row and first
/// column end up, as in the EXIF specification.
public enum ImageOrientation: Int, Hashable, Sendable, CaseIterable {
    /// 1: as stored.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: turned 180°.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: mirrored across the top-left to bottom-right diagonal (transposed).
    case leftMirrored = 5
    /// 6: turned 90° clockwise to be upright (the usual portrait phone photo).
    case right = 6
    /// 7: mirrored across the top-right to bottom-left diagonal (transversed).
    case rightMirrored = 7
    /// 8: turned 90° counter-clockwise to be upright.
    case left = 8

    /// Whether showing the image upright swaps its width and height.
    public var swapsWidthAndHeight: Bool { rawValue >= 5 }

    /// Where the stored pixel (x, y) of a `width × height` image goes in the upright image.
    func destination(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: (x, y)
        case .upMirrored: (width - 1 - x, y)
        case .down: (width - 1 - x, height - 1 - y)
        case .downMirrored: (x, height - 1 - y)
        case .leftMirrored: (y, x)
        case .right: (height - 1 - y, x)
        case .rightMirrored: (height - 1 - y, width - 1 - x)
        case .left: (y, width - 1 - x)
        }
    }
}

extension Bitmap {
    /// This bitmap turned upright according to `orientation` (a new bitmap unless `.up`).
    func applying(_ orientation: ImageOrientation) throws(CanvasError) -> Bitmap {
        guard orientation != .up else { return self }
        let newWidth = orientation.swapsWidthAndHeight ? height : width
        let newHeight = orientation.swapsWidthAndHeight ? width : height
        let stride = Bitmap.alignedStride(width: newWidth)
        let target = try PixelStorage(byteCount: stride * newHeight)
        withUnsafeBytes { source in
            for y in 0..<height {
                let row = source.baseAddress!.advanced(by: y * bytesPerRow)
                for x in 0..<width {
                    let d = orientation.destination(x: x, y: y, width: width, height: height)
                    let pixel = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    target.bytes.storeBytes(of: pixel, toByteOffset: d.y * stride + d.x * 4, as: UInt32.self)
                }
            }
        }
        return Bitmap(storage: target, width: newWidth, height: newHeight, bytesPerRow: stride, scale: scale)
    }
}
