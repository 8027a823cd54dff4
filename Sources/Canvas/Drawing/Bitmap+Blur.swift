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
    /// the cost is O(width × height), whatever the radius, and nothing is allocated per pixel (per
    /// call: the result, one 16-bit work image, two buffers of 64 rows or columns and a row of
    /// sums). Because every channel goes through the same arithmetic, a premultiplied colour
    /// component never exceeds its alpha. `swift run -c release --package-path Examples card-bench blur` measures it
    /// against decoding the same image.
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
        // 8 bits. Box blurs commute, so the three vertical passes run first, on bands of
        // `band` columns at a time (columns do not mix), into one 16-bit work image; then the
        // horizontal passes, on bands of `band` rows, each transposed so that it too is blurred
        // down its columns (walking whole rows, which vectorises) and transposed back into the
        // result. A band's two buffers stay in cache; the work image is the only full-size one.
        let band = 64
        let work = UnsafeMutablePointer<UInt16>.allocate(capacity: width * height * 4)
        let bandValues = max(width, height) * band * 4
        var front = UnsafeMutablePointer<UInt16>.allocate(capacity: bandValues)
        var back = UnsafeMutablePointer<UInt16>.allocate(capacity: bandValues)
        let sums = UnsafeMutablePointer<Int32>.allocate(capacity: band * 4)
        defer { work.deallocate(); front.deallocate(); back.deallocate(); sums.deallocate() }
        func blurBand(columns: Int, rows: Int) {
            for radius in radii {
                Bitmap.boxBlurColumns(from: front, to: back, rowValues: columns * 4, height: rows, radius: radius,
                                      divisor: BoxDivisor(width: 2 * radius + 1), sums: sums)
                swap(&front, &back)
            }
        }
        let source = storage.bytes.assumingMemoryBound(to: UInt8.self)
        for x0 in stride(from: 0, to: width, by: band) {
            let values = min(band, width - x0) * 4
            for y in 0..<height {
                let from = source + (y &* bytesPerRow &+ x0 &* 4), to = front + y &* values
                for k in 0..<values { to[k] = UInt16(from[k]) &<< 8 }
            }
            blurBand(columns: values / 4, rows: height)
            for y in 0..<height {
                (work + (y &* width &+ x0) &* 4).update(from: front + y &* values, count: values)
            }
        }
        let target = output.bytes.assumingMemoryBound(to: UInt8.self)
        for y0 in stride(from: 0, to: height, by: band) {
            let rows = min(band, height - y0)
            // Row y0 + j, pixel x of the work image becomes row x, pixel j of the band.
            let transposed = UnsafeMutableRawPointer(front), original = UnsafeRawPointer(work)
            for x in 0..<width {
                for j in 0..<rows {
                    let pixel = original.loadUnaligned(fromByteOffset: ((y0 &+ j) &* width &+ x) &* 8, as: UInt64.self)
                    transposed.storeBytes(of: pixel, toByteOffset: (x &* rows &+ j) &* 8, as: UInt64.self)
                }
            }
            blurBand(columns: rows, rows: width)
            for x in 0..<width {
                for j in 0..<rows {
                    let pixel = front + (x &* rows &+ j) &* 4, out = target + ((y0 &+ j) &* bytesPerRow &+ x &* 4)
                    for c in 0..<4 { out[c] = UInt8(truncatingIfNeeded: (pixel[c] &+ 128) &>> 8) }
                }
            }
        }
        return Bitmap(storage: output, width: width, height: height, bytesPerRow: bytesPerRow, scale: scale)
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
/// The quotient is at most 65 280, where `Float`'s 24-bit mantissa is off by under 1/50 of a
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
