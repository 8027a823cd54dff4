import Testing

@testable import Canvas

@Suite struct ImageDrawingTests {
    /// A 2×2 px bitmap: red, green / blue, white.
    func quad() throws -> Bitmap {
        try Bitmap(width: 2, height: 2, premultipliedBGRA: [
            0, 0, 255, 255, 0, 255, 0, 255,
            255, 0, 0, 255, 255, 255, 255, 255,
        ])
    }

    @Test(arguments: [
        (ContentMode.scaleToFill, Rect(x: 0, y: 0, width: 100, height: 50)),
        (.aspectFit, Rect(x: 25, y: 0, width: 50, height: 50)),
        (.aspectFill, Rect(x: 0, y: -25, width: 100, height: 100)),
        (.center, Rect(x: 40, y: 15, width: 20, height: 20)),
        (.top, Rect(x: 40, y: 0, width: 20, height: 20)),
        (.bottom, Rect(x: 40, y: 30, width: 20, height: 20)),
        (.left, Rect(x: 0, y: 15, width: 20, height: 20)),
        (.right, Rect(x: 80, y: 15, width: 20, height: 20)),
        (.topLeft, Rect(x: 0, y: 0, width: 20, height: 20)),
        (.topRight, Rect(x: 80, y: 0, width: 20, height: 20)),
        (.bottomLeft, Rect(x: 0, y: 30, width: 20, height: 20)),
        (.bottomRight, Rect(x: 80, y: 30, width: 20, height: 20)),
    ])
    func contentModeFrames(mode: ContentMode, expected: Rect) {
        #expect(mode.frame(for: Size(width: 20, height: 20), in: Rect(x: 0, y: 0, width: 100, height: 50)) == expected)
    }

    @Test func theReferenceCardCoverRule() {
        // spec: s = max(375/640, 211/480); drawn (640s, 480s) centred on (0, 0, 375, 211).
        let frame = ContentMode.aspectFill.frame(for: Size(width: 640, height: 480), in: Rect(x: 0, y: 0, width: 375, height: 211))
        #expect(abs(frame.width - 375) < 1e-9 && abs(frame.height - 281.25) < 1e-9)
        #expect(abs(frame.minY - (211 - 281.25) / 2) < 1e-9)
    }

    @Test func nearestNeighbourUpscaleKeepsBlocksExact() throws {
        let source = try quad()
        let bitmap = try Bitmap.render(size: Size(width: 20, height: 20)) { context in
            context.draw(source, in: Rect(x: 0, y: 0, width: 20, height: 20), interpolation: .none)
        }
        #expect(bitmap.pixel(x: 0, y: 0) == px(255, 0, 0, 255))
        #expect(bitmap.pixel(x: 9, y: 9) == px(255, 0, 0, 255))
        #expect(bitmap.pixel(x: 10, y: 0) == px(0, 255, 0, 255))
        #expect(bitmap.pixel(x: 0, y: 19) == px(0, 0, 255, 255))
        #expect(bitmap.pixel(x: 19, y: 19) == px(255, 255, 255, 255))
    }

    @Test func smoothUpscaleKeepsEdgesOpaque() throws {
        let source = try quad()
        let bitmap = try Bitmap.render(size: Size(width: 20, height: 20)) { context in
            context.draw(source, in: Rect(x: 0, y: 0, width: 20, height: 20))
        }
        #expect(bitmap.alpha(x: 0, y: 0) == 255 && bitmap.alpha(x: 19, y: 19) == 255)
        #expect(bitmap.pixel(x: 0, y: 0, isNear: px(255, 0, 0, 255), tolerance: 8))
        let middle = try #require(bitmap.pixel(x: 10, y: 10))
        #expect(middle.red > 60 && middle.green > 60 && middle.blue > 60) // blended
    }

