import Testing

@testable import Canvas

@Suite struct DrawingPrimitiveTests {
    let white = px(255, 255, 255, 255)
    let clear = px(0, 0, 0, 0)

    @Test func bitmapStartsTransparentAndHasTheRightGeometry() throws {
        let bitmap = try Bitmap.render(size: Size(width: 10.5, height: 3), scale: 2) { _ in }
        #expect(bitmap.width == 21 && bitmap.height == 6)
        #expect(bitmap.bytesPerRow >= 21 * 4 && bitmap.bytesPerRow % 64 == 0)
        #expect(bitmap.size == Size(width: 10.5, height: 3))
        #expect(bitmap.pixel(x: 20, y: 5) == clear)
        #expect(bitmap.pixel(x: 21, y: 0) == nil && bitmap.pixel(x: -1, y: 0) == nil)
    }

    @Test func fillRectCoversExactlyItsPixels() throws {
        let bitmap = try Bitmap.render(size: Size(width: 20, height: 20)) { context in
            context.fill(Rect(x: 5, y: 5, width: 10, height: 5), with: .red)
        }
        #expect(bitmap.pixel(x: 5, y: 5) == px(255, 0, 0, 255))
        #expect(bitmap.pixel(x: 14, y: 9) == px(255, 0, 0, 255))
        #expect(bitmap.pixel(x: 4, y: 5) == clear)
        #expect(bitmap.pixel(x: 15, y: 5) == clear)
        #expect(bitmap.pixel(x: 5, y: 10) == clear)
    }

