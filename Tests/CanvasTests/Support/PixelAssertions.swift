import Testing

@testable import Canvas

/// Premultiplied pixel shorthand for expectations.
func px(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> PremultipliedPixel {
    PremultipliedPixel(red: r, green: g, blue: b, alpha: a)
}

extension Bitmap {
    /// Whether the pixel at (x, y) is within `tolerance` of `expected` on every channel.
    func pixel(x: Int, y: Int, isNear expected: PremultipliedPixel, tolerance: Int = 2) -> Bool {
        guard let actual = pixel(x: x, y: y) else { return false }
        return actual.distance(to: expected) <= tolerance
    }

    /// The alpha at (x, y), 0 outside.
    func alpha(x: Int, y: Int) -> Int {
        Int(pixel(x: x, y: y)?.alpha ?? 0)
    }
}
