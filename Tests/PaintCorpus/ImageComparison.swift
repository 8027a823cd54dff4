/// How close two renderings are: a structural similarity figure and a tolerant pixel count.
public struct PaintScore: Sendable, Hashable {
    /// The smaller of ``lumaSSIM`` and ``alphaSSIM``: 1 for the same picture.
    public var ssim: Double
    /// Mean SSIM of the luma of both images composited over white.
    public var lumaSSIM: Double
    /// Mean SSIM of the alpha channels.
    public var alphaSSIM: Double
    /// Pixels that differ by more than the tolerance from every pixel of the other image in their
    /// 3×3 neighbourhood (in either direction): see ``ImageComparison/differingMask(_:_:tolerance:blendTolerance:)``.
    public var differingPixels: Int
    /// The number of pixels compared.
    public var pixelCount: Int
    /// The largest channel difference at the same pixel, 0...255.
    public var maxDifference: Int
    /// The 3×3 squares of pixels that all differ: a blob the size of a glyph's detail (a missing
    /// dot, a wrong letter), not the 1–2 pixel strips where two rasterisers' glyph edges part.
    public var differingBlocks: Int = 0

    /// ``differingPixels`` as a share of ``pixelCount``, 0...1.
    public var differingFraction: Double { pixelCount == 0 ? 0 : Double(differingPixels) / Double(pixelCount) }

    /// A short form: `ssim=0.9876, pixels=1.23%`.
    public var summary: String {
        "ssim=\(Self.format(ssim, 4)), pixels=\(Self.format(differingFraction * 100, 2))%"
    }

    /// `value` with `digits` decimals, without Foundation.
    static func format(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (value * scale).rounded()
        let negative = scaled < 0
        let whole = Int(abs(scaled))
        let unit = Int(scale)
        let integer = whole / unit, fraction = whole % unit
        var fractionText = String(fraction)
        while fractionText.count < digits { fractionText = "0" + fractionText }
        return (negative ? "-" : "") + String(integer) + (digits > 0 ? "." + fractionText : "")
    }
}

/// What counts as the same picture: see scripts/paint-diff/README.md for the measurements behind
/// the defaults.
public struct PaintThresholds: Sendable, Hashable {
    /// The smallest ``PaintScore/ssim`` that passes.
    public var minSSIM: Double
    /// A channel difference (0...255) at or below which two pixels match.
    public var channelTolerance: Int
    /// The channel difference at or below which a pixel matches a blend of two neighbouring
    /// pixels of the other image (an antialiased edge's partly covered pixel); larger than
    /// ``channelTolerance``, since edges are where the two rasterisers part most.
    public var blendTolerance: Int
    /// The largest ``PaintScore/differingFraction`` that passes.
    public var maxDifferingFraction: Double
    /// Whether a 3×3 block of differing pixels fails the case (the text rule).
    public var refusesBlocks = false

    /// Creates thresholds.
    public init(minSSIM: Double, channelTolerance: Int, blendTolerance: Int, maxDifferingFraction: Double) {
        self.minSSIM = minSSIM
        self.channelTolerance = channelTolerance
        self.blendTolerance = blendTolerance
        self.maxDifferingFraction = maxDifferingFraction
    }

    /// The bench's thresholds.
    public static let standard = PaintThresholds(minSSIM: 0.93, channelTolerance: 24, blendTolerance: 48, maxDifferingFraction: 0.0005)

    /// The thresholds for a case that draws text: the same pixel count, no 3×3 block of
    /// differing pixels, and no SSIM (a paragraph half a pixel lower scores 0.83 with every pixel
    /// within the tolerance; a wrong weight, a missing underline or a wrong letter makes blocks).
    /// Measured in scripts/paint-diff/README.md ("the text rule").
    public static let text: PaintThresholds = {
        var t = PaintThresholds(minSSIM: 0, channelTolerance: 24, blendTolerance: 48, maxDifferingFraction: 0.0005)
        t.refusesBlocks = true
        return t
    }()

    /// The scores of `a` against `b` with these tolerances.
    public func score(_ a: RGBAImage, _ b: RGBAImage) -> PaintScore {
        ImageComparison.score(a, b, tolerance: channelTolerance, blendTolerance: blendTolerance)
    }

    /// Whether `score` passes.
    public func passes(_ score: PaintScore) -> Bool {
        score.ssim >= minSSIM && score.differingFraction <= maxDifferingFraction && (!refusesBlocks || score.differingBlocks == 0)
    }
}