    @Test func colorsArePremultiplied() throws {
        let bitmap = try Bitmap.render(size: Size(width: 1, height: 1)) { context in
            context.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: Color(red: 1, green: 0.5, blue: 0, alpha: 0.5))
        }
        let pixel = try #require(bitmap.pixel(x: 0, y: 0))
        #expect(pixel.distance(to: px(128, 64, 0, 128)) <= 1)
        let color = try #require(bitmap.color(x: 0, y: 0))
        #expect(abs(color.red - 1) < 0.01 && abs(color.green - 0.5) < 0.02 && abs(color.alpha - 0.5) < 0.01)
    }

    @Test func scaleMapsPointsToPixels() throws {
        let bitmap = try Bitmap.render(size: Size(width: 10, height: 10), scale: 3) { context in
            context.fill(Rect(x: 1, y: 1, width: 1, height: 1), with: .blue)
        }
        #expect(bitmap.width == 30)
        #expect(bitmap.pixel(x: 3, y: 3) == px(0, 0, 255, 255))
        #expect(bitmap.pixel(x: 5, y: 5) == px(0, 0, 255, 255))
        #expect(bitmap.pixel(x: 6, y: 6) == clear)
        #expect(bitmap.pixel(x: 2, y: 3) == clear)
    }

    @Test func roundedRectCutsItsCornersPerCorner() throws {
        let bitmap = try Bitmap.render(size: Size(width: 40, height: 40)) { context in
            context.fill(.roundedRect(Rect(x: 0, y: 0, width: 40, height: 40), radii: CornerRadii(topLeft: 12, bottomRight: 12)),
                         with: .color(.white))
        }
        #expect(bitmap.pixel(x: 0, y: 0) == clear)        // rounded
        #expect(bitmap.pixel(x: 39, y: 0) == white)        // square
        #expect(bitmap.pixel(x: 0, y: 39) == white)        // square
        #expect(bitmap.pixel(x: 39, y: 39) == clear)      // rounded
        #expect(bitmap.pixel(x: 20, y: 20) == white)
        // On the arc's diagonal, 45° from the corner centre at (12, 12): edge at 12 − 12/√2 ≈ 3.5.
        #expect(bitmap.alpha(x: 2, y: 2) == 0)
        #expect(bitmap.alpha(x: 5, y: 5) == 255)
    }

    @Test func ellipseAndCircle() throws {
        let bitmap = try Bitmap.render(size: Size(width: 40, height: 20)) { context in
            context.fill(.ellipse(in: Rect(x: 0, y: 0, width: 40, height: 20)), with: .color(.green))
        }
        #expect(bitmap.pixel(x: 20, y: 10) == px(0, 255, 0, 255))
        #expect(bitmap.pixel(x: 1, y: 10) == px(0, 255, 0, 255))
        #expect(bitmap.pixel(x: 2, y: 1) == clear)
        #expect(bitmap.pixel(x: 38, y: 18) == clear)
    }

    @Test func evenOddLeavesAHole() throws {
        var ring = Path.rect(Rect(x: 0, y: 0, width: 30, height: 30))
        ring.addRect(Rect(x: 10, y: 10, width: 10, height: 10))
        let bitmap = try Bitmap.render(size: Size(width: 30, height: 30)) { context in
            context.fill(ring, with: .color(.white), rule: .evenOdd)
        }
        #expect(bitmap.pixel(x: 5, y: 5) == white)
        #expect(bitmap.pixel(x: 15, y: 15) == clear)
    }

    @Test func strokeWidthCapsAndDashes() throws {
        var line = Path()
        line.move(to: Point(x: 10, y: 10))
        line.addLine(to: Point(x: 50, y: 10))
        let bitmap = try Bitmap.render(size: Size(width: 60, height: 40)) { context in
            context.stroke(line, with: .color(.white), style: StrokeStyle(lineWidth: 4))
            context.withSavedGState {
                context.translateBy(x: 0, y: 20)
                context.stroke(line, with: .color(.white), style: StrokeStyle(lineWidth: 4, dash: [5, 5], lineCap: .butt))
            }
            context.translateBy(x: 0, y: 10)
            context.stroke(line, with: .color(.white), style: StrokeStyle(lineWidth: 4, lineCap: .square))
        }
        // Solid line: 4 pt thick, centred on y = 10 → rows 8...11; butt caps end at x = 10 and 50.
        #expect(bitmap.pixel(x: 30, y: 8) == white && bitmap.pixel(x: 30, y: 11) == white)
        #expect(bitmap.pixel(x: 30, y: 7) == clear && bitmap.pixel(x: 30, y: 12) == clear)
        #expect(bitmap.pixel(x: 9, y: 10) == clear && bitmap.pixel(x: 10, y: 10) == white)
        // Square caps reach 2 pt past each end.
        #expect(bitmap.pixel(x: 8, y: 20) == white && bitmap.pixel(x: 51, y: 20) == white)
        #expect(bitmap.pixel(x: 7, y: 20) == clear)
        // Dashes at y = 30: on 10...15, off 15...20, on 20...25.
        #expect(bitmap.pixel(x: 12, y: 30) == white)
        #expect(bitmap.pixel(x: 17, y: 30) == clear)
        #expect(bitmap.pixel(x: 22, y: 30) == white)
    }

    @Test func clipLimitsDrawingUntilRestored() throws {
        let bitmap = try Bitmap.render(size: Size(width: 20, height: 20)) { context in
            context.withSavedGState {
                context.clip(to: Rect(x: 0, y: 0, width: 10, height: 20))
                context.fill(Rect(x: 0, y: 0, width: 20, height: 10), with: .red)
            }
            context.fill(Rect(x: 0, y: 10, width: 20, height: 10), with: .blue)
        }
        #expect(bitmap.pixel(x: 5, y: 5) == px(255, 0, 0, 255))
        #expect(bitmap.pixel(x: 15, y: 5) == clear)
        #expect(bitmap.pixel(x: 15, y: 15) == px(0, 0, 255, 255))
    }

    @Test func roundedClipMasksAnImage() throws {
        let bitmap = try Bitmap.render(size: Size(width: 20, height: 20)) { context in
            context.clip(to: .circle(center: Point(x: 10, y: 10), radius: 10))
            context.paint(.color(.white))
        }
        #expect(bitmap.pixel(x: 10, y: 10) == white)
        #expect(bitmap.pixel(x: 0, y: 0) == clear && bitmap.pixel(x: 19, y: 19) == clear)
    }

    @Test func linearGradientRampsBetweenItsStops() throws {
        let gradient = Gradient(colors: [.black, .white])
        let bitmap = try Bitmap.render(size: Size(width: 256, height: 1)) { context in
            context.fill(Rect(x: 0, y: 0, width: 256, height: 1),
                         with: .clear)
            context.paint(.linearGradient(gradient, start: Point(x: 0, y: 0), end: Point(x: 256, y: 0)))
        }
        let left = try #require(bitmap.pixel(x: 0, y: 0)), middle = try #require(bitmap.pixel(x: 128, y: 0))
        let right = try #require(bitmap.pixel(x: 255, y: 0))
        #expect(left.red <= 2 && right.red >= 253)
        #expect(abs(Int(middle.red) - 128) <= 2)
        // Monotonic along the ramp.
        var previous = 0
        for x in 0..<256 {
            let red = Int(bitmap.pixel(x: x, y: 0)!.red)
            #expect(red >= previous)
            previous = red
        }
    }

    @Test func alphaGradientLikeTheCardVeil() throws {
        let veil = Gradient(stops: [.init(location: 0, color: .clear), .init(location: 1, color: Color.black.withAlpha(0.6))])
        let bitmap = try Bitmap.render(size: Size(width: 1, height: 60)) { context in
            context.fill(.rect(Rect(x: 0, y: 0, width: 1, height: 60)),
                         with: .linearGradient(veil, start: Point(x: 0, y: 0), end: Point(x: 0, y: 60)))
        }
        #expect(bitmap.alpha(x: 0, y: 0) <= 3)
        #expect(abs(bitmap.alpha(x: 0, y: 59) - 153) <= 3)
        #expect(abs(bitmap.alpha(x: 0, y: 30) - 77) <= 3)
    }

    @Test func radialGradientIsBrightAtTheCentre() throws {
        let bitmap = try Bitmap.render(size: Size(width: 41, height: 41)) { context in
            context.paint(.radialGradient(Gradient(colors: [.white, .black]), center: Point(x: 20.5, y: 20.5), radius: 20))
        }
        let centre = try #require(bitmap.pixel(x: 20, y: 20)), edge = try #require(bitmap.pixel(x: 20, y: 0))
        let halfway = try #require(bitmap.pixel(x: 30, y: 20))
        #expect(centre.red >= 250 && edge.red <= 8)
        #expect(abs(Int(halfway.red) - 128) <= 12)
        #expect(bitmap.pixel(x: 20, y: 30) == bitmap.pixel(x: 30, y: 20)) // symmetric
    }

    @Test func groupOpacityDoesNotDoubleOverlaps() throws {
        let bitmap = try Bitmap.render(size: Size(width: 30, height: 10)) { context in
            context.withTransparencyLayer(opacity: 0.5) {
                context.fill(Rect(x: 0, y: 0, width: 20, height: 10), with: .white)
                context.fill(Rect(x: 10, y: 0, width: 20, height: 10), with: .white)
            }
        }
        #expect(bitmap.pixel(x: 5, y: 5, isNear: px(128, 128, 128, 128), tolerance: 1))
        #expect(bitmap.pixel(x: 15, y: 5, isNear: px(128, 128, 128, 128), tolerance: 1))
        #expect(bitmap.pixel(x: 25, y: 5, isNear: px(128, 128, 128, 128), tolerance: 1))
    }

    @Test func transformsComposeAndReport() throws {
        _ = try Bitmap.render(size: Size(width: 10, height: 10), scale: 2) { context in
            #expect(context.currentTransform == .identity)
            context.translateBy(x: 3, y: 4)
            context.scaleBy(x: 2, y: 2)
            let t = context.currentTransform
            #expect(t.apply(to: Point(x: 1, y: 1)) == Point(x: 5, y: 6))
            context.restoreGState() // unbalanced: ignored, not a Cairo error
        }
        let rotated = try Bitmap.render(size: Size(width: 20, height: 20)) { context in
            context.translateBy(x: 10, y: 10)
            context.rotate(by: .pi / 2)
            context.fill(Rect(x: 0, y: 0, width: 10, height: 2), with: .white) // now points down
        }
        #expect(rotated.pixel(x: 9, y: 15) == white)
        #expect(rotated.pixel(x: 15, y: 11) == clear)
    }
}

