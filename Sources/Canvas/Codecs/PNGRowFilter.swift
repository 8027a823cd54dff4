/// The PNG writer's one pass over the pixels: each premultiplied BGRA row becomes straight RGB(A)
/// bytes (unpremultiplied as ``PixelConversion`` rounds), then is filtered against the row above.
///
/// Pixels are read as Cairo defines them, one native-endian `UInt32` each (alpha in the top byte),
/// and written in PNG's byte order whatever the machine's.
enum PNGRowFilter {
    /// Writes `height` filtered rows into `out`: for each, the filter-type byte and `width ×
    /// channels` filtered bytes. `channels` is 3 (RGB: the caller knows every pixel is opaque) or 4.
    static func filterRows(
        premultipliedBGRA pixels: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int,
        channels: Int, filter: PNGCompression.Filter, into out: UnsafeMutablePointer<UInt8>
    ) {
        let n = width * channels
        // Two straight rows: this one and the one above (zero above the first). Four bytes of
        // slack: RGB pixels are stored as overlapping 4-byte words.
        let stride = n + 4
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * 2)
        defer { scratch.deallocate() }
        scratch.initialize(repeating: 0, count: stride * 2)
        var current = scratch, previous = scratch + stride
        unpremultiplyTable.withUnsafeBufferPointer { table in
            for y in 0..<height {
                let source = pixels + y * bytesPerRow
                if channels == 3 {
                    straightRGB(source, width: width, into: current)
                } else {
                    straightRGBA(source, width: width, table: table.baseAddress!, into: current)
                }
                let row = out + y * (n + 1)
                if filter == .adaptive {
                    // The five costs in one pass, then only the cheapest filter is written (the
                    // first of equal costs, in the file's order).
                    let costs = adaptiveCosts(current, previous, n: n, bpp: channels)
                    var bestType = Filter.none
                    for type in Filter.allCases where costs[Int(type.rawValue)] < costs[Int(bestType.rawValue)] {
                        bestType = type
                    }
                    row[0] = bestType.rawValue
                    apply(bestType, current, previous, n: n, bpp: channels, into: row + 1)
                } else {
                    let type = Filter(filter)
                    row[0] = type.rawValue
                    apply(type, current, previous, n: n, bpp: channels, into: row + 1)
                }
                swap(&current, &previous)
            }
        }
    }

    /// PNG's filter types, numbered as in the file.
    enum Filter: UInt8, CaseIterable {
        case none = 0, sub, up, average, paeth

        /// The fixed filter of a preset (adaptive chooses per row instead).
        init(_ filter: PNGCompression.Filter) {
            switch filter {
            case .none, .adaptive: self = .none
            case .sub: self = .sub
            case .up: self = .up
            case .average: self = .average
            case .paeth: self = .paeth
            }
        }
    }

    // MARK: Pixels

    /// `(c × 255 + a / 2) / a` clamped, at index `a << 8 | c` (``PixelConversion/unpremultiply(_:_:)``).
    static let unpremultiplyTable: [UInt8] = (0..<65536).map { index in
        PixelConversion.unpremultiply(UInt8(truncatingIfNeeded: index), UInt8(truncatingIfNeeded: index >> 8))
    }

    /// Opaque pixels: R, G, B of each (premultiplied and straight are the same at alpha 255).
    @inline(__always)
    static func straightRGB(_ source: UnsafeRawPointer, width: Int, into row: UnsafeMutablePointer<UInt8>) {
        let target = UnsafeMutableRawPointer(row)
        for x in 0..<width {
            let pixel = source.load(fromByteOffset: x * 4, as: UInt32.self)
            // A R G B → R G B in the low three bytes of the little-endian word.
            let rgb = pixel.byteSwapped >> 8
            target.storeBytes(of: rgb.littleEndian, toByteOffset: x * 3, as: UInt32.self)
        }
    }

    /// Straight R, G, B, A of each pixel; translucent ones through the unpremultiply table.
    @inline(__always)
    static func straightRGBA(
        _ source: UnsafeRawPointer, width: Int, table: UnsafePointer<UInt8>, into row: UnsafeMutablePointer<UInt8>
    ) {
        let target = UnsafeMutableRawPointer(row)
        for x in 0..<width {
            let pixel = source.load(fromByteOffset: x * 4, as: UInt32.self)
            let a = pixel >> 24
            var rgba: UInt32
            if a == 0xFF {
                rgba = pixel.byteSwapped >> 8 | 0xFF00_0000
            } else if a == 0 {
                rgba = 0
            } else {
                let base = Int(a) << 8
                let r = UInt32(table[base | Int((pixel >> 16) & 0xFF)])
                let g = UInt32(table[base | Int((pixel >> 8) & 0xFF)])
                let b = UInt32(table[base | Int(pixel & 0xFF)])
                rgba = r | g << 8 | b << 16 | a << 24
            }
            target.storeBytes(of: rgba.littleEndian, toByteOffset: x * 4, as: UInt32.self)
        }
    }

    // MARK: Filters

    /// Filters `current` (with `previous` above it) by `type` into `out`; `bpp` bytes a pixel.
    @inline(__always)
    static func apply(
        _ type: Filter, _ current: UnsafeMutablePointer<UInt8>, _ previous: UnsafeMutablePointer<UInt8>,
        n: Int, bpp: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
        switch type {
        case .none:
            out.update(from: current, count: n)
        case .sub:
            for i in 0..<bpp { out[i] = current[i] }
            for i in bpp..<n { out[i] = current[i] &- current[i - bpp] }
        case .up:
            for i in 0..<n { out[i] = current[i] &- previous[i] }
        case .average:
            for i in 0..<bpp { out[i] = current[i] &- previous[i] >> 1 }
            // Sixteen bytes at a time (the predictors read the unfiltered rows, so lanes are
            // independent), then the tail byte by byte.
            var i = bpp
            while i + 16 <= n {
                let left = Lanes(truncatingIfNeeded: load16(current + i - bpp)), above = Lanes(truncatingIfNeeded: load16(previous + i))
                store16(load16(current + i) &- SIMD16<UInt8>(truncatingIfNeeded: (left &+ above) &>> 1), out + i)
                i += 16
            }
            while i < n {
                out[i] = current[i] &- UInt8(truncatingIfNeeded: (UInt16(current[i - bpp]) + UInt16(previous[i])) >> 1)
                i += 1
            }
        case .paeth:
            // Left and upper-left are zero for the first pixel, so Paeth predicts "above".
            for i in 0..<bpp { out[i] = current[i] &- previous[i] }
            var i = bpp
            while i + 16 <= n {
                let predicted = paeth16(load16(current + i - bpp), load16(previous + i), load16(previous + i - bpp))
                store16(load16(current + i) &- predicted, out + i)
                i += 16
            }
            while i < n {
                out[i] = current[i] &- paeth(current[i - bpp], previous[i], previous[i - bpp])
                i += 1
            }
        }
    }

    /// Sixteen bytes widened, so sums and differences of predictors cannot wrap.
    typealias Lanes = SIMD16<Int16>

    @inline(__always)
    static func load16(_ pointer: UnsafeMutablePointer<UInt8>) -> SIMD16<UInt8> {
        UnsafeRawPointer(pointer).loadUnaligned(as: SIMD16<UInt8>.self)
    }

    @inline(__always)
    static func store16(_ value: SIMD16<UInt8>, _ pointer: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: SIMD16<UInt8>.self)
    }

    /// ``paeth(_:_:_:)`` on sixteen lanes, with masks made by arithmetic (`(y − x) >> 15` is all
    /// ones where x > y): plain vector integer operations, no comparisons or branches.
    @inline(__always)
    static func paeth16(_ left: SIMD16<UInt8>, _ above: SIMD16<UInt8>, _ upperLeft: SIMD16<UInt8>) -> SIMD16<UInt8> {
        let a = Lanes(truncatingIfNeeded: left), b = Lanes(truncatingIfNeeded: above), c = Lanes(truncatingIfNeeded: upperLeft)
        @inline(__always) func magnitude(_ x: Lanes) -> Lanes {
            let sign = x &>> 15
            return (x ^ sign) &- sign
        }
        let pa = magnitude(b &- c), pb = magnitude(a &- c), pc = magnitude(a &+ b &- c &- c)
        let cNearer = (pc &- pb) &>> 15  // pb > pc
        let aboveOrUpperLeft = (b & ~cNearer) | (c & cNearer)
        let nearest = (pb & ~cNearer) | (pc & cNearer)
        let notA = (nearest &- pa) &>> 15  // pa > min(pb, pc)
        return SIMD16<UInt8>(truncatingIfNeeded: (a & ~notA) | (aboveOrUpperLeft & notA))
    }

    /// The Paeth predictor: whichever of left, above and upper-left is nearest `left + above − upperLeft`.
    /// Written as selects (`pa ≤ min(pb, pc)` is `pa ≤ pb && pa ≤ pc`) so that it has no branch.
    @inline(__always)
    static func paeth(_ left: UInt8, _ above: UInt8, _ upperLeft: UInt8) -> UInt8 {
        let a = Int16(left), b = Int16(above), c = Int16(upperLeft)
        // Wrapping negation: |x| without abs's overflow trap (the values are within ±510).
        func magnitude(_ x: Int16) -> Int16 { x < 0 ? 0 &- x : x }
        let pa = magnitude(b &- c), pb = magnitude(a &- c), pc = magnitude(a &+ b &- c &- c)
        let aboveOrUpperLeft = pb <= pc ? above : upperLeft
        return pa <= min(pb, pc) ? left : aboveOrUpperLeft
    }

    /// The heuristic's cost of each filter on this row (indexed by ``Filter/rawValue``): the sum of
    /// its bytes read as signed, |−128…127|, a byte's magnitude being `min(v, 256 − v)`. One pass
    /// computes all five, sixteen bytes at a time, without writing them.
    @inline(__always)
    static func adaptiveCosts(
        _ current: UnsafeMutablePointer<UInt8>, _ previous: UnsafeMutablePointer<UInt8>, n: Int, bpp: Int
    ) -> SIMD8<Int> {
        @inline(__always) func magnitude(_ v: UInt8) -> Int { Int(min(v, 0 &- v)) }
        @inline(__always) func magnitude16(_ v: SIMD16<UInt8>) -> SIMD16<UInt16> { SIMD16<UInt16>(truncatingIfNeeded: pointwiseMin(v, 0 &- v)) }
        var costs = SIMD8<Int>()
        // The first pixel: left and upper-left are zero.
        for i in 0..<min(bpp, n) {
            let x = current[i], b = previous[i]
            costs[0] += magnitude(x)
            costs[1] += magnitude(x)
            costs[2] += magnitude(x &- b)
            costs[3] += magnitude(x &- b >> 1)
            costs[4] += magnitude(x &- b)
        }
        var i = bpp
        // Sixteen-bit lane sums of at most 128 a step hold 256 steps (4,096 bytes) before a flush.
        while i + 16 <= n {
            var none = SIMD16<UInt16>(), sub = none, up = none, average = none, paeth = none
            var steps = 0
            while i + 16 <= n, steps < 256 {
                let x = load16(current + i), a = load16(current + i - bpp)
                let b = load16(previous + i), c = load16(previous + i - bpp)
                none &+= magnitude16(x)
                sub &+= magnitude16(x &- a)
                up &+= magnitude16(x &- b)
                let mean = SIMD16<UInt8>(truncatingIfNeeded: (Lanes(truncatingIfNeeded: a) &+ Lanes(truncatingIfNeeded: b)) &>> 1)
                average &+= magnitude16(x &- mean)
                paeth &+= magnitude16(x &- paeth16(a, b, c))
                i += 16
                steps += 1
            }
            func total(_ lanes: SIMD16<UInt16>) -> Int { Int(SIMD16<UInt32>(truncatingIfNeeded: lanes).wrappedSum()) }
            costs &+= SIMD8(total(none), total(sub), total(up), total(average), total(paeth), 0, 0, 0)
        }
        while i < n {
            let x = current[i], a = current[i - bpp], b = previous[i], c = previous[i - bpp]
            costs[0] += magnitude(x)
            costs[1] += magnitude(x &- a)
            costs[2] += magnitude(x &- b)
            costs[3] += magnitude(x &- UInt8(truncatingIfNeeded: (UInt16(a) + UInt16(b)) >> 1))
            costs[4] += magnitude(x &- paeth(a, b, c))
            i += 1
        }
        return costs
    }
}