    @Test func aspectFitLetterboxesAndAspectFillClips() throws {
        let wide = try Bitmap(width: 2, height: 1, premultipliedBGRA: [255, 0, 0, 255, 255, 0, 0, 255]) // blue
        let fit = try Bitmap.render(size: Size(width: 10, height: 10)) { context in
            context.draw(wide, in: Rect(x: 0, y: 0, width: 10, height: 10), contentMode: .aspectFit)
        }
        #expect(fit.alpha(x: 5, y: 1) == 0 && fit.alpha(x: 5, y: 8) == 0)
        #expect(fit.pixel(x: 5, y: 5) == px(0, 0, 255, 255))
        let fill = try Bitmap.render(size: Size(width: 20, height: 20)) { context in
            context.draw(wide, in: Rect(x: 5, y: 5, width: 10, height: 10), contentMode: .aspectFill)
        }
        #expect(fill.pixel(x: 5, y: 5) == px(0, 0, 255, 255) && fill.pixel(x: 14, y: 14) == px(0, 0, 255, 255))
        #expect(fill.alpha(x: 2, y: 10) == 0 && fill.alpha(x: 17, y: 10) == 0) // overflow clipped
    }

    @Test func downscaleAveragesACheckerboard() throws {
        var bytes: [UInt8] = []
        for y in 0..<64 {
            for x in 0..<64 {
                let v: UInt8 = (x + y) % 2 == 0 ? 255 : 0
                bytes += [v, v, v, 255]
            }
        }
        let checker = try Bitmap(width: 64, height: 64, premultipliedBGRA: bytes)
        let small = try Bitmap.render(size: Size(width: 8, height: 8)) { context in
            context.draw(checker, in: Rect(x: 0, y: 0, width: 8, height: 8), interpolation: .medium)
        }
        for y in 0..<8 {
            for x in 0..<8 {
                #expect(abs(Int(small.pixel(x: x, y: y)!.red) - 128) <= 12)
            }
        }
    }

    @Test func opacityScalesTheImage() throws {
        let source = try quad()
        let bitmap = try Bitmap.render(size: Size(width: 2, height: 2)) { context in
            context.draw(source, in: Rect(x: 0, y: 0, width: 2, height: 2), interpolation: .none, opacity: 0.5)
        }
        #expect(bitmap.pixel(x: 1, y: 1, isNear: px(128, 128, 128, 128), tolerance: 1))
    }

    @Test func naturalSizeUsesTheBitmapScale() throws {
        let retina = try quad().withScale(2) // 1×1 pt
        let bitmap = try Bitmap.render(size: Size(width: 4, height: 4), scale: 2) { context in
            context.draw(retina, at: Point(x: 1, y: 1))
        }
        #expect(bitmap.alpha(x: 1, y: 1) == 0)
        #expect(bitmap.pixel(x: 2, y: 2, isNear: px(255, 0, 0, 255), tolerance: 0))
        #expect(bitmap.pixel(x: 3, y: 3, isNear: px(255, 255, 255, 255), tolerance: 0))
        #expect(bitmap.alpha(x: 4, y: 4) == 0)
    }
}

@Suite struct ShadowTests {
    @Test func hardShadowIsTheOffsetShape() throws {
        let bitmap = try Bitmap.render(size: Size(width: 30, height: 30)) { context in
            context.withShadow(Shadow(offset: Size(width: 5, height: 5), radius: 0, color: .black)) {
                context.fill(Rect(x: 5, y: 5, width: 10, height: 10), with: .white)
            }
        }
        #expect(bitmap.pixel(x: 10, y: 10) == px(255, 255, 255, 255))
        #expect(bitmap.pixel(x: 17, y: 17) == px(0, 0, 0, 255))
        #expect(bitmap.pixel(x: 21, y: 21) == px(0, 0, 0, 0))
        #expect(bitmap.pixel(x: 3, y: 3) == px(0, 0, 0, 0))
    }

