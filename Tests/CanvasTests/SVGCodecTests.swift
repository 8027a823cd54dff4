import Foundation
import Testing

@testable import Canvas

/// SVG through librsvg: sniffing, the intrinsic size of an `<img>`, drawing at the output size.
@Suite struct SVGCodecTests {
    /// A 10×10 px document: a red anti-aliased circle of radius 4 at its centre.
    static let circle = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="4" fill="red"/></svg>"#.utf8)

    static func svg(_ text: String) -> [UInt8] { Array(text.utf8) }

    // MARK: Sniffing

    @Test(arguments: [
        #"<svg xmlns="http://www.w3.org/2000/svg"/>"#,
        "\u{FEFF}  \n\t<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"></svg>",
        #"<?xml version="1.0" encoding="UTF-8" standalone="no"?><!-- Generator: x > y --><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg xmlns="http://www.w3.org/2000/svg"/>"#,
        #"<!DOCTYPE svg [ <!ENTITY a "<g>"> <!ENTITY b 'x>y'> ]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>"#,
        #"<svg:svg xmlns:svg="http://www.w3.org/2000/svg"></svg:svg>"#,
        "<svg>",
    ])
    func recognisesSVG(text: String) {
        #expect(ImageFormat.sniff(Array(text.utf8)) == .svg)
    }

    @Test(arguments: [
        "",
        "   ",
        "svg",
        #"<?xml version="1.0"?><note><svg xmlns="http://www.w3.org/2000/svg"/></note>"#,
        #"<!DOCTYPE html><html><body><svg xmlns="http://www.w3.org/2000/svg"></svg></body></html>"#,
        #"<html xmlns="http://www.w3.org/1999/xhtml"><svg/></html>"#,
        "<svgfont/>",
        "<!-- <svg> -->",
        "<?xml version=\"1.0\"?>",
        "<!-- " + String(repeating: "x", count: 5_000) + " --><svg/>",
    ])
    func doesNotTakeOtherTextForSVG(text: String) {
        #expect(ImageFormat.sniff(Array(text.utf8)) == nil)
    }

    @Test func formatNamesAndMediaType() {
        #expect(ImageFormat.svg.fileExtension == "svg")
        #expect(ImageFormat.svg.mediaType == "image/svg+xml")
        #expect(ImageFormat(rawValue: "svg") == .svg)
    }

    // MARK: Intrinsic size