@Suite struct DrawingErrorTests {
    @Test(arguments: [
        "translate", "scale", "rotate", "path", "stroke", "dash", "gradient", "image", "shadow", "concat",
    ])
    func nonFiniteArgumentsAreReportedWhenRenderEnds(kind: String) throws {
        let source = try Bitmap.render(size: Size(width: 2, height: 2)) { $0.paint(.color(.white)) }
        #expect(throws: CanvasError.self) {
            _ = try Bitmap.render(size: Size(width: 10, height: 10)) { context in
                switch kind {
                case "translate": context.translateBy(x: .nan, y: 0)
                case "scale": context.scaleBy(x: 0, y: 1)
                case "rotate": context.rotate(by: .infinity)
                case "path": context.fill(.rect(Rect(x: .nan, y: 0, width: 1, height: 1)), with: .color(.red))
                case "stroke": context.stroke(.rect(Rect(x: 0, y: 0, width: 1, height: 1)), with: .color(.red), style: StrokeStyle(lineWidth: -1))
                case "dash": context.stroke(.rect(Rect(x: 0, y: 0, width: 1, height: 1)), with: .color(.red), style: StrokeStyle(dash: [0, 0]))
                case "gradient": context.paint(.linearGradient(Gradient(colors: [.red]), start: Point(x: .nan, y: 0), end: .zero))
                case "image": context.draw(source, in: Rect(x: 0, y: 0, width: .infinity, height: 1))
                case "shadow": context.withShadow(Shadow(offset: .zero, radius: .nan, color: .black)) {}
                default: context.concatenate(AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
                }
                // Drawing after a bad call still works (Cairo never saw the bad value).
                context.fill(Rect(x: 0, y: 0, width: 10, height: 10), with: .white)
            }
        }
    }

    @Test func errorsNameTheCall() {
        #expect {
            _ = try Bitmap.render(size: Size(width: 10, height: 10)) { $0.translateBy(x: .nan, y: 1) }
        } throws: { error in
            String(describing: error).contains("translateBy")
        }
    }

    @Test func anEscapedContextCannotChangeTheBitmap() throws {
        var escaped: GraphicsContext?
        let bitmap = try Bitmap.render(size: Size(width: 4, height: 4)) { context in
            escaped = context
        }
        escaped?.paint(.color(.white))
        #expect(bitmap.pixel(x: 1, y: 1) == px(0, 0, 0, 0))
    }

    @Test func errorsThrownByTheDrawingClosurePropagate() {
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            _ = try Bitmap.render(size: Size(width: 4, height: 4)) { _ in throw Stop() }
        }
    }
}
