import AsyncLayerKit
import Testing

/// Where CSS-styled lines fall, as Chromium lays them out (the paint corpus's rules, checked on
/// the layout's numbers): line metrics on the device pixel grid, the letter spacing after a
/// line's last letter, spaces with letter and word spacing, the indent under every alignment,
/// over-long lines, `word-break: keep-all` and spaces after CJK text.
@Suite struct CSSLineMetricsTests {
    /// The text's layout in a 300 × 200 canvas, laid out for `scale`.
    static func layout(_ style: String, text: String = "Hello world", scale: Double = 2) throws -> TextLayout {
        let root = try CSSTextTests.decode(##"{"type": "text", "text": {"text": "\##(text)"}, "style": \##(style)}"##)
        return try #require(try ElementLayout.layout(root, in: Size(width: 300, height: 200), scale: scale).nodes[0].text)
    }

    @Test func normalLineHeightRoundsTheAscentAndDescentToDevicePixels() throws {
        // DejaVu Sans at 20px: ascent 18.56, descent 4.72. At scale 2 they round to 37 and 9 device
        // pixels, and the descent, rounded down, borrows one: 18 + 5.
        let twice = try Self.layout(##"{"fontSize": 20}"##)
        #expect(twice.lines[0].rect.height == 23)
        #expect(twice.lines[0].baseline == 18)
        // At scale 1: 19 + 5.
        let once = try Self.layout(##"{"fontSize": 20}"##, scale: 1)
        #expect(once.lines[0].rect.height == 24)
        #expect(once.lines[0].baseline == 19)
    }

    @Test func theLeadingAboveTheTextIsFlooredToDevicePixels() throws {
        // 16px: 15 + 4 = 19; a line height of 22.4 leaves 3.4, of which 1.7 above, floored to
        // 1.5 at scale 2: the baseline 16.5 below the line's top (Pango would split it evenly).
        let layout = try Self.layout(##"{"fontSize": 16, "lineHeight": "22.4px", "width": 80}"##, text: "one two three four")
        #expect(layout.lines.count > 1)
        for line in layout.lines { #expect(abs(line.baseline - line.rect.minY - 16.5) < 1e-6) }
    }

    @Test func aLineCountsTheLetterSpacingAfterItsLastLetter() throws {
        let plain = try Self.layout(##"{"fontSize": 16}"##, text: "Hello")
        let spaced = try Self.layout(##"{"fontSize": 16, "letterSpacing": "3px"}"##, text: "Hello")
        #expect(abs(spaced.size.width - plain.size.width - 5 * 3) < 0.01)
        // Centred in a box, the line with that spacing is centred: its start is half the slack in.
        let centred = try Self.layout(##"{"fontSize": 16, "letterSpacing": "3px", "width": 200, "textAlign": "center"}"##, text: "Hello")
        #expect(abs(centred.lines[0].rect.minX - (200 - centred.lines[0].rect.width) / 2) < 0.01)
    }

    @Test func aSpaceGetsLetterAndWordSpacingBoth() throws {
        let plain = try Self.layout(##"{"fontSize": 16}"##, text: "a b")
        let spaced = try Self.layout(##"{"fontSize": 16, "letterSpacing": "2px", "wordSpacing": "5px"}"##, text: "a b")
        // Three letters' spacing and one space's word spacing.
        #expect(abs(spaced.size.width - plain.size.width - (3 * 2 + 5)) < 0.01)
    }

    @Test func theIndentNarrowsTheLineAtItsStartUnderEveryAlignment() throws {
        let right = try Self.layout(##"{"fontSize": 16, "width": 200, "textIndent": 30, "textAlign": "right"}"##, text: "Hello")
        #expect(abs(right.lines[0].rect.maxX - 200) < 0.01)
        let centred = try Self.layout(##"{"fontSize": 16, "width": 200, "textIndent": 40, "textAlign": "center"}"##, text: "Hello")
        let line = centred.lines[0].rect
        #expect(abs(line.minX - (40 + (160 - line.width) / 2)) < 0.01)
    }

    @Test func aLineTooLongForItsBoxStartsAtItsStart() throws {
        let layout = try Self.layout(##"{"fontSize": 16, "width": 60, "textAlign": "center"}"##, text: "Incomprehensibilities")
        #expect(layout.lines.count == 1)
        #expect(layout.lines[0].rect.minX == 0)
        #expect(layout.lines[0].rect.width > 60)
    }

    @Test func keepAllBreaksKoreanAtSpacesOnly() throws {
        let text = "한국어 문장은 단어 사이에서만 줄을 바꿉니다"
        let normal = try Self.layout(##"{"fontSize": 16, "width": 130}"##, text: text)
        let keepAll = try Self.layout(##"{"fontSize": 16, "width": 130, "wordBreak": "keep-all"}"##, text: text)
        let words = Set(text.split(separator: " ").map(String.init))
        // Every keep-all line is whole words; the normal layout breaks inside one.
        for line in keepAll.lines {
            for word in keepAll.text(of: line).split(separator: " ") { #expect(words.contains(String(word)), "\(word)") }
        }
        #expect(normal.lines.contains { normal.text(of: $0).split(separator: " ").contains { !words.contains(String($0)) } })
    }

    @Test func aLineWithATallerFallbackFontIsTaller() throws {
        // DejaVu Sans has no Han: Noto Sans CJK draws 東京, and its rounded ascent and descent
        // (18.5 + 4.5 at 16px) make the line 23 high, not DejaVu's 19.
        let latin = try Self.layout(##"{"fontSize": 16, "fontFamily": "DejaVu Sans"}"##, text: "Tokyo and Seoul")
        let mixed = try Self.layout(##"{"fontSize": 16, "fontFamily": "DejaVu Sans"}"##, text: "Tokyo 東京 and Seoul")
        #expect(latin.lines[0].rect.height == 19)
        guard mixed.fontsUsed.count > 1 else { return }  // no CJK font installed: nothing to fall back to
        #expect(mixed.lines[0].rect.height == 23)
        #expect(mixed.lines[0].baseline == 18.5)
    }

    @Test func aPixelScaleOutsideItsRangeIsRefused() {
        for scale in [0, -1, .nan, .infinity, 65] {
            #expect(throws: CanvasError.self) { try TextLayout("x", options: TextLayoutOptions(pixelScale: scale)) }
        }
    }
}
