/// A Gaussian blur of an 8-bit alpha mask, approximated by three box blurs in each direction.
///
/// Three successive box blurs converge on a Gaussian to within a few percent (the central limit
/// theorem), at a cost independent of the radius: each pass is a running sum, O(width × height).
/// The box widths come from the standard "boxes for Gauss" derivation: the widths whose combined
/// variance equals σ². ``Bitmap/blurred(radius:)`` runs the same box widths over colour pixels,
/// with clamped edges instead of this mask's transparent ones.
struct AlphaBlur {
    /// The standard deviation in pixels.
    let sigma: Double

    /// The odd box widths of the three passes.
    var boxWidths: [Int] {
        guard sigma > 0 else { return [] }
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let l = Double(lower)
        let m = ((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded()
        return (0..<3).map { Double($0) < m ? lower : upper }
    }

    /// How far the blur spreads beyond the mask's edge, in pixels.
    var reach: Int { boxWidths.reduce(0) { $0 + $1 / 2 } }

    /// Blurs the `width × height` region at `origin` of a mask with `stride` bytes per row, in place.
    func apply(to mask: UnsafeMutablePointer<UInt8>, stride: Int, x: Int, y: Int, width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        let widths = boxWidths
        guard !widths.isEmpty else { return }
        var line = [UInt8](repeating: 0, count: max(width, height))
        line.withUnsafeMutableBufferPointer { scratch in
            for box in widths {
                let radius = box / 2
                for row in 0..<height {
                    AlphaBlur.boxBlur(mask + (y + row) * stride + x, step: 1, count: width, radius: radius, scratch: scratch)
                }
                for column in 0..<width {
                    AlphaBlur.boxBlur(mask + y * stride + x + column, step: stride, count: height, radius: radius, scratch: scratch)
                }
            }
        }
    }

    /// One box blur of `count` values `step` apart; values beyond the ends count as zero.
    private static func boxBlur(
        _ values: UnsafeMutablePointer<UInt8>,
        step: Int,
        count: Int,
        radius: Int,
        scratch: UnsafeMutableBufferPointer<UInt8>
    ) {
        guard radius > 0 else { return }
        for i in 0..<count { scratch[i] = values[i * step] }
        let box = 2 * radius + 1
        let half = box / 2
        var sum = 0
        for i in 0...min(radius, count - 1) { sum += Int(scratch[i]) }
        for i in 0..<count {
            values[i * step] = UInt8((sum + half) / box)
            let entering = i + radius + 1
            let leaving = i - radius
            if entering < count { sum += Int(scratch[entering]) }
            if leaving >= 0 { sum -= Int(scratch[leaving]) }
        }
    }
}