/// The comparison: SSIM (Wang et al. 2004, K1 0.01, K2 0.03, L 255; 8×8 windows at a stride of 4)
/// over luma composited on white and over alpha, and a tolerant per-pixel count that forgives a
/// one-pixel shift of an antialiased edge.
public enum ImageComparison {
    /// Scores `a` against `b` (same size) with the tolerances of ``differingMask(_:_:tolerance:blendTolerance:)``.
    public static func score(_ a: RGBAImage, _ b: RGBAImage, tolerance: Int, blendTolerance: Int) -> PaintScore {
        precondition(a.width == b.width && a.height == b.height, "images of different sizes")
        let luma = ssim(a.lumaOverWhite(), b.lumaOverWhite(), width: a.width, height: a.height)
        let alpha = ssim(a.alphaPlane(), b.alphaPlane(), width: a.width, height: a.height)
        let maxDifference = a.maxDifference(b)
        let mask = differingMask(a, b, tolerance: tolerance, blendTolerance: blendTolerance)
        return PaintScore(ssim: min(luma, alpha), lumaSSIM: luma, alphaSSIM: alpha,
                          differingPixels: mask.count { $0 },
                          pixelCount: a.width * a.height, maxDifference: maxDifference,
                          differingBlocks: blocks(in: mask, width: a.width, height: a.height))
    }

    /// The number of 3×3 squares of `mask` (row-major, `width` × `height`) that are all set.
    public static func blocks(in mask: [Bool], width: Int, height: Int) -> Int {
        guard width >= 3, height >= 3 else { return 0 }
        var count = 0
        for y in 0...(height - 3) {
            for x in 0...(width - 3) where mask[y * width + x] {
                var all = true
                for dy in 0..<3 where all {
                    for dx in 0..<3 where !mask[(y + dy) * width + x + dx] { all = false; break }
                }
                if all { count += 1 }
            }
        }
        return count
    }

    /// The side of the square SSIM window, in pixels.
    public static let window = 8
    /// The distance between two windows' origins: windows overlap by half.
    public static let stride = 4

    /// The mean SSIM of two planes of values in 0...255, over every 8×8 window at a stride of 4
    /// (summed-area tables, so the cost is a few passes over the pixels; the tests run unoptimised).
    public static func ssim(_ x: [Double], _ y: [Double], width: Int, height: Int) -> Double {
        guard width >= window, height >= window else { return x == y ? 1 : 0 }
        let c1 = (0.01 * 255) * (0.01 * 255), c2 = (0.03 * 255) * (0.03 * 255)
        let tw = width + 1, count = tw * (height + 1)
        // Five summed-area tables: x, y, x², y², xy; entry (r, c) sums rows < r, columns < c.
        var tables = [Double](repeating: 0, count: count * 5)
        tables.withUnsafeMutableBufferPointer { t in
            x.withUnsafeBufferPointer { px in
                y.withUnsafeBufferPointer { py in
                    for r in 0..<height {
                        var sums = (0.0, 0.0, 0.0, 0.0, 0.0)
                        for c in 0..<width {
                            let a = px[r * width + c], b = py[r * width + c]
                            sums.0 += a; sums.1 += b; sums.2 += a * a; sums.3 += b * b; sums.4 += a * b
                            let above = r * tw + c + 1, here = (r + 1) * tw + c + 1
                            t[here] = t[above] + sums.0
                            t[count + here] = t[count + above] + sums.1
                            t[2 * count + here] = t[2 * count + above] + sums.2
                            t[3 * count + here] = t[3 * count + above] + sums.3
                            t[4 * count + here] = t[4 * count + above] + sums.4
                        }
                    }
                }
            }
        }
        let n = Double(window * window)
        var total = 0.0, windows = 0
        tables.withUnsafeBufferPointer { t in
            /// The sum of table k over the window at (r, c).
            func sum(_ k: Int, _ r: Int, _ c: Int) -> Double {
                let base = k * count
                return t[base + (r + window) * tw + c + window] - t[base + r * tw + c + window]
                    - t[base + (r + window) * tw + c] + t[base + r * tw + c]
            }
            for r in Swift.stride(from: 0, through: height - window, by: stride) {
                for c in Swift.stride(from: 0, through: width - window, by: stride) {
                    let mx = sum(0, r, c) / n, my = sum(1, r, c) / n
                    let vx = max(0, sum(2, r, c) / n - mx * mx), vy = max(0, sum(3, r, c) / n - my * my)
                    let cov = sum(4, r, c) / n - mx * my
                    total += ((2 * mx * my + c1) * (2 * cov + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2))
                    windows += 1
                }
            }
        }
        return total / Double(windows)
    }

