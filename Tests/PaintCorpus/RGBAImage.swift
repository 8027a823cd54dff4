public import Canvas

/// An image as the comparison reads it: premultiplied R, G, B, A bytes, rows packed `width * 4`
/// bytes apart. Both sides become one: Chromium's PNG (straight alpha, premultiplied on decoding)
/// and the renderer's bitmap (premultiplied B, G, R, A).
public struct RGBAImage: Sendable, Equatable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Premultiplied R, G, B, A bytes, `width * height * 4`.
    public var pixels: [UInt8]

    /// An image of `pixels` (premultiplied RGBA, `width * height * 4` bytes).
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "expected \(width * height * 4) bytes, got \(pixels.count)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixels of a bitmap.
    public init(_ bitmap: Bitmap) {
        var bytes = bitmap.premultipliedBGRABytes()
        for i in stride(from: 0, to: bytes.count, by: 4) { bytes.swapAt(i, i + 2) }
        self.init(width: bitmap.width, height: bitmap.height, pixels: bytes)
    }

    /// A PNG (or any format ``ImageDecoder`` reads), premultiplied.
    public init(encoded bytes: [UInt8]) throws(CanvasError) {
        self.init(try ImageDecoder.decode(bytes))
    }

    /// The image as a bitmap at `scale`.
    public func bitmap(scale: Double = 1) throws(CanvasError) -> Bitmap {
        var bytes = pixels
        for i in stride(from: 0, to: bytes.count, by: 4) { bytes.swapAt(i, i + 2) }
        return try Bitmap(width: width, height: height, scale: scale, premultipliedBGRA: bytes)
    }

    /// The image as PNG bytes.
    public func pngBytes() throws(CanvasError) -> [UInt8] {
        try ImageEncoder.encode(bitmap(), as: .png())
    }

    /// The largest difference between the two images' premultiplied channels, 0...255.
    func maxDifference(_ other: RGBAImage) -> Int {
        var d = 0
        pixels.withUnsafeBufferPointer { p in
            other.pixels.withUnsafeBufferPointer { q in
                for i in 0..<min(p.count, q.count) { d = max(d, abs(Int(p[i]) - Int(q[i]))) }
            }
        }
        return d
    }

    /// Luma (Rec. 601 weights) of the image composited over white: alpha folded into brightness,
    /// so a missing shape on a transparent canvas reads as white against its colour.
    public func lumaOverWhite() -> [Double] {
        var out = [Double](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { o in
                for i in 0..<o.count {
                    o[i] = 0.299 * Double(p[i * 4]) + 0.587 * Double(p[i * 4 + 1]) + 0.114 * Double(p[i * 4 + 2]) + 255 - Double(p[i * 4 + 3])
                }
            }
        }
        return out
    }

    /// The alpha channel, 0...255.
    func alphaPlane() -> [Double] {
        var out = [Double](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { o in
                for i in 0..<o.count { o[i] = Double(p[i * 4 + 3]) }
            }
        }
        return out
    }
}
