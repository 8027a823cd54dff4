import Canvas
import Testing

/// `TextLayout.segmentAreas`: where each segment of a paragraph lies, one rectangle per line.
@Suite struct TextSegmentAreaTests {
    static let text = AttributedText(segments: [.init("Hello "), .init("wide world "), .init("again and again")])

    @Test func segmentsFollowEachOtherOnALine() throws {
        var options = TextLayoutOptions()
        options.recordsSegmentAreas = true
        let layout = try TextLayout(text: Self.text, style: TextStyle(size: 16), options: options)
        let areas = layout.segmentAreas
        try #require(areas.count == 3)
        #expect(areas.allSatisfy { $0.count == 1 })
        #expect(abs(areas[0][0].minX - layout.lines[0].rect.minX) < 0.01)
        #expect(abs(areas[1][0].minX - areas[0][0].maxX) < 0.01)
        #expect(abs(areas[2][0].maxX - layout.lines[0].rect.maxX) < 0.5)
        #expect(areas[1][0].height > 15 && areas[1][0].height <= layout.lines[0].rect.height + 0.01)
    }

    @Test func aSegmentOverTwoLinesHasTwoRectanglesAndNothingIsRecordedUnlessAsked() throws {
        var options = TextLayoutOptions(maxWidth: 90)
        options.recordsSegmentAreas = true
        let layout = try TextLayout(text: Self.text, style: TextStyle(size: 16), options: options)
        #expect(layout.lines.count >= 3)
        let lastLines = Set(layout.segmentAreas[2].map(\.minY))
        #expect(lastLines.count == layout.segmentAreas[2].count)
        #expect(layout.segmentAreas[2].count >= 2)
        #expect(layout.segmentAreas.flatMap { $0 }.allSatisfy { $0.maxX <= 90.5 })
        let plain = try TextLayout(text: Self.text, style: TextStyle(size: 16), options: TextLayoutOptions(maxWidth: 90))
        #expect(plain.segmentAreas.isEmpty)
    }

    @Test func aClampedTextKeepsTheTextItWasGiven() throws {
        var style = TextStyle(size: 16)
        style.cssLineMetrics = true
        let text = AttributedText(segments: [.init("One two three four five six seven eight nine ten eleven twelve")])
        let clamped = try TextLayout(text: text, style: style, options: TextLayoutOptions(maxWidth: 80, maxLines: 2, truncation: .tail))
        #expect(clamped.lines.count == 2)
        #expect(clamped.text != text)
        #expect(clamped.sourceText == text)
        var all = clamped.options
        all.maxLines = 0
        #expect(try TextLayout(text: clamped.sourceText, style: style, options: all).lines.count > 2)
        let plain = try TextLayout(text: text, style: style, options: TextLayoutOptions(maxWidth: 80))
        #expect(plain.sourceText == plain.text)
    }
}
