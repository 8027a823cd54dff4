import Testing

@testable import Canvas

@Suite struct TextMeasureTests {
    static let latin = """
        The quick brown fox jumps over the lazy dog while the sun sets behind the hills, \
        and the river keeps flowing towards the sea as it always has.
        """

    @Test func longLatinTextWrapsWithinTheWidth() throws {
        let style = TextStyle(fontFamily: "DejaVu Sans", size: 15)
        let single = try TextLayout(Self.latin, style: style)
        #expect(single.lineCount == 1)
        let layout = try TextLayout(Self.latin, style: style, options: TextLayoutOptions(maxWidth: 200))
        #expect(layout.lineCount >= 4)
        #expect(!layout.isTruncated)
        for line in layout.lines {
            #expect(line.rect.width <= 200 + 0.01, "line \(line) is wider than 200 pt")
            #expect(!line.isTruncated)
        }
        // The lines cover the whole text, in order, without gaps.
        #expect(layout.lines.first?.characterRange.lowerBound == 0)
        #expect(layout.lines.last?.characterRange.upperBound == Self.latin.utf16.count)
        for (a, b) in zip(layout.lines, layout.lines.dropFirst()) {
            #expect(a.characterRange.upperBound == b.characterRange.lowerBound)
            #expect(b.baseline > a.baseline)
        }
        #expect(layout.size.width <= 200 + 0.01)
        #expect(abs(layout.size.height - layout.lines.last!.rect.maxY) < 1e-9)
        // Roughly the same area as the single line: width × lines ≥ the unwrapped width.
        #expect(Double(layout.lineCount) * 200 >= single.size.width)
    }

    @Test(arguments: [TextTruncation.tail, .middle, .head])
    func maxLinesTruncatesWithAnEllipsis(truncation: TextTruncation) throws {
        let style = TextStyle(fontFamily: "DejaVu Sans", size: 15)
        let options = TextLayoutOptions(maxWidth: 200, maxLines: 2, truncation: truncation)
        let layout = try TextLayout(Self.latin, style: style, options: options)
        #expect(layout.lineCount == 2)
        #expect(layout.isTruncated)
        #expect(layout.lines[1].isTruncated)
        #expect(!layout.lines[0].isTruncated)
        // The last line's range reaches the end of the text: its ellipsis hides the rest.
        #expect(layout.lines[1].characterRange.upperBound == Self.latin.utf16.count)
        let ellipsis = try #require(layout.runs.last { $0.line == 1 && $0.isEllipsis })
        let reference = try TextLayout("…", style: style)
        #expect(ellipsis.glyphIDs == reference.runs.flatMap(\.glyphIDs))
        if truncation == .tail {
            // The ellipsis is the last glyph of the line.
            let lastRun = try #require(layout.runs.last { $0.line == 1 })
            #expect(lastRun.isEllipsis)
        }
    }

    @Test func singleLineTruncatesAtTheWidth() throws {
        let style = TextStyle(fontFamily: "DejaVu Sans", size: 14, weight: .bold)
        let options = TextLayoutOptions(maxWidth: 120, maxLines: 1)
        let layout = try TextLayout("TheMidnightGamer_Official_Stream_Channel", style: style, options: options)
        #expect(layout.lineCount == 1)
        #expect(layout.isTruncated)
        #expect(layout.lines[0].isTruncated)
        #expect(layout.size.width <= 120 + 0.01)
        #expect(layout.runs.last?.isEllipsis == true)
        let fits = try TextLayout("Short", style: style, options: options)
        #expect(!fits.isTruncated)
        #expect(fits.runs.allSatisfy { !$0.isEllipsis })
    }

    @Test func truncationNoneDropsLinesWithoutAnEllipsis() throws {
        let options = TextLayoutOptions(maxWidth: 200, maxLines: 2, truncation: .none)
        let layout = try TextLayout(Self.latin, style: TextStyle(fontFamily: "DejaVu Sans"), options: options)
        #expect(layout.lineCount == 2)
        #expect(layout.isTruncated)
        #expect(layout.runs.allSatisfy { !$0.isEllipsis && $0.line < 2 })
    }

    @Test func maxLinesCountsAllParagraphs() throws {
        let style = TextStyle(fontFamily: "DejaVu Sans")
        let options = TextLayoutOptions(maxWidth: 300, maxLines: 2)
        // The cut falls inside the second paragraph: its first line gets the ellipsis.
        let wrapping = try TextLayout("Short\n" + Self.latin, style: style, options: options)
        #expect(wrapping.lineCount == 2)
        #expect(wrapping.isTruncated)
        #expect(wrapping.lines[1].isTruncated)
        // The cut falls at a paragraph end: later paragraphs are dropped (Pango adds no ellipsis).
        let paragraphs = try TextLayout("First\nSecond\nThird\nFourth", style: style, options: options)
        #expect(paragraphs.lineCount == 2)
        #expect(paragraphs.isTruncated)
    }

    @Test(arguments: [16.0, 20.0, 31.5])
    func lineHeightSetsTheBaselineDistance(lineHeight: Double) throws {
        let style = TextStyle(size: 15, lineHeight: lineHeight)
        let layout = try TextLayout(Self.latin, style: style, options: TextLayoutOptions(maxWidth: 150))
        #expect(layout.lineCount >= 3)
        for (a, b) in zip(layout.lines, layout.lines.dropFirst()) {
            #expect(abs(b.baseline - a.baseline - lineHeight) < 0.01)
            #expect(abs(a.rect.height - lineHeight) < 0.01)
        }
    }

    @Test func alignmentPlacesLinesInTheWidth() throws {
        let width = 300.0
        func line(_ alignment: TextAlignment) throws -> TextLayout.Line {
            let style = TextStyle(size: 15, alignment: alignment)
            return try #require(TextLayout("Hello, world", style: style, options: TextLayoutOptions(maxWidth: width)).lines.first)
        }
        let left = try line(.left), right = try line(.right), center = try line(.center), natural = try line(.natural)
        #expect(abs(left.rect.minX) < 0.01)
        #expect(abs(natural.rect.minX) < 0.01)
        #expect(abs(right.rect.minX - (width - right.rect.width)) < 0.01)
        #expect(abs(center.rect.minX - (width - center.rect.width) / 2) < 0.01)
        // Glyphs move with the line.
        let rightLayout = try TextLayout("Hello, world", style: TextStyle(size: 15, alignment: .right), options: TextLayoutOptions(maxWidth: width))
        #expect(rightLayout.runs.flatMap(\.positions).allSatisfy { $0.x >= right.rect.minX - 0.01 })
        #expect(abs(rightLayout.bounds.maxX - width) < 0.01)
    }

    @Test func styleRunsKeepTheirColours() throws {
        var text = AttributedText("plain ")
        text.append("red", style: TextStyleOverrides(color: .red))
        text.append(" bold", style: TextStyleOverrides(weight: .bold, underline: true))
        let layout = try TextLayout(text: text, style: TextStyle(fontFamily: "DejaVu Sans"))
        #expect(layout.runs.contains { $0.color == .red })
        #expect(layout.runs.contains { $0.color == .black })
        #expect(layout.decorations.count == 1)
        let bitmap = try Bitmap.render(size: Size(width: 200, height: 30), scale: 1) { context in
            context.draw(layout, at: Point(x: 2, y: 2))
        }
        var reddish = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let p = bitmap.pixel(x: x, y: y)!
                if p.alpha > 200, p.red > 200, p.green < 50 { reddish += 1 }
            }
        }
        #expect(reddish > 10)
    }
}