    @Test func blurredShadowFadesSmoothlyAndSymmetrically() throws {
        let bitmap = try Bitmap.render(size: Size(width: 80, height: 80)) { context in
            context.withShadow(Shadow(offset: .zero, radius: 10, color: .black)) {
                context.fill(Rect(x: 30, y: 30, width: 20, height: 20), with: .white)
            }
        }
        // Outside the shape, to the right: alpha falls off monotonically with distance.
        var previous = 256
        for x in 50..<75 {
            let a = bitmap.alpha(x: x, y: 40)
            #expect(a <= previous)
            previous = a
        }
        // Half-way point of a Gaussian edge: ~50 % at the shape's edge, ~0 beyond 3σ (15 pt).
        #expect(abs(bitmap.alpha(x: 50, y: 40) - 128) <= 30)
        #expect(bitmap.alpha(x: 68, y: 40) <= 4)
        #expect(bitmap.alpha(x: 54, y: 40) > 20)
        // Symmetric left/right and up/down.
        for d in 1..<15 {
            #expect(abs(bitmap.alpha(x: 49 + d, y: 40) - bitmap.alpha(x: 30 - d, y: 40)) <= 2)
            #expect(abs(bitmap.alpha(x: 40, y: 49 + d) - bitmap.alpha(x: 40, y: 30 - d)) <= 2)
        }
    }

    @Test func shadowColourAndClipAreHonoured() throws {
        let bitmap = try Bitmap.render(size: Size(width: 40, height: 40)) { context in
            context.clip(to: Rect(x: 0, y: 0, width: 40, height: 20))
            context.withShadow(Shadow(offset: Size(width: 0, height: 10), radius: 0, color: Color.red.withAlpha(0.5))) {
                context.fill(Rect(x: 10, y: 5, width: 20, height: 10), with: .white)
            }
        }
        #expect(bitmap.pixel(x: 20, y: 17, isNear: px(128, 0, 0, 128), tolerance: 1))
        #expect(bitmap.alpha(x: 20, y: 22) == 0) // clipped
    }

    @Test func aShadowFollowsTheContentScale() throws {
        let bitmap = try Bitmap.render(size: Size(width: 20, height: 20), scale: 2) { context in
            context.withShadow(Shadow(offset: Size(width: 2, height: 0), radius: 0, color: .black)) {
                context.fill(Rect(x: 4, y: 4, width: 4, height: 4), with: .white)
            }
        }
        // The offset is 2 pt = 4 px: the shadow's right edge ends at (4 + 4 + 2) pt = 20 px.
        #expect(bitmap.alpha(x: 19, y: 12) == 255 && bitmap.alpha(x: 20, y: 12) == 0)
    }
}

@Suite struct AlphaBlurTests {
    @Test(arguments: [0.5, 1.0, 2.0, 4.0, 8.0, 16.0])
    func boxWidthsMatchTheGaussianVariance(sigma: Double) {
        let widths = AlphaBlur(sigma: sigma).boxWidths
        #expect(widths.count == 3 && widths.allSatisfy { $0 % 2 == 1 })
        // A box of width w has variance (w² − 1) / 12; three add up to about σ².
        let variance = widths.reduce(0.0) { $0 + (Double($1 * $1) - 1) / 12 }
        #expect(abs(variance - sigma * sigma) <= max(1.0, 0.15 * sigma * sigma))
    }

    @Test func impulseSpreadsKeepingItsMass() {
        var mask = [UInt8](repeating: 0, count: 64 * 64)
        for y in 28..<36 { for x in 28..<36 { mask[y * 64 + x] = 255 } }
        let before = mask.reduce(0) { $0 + Int($1) }
        mask.withUnsafeMutableBufferPointer { buffer in
            AlphaBlur(sigma: 3).apply(to: buffer.baseAddress!, stride: 64, x: 0, y: 0, width: 64, height: 64)
        }
        let after = mask.reduce(0) { $0 + Int($1) }
        #expect(abs(after - before) < before / 50)
        #expect(mask[32 * 64 + 32] < 255 && mask[32 * 64 + 32] > 100)
        #expect(mask[32 * 64 + 23] > 0) // 5 px out, inside the 3-box reach
        #expect(mask[0] == 0)
    }
}
