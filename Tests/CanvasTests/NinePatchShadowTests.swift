import CCairoPango
import Testing

@testable import Canvas

/// `drawShadow(ofRoundedRect:…)` builds a large rounded rectangle's blurred mask from a smaller
/// copy's (a nine-patch); it must draw what blurring the whole shape draws.
@Suite struct NinePatchShadowTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var rect: Rect
        var horizontal: CornerRadii
        var vertical: CornerRadii
        var shadow: Shadow
        var scale: Double
        var testDescription: String { "\(rect) h \(horizontal.topLeft) v \(vertical.topLeft) blur \(shadow.radius) at \(scale)×" }
    }

    static let cases: [Case] = [
        // Circular corners, whole points, scale 1.
        Case(rect: Rect(x: 60, y: 50, width: 400, height: 220), horizontal: CornerRadii(all: 24), vertical: CornerRadii(all: 24),
             shadow: Shadow(offset: Size(width: 0, height: 8), radius: 24, color: Color.black.withAlpha(0.3)), scale: 1),
        // Fractional place and offset, scale 2: every edge off the pixel grid.
        Case(rect: Rect(x: 40.3, y: 35.7, width: 377.45, height: 201.2), horizontal: CornerRadii(all: 12.5), vertical: CornerRadii(all: 12.5),
             shadow: Shadow(offset: Size(width: 1.3, height: 4.6), radius: 12, color: Color(red: 0.1, green: 0.2, blue: 0.8, alpha: 0.5)), scale: 2),
        // Elliptical, unequal corners (a pill's left, a small right), scale 3.
        Case(rect: Rect(x: 50, y: 60, width: 300, height: 160),
             horizontal: CornerRadii(topLeft: 80, topRight: 10, bottomRight: 0, bottomLeft: 80),
             vertical: CornerRadii(topLeft: 80, topRight: 20, bottomRight: 0, bottomLeft: 60),
             shadow: Shadow(offset: Size(width: -3, height: 5), radius: 6, color: Color.black.withAlpha(0.8)), scale: 3),
        // Square corners and a wide blur.
        Case(rect: Rect(x: 120, y: 100, width: 300, height: 150), horizontal: .zero, vertical: .zero,
             shadow: Shadow(offset: .zero, radius: 48, color: Color.black.withAlpha(0.25)), scale: 1),
    ]

    @Test(arguments: cases)
    func theNinePatchDrawsTheFullBlur(_ c: Case) throws {
        let size = Size(width: 560, height: 360)
        let path = Path.roundedRect(c.rect, horizontal: c.horizontal, vertical: c.vertical)
        let full = try Bitmap.render(size: size, scale: c.scale) { context in
            context.drawShadow(of: path, shadow: c.shadow)
        }
        var used = false
        let patched = try Bitmap.render(size: size, scale: c.scale) { context in
            used = NinePatch(context: context, rect: c.rect, horizontal: c.horizontal, vertical: c.vertical,
                             shape: { _ in path }, rule: .winding, shadow: c.shadow) != nil
            context.drawShadow(ofRoundedRect: c.rect, horizontal: c.horizontal, vertical: c.vertical, shadow: c.shadow)
        }
        #expect(used, "the nine-patch is taken for this shape")
        var worst = 0, differing = 0, inked = 0
        for y in 0..<full.height {
            for x in 0..<full.width {
                let a = full.pixel(x: x, y: y)!, b = patched.pixel(x: x, y: y)!
                if a.alpha > 0 { inked += 1 }
                let red = abs(Int(a.red) - Int(b.red)), green = abs(Int(a.green) - Int(b.green))
                let blue = abs(Int(a.blue) - Int(b.blue)), alpha = abs(Int(a.alpha) - Int(b.alpha))
                let d = max(red, green, blue, alpha)
                if d > 0 { differing += 1 }
                worst = max(worst, d)
            }
        }
        #expect(inked > full.width * full.height / 10, "the shadow draws")
        // The box blurs read only the pixels under their windows: the same bytes, not nearly.
        #expect(worst == 0, "largest channel difference \(worst) on \(differing) of \(inked) inked pixels")
    }

    /// An inset shadow: the even-odd frame round a rounded hole, nine-patched the same way.
    @Test(arguments: cases)
    func theInsetNinePatchDrawsTheFullBlur(_ c: Case) throws {
        // Room round the frame: a frame cut by the canvas is blurred as cut, by the full blur.
        let size = Size(width: 760, height: 560)
        var c = c
        c.rect = c.rect.offsetBy(dx: 100, dy: 100)
        let frame = c.rect.insetBy(dx: -(c.shadow.radius * 2 + 12), dy: -(c.shadow.radius * 2 + 12))
        var path = Path.rect(frame)
        path.addPath(.roundedRect(c.rect, horizontal: c.horizontal, vertical: c.vertical))
        let clip = Path.roundedRect(c.rect, horizontal: c.horizontal, vertical: c.vertical)
        let full = try Bitmap.render(size: size, scale: c.scale) { context in
            context.drawShadow(of: path, rule: .evenOdd, shadow: c.shadow, clippedTo: clip)
        }
        var used = false
        let patched = try Bitmap.render(size: size, scale: c.scale) { context in
            used = NinePatch(context: context, rect: c.rect, horizontal: c.horizontal, vertical: c.vertical,
                             shape: { _ in path }, rule: .evenOdd, shadow: c.shadow) != nil
            context.drawShadow(intoRoundedRect: c.rect, horizontal: c.horizontal, vertical: c.vertical, frame: frame,
                               shadow: c.shadow, clippedTo: clip)
        }
        #expect(used, "the nine-patch is taken for this shape")
        #expect(full.withUnsafeBytes { Array($0) } == patched.withUnsafeBytes { Array($0) })
        #expect(full.pixel(x: Int((c.rect.minX + 2) * c.scale), y: Int(c.rect.midY * c.scale))!.alpha > 0, "the shadow draws inside the edge")
    }

    /// A shape the canvas cuts casts the whole shape's shadow, as CSS casts a box's (the canvas's
    /// edge clips what is painted, not what is blurred): the same pixels as on a larger canvas
    /// that holds the shape and its blur, from a mask made for the canvas's pixels alone.
    @Test func aShapeTheCanvasCutsCastsTheWholeShapesShadow() throws {
        let shadow = Shadow(offset: Size(width: 0, height: 6), radius: 16, color: Color.black.withAlpha(0.4))
        for (rect, scale) in [(Rect(x: -40, y: 20, width: 500, height: 200), 1.0), (Rect(x: -40.5, y: -30.25, width: 500, height: 400), 2)] {
            var maskSize = (0, 0)
            let cut = try Bitmap.render(size: Size(width: 400, height: 300), scale: scale) { context in
                let patch = NinePatch(context: context, rect: rect, horizontal: CornerRadii(all: 20), vertical: CornerRadii(all: 20),
                                      shape: { cut in .roundedRect(Rect(x: rect.minX, y: rect.minY, width: rect.width - cut.width,
                                                                        height: rect.height - cut.height), radii: CornerRadii(all: 20)) },
                                      rule: .winding, shadow: shadow)
                maskSize = patch.map { (Int(cairo_image_surface_get_width($0.mask)), Int(cairo_image_surface_get_height($0.mask))) } ?? (0, 0)
                context.drawShadow(ofRoundedRect: rect, horizontal: CornerRadii(all: 20), vertical: CornerRadii(all: 20), shadow: shadow)
            }
            let whole = try Bitmap.render(size: Size(width: 700, height: 600), scale: scale) { context in
                context.translateBy(x: 150, y: 150)
                context.drawShadow(of: .roundedRect(rect, radii: CornerRadii(all: 20)), shadow: shadow)
            }
            #expect(maskSize.0 > 0 && maskSize.0 <= Int(402 * scale) && maskSize.1 <= Int(302 * scale), "the mask is the canvas's: \(maskSize)")
            var worst = 0
            for y in 0..<cut.height {
                for x in 0..<cut.width {
                    let a = cut.pixel(x: x, y: y)!, b = whole.pixel(x: x + Int(150 * scale), y: y + Int(150 * scale))!
                    worst = max(worst, abs(Int(a.alpha) - Int(b.alpha)), abs(Int(a.red) - Int(b.red)))
                }
            }
            #expect(worst == 0, "at \(scale)×: largest difference \(worst)")
        }
    }

    /// Under a rotation the copy cannot stand for the shape: the full blur runs, same pixels.
    @Test func aRotationTakesTheFullBlur() throws {
        let rect = Rect(x: -150, y: -80, width: 300, height: 160)
        let shadow = Shadow(offset: Size(width: 0, height: 6), radius: 16, color: Color.black.withAlpha(0.4))
        func draw(_ nine: Bool) throws -> Bitmap {
            try Bitmap.render(size: Size(width: 400, height: 300)) { context in
                context.translateBy(x: 200, y: 150)
                context.rotate(by: 0.3)
                if nine {
                    context.drawShadow(ofRoundedRect: rect, horizontal: CornerRadii(all: 20), vertical: CornerRadii(all: 20), shadow: shadow)
                } else {
                    context.drawShadow(of: .roundedRect(rect, radii: CornerRadii(all: 20)), shadow: shadow)
                }
            }
        }
        let a = try draw(true), b = try draw(false)
        _ = try Bitmap.render(size: Size(width: 400, height: 300)) { context in
            context.rotate(by: 0.3)
            let patch = NinePatch(context: context, rect: rect, horizontal: CornerRadii(all: 20), vertical: CornerRadii(all: 20),
                                  shape: { _ in .roundedRect(rect, radii: CornerRadii(all: 20)) }, rule: .winding, shadow: shadow)
            #expect(patch == nil)
        }
        #expect(a.withUnsafeBytes { Array($0) } == b.withUnsafeBytes { Array($0) })
    }
}
