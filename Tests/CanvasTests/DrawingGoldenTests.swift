import AsyncLayerKitTesting
import Testing

@testable import Canvas

/// Golden images of the drawing primitives. Each PNG in Golden/ was looked at before it was committed.
@Suite struct DrawingGoldenTests {
    /// A deterministic 64×48 test photo: a diagonal colour ramp with a white disc.
    static func testPhoto() throws -> Bitmap {
        try Bitmap.render(size: Size(width: 64, height: 48)) { context in
            context.paint(.linearGradient(Gradient(colors: [Color(red255: 30, green255: 90, blue255: 200), Color(red255: 250, green255: 120, blue255: 40)]),
                                          start: .zero, end: Point(x: 64, y: 48)))
            context.fill(.circle(center: Point(x: 40, y: 20), radius: 10), with: .color(Color.white.withAlpha(0.9)))
            context.fill(Rect(x: 0, y: 40, width: 64, height: 8), with: Color(red255: 20, green255: 120, blue255: 60))
        }
    }

    @Test func roundedClips() throws {
        let photo = try Self.testPhoto()
        let bitmap = try Bitmap.render(size: Size(width: 200, height: 90), scale: 2) { context in
            let radii: [CornerRadii] = [CornerRadii(all: 12), .top(16), CornerRadii(topLeft: 30, bottomRight: 30)]
            for (index, r) in radii.enumerated() {
                let slot = Rect(x: 8 + Double(index) * 64, y: 8, width: 56, height: 44)
                context.withSavedGState {
                    context.clip(to: .roundedRect(slot, radii: r))
                    context.draw(photo, in: slot, contentMode: .aspectFill)
                }
            }
            context.withSavedGState {
                context.clip(to: .circle(center: Point(x: 24, y: 72), radius: 12))
                context.draw(photo, in: Rect(x: 12, y: 60, width: 24, height: 24), contentMode: .aspectFill)
            }
            context.stroke(.circle(center: Point(x: 24, y: 72), radius: 11.5), with: .color(.white))
        }
        try goldenImages.assertMatches(bitmap, named: "rounded-clips")
    }

    @Test func borders() throws {
        let bitmap = try Bitmap.render(size: Size(width: 200, height: 90), scale: 2) { context in
            context.paint(.color(.white))
            let styles: [StrokeStyle] = [
                StrokeStyle(lineWidth: 0.5),
                StrokeStyle(lineWidth: 2),
                StrokeStyle(lineWidth: 3, dash: [6, 3], lineCap: .round),
            ]
            for (index, style) in styles.enumerated() {
                let slot = Rect(x: 8 + Double(index) * 64, y: 8, width: 56, height: 40)
                context.stroke(.roundedRect(slot.insetBy(dx: style.lineWidth / 2, dy: style.lineWidth / 2), cornerRadius: 10),
                               with: .color(Color(red255: 239, green255: 91, blue255: 156)), style: style)
            }
            var zigzag = Path()
            zigzag.move(to: Point(x: 12, y: 80))
            for i in 1...8 { zigzag.addLine(to: Point(x: 12 + Double(i) * 22, y: i % 2 == 0 ? 80 : 60)) }
            for (offset, join) in [(0.0, StrokeStyle.LineJoin.miter), (4, .round), (8, .bevel)] {
                context.withSavedGState {
                    context.translateBy(x: offset, y: 0)
                    context.stroke(zigzag, with: .color(Color(white: 0.2, alpha: 0.5)), style: StrokeStyle(lineWidth: 4, lineJoin: join))
                }
            }
        }
        try goldenImages.assertMatches(bitmap, named: "borders")
    }

    @Test func gradients() throws {
        let bitmap = try Bitmap.render(size: Size(width: 200, height: 90), scale: 2) { context in
            let rainbow = Gradient(colors: [.red, Color(red: 1, green: 1, blue: 0), .green, Color(red: 0, green: 1, blue: 1), .blue])
            context.fill(.roundedRect(Rect(x: 8, y: 8, width: 184, height: 24), cornerRadius: 12),
                         with: .linearGradient(rainbow, start: Point(x: 8, y: 0), end: Point(x: 192, y: 0)))
            context.fill(.circle(center: Point(x: 40, y: 60), radius: 24),
                         with: .radialGradient(Gradient(colors: [.white, Color(red255: 64, green255: 120, blue255: 255)]),
                                               startCenter: Point(x: 32, y: 52), startRadius: 2, endCenter: Point(x: 40, y: 60), endRadius: 24))
            let veil = Gradient(stops: [.init(location: 0, color: .clear), .init(location: 1, color: Color.black.withAlpha(0.6))])
            context.fill(.rect(Rect(x: 80, y: 40, width: 112, height: 44)),
                         with: .linearGradient(veil, start: Point(x: 0, y: 40), end: Point(x: 0, y: 84)))
        }
        try goldenImages.assertMatches(bitmap, named: "gradients")
    }

    @Test func shadows() throws {
        let bitmap = try Bitmap.render(size: Size(width: 200, height: 100), scale: 2) { context in
            context.paint(.color(Color(red255: 242, green255: 243, blue255: 245)))
            let shadows = [
                Shadow(offset: Size(width: 0, height: 2), radius: 8, color: Color.black.withAlpha(0.12)),
                Shadow(offset: Size(width: 4, height: 6), radius: 4, color: Color.black.withAlpha(0.5)),
                Shadow(offset: .zero, radius: 12, color: Color(red255: 239, green255: 91, blue255: 156)),
            ]
            for (index, shadow) in shadows.enumerated() {
                let slot = Rect(x: 16 + Double(index) * 62, y: 20, width: 44, height: 56)
                context.withShadow(shadow) {
                    context.fill(.roundedRect(slot, cornerRadius: 8), with: .color(.white))
                }
            }
        }
        try goldenImages.assertMatches(bitmap, named: "shadows")
    }
}
