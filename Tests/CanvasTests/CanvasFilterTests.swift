import Foundation
import Testing

@testable import Canvas

/// `GraphicsContext.withFilters` (CSS `filter`) and `drawBackdrop` (CSS `backdrop-filter`).
@Suite struct CanvasFilterTests {
    /// An 8×8 bitmap filled with `color` through `filters`; returns its centre pixel.
    static func filtered(_ color: Color, _ filters: [FilterOperation]) throws -> PremultipliedPixel {
        let bitmap = try Bitmap.render(size: Size(width: 8, height: 8)) { context in
            context.withFilters(filters) { context.fill(context.bounds, with: color) }
        }
        return try #require(bitmap.pixel(x: 4, y: 4))
    }

    /// An opaque colour from 8-bit channels.
    static func rgb(_ r: Int, _ g: Int, _ b: Int) -> Color {
        Color(red255: r, green255: g, blue255: b)
    }

    /// A 3×3 colour matrix applied to an 8-bit colour, clamped and rounded: the spec's formula.
    static func expected(_ rows: [[Double]], _ r: Int, _ g: Int, _ b: Int, offset: Double = 0) -> PremultipliedPixel {
        let v = [Double(r), Double(g), Double(b)].map { $0 / 255 }
        let out = rows.map { row in
            UInt8((min(max(row[0] * v[0] + row[1] * v[1] + row[2] * v[2] + offset, 0), 1) * 255).rounded())
        }
        return px(out[0], out[1], out[2], 255)
    }

    static func expectNear(_ actual: PremultipliedPixel, _ expected: PremultipliedPixel, tolerance: Int = 1,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(actual.distance(to: expected) <= tolerance, "\(actual), expected \(expected)", sourceLocation: sourceLocation)
    }

    // MARK: Colour filters against Filter Effects 1's matrices

    @Test func grayscaleUsesRec709() throws {
        Self.expectNear(try Self.filtered(.red, [.grayscale(1)]), px(54, 54, 54, 255), tolerance: 0)
        // Half: the spec's matrix with [1 - amount] = 0.5.
        let half = [[0.2126 + 0.7874 * 0.5, 0.7152 - 0.7152 * 0.5, 0.0722 - 0.0722 * 0.5],
                    [0.2126 - 0.2126 * 0.5, 0.7152 + 0.2848 * 0.5, 0.0722 - 0.0722 * 0.5],
                    [0.2126 - 0.2126 * 0.5, 0.7152 - 0.7152 * 0.5, 0.0722 + 0.9278 * 0.5]]
        Self.expectNear(try Self.filtered(Self.rgb(200, 100, 50), [.grayscale(0.5)]), Self.expected(half, 200, 100, 50))
        // Above 1 is clamped to 1; 0 changes nothing.
        #expect(try Self.filtered(.red, [.grayscale(7)]) == Self.filtered(.red, [.grayscale(1)]))
        #expect(try Self.filtered(Self.rgb(200, 100, 50), [.grayscale(0)]) == px(200, 100, 50, 255))
    }

    @Test func sepia() throws {
        let full = [[0.393, 0.769, 0.189], [0.349, 0.686, 0.168], [0.272, 0.534, 0.131]]
        Self.expectNear(try Self.filtered(Self.rgb(100, 150, 200), [.sepia(1)]), Self.expected(full, 100, 150, 200))
        // White saturates red and green, clamped.
        Self.expectNear(try Self.filtered(.white, [.sepia(1)]), px(255, 255, 239, 255))
        #expect(try Self.filtered(.white, [.sepia(3)]) == Self.filtered(.white, [.sepia(1)]))
    }

    @Test func saturate() throws {
        Self.expectNear(try Self.filtered(.red, [.saturate(0)]), px(54, 54, 54, 255))
        let s = 2.0
        let rows = [[0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s],
                    [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s],
                    [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s]]
        Self.expectNear(try Self.filtered(Self.rgb(160, 120, 100), [.saturate(2)]), Self.expected(rows, 160, 120, 100))
        #expect(try Self.filtered(Self.rgb(160, 120, 100), [.saturate(1)]) == px(160, 120, 100, 255))
    }

