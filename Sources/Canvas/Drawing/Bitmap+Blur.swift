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
        // neither loses a faint spread nor breaks the symmetry; only the final result is rounded
        // to 8 bits. Two work images: each pass reads one and writes the other.
        let rowValues = width * 4, count = rowValues * height
        let front = UnsafeMutablePointer<UInt16>.allocate(capacity: count)
        let back = UnsafeMutablePointer<UInt16>.allocate(capacity: count)
        let sums = UnsafeMutablePointer<Int>.allocate(capacity: rowValues)
        defer { front.deallocate(); back.deallocate(); sums.deallocate() }
        let source = storage.bytes.assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            let row = source + y &* bytesPerRow, fixed = front + y &* rowValues
            for k in 0..<rowValues { fixed[k] = UInt16(row[k]) &<< 8 }
        }
        for radius in radii {
            // Across the rows front → back, then down the columns back → front.
            let box = BoxDivisor(width: 2 * radius + 1)
            for y in 0..<height {
                Bitmap.boxBlurRow(from: front + y &* rowValues, to: back + y &* rowValues, count: width, radius: radius, divisor: box)
            }
            Bitmap.boxBlurColumns(from: back, to: front, rowValues: rowValues, height: height, radius: radius, divisor: box, sums: sums)
        }
        let target = output.bytes.assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            let row = target + y &* bytesPerRow, fixed = front + y &* rowValues
            for k in 0..<rowValues { row[k] = UInt8(truncatingIfNeeded: (fixed[k] &+ 128) &>> 8) }
        }
        return Bitmap(storage: output, width: width, height: height, bytesPerRow: bytesPerRow, scale: scale)
    }

    /// One horizontal box blur of a row of `count` pixels (4 components each), edges clamped.
    private static func boxBlurRow(
        from source: UnsafePointer<UInt16>,
        to target: UnsafeMutablePointer<UInt16>,
        count: Int,
        radius: Int,
        divisor: BoxDivisor
    ) {
        let last = count - 1
        // The window around pixel 0 holds radius + 1 copies of pixel 0 (itself and the clamped
        // pixels to its left) and pixels 1...radius (clamped to the last one).
        var s0 = (radius + 1) &* Int(source[0]), s1 = (radius + 1) &* Int(source[1])
        var s2 = (radius + 1) &* Int(source[2]), s3 = (radius + 1) &* Int(source[3])
        for i in 1...radius {
            let p = source + min(i, last) &* 4
            s0 &+= Int(p[0]); s1 &+= Int(p[1]); s2 &+= Int(p[2]); s3 &+= Int(p[3])
        }
        for i in 0..<count {
            let out = target + i &* 4
            out[0] = divisor.divide(s0); out[1] = divisor.divide(s1)
            out[2] = divisor.divide(s2); out[3] = divisor.divide(s3)
            let entering = source + min(i &+ radius &+ 1, last) &* 4
            let leaving = source + max(i &- radius, 0) &* 4
            s0 &+= Int(entering[0]) &- Int(leaving[0]); s1 &+= Int(entering[1]) &- Int(leaving[1])
            s2 &+= Int(entering[2]) &- Int(leaving[2]); s3 &+= Int(entering[3]) &- Int(leaving[3])
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
        sums: UnsafeMutablePointer<Int>
    ) {
        let last = height - 1
        for k in 0..<rowValues { sums[k] = (radius + 1) &* Int(source[k]) }
        for j in 1...radius {
            let row = source + min(j, last) &* rowValues
            for k in 0..<rowValues { sums[k] &+= Int(row[k]) }
        }
        for y in 0..<height {
            let out = target + y &* rowValues
            for k in 0..<rowValues { out[k] = divisor.divide(sums[k]) }
            let entering = source + min(y &+ radius &+ 1, last) &* rowValues
            let leaving = source + max(y &- radius, 0) &* rowValues
            for k in 0..<rowValues { sums[k] &+= Int(entering[k]) &- Int(leaving[k]) }
        }
    }
}

/// Division of a box sum by the box's width, rounded to nearest, as a multiply and a shift.
///
/// The quotient is a non-decreasing function of the sum, the same for every channel, so a
/// premultiplied component (whose sum never exceeds the alpha's) never comes out above its alpha.
private struct BoxDivisor {
    let reciprocal: Int
    let half: Int

    init(width: Int) {
        reciprocal = ((1 << 40) + width / 2) / width
        half = width / 2
    }

    /// The rounded quotient of a sum of at most `width` 16-bit components.
    @inline(__always)
    func divide(_ sum: Int) -> UInt16 {
        UInt16(truncatingIfNeeded: min(((sum &+ half) &* reciprocal) &>> 40, 65535))
    }
}
