import Testing

@testable import Canvas

@Suite struct GeometryTests {
    @Test func rectIntersectionAndUnion() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 15, height: 15))
        #expect(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)).isEmpty)
        #expect(!a.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))
    }

    @Test func rectInsetsAndIntegral() {
        let r = Rect(x: 0.5, y: 0.25, width: 10, height: 4.5)
        #expect(r.integral == Rect(x: 0, y: 0, width: 11, height: 5))
        #expect(r.inset(by: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)) == Rect(x: 2.5, y: 1.25, width: 6, height: 2.5))
        #expect(r.contains(Point(x: 0.5, y: 0.25)))
        #expect(!r.contains(Point(x: 10.5, y: 1)))
    }

    @Test(arguments: [
        (CornerRadii(all: 12), Size(width: 375, height: 260), CornerRadii(all: 12)),
        (CornerRadii(all: 100), Size(width: 100, height: 50), CornerRadii(all: 25)),
        (CornerRadii(topLeft: -3, topRight: .nan, bottomRight: .infinity, bottomLeft: 4), Size(width: 10, height: 10),
         CornerRadii(topLeft: 0, topRight: 0, bottomRight: 0, bottomLeft: 4)),
        (CornerRadii(topLeft: 30, topRight: 10), Size(width: 20, height: 100), CornerRadii(topLeft: 15, topRight: 5)),
    ])
    func cornerRadiiAreClampedByTheCSSRule(radii: CornerRadii, size: Size, expected: CornerRadii) {
        #expect(radii.clamped(to: size) == expected)
    }

    @Test func affineTransformComposesAndInverts() throws {
        let t = AffineTransform.identity.translatedBy(x: 10, y: 20).scaledBy(x: 2, y: 3)
        // scale first, then translate
        #expect(t.apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 23))
        let inverse = try #require(t.inverted())
        let back = inverse.apply(to: Point(x: 12, y: 23))
        #expect(abs(back.x - 1) < 1e-12 && abs(back.y - 1) < 1e-12)
        #expect(AffineTransform(scaleX: 0, y: 1).inverted() == nil)
        let quarter = AffineTransform(rotationAngle: .pi / 2).apply(to: Point(x: 1, y: 0))
        #expect(abs(quarter.x) < 1e-12 && abs(quarter.y - 1) < 1e-12)
    }

    @Test(arguments: [
        (Size(width: 375, height: 260), 2.0, 750, 520),
        (Size(width: 0.3, height: 0.3), 1.0, 1, 1),
        (Size(width: 100.5, height: 1), 3.0, 302, 3),
    ])
    func pointSizesBecomeWholePixels(size: Size, scale: Double, width: Int, height: Int) throws {
        let px = try PixelLimits.default.pixelSize(for: size, scale: scale)
        #expect(px.width == width && px.height == height)
    }

    @Test(arguments: [
        (Size(width: .nan, height: 10), 1.0, "not a finite number"),
        (Size(width: 10, height: .infinity), 1.0, "not a finite number"),
        (Size(width: 0, height: 10), 1.0, "not greater than zero"),
        (Size(width: 10, height: -1), 1.0, "not greater than zero"),
        (Size(width: 40000, height: 1), 1.0, "larger than 32767"),
        (Size(width: 10, height: 10), 0.0, "invalid scale"),
        (Size(width: 10, height: 10), .nan, "invalid scale"),
        (Size(width: 10_000, height: 10_000), 1.0, "over the limit"),
    ])
    func badSizesAreTypedErrors(size: Size, scale: Double, message: String) {
        #expect {
            _ = try PixelLimits.default.pixelSize(for: size, scale: scale)
        } throws: { error in
            (error as? CanvasError).map { $0.description.contains(message) } ?? false
        }
    }
}

@Suite struct ColorTests {
    @Test(arguments: [
        ("#fff", Color.white),
        ("000000", Color.black),
        ("#FF000080", Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255)),
        (" #0f08 ", Color(red: 0, green: 1, blue: 0, alpha: 136.0 / 255)),
    ])
    func parsesHex(text: String, expected: Color) throws {
        #expect(try Color(hex: text) == expected)
    }

    @Test(arguments: ["", "#", "#12", "#12345", "#GGGGGG", "#1234567890", "red"])
    func rejectsBadHex(text: String) {
        #expect(throws: CanvasError.invalidColor(text)) { try Color(hex: text) }
    }

    @Test func hexRoundTripAndClamping() throws {
        let pink = Color(red255: 239, green255: 91, blue255: 156)
        #expect(pink.hexString == "#EF5B9C")
        #expect(try Color(hex: pink.hexString) == pink)
        #expect(Color(red: 2, green: -1, blue: .nan, alpha: 5) == Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(Color.black.withAlpha(0.5).hexString == "#00000080")
    }
}