    @Test func hueRotate() throws {
        // cos 180° = -1, sin 180° = 0: red becomes (0.213 - 0.787, 0.213 + 0.213, 0.213 + 0.213).
        Self.expectNear(try Self.filtered(.red, [.hueRotate(degrees: 180)]), px(0, 109, 109, 255))
        let a = 90.0 * .pi / 180, c = cos(a), s = sin(a)
        let rows = [[0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928],
                    [0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283],
                    [0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072]]
        Self.expectNear(try Self.filtered(Self.rgb(200, 100, 50), [.hueRotate(degrees: 90)]), Self.expected(rows, 200, 100, 50))
        #expect(try Self.filtered(Self.rgb(200, 100, 50), [.hueRotate(degrees: 360)]) == px(200, 100, 50, 255))
        #expect(try Self.filtered(Self.rgb(200, 100, 50), [.hueRotate(degrees: 450)])
            == Self.filtered(Self.rgb(200, 100, 50), [.hueRotate(degrees: 90)]))
    }

    @Test func brightnessContrastInvert() throws {
        Self.expectNear(try Self.filtered(Self.rgb(200, 100, 50), [.brightness(0.5)]), px(100, 50, 25, 255))
        Self.expectNear(try Self.filtered(Self.rgb(200, 100, 50), [.brightness(2)]), px(255, 200, 100, 255))
        Self.expectNear(try Self.filtered(Self.rgb(200, 100, 50), [.brightness(0)]), px(0, 0, 0, 255), tolerance: 0)
        // contrast: (v - 0.5) × c + 0.5.
        let c = 0.5, identity = [[c, 0, 0], [0, c, 0], [0, 0, c]]
        Self.expectNear(try Self.filtered(Self.rgb(200, 100, 50), [.contrast(c)]), Self.expected(identity, 200, 100, 50, offset: 0.5 - 0.5 * c))
        Self.expectNear(try Self.filtered(Self.rgb(200, 100, 50), [.contrast(0)]), px(128, 128, 128, 255))
        // invert: a + v (1 - 2a).
        Self.expectNear(try Self.filtered(Self.rgb(200, 100, 50), [.invert(1)]), px(55, 155, 205, 255))
        let quarter = [[0.5, 0, 0], [0, 0.5, 0], [0, 0, 0.5]]
        Self.expectNear(try Self.filtered(Self.rgb(200, 100, 50), [.invert(0.25)]), Self.expected(quarter, 200, 100, 50, offset: 0.25))
        #expect(try Self.filtered(Self.rgb(200, 100, 50), [.invert(2)]) == Self.filtered(Self.rgb(200, 100, 50), [.invert(1)]))
    }

    @Test func opacityScalesAlpha() throws {
        Self.expectNear(try Self.filtered(.red, [.opacity(0.5)]), px(128, 0, 0, 128))
        #expect(try Self.filtered(.red, [.opacity(0)]) == px(0, 0, 0, 0))
        #expect(try Self.filtered(.red, [.opacity(3)]) == px(255, 0, 0, 255))
    }

    /// Colour filters work on unpremultiplied colour and keep the alpha.
    @Test func translucentColourIsUnpremultiplied() throws {
        let pixel = try Self.filtered(Color.red.withAlpha(0.5), [.grayscale(1)])
        #expect(pixel.alpha == 128)
        Self.expectNear(pixel, px(27, 27, 27, 128))
    }

    @Test func orderMatters() throws {
        let brightThenInvert = try Self.filtered(Self.rgb(100, 50, 25), [.brightness(2), .invert(1)])
        let invertThenBright = try Self.filtered(Self.rgb(100, 50, 25), [.invert(1), .brightness(2)])
        Self.expectNear(brightThenInvert, px(55, 155, 205, 255))
        Self.expectNear(invertThenBright, px(255, 255, 255, 255))
    }

    /// brightness(2) leaves 0...1, so it is clamped before brightness(0.5) (not fused into ×1).
    @Test func clampingBetweenFiltersIsKept() throws {
        Self.expectNear(try Self.filtered(Self.rgb(200, 100, 50), [.brightness(2), .brightness(0.5)]), px(128, 100, 50, 255))
        // These two stay in range, so they fuse into one pass with the same result.
        let separate = Self.expected([[0.2126, 0.7152, 0.0722], [0.2126, 0.7152, 0.0722], [0.2126, 0.7152, 0.0722]], 200, 100, 50)
        let inverted = px(255 - separate.red, 255 - separate.green, 255 - separate.blue, 255)
        Self.expectNear(try Self.filtered(Self.rgb(200, 100, 50), [.grayscale(1), .invert(1)]), inverted)
    }

    @Test func fusedMatricesMatchTheirSequence() {
        let a = FilterOperation.grayscale(0.3).colorMatrix!, b = FilterOperation.opacity(0.5).colorMatrix!
        let fused = a.followed(by: b)
        #expect(a.keepsUnitRange)
        #expect(!FilterOperation.saturate(2).colorMatrix!.keepsUnitRange)
        let input: [Double] = [0.2, 0.4, 0.6, 1]
        func apply(_ m: ColorMatrix, _ v: [Double]) -> [Double] {
            (0..<4).map { i in (0..<4).reduce(m[i, 4]) { $0 + m[i, $1] * v[$1] } }
        }
        let step = apply(b, apply(a, input)), once = apply(fused, input)
        for i in 0..<4 { #expect(abs(step[i] - once[i]) < 1e-12) }
    }

    // MARK: Groups

    /// Opacity applies to the group as a whole: overlapping shapes do not add up.
    @Test func opacityOfAGroup() throws {
        let bitmap = try Bitmap.render(size: Size(width: 30, height: 10)) { context in
            context.withFilters([.opacity(0.5)]) {
                context.fill(Rect(x: 0, y: 0, width: 20, height: 10), with: .blue)
                context.fill(Rect(x: 10, y: 0, width: 20, height: 10), with: .blue)
            }
        }
        #expect(bitmap.pixel(x: 5, y: 5, isNear: px(0, 0, 128, 128), tolerance: 1))
        #expect(bitmap.pixel(x: 15, y: 5) == bitmap.pixel(x: 5, y: 5))
        #expect(bitmap.pixel(x: 25, y: 5) == bitmap.pixel(x: 5, y: 5))
    }

    @Test func followsTheTransformAndTheClip() throws {
        let bitmap = try Bitmap.render(size: Size(width: 40, height: 40), scale: 2) { context in
            context.clip(to: Rect(x: 0, y: 0, width: 20, height: 40))
            context.translateBy(x: 10, y: 10)
            context.withFilters([.grayscale(1)]) {
                context.fill(Rect(x: 0, y: 0, width: 20, height: 5), with: .red)
            }
        }
        #expect(bitmap.pixel(x: 30, y: 24) == px(54, 54, 54, 255))  // (15, 12) points
        #expect(bitmap.alpha(x: 10, y: 10) == 0)  // (5, 5): before the translation
        #expect(bitmap.alpha(x: 50, y: 24) == 0)  // (25, 12): outside the clip
    }

    @Test func unbalancedSavesInsideAreRestored() throws {
        let bitmap = try Bitmap.render(size: Size(width: 20, height: 20)) { context in
            context.withFilters([.invert(1)]) {
                context.saveGState()
                context.translateBy(x: 10, y: 10)
                context.fill(Rect(x: 0, y: 0, width: 5, height: 5), with: .black)
            }
            context.fill(Rect(x: 0, y: 0, width: 5, height: 5), with: .red)
        }
        #expect(bitmap.pixel(x: 12, y: 12) == px(255, 255, 255, 255))
        #expect(bitmap.pixel(x: 2, y: 2) == px(255, 0, 0, 255))
    }

    @Test func noFiltersDrawsAsIs() throws {
        let bitmap = try Bitmap.render(size: Size(width: 4, height: 4)) { context in
            let value = context.withFilters([]) {
                context.fill(context.bounds, with: .green)
                return 7
            }
            #expect(value == 7)
        }
        #expect(bitmap.pixel(x: 1, y: 1) == px(0, 255, 0, 255))
    }

    // MARK: Blur and drop shadow

    static func totalAlpha(_ bitmap: Bitmap) -> Int {
        var total = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width { total += bitmap.alpha(x: x, y: y) }
        }
        return total
    }

    @Test(arguments: [1.0, 2])
    func blurSpreadsOutwardAndKeepsTheAlpha(scale: Double) throws {
        let bitmap = try Bitmap.render(size: Size(width: 60, height: 60), scale: scale) { context in
            context.withFilters([.blur(radius: 3)]) {
                context.fill(Rect(x: 20, y: 20, width: 20, height: 20), with: .black)
            }
        }
        let s = Int(scale)
        // Outside the square, within about 3σ: some alpha. The centre stays opaque, the edge is about half.
        #expect(bitmap.alpha(x: 17 * s, y: 30 * s) > 10)
        #expect(bitmap.alpha(x: 30 * s, y: 17 * s) > 10)
        #expect(bitmap.alpha(x: 30 * s, y: 30 * s) >= 250)
        #expect(abs(bitmap.alpha(x: 20 * s, y: 30 * s) - 128) < 20)
        #expect(bitmap.alpha(x: 5 * s, y: 30 * s) == 0)
        // Symmetric.
        #expect(bitmap.alpha(x: 17 * s, y: 30 * s) == bitmap.alpha(x: 43 * s - 1, y: 30 * s))
        let total = Self.totalAlpha(bitmap), drawn = 400 * 255 * s * s
        #expect(abs(total - drawn) < drawn / 50, "total alpha \(total) for \(drawn)")
    }

    /// The centre alpha of a 40-pixel black square blurred with σ `sigma` pixels, and the total.
    static func blurredSquare(sigma: Double) throws -> (centre: Int, total: Int, profile: [Int]) {
        let bitmap = try Bitmap.render(size: Size(width: 500, height: 500)) { context in
            context.withFilters([.blur(radius: sigma)]) {
                context.fill(Rect(x: 230, y: 230, width: 40, height: 40), with: .black)
            }
        }
        return (bitmap.alpha(x: 250, y: 250), totalAlpha(bitmap), (0..<20).map { bitmap.alpha(x: 250 + 10 * $0, y: 250) })
    }

    /// Above σ = 32 px the blur runs on a copy shrunk by a whole factor (3 for σ = 33 and 40):
    /// it agrees with the full-size blur just below, and with the Gaussian.
    @Test func largeBlurMatchesTheFullSizeOne() throws {
        func gaussianCentre(_ sigma: Double) -> Double { pow(erf(20 / (sigma * 2.0.squareRoot())), 2) * 255 }
        let full = try Self.blurredSquare(sigma: 32), shrunk = try Self.blurredSquare(sigma: 33)
        let predicted = Double(full.centre) * gaussianCentre(33) / gaussianCentre(32)
        #expect(abs(Double(shrunk.centre) - predicted) <= 2, "σ 33: \(shrunk.centre), from σ 32: \(predicted)")
        let wide = try Self.blurredSquare(sigma: 40)
        // Three box blurs are a little flatter than a Gaussian at the top (here about 7 %).
        #expect(abs(Double(wide.centre) / gaussianCentre(40) - 1) < 0.15, "centre \(wide.centre)")
        #expect(zip(wide.profile, wide.profile.dropFirst()).allSatisfy { $0 >= $1 })
        let drawn = 1600 * 255
        for total in [full.total, shrunk.total, wide.total] {
            #expect(abs(total - drawn) < drawn / 20, "total alpha \(total) for \(drawn)")
        }
    }

    @Test func blurZeroIsANoOpAndHugeIsClamped() throws {
        func draw(_ filters: [FilterOperation]) throws -> Bitmap {
            try Bitmap.render(size: Size(width: 30, height: 30), scale: 2) { context in
                context.withFilters(filters) { context.fill(Rect(x: 10, y: 10, width: 10, height: 10), with: .red) }
            }
        }
        #expect(try draw([.blur(radius: 0)]).premultipliedBGRABytes() == draw([]).premultipliedBGRABytes())
        #expect(try draw([.blur(radius: 5000)]).premultipliedBGRABytes() == draw([.blur(radius: 1000)]).premultipliedBGRABytes())
    }

    @Test func dropShadowIsOffsetBeneath() throws {
        let shadow = Shadow(offset: Size(width: 10, height: 10), radius: 0, color: .blue)
        let bitmap = try Bitmap.render(size: Size(width: 40, height: 40)) { context in
            context.withFilters([.dropShadow(shadow)]) {
                context.fill(Rect(x: 5, y: 5, width: 10, height: 10), with: .red)
            }
        }
        #expect(bitmap.pixel(x: 10, y: 10) == px(255, 0, 0, 255))
        #expect(bitmap.pixel(x: 20, y: 20) == px(0, 0, 255, 255))
        #expect(bitmap.pixel(x: 17, y: 17) == px(0, 0, 255, 255))
        #expect(bitmap.alpha(x: 3, y: 3) == 0)
        #expect(bitmap.alpha(x: 27, y: 27) == 0)
    }

    /// Hostile sizes finish quickly and draw what can be seen: a far shadow is off the bitmap,
    /// chains of the largest blurs stay within bounded memory.
    @Test func hostileSizesAreBounded() throws {
        let far = Shadow(offset: Size(width: 1e300, height: -1e300), radius: 1e300, color: .black)
        let bitmap = try Bitmap.render(size: Size(width: 20, height: 20), scale: 2) { context in
            context.withFilters([.dropShadow(far)]) { context.fill(Rect(x: 5, y: 5, width: 10, height: 10), with: .red) }
        }
        #expect(bitmap.pixel(x: 20, y: 20) == px(255, 0, 0, 255))
        #expect(bitmap.alpha(x: 2, y: 2) == 0)
        let blurred = try Bitmap.render(size: Size(width: 300, height: 200), scale: 2) { context in
            context.withFilters([.blur(radius: 1000), .dropShadow(Shadow(offset: Size(width: 500, height: 0), radius: 2000, color: .black)),
                                 .blur(radius: 1000)]) {
                context.fill(context.bounds, with: .red)
            }
            context.drawBackdrop([.blur(radius: 1000)], clippedTo: .rect(context.bounds))
        }
        #expect(blurred.width == 600)
    }

    @Test func blurredDropShadowSpreadsAndKeepsItsAlpha() throws {
        // σ = radius / 2 = 2, offset 20 to the right: the shadow lies apart from the shape.
        let shadow = Shadow(offset: Size(width: 20, height: 0), radius: 4, color: Color.black.withAlpha(0.5))
        let bitmap = try Bitmap.render(size: Size(width: 60, height: 30)) { context in
            context.withFilters([.dropShadow(shadow)]) {
                context.fill(Rect(x: 5, y: 10, width: 10, height: 10), with: .white)
            }
        }
        var total = 0
        for y in 0..<30 {
            for x in 20..<60 { total += bitmap.alpha(x: x, y: y) }
        }
        #expect(abs(total - 100 * 128) < 100 * 128 / 25, "shadow alpha \(total)")
        #expect(bitmap.alpha(x: 23, y: 15) > 0)  // spread left of the moved square (25...35)
        #expect(abs(bitmap.alpha(x: 30, y: 15) - 128) <= 2)
    }

    // MARK: Backdrop

    /// Black on the left half, white on the right, split at x = 20.
    static func halves(_ context: GraphicsContext) {
        context.fill(Rect(x: 0, y: 0, width: 20, height: 40), with: .black)
        context.fill(Rect(x: 20, y: 0, width: 20, height: 40), with: .white)
    }

    @Test func backdropBlurStaysInsideThePath() throws {
        let plain = try Bitmap.render(size: Size(width: 40, height: 40)) { Self.halves($0) }
        let clip = Path.circle(center: Point(x: 20, y: 20), radius: 10)
        let filtered = try Bitmap.render(size: Size(width: 40, height: 40)) { context in
            Self.halves(context)
            context.drawBackdrop([.blur(radius: 2)], clippedTo: clip)
        }
        // Nothing outside the circle's antialiased edge changes.
        for y in 0..<40 {
            for x in 0..<40 {
                let dx = Double(x) + 0.5 - 20, dy = Double(y) + 0.5 - 20
                if (dx * dx + dy * dy).squareRoot() > 11 {
                    #expect(filtered.pixel(x: x, y: y) == plain.pixel(x: x, y: y), "(\(x), \(y))")
                }
            }
        }
        // Inside: the split is softened; far from it, colours and opacity are kept (edges clamped).
        let left = try #require(filtered.pixel(x: 19, y: 20)), right = try #require(filtered.pixel(x: 20, y: 20))
        #expect(left.red > 40 && left.red < 128 && right.red > 128 && right.red < 215)
        #expect(left.alpha == 255 && right.alpha == 255)
        #expect(filtered.pixel(x: 11, y: 20) == px(0, 0, 0, 255))
        #expect(filtered.pixel(x: 28, y: 20) == px(255, 255, 255, 255))
    }

    @Test func backdropFollowsTheTransformAndReplaces() throws {
        let bitmap = try Bitmap.render(size: Size(width: 40, height: 40), scale: 2) { context in
            context.fill(context.bounds, with: .red)
            context.translateBy(x: 10, y: 10)
            context.drawBackdrop([.opacity(0.25), .grayscale(1)], clippedTo: .rect(Rect(x: 0, y: 0, width: 10, height: 10)))
        }
        #expect(bitmap.pixel(x: 30, y: 30, isNear: px(14, 14, 14, 64), tolerance: 1))  // (15, 15) points
        #expect(bitmap.pixel(x: 10, y: 10) == px(255, 0, 0, 255))
        #expect(bitmap.pixel(x: 41, y: 30) == px(255, 0, 0, 255))  // just right of the box
    }

    @Test func backdropInvertTwiceRestores() throws {
        let bitmap = try Bitmap.render(size: Size(width: 10, height: 10)) { context in
            context.fill(context.bounds, with: Color(red255: 10, green255: 100, blue255: 200))
            context.drawBackdrop([.invert(1)], clippedTo: .rect(Rect(x: 0, y: 0, width: 5, height: 10)))
            context.drawBackdrop([.invert(1)], clippedTo: .rect(Rect(x: 0, y: 0, width: 5, height: 10)))
        }
        #expect(bitmap.pixel(x: 2, y: 2) == px(10, 100, 200, 255))
    }

    // MARK: Bad arguments

    /// Draws through a context whose pixels are read even though drawing recorded an error.
    static func drawRecordingErrors(_ draw: (GraphicsContext) -> Void) throws -> (Bitmap, CanvasError?) {
        let context = try GraphicsContext(size: Size(width: 10, height: 10), scale: 1, limits: .default)
        draw(context)
        let bitmap = Bitmap(storage: context.storage, width: context.pixelWidth, height: context.pixelHeight,
                            bytesPerRow: context.bytesPerRow, scale: 1)
        return (bitmap, context.firstInvalidArgument)
    }

    @Test(arguments: [
        FilterOperation.blur(radius: .nan), .blur(radius: -1), .brightness(.infinity), .contrast(-0.5),
        .grayscale(.nan), .sepia(-1), .saturate(.nan), .hueRotate(degrees: .infinity), .invert(.nan), .opacity(-.infinity),
        .dropShadow(Shadow(offset: Size(width: .nan, height: 0), radius: 2, color: .black)),
        .dropShadow(Shadow(offset: Size(width: 0, height: 0), radius: -2, color: .black)),
    ])
    func badArgumentsAreRejectedWithoutGarbage(filter: FilterOperation) throws {
        let (bitmap, error) = try Self.drawRecordingErrors { context in
            context.withFilters([.invert(1), filter]) { context.fill(context.bounds, with: .red) }
            context.drawBackdrop([filter], clippedTo: .rect(Rect(x: 0, y: 0, width: 5, height: 5)))
        }
        // Rejected: drawn unfiltered, the backdrop left alone, and the error recorded.
        for y in 0..<10 {
            for x in 0..<10 where bitmap.pixel(x: x, y: y) != px(255, 0, 0, 255) {
                Issue.record("(\(x), \(y)): \(bitmap.pixel(x: x, y: y)!)")
                return
            }
        }
        guard case .invalidArgument(let message) = error else {
            Issue.record("no error recorded for \(filter)")
            return
        }
        #expect(message.contains("withFilters"))
        #expect(throws: CanvasError.self) {
            try Bitmap.render(size: Size(width: 4, height: 4)) { context in
                context.withFilters([filter]) { context.fill(context.bounds, with: .red) }
            }
        }
    }

    @Test func backdropWithANonFinitePathIsRejected() throws {
        let (bitmap, error) = try Self.drawRecordingErrors { context in
            context.fill(context.bounds, with: .red)
            context.drawBackdrop([.invert(1)], clippedTo: .rect(Rect(x: 0, y: 0, width: .nan, height: 5)))
        }
        #expect(bitmap.pixel(x: 1, y: 1) == px(255, 0, 0, 255))
        #expect(error != nil)
    }
}