    /// For each pixel, whether it differs: its colour in one image is further than `tolerance`
    /// (largest channel difference, premultiplied) from every pixel of the other image's 3×3
    /// neighbourhood around it, and further than `blendTolerance` from every blend of two of
    /// them, in either direction. The blend tolerance applies in full only across an edge (two
    /// pixels at least 4 × `blendTolerance` apart in a channel); between closer colours it shrinks
    /// to a quarter of their difference, and never below `tolerance`, so a smooth gradient gets
    /// no more slack than a flat colour. An
    /// antialiased edge moved by up to a pixel matches (its partly covered pixels are blends of
    /// the colours beside them); a missing one-pixel line does not (its pixels find nothing like
    /// them in the other image, even though the other image's background finds background beside
    /// the line).
    public static func differingMask(_ a: RGBAImage, _ b: RGBAImage, tolerance: Int, blendTolerance: Int) -> [Bool] {
        let w = a.width, h = a.height
        var mask = [Bool](repeating: false, count: w * h)
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                mask.withUnsafeMutableBufferPointer { m in
                    /// The largest channel difference between pixel i of p and pixel j of q.
                    func difference(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ q: UnsafeBufferPointer<UInt8>, _ j: Int) -> Int {
                        max(max(abs(Int(p[i * 4]) - Int(q[j * 4])), abs(Int(p[i * 4 + 1]) - Int(q[j * 4 + 1]))),
                            max(abs(Int(p[i * 4 + 2]) - Int(q[j * 4 + 2])), abs(Int(p[i * 4 + 3]) - Int(q[j * 4 + 3]))))
                    }
                    /// Whether pixel i of p is within the tolerance of a pixel of q's 3×3
                    /// neighbourhood of (x, y), or of a blend of two of them (an antialiased edge
                    /// covers a pixel partly: its colour lies between the colours on either side).
                    func found(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, in q: UnsafeBufferPointer<UInt8>, x: Int, y: Int) -> Bool {
                        var near: [Int] = []
                        near.reserveCapacity(9)
                        for yy in max(0, y - 1)...min(h - 1, y + 1) {
                            for xx in max(0, x - 1)...min(w - 1, x + 1) {
                                if difference(p, i, q, yy * w + xx) <= tolerance { return true }
                                near.append(yy * w + xx)
                            }
                        }
                        let target = (0..<4).map { Double(p[i * 4 + $0]) }
                        for (n, j) in near.enumerated() {
                            for k in near[(n + 1)...] {
                                let a = (0..<4).map { Double(q[j * 4 + $0]) }, b = (0..<4).map { Double(q[k * 4 + $0]) }
                                var dot = 0.0, length = 0.0, contrast = 0.0
                                for c in 0..<4 {
                                    dot += (target[c] - b[c]) * (a[c] - b[c])
                                    length += (a[c] - b[c]) * (a[c] - b[c])
                                    contrast = max(contrast, abs(a[c] - b[c]))
                                }
                                guard length > 0 else { continue }
                                let t = min(1, max(0, dot / length))
                                var worst = 0.0
                                for c in 0..<4 { worst = max(worst, abs(target[c] - (b[c] + t * (a[c] - b[c])))) }
                                // The blend tolerance is for edges: between two close colours (a
                                // gradient's neighbours) it shrinks to the channel tolerance.
                                if worst <= min(Double(blendTolerance), max(Double(tolerance), contrast / 3)) { return true }
                            }
                        }
                        return false
                    }
                    for y in 0..<h {
                        for x in 0..<w {
                            let i = y * w + x
                            if difference(pa, i, pb, i) <= tolerance { continue }
                            m[i] = !found(pa, i, in: pb, x: x, y: y) || !found(pb, i, in: pa, x: x, y: y)
                        }
                    }
                }
            }
        }
        return mask
    }

    /// A picture of the differences: `b` faded to a light grey, with the differing pixels red.
    public static func diffImage(_ a: RGBAImage, _ b: RGBAImage, tolerance: Int, blendTolerance: Int) -> RGBAImage {
        let mask = differingMask(a, b, tolerance: tolerance, blendTolerance: blendTolerance)
        var out = [UInt8](repeating: 255, count: a.width * a.height * 4)
        let luma = b.lumaOverWhite()
        for i in 0..<(a.width * a.height) {
            if mask[i] {
                (out[i * 4], out[i * 4 + 1], out[i * 4 + 2]) = (230, 0, 0)
            } else {
                let v = UInt8(min(255, 191 + luma[i] / 4))
                (out[i * 4], out[i * 4 + 1], out[i * 4 + 2]) = (v, v, v)
            }
        }
        return RGBAImage(width: a.width, height: a.height, pixels: out)
    }
}
