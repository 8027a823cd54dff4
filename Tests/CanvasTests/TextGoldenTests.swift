import AsyncLayerKitTesting
import Testing

@testable import Canvas

@Suite struct TextGoldenTests {
    /// The reference card's title setup (15 pt, line height 20, width 272, two lines, tail ellipsis)
    /// with CJK, Latin and colour emoji, drawn at scale 2.
    static func render() throws -> (TextLayout, Bitmap) {
        let text = AttributedText(segments: [
            .init("【周末特别企划】Live from the Bund 🌃：上海外滩夜景漫步 🎉 "),
            .init("一起聊聊城市旅行", style: TextStyleOverrides(color: try Color(hex: "#EF5B9C")), link: "acs://travel"),
            .init("、街头美食 🍜 和手机摄影技巧 📷，还有更多惊喜等着你"),
        ])
        let style = TextStyle(fontFamily: "Noto Sans CJK SC, Noto Color Emoji", size: 15, color: try Color(hex: "#111111"), lineHeight: 20)
        let layout = try TextLayout(text: text, style: style, options: TextLayoutOptions(maxWidth: 272, maxLines: 2))
        let bitmap = try Bitmap.render(size: Size(width: 288, height: 56), scale: 2) { context in
            context.draw(layout, at: Point(x: 8, y: 8))
        }
        return (layout, bitmap)
    }

    @Test func wrappedCJKAndEmojiWithAnEllipsis() throws {
        let (layout, bitmap) = try Self.render()
        #expect(layout.lineCount == 2)
        #expect(layout.isTruncated)
        #expect(layout.lines[1].isTruncated)
        #expect(layout.fontsUsed.contains("Noto Sans CJK SC"))
        #expect(layout.fontsUsed.contains("Noto Color Emoji"))
        #expect(bitmap.width == 576 && bitmap.height == 112)
        try goldenImages.assertMatches(bitmap, named: "text-cjk-emoji-ellipsis")
    }

    @Test func colourEmojiKeepTheirColours() throws {
        let layout = try TextLayout("🍜", style: TextStyle(size: 40, color: .black))
        let bitmap = try Bitmap.render(size: Size(width: 60, height: 60), scale: 1) { $0.draw(layout, at: Point(x: 5, y: 5)) }
        var colourful = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let p = bitmap.pixel(x: x, y: y)!
                if p.alpha > 128, max(p.red, p.green, p.blue) - min(p.red, p.green, p.blue) > 60 { colourful += 1 }
            }
        }
        #expect(colourful > 100, "the emoji was drawn in the text colour, not its own")
    }
}

@Suite struct TextReferenceTests {
    /// Drawing the measured glyphs gives the pixels of the reference C path
    /// (`pango_cairo_update_context` + `pango_cairo_show_layout`).
    @Test(arguments: 0..<TextConcurrencyTests.cases.count)
    func drawingMatchesPangoCairoShowLayout(index: Int) throws {
        let (text, style, options) = TextConcurrencyTests.cases[index]
        guard text.segments.count == 1, !style.underline, !style.strikethrough else { return }  // one colour, no decorations
        let layout = try TextLayout(text: text, style: style, options: options)
        let size = Size(width: 300, height: 80)
        let ours = try Bitmap.render(size: size, scale: 2) { $0.draw(layout, at: Point(x: 4, y: 4)) }
        let reference = try Bitmap.render(size: size, scale: 2) { context in
            PangoReferenceRenderer.draw(text, style: style, options: options, in: context, at: Point(x: 4, y: 4))
        }
        let difference = goldenImages.difference(ours, reference, tolerance: 8)
        #expect(difference.fraction <= 0.002, "\(difference)")
    }
}
