@testable import Canvas
import Testing

/// CSS Text 3 §7.1 for an unwrapped text (`white-space: nowrap` or `pre`) wider than its box:
/// a line that fits aligns in the box, one that does not starts at the start edge (Pango
/// aligns every line within the widest).
@Suite struct UnwrappedAlignmentTests {
    @Test func eachLineAlignsInTheBoxOrStartsAtItsStartEdge() throws {
        for (alignment, factor) in [(TextAlignment.right, 1.0), (.center, 0.5), (.left, 0)] {
            var style = TextStyle(fontFamily: "DejaVu Sans Mono", size: 14, alignment: alignment)
            style.cssLineMetrics = true
            let text = AttributedText(segments: [.init("a first line far too long for the box\nshort")])
            let layout = try TextLayout(text: text, style: style, options: TextLayoutOptions(maxWidth: 125, wrapsLines: false))
            try #require(layout.lines.count == 2)
            #expect(abs(layout.lines[0].rect.minX) < 0.01, "\(alignment): the long line starts at the box's start")
            let short = layout.lines[1].rect
            #expect(abs(short.minX - (125 - short.width) * factor) < 0.01, "\(alignment): \(short.minX)")
        }
    }
}