    @Test(arguments: [
        // Absolute width and height: those.
        (#"width="20" height="30""#, 20, 30),
        (#"width="25.4mm" height="1in""#, 96, 96),
        (#"width="12pt" height="2pc" viewBox="0 0 1 100""#, 16, 32),
        // Only a viewBox: its ratio fitted into 300×150.
        (#"viewBox="0 0 100 400""#, 38, 150),
        (#"viewBox="0 0 400 100""#, 300, 75),
        (#"width="100%" height="100%" viewBox="0 0 50 50""#, 150, 150),
        // One side and a ratio.
        (#"width="40" viewBox="0 0 4 1""#, 40, 10),
        (#"height="40%" width="60" viewBox="0 0 2 1""#, 60, 30),
        // Neither: the default object size.
        ("", 300, 150),
        (#"width="50%""#, 300, 150),
        (#"width="60""#, 60, 150),
    ] as [(String, Int, Int)])
    func intrinsicSizeIsTheSizeOfAnImg(attributes: String, width: Int, height: Int) throws {
        let info = try ImageDecoder.info(of: Self.svg("<svg xmlns=\"http://www.w3.org/2000/svg\" \(attributes)/>"))
        #expect(info.format == .svg)
        #expect(info.width == width && info.height == height, "\(attributes): \(info)")
        #expect(info.hasAlpha)
    }

    @Test func intrinsicSizeResolutionIsExact() {
        #expect(SVGIntrinsicSize.resolve(width: nil, height: nil, ratio: 0.25) == Size(width: 37.5, height: 150))
        #expect(SVGIntrinsicSize.resolve(width: nil, height: nil, ratio: 2) == Size(width: 300, height: 150))
        #expect(SVGIntrinsicSize.resolve(width: nil, height: 10, ratio: 3) == Size(width: 30, height: 10))
        #expect(SVGIntrinsicSize.resolve(width: nil, height: nil, ratio: .nan) == Size(width: 300, height: 150))
        #expect(SVGIntrinsicSize.wholePixels(10.0000001) == 10)
        #expect(SVGIntrinsicSize.wholePixels(10.2) == 11)
        #expect(SVGIntrinsicSize.wholePixels(1e30) == Int(Int32.max))
    }

    // MARK: Drawing at the output size

    /// The same circle drawn by the Canvas itself at `scale`.
    static func referenceCircle(scale: Double) throws -> Bitmap {
        try Bitmap.render(size: Size(width: 10, height: 10), scale: scale) { context in
            context.fill(Path.ellipse(in: Rect(x: 1, y: 1, width: 8, height: 8)), with: .color(Color(red: 1, green: 0, blue: 0)))
        }
    }

    /// The largest per-channel difference between two bitmaps of one size.
    static func maxDistance(_ a: Bitmap, _ b: Bitmap) -> Int {
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                worst = max(worst, a.pixel(x: x, y: y)!.distance(to: b.pixel(x: x, y: y)!))
            }
        }
        return worst
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func drawsTheVectorsAtTheScale(scale: Double) throws {
        let bitmap = try ImageDecoder.decode(Self.circle, options: DecodeOptions(scale: scale))
        let side = Int(10 * scale)
        #expect(bitmap.width == side && bitmap.height == side)
        #expect(bitmap.scale == scale)
        #expect(bitmap.size == Size(width: 10, height: 10))
        // Premultiplied: the centre opaque red, the corners transparent.
        #expect(bitmap.pixel(x: side / 2, y: side / 2) == PremultipliedPixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(bitmap.pixel(x: 0, y: 0)?.alpha == 0)
        // The same picture as the circle drawn directly at that scale.
        #expect(Self.maxDistance(bitmap, try Self.referenceCircle(scale: scale)) <= 8)
    }

    @Test func scaleTwoIsSharperThanScaleOneEnlarged() throws {
        let reference = try Self.referenceCircle(scale: 2)
        let drawn = try ImageDecoder.decode(Self.circle, options: DecodeOptions(scale: 2))
        let enlarged = try ImageDecoder.decode(Self.circle).resized(width: 20, height: 20, scale: 2)
        let drawnError = Self.maxDistance(drawn, reference), enlargedError = Self.maxDistance(enlarged, reference)
        #expect(drawnError <= 8)
        #expect(enlargedError >= 40, "an enlarged raster would blur the edge: \(enlargedError)")
        // The edge is one anti-aliased pixel wide: along the middle row, at most 2 pixels are
        // neither transparent nor opaque on each side.
        let partial = (0..<20).filter { x in
            let alpha = drawn.pixel(x: x, y: 10)!.alpha
            return alpha != 0 && alpha != 255
        }
        #expect(partial.count <= 4, "\(partial)")
    }

    @Test func fitAndFillTargetsDrawAtTheBoxSizeEvenWhenLarger() throws {
        let fit = try ImageDecoder.decode(Self.circle, target: .fit(width: 100, height: 60), scale: 2)
        #expect(fit.width == 60 && fit.height == 60 && fit.scale == 2)
        let fill = try ImageDecoder.decode(Self.circle, target: .fill(width: 100, height: 60), scale: 2)
        #expect(fill.width == 100 && fill.height == 100)
        let wide = try ImageDecoder.decode(Self.svg(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 1"><rect width="2" height="1" fill="blue"/></svg>"#),
                                           target: .fit(width: 400, height: 400))
        #expect(wide.width == 400 && wide.height == 100)
        // The left half blue, the right half empty.
        #expect(wide.pixel(x: 100, y: 50) == PremultipliedPixel(red: 0, green: 0, blue: 255, alpha: 255))
        #expect(wide.pixel(x: 300, y: 50)?.alpha == 0)
    }

    @Test func documentWithoutViewBoxIsScaledToo() throws {
        // No viewBox and no size: laid out in 300×150 CSS px, drawn at 600×300 px.
        let bitmap = try ImageDecoder.decode(Self.svg(#"<svg xmlns="http://www.w3.org/2000/svg"><rect x="150" width="150" height="150" fill="lime"/></svg>"#),
                                             options: DecodeOptions(scale: 2))
        #expect(bitmap.width == 600 && bitmap.height == 300)
        #expect(bitmap.pixel(x: 299, y: 150)?.alpha == 0)
        #expect(bitmap.pixel(x: 301, y: 150) == PremultipliedPixel(red: 0, green: 255, blue: 0, alpha: 255))
    }

    @Test func diagnosticsReportTheIntrinsicAndOutputSizes() throws {
        let (bitmap, diagnostics) = try ImageDecoder.decodeWithDiagnostics(Self.circle, options: DecodeOptions(target: .fit(width: 30, height: 30)))
        #expect(bitmap.width == 30)
        #expect(diagnostics.format == .svg && diagnostics.sourceWidth == 10 && diagnostics.outputWidth == 30)
    }

    @Test func concurrentDecodesEachUseTheirOwnHandle() async throws {
        let expected = try ImageDecoder.decode(Self.circle, options: DecodeOptions(scale: 3))
        let bitmaps = try await withThrowingTaskGroup(of: Bitmap.self) { group in
            for _ in 0..<16 { group.addTask { try ImageDecoder.decode(Self.circle, options: DecodeOptions(scale: 3)) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for bitmap in bitmaps { #expect(bitmap.premultipliedBGRABytes() == expected.premultipliedBGRABytes()) }
    }
}
