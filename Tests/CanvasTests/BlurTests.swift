import AsyncLayerKitTesting
import Testing

@testable import Canvas

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `Bitmap.blurred(radius:)`: a clamped-edge Gaussian with σ = radius points.
@Suite struct BlurTests {
    /// A `width × height` bitmap whose pixels come from `pixel(x, y)`.
    static func bitmap(width: Int, height: Int, scale: Double = 1, _ pixel: (Int, Int) -> PremultipliedPixel) throws -> Bitmap {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = pixel(x, y)
                bytes += [p.blue, p.green, p.red, p.alpha]
            }
        }
        return try Bitmap(width: width, height: height, scale: scale, premultipliedBGRA: bytes)
    }

    /// The sum of every pixel's alpha.
    static func totalAlpha(_ bitmap: Bitmap) -> Int {
        var total = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width { total += Int(bitmap.pixel(x: x, y: y)!.alpha) }
        }
        return total
    }

    @Test func radiusZeroReturnsTheSameBitmap() throws {
        let original = try Self.bitmap(width: 7, height: 5) { x, y in px(UInt8(x * 30), 0, UInt8(y * 40), 255) }
        let same = try original.blurred(radius: 0)
        #expect(same.storage === original.storage)
        #expect(same.scale == original.scale && same.width == 7 && same.height == 5)
    }

    @Test(arguments: [1.0, 2, 4])
    func aSinglePixelSpreadsSymmetricallyAndKeepsItsAlpha(radius: Double) throws {
        let size = 61, c = 30
        let dot = try Self.bitmap(width: size, height: size) { x, y in x == c && y == c ? px(255, 255, 255, 255) : px(0, 0, 0, 0) }
        let blurred = try dot.blurred(radius: radius)
        let centre = try #require(blurred.pixel(x: c, y: c))
        #expect(centre.alpha > 0 && centre.alpha < 255)
        for d in 1...12 {
            let right = blurred.pixel(x: c + d, y: c)!
            #expect(blurred.pixel(x: c - d, y: c) == right)
            #expect(blurred.pixel(x: c, y: c + d) == right)
            #expect(blurred.pixel(x: c, y: c - d) == right)
            #expect(blurred.pixel(x: c + d, y: c + d) == blurred.pixel(x: c - d, y: c - d))
            // Falls off from the centre.
            #expect(right.alpha <= blurred.pixel(x: c + d - 1, y: c)!.alpha)
        }
        // Each pass rounds to 8 bits, so a little of a lone pixel's alpha may be lost or gained.
        let total = Self.totalAlpha(blurred)
        #expect(abs(total - 255) <= 255 / 10, "total alpha \(total)")
    }

    /// The blur runs in bands of 64 columns and 64 rows: a dot on a band's edge spreads as one
    /// in the middle of a band does.
    @Test(arguments: [(63, 64), (64, 63), (100, 100), (128, 127), (30, 140)])
    func bandEdgesDoNotShow(x: Int, y: Int) throws {
        let dot = try Self.bitmap(width: 170, height: 160) { u, v in u == x && v == y ? px(200, 100, 50, 255) : px(0, 0, 0, 0) }
        let blurred = try dot.blurred(radius: 3)
        let reference = try Self.bitmap(width: 31, height: 31) { u, v in u == 15 && v == 15 ? px(200, 100, 50, 255) : px(0, 0, 0, 0) }
            .blurred(radius: 3)
        for dy in -12...12 {
            for dx in -12...12 where blurred.pixel(x: x + dx, y: y + dy) != reference.pixel(x: 15 + dx, y: 15 + dy) {
                Issue.record("(\(dx), \(dy)) from the dot: \(blurred.pixel(x: x + dx, y: y + dy)!), expected \(reference.pixel(x: 15 + dx, y: 15 + dy)!)")
                return
            }
        }
    }

    @Test func aFlatColourStaysFlatUpToTheEdges() throws {
        let colour = px(40, 120, 160, 200)
        let flat = try Self.bitmap(width: 37, height: 23) { _, _ in colour }
        let blurred = try flat.blurred(radius: 6)
        for y in 0..<23 {
            for x in 0..<37 where blurred.pixel(x: x, y: y) != colour {
                Issue.record("pixel (\(x), \(y)) is \(blurred.pixel(x: x, y: y)!), expected \(colour)")
                return
            }
        }
    }

    /// A hard edge becomes the Gaussian's cumulative distribution, 255 · Φ(d / σ).
    @Test func anEdgeFollowsTheGaussian() throws {
        let sigma = 5.0
        let edge = try Self.bitmap(width: 80, height: 4) { x, _ in x < 40 ? px(0, 0, 0, 255) : px(255, 255, 255, 255) }
        let blurred = try edge.blurred(radius: sigma)
        for x in 20..<60 {
            let d = Double(x) + 0.5 - 40
            let expected = 255 * 0.5 * erfc(-d / (sigma * 2.0.squareRoot()))
            let red = Double(blurred.pixel(x: x, y: 2)!.red)
            #expect(abs(red - expected) <= 8, "x \(x): \(red), Gaussian \(expected)")
            #expect(blurred.pixel(x: x, y: 2)!.alpha == 255)
        }
    }

    @Test func premultipliedComponentsNeverExceedAlpha() throws {
        var random = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
        func next() -> UInt8 { UInt8(truncatingIfNeeded: random.next() >> 56) }
        let noise = try Self.bitmap(width: 53, height: 41) { _, _ in
            let a = next()
            func component() -> UInt8 { UInt8(Int(next()) % (Int(a) + 1)) }
            return px(component(), component(), a, a)
        }
        for radius in [0.5, 1.5, 3, 9] {
            let blurred = try noise.blurred(radius: radius)
            for y in 0..<41 {
                for x in 0..<53 {
                    let p = blurred.pixel(x: x, y: y)!
                    if p.red > p.alpha || p.green > p.alpha || p.blue > p.alpha {
                        Issue.record("radius \(radius), (\(x), \(y)): \(p)")
                        return
                    }
                }
            }
        }
    }

    /// The radius is in points: at scale 2 it covers twice as many pixels.
    @Test func theRadiusIsInPoints() throws {
        let pattern = try Self.bitmap(width: 40, height: 30) { x, y in (x / 5 + y / 5) % 2 == 0 ? px(255, 0, 0, 255) : px(0, 0, 0, 0) }
        let atScale2 = try pattern.withScale(2).blurred(radius: 2)
        let atScale1 = try pattern.blurred(radius: 4)
        #expect(atScale2.scale == 2)
        #expect(atScale2.premultipliedBGRABytes() == atScale1.premultipliedBGRABytes())
    }

    @Test(arguments: [-1, -0.001, Double.nan, .infinity, -.infinity, Bitmap.maxBlurRadius + 1])
    func invalidRadiiAreRefused(radius: Double) throws {
        let bitmap = try Self.bitmap(width: 2, height: 2) { _, _ in px(0, 0, 0, 255) }
        #expect {
            _ = try bitmap.blurred(radius: radius)
        } throws: { error in
            guard case CanvasError.invalidArgument(let detail) = error else { return false }
            return detail.contains("\(radius)")
        }
    }

    /// Images narrower than the blur's reach still clamp correctly (no read past the ends).
    @Test(arguments: [(1, 1), (1, 9), (9, 1), (3, 2)])
    func tinyImagesBlurWithoutLeavingTheirBounds(width: Int, height: Int) throws {
        let bitmap = try Self.bitmap(width: width, height: height) { x, y in px(UInt8(x * 20), UInt8(y * 20), 0, 255) }
        let blurred = try bitmap.blurred(radius: 20)
        #expect(blurred.width == width && blurred.height == height)
        for y in 0..<height {
            for x in 0..<width { #expect(blurred.pixel(x: x, y: y)!.alpha == 255) }
        }
    }
}
