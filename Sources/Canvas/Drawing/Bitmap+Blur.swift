extension Bitmap {
    /// The largest radius ``blurred(radius:)`` accepts, in points.
    ///
    /// Far beyond any useful blur (at that size an image is one flat average colour); a radius
    /// above it is a mistake, refused rather than spent time on.
    public static let maxBlurRadius: Double = 1000

    /// A copy blurred with a Gaussian of standard deviation σ = `radius`, in points.
    ///
    /// The semantics are CSS `filter: blur(radius)`: the radius is the Gaussian's standard
    /// deviation, so visible softening reaches about 2–3 × `radius` from an edge. (A drop
    /// ``Shadow``'s radius follows CSS `box-shadow` instead, where σ is half the radius.) The
    /// radius is in points: σ in pixels is `radius × scale`.
    ///
    /// The Gaussian is approximated by three box blurs in each direction, the same passes as the
    /// drop shadow's blur, run over the premultiplied `ARGB32` pixels with integer running sums:
    /// the cost is O(width × height), whatever the radius, and nothing is allocated per pixel (two
    /// 16-bit work images and one row of sums per call). Because every channel goes through the
    /// same integer arithmetic, a premultiplied colour component never exceeds its alpha.
    ///
    /// Edges are clamped: pixels beyond the bitmap repeat the nearest edge pixel, so a blurred
    /// photo keeps its colour up to its border instead of fading to transparent there, and a flat
    /// colour stays exactly flat.
    ///
    /// - Parameter radius: σ in points, from 0 to ``maxBlurRadius``; 0 returns this bitmap
    ///   itself (no copy), as does a σ too small to move any pixel.
    /// - Returns: A new bitmap of the same size and scale.
    /// - Throws: ``CanvasError/invalidArgument(_:)`` naming the radius when it is negative, not
    ///   finite or above ``maxBlurRadius``; ``CanvasError/outOfMemory(bytes:)`` if the pixel memory
    ///   is refused.
    public func blurred(radius: Double) throws(CanvasError) -> Bitmap {
        guard radius.isFinite, radius >= 0, radius <= Bitmap.maxBlurRadius else {
            throw .invalidArgument("blur radius \(radius): must be a finite number in 0...\(Bitmap.maxBlurRadius) points")
        }
        let radii = AlphaBlur(sigma: radius * scale).boxWidths.map { $0 / 2 }.filter { $0 > 0 }
        guard !radii.isEmpty else { return self }
        let output = try PixelStorage(byteCount: byteCount)
        // The passes run on 16-bit components (8 fractional bits), so rounding between passes
        // neither loses a faint spread nor breaks the symmetry; only the result is rounded to
        // 8 bits. Box blurs commute, so the three vertical passes run first; then the image is
        // transposed, the three horizontal passes run as vertical ones (walking whole rows, which
        // vectorises), and it is transposed back. Two work images: each step reads one and
        // writes the other.
        let count = width * height * 4
        var front = UnsafeMutablePointer<UInt16>.allocate(capacity: count)
        var back = UnsafeMutablePointer<UInt16>.allocate(capacity: count)
        let sums = UnsafeMutablePointer<Int32>.allocate(capacity: max(width, height) * 4)
        defer { front.deallocate(); back.deallocate(); sums.deallocate() }
        let source = storage.bytes.assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            let row = source + y &* bytesPerRow, fixed = front + y &* width &* 4
            for k in 0..<width * 4 { fixed[k] = UInt16(row[k]) &<< 8 }
        }
        for (columns, rows) in [(width, height), (height, width)] {
            for radius in radii {
                let box = BoxDivisor(width: 2 * radius + 1)
                Bitmap.boxBlurColumns(from: front, to: back, rowValues: columns * 4, height: rows, radius: radius, divisor: box, sums: sums)
                swap(&front, &back)
            }
            Bitmap.transpose(front, to: back, columns: columns, rows: rows)
            swap(&front, &back)
        }
        let target = output.bytes.assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            let row = target + y &* bytesPerRow, fixed = front + y &* width &* 4
            for k in 0..<width * 4 { row[k] = UInt8(truncatingIfNeeded: (fixed[k] &+ 128) &>> 8) }
        }
        return Bitmap(storage: output, width: width, height: height, bytesPerRow: bytesPerRow, scale: scale)
    }

    /// Transposes a `columns × rows` image of 8-byte pixels (four 16-bit components) into a
    /// `rows × columns` one, in tiles so that both sides stay in cache.
    private static func transpose(_ source: UnsafePointer<UInt16>, to target: UnsafeMutablePointer<UInt16>, columns: Int, rows: Int) {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
        let tile = 16
        for y0 in stride(from: 0, to: rows, by: tile) {
            for x0 in stride(from: 0, to: columns, by: tile) {
                for y in y0..<min(y0 + tile, rows) {
                    for x in x0..<min(x0 + tile, columns) {
                        let pixel = from.load(fromByteOffset: (y &* columns &+ x) &* 8, as: UInt64.self)
                        to.storeBytes(of: pixel, toByteOffset: (x &* rows &+ y) &* 8, as: UInt64.self)
                    }
                }
            }
        }
    }

    /// One vertical box blur of every column, edges clamped. It walks down the image a whole row
    /// at a time, keeping one running sum per component of a row, so memory is read in order.
    private static func boxBlurColumns(
        from source: UnsafePointer<UInt16>,
        to target: UnsafeMutablePointer<UInt16>,
        rowValues: Int,
        height: Int,
        radius: Int,
        divisor: BoxDivisor,
        sums: UnsafeMutablePointer<Int32>
    ) {
        let last = height - 1
        for k in 0..<rowValues { sums[k] = Int32(radius + 1) &* Int32(source[k]) }
        for j in 1...radius {
            let row = source + min(j, last) &* rowValues
            for k in 0..<rowValues { sums[k] &+= Int32(row[k]) }
        }
        for y in 0..<height {
            let out = target + y &* rowValues
            let entering = source + min(y &+ radius &+ 1, last) &* rowValues
            let leaving = source + max(y &- radius, 0) &* rowValues
            for k in 0..<rowValues {
                let sum = sums[k]
                out[k] = divisor.divide(sum)
                sums[k] = sum &+ Int32(entering[k]) &- Int32(leaving[k])
            }
        }
    }
}

/// Division of a box sum by the box's width, rounded to nearest, in `Float` arithmetic that
/// vectorises (no range-checked conversion: the rounded quotient is read from the bits of
/// `q + 1.5 × 2²³`, whose last 23 bits are then `round(q) + 2²²`).
///
/// Sums are exact 32-bit integers: a component is at most 255 × 256 and a box at most
/// 2 × 16 000 + 1 pixels wide (``Bitmap/maxBlurRadius`` at scale 16), so a sum stays below 2³¹.
/// The quotient is at most 65 280, where `Float`'s 24-bit mantissa is off by under 1/100 of a
/// unit, so a flat colour stays exact; and it is a non-decreasing function of the sum, the same
/// for every channel, so a premultiplied component (whose sum never exceeds the alpha's) never
/// comes out above its alpha.
private struct BoxDivisor {
    let reciprocal: Float

    init(width: Int) {
        reciprocal = 1 / Float(width)
    }

    /// The rounded quotient of one sum.
    @inline(__always)
    func divide(_ sum: Int32) -> UInt16 {
        let shifted = Float(sum) * reciprocal + 12_582_912  // 1.5 × 2²³
        return UInt16(truncatingIfNeeded: shifted.bitPattern &- 0x4B40_0000)
    }
}
