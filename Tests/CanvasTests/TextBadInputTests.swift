import Foundation
import Testing

@testable import Canvas

@Suite struct TextBadInputTests {
    @Test func oneMegabyteTextThrowsQuickly() throws {
        let huge = String(repeating: "字a", count: 1_048_576 / 4)  // 1 MiB of UTF-8
        let clock = ContinuousClock()
        var thrown: CanvasError?
        let elapsed = clock.measure {
            do {
                _ = try TextLayout(huge, style: TextStyle())
            } catch {
                thrown = error as? CanvasError
            }
        }
        #expect(thrown == .textTooLong(utf8Bytes: 1_048_576, limit: TextLayoutOptions.defaultMaxUTF8Bytes))
        // Refused before Pango sees it: laying out 1 MiB takes seconds, the check microseconds. The
        // bound is loose so a busy shared machine (or a sanitizer build) cannot make it flaky.
        #expect(elapsed < .milliseconds(500), "took \(elapsed)")
        // Across segments too, and with a custom limit.
        let text = AttributedText(segments: [.init("12345"), .init("67890")])
        #expect(throws: CanvasError.textTooLong(utf8Bytes: 10, limit: 8)) {
            try TextLayout(text: text, options: TextLayoutOptions(maxUTF8Bytes: 8))
        }
    }

    @Test(arguments: [Double.nan, -1, 0, .infinity, -.infinity, 1e9, 1001])
    func unusableFontSizesThrow(size: Double) {
        #expect(throws: CanvasError.self) { try TextLayout("x", style: TextStyle(size: size)) }
        #expect(throws: CanvasError.self) { try TextLayout("", style: TextStyle(size: size)) }
        var text = AttributedText("a")
        text.append("b", style: TextStyleOverrides(size: size))
        #expect {
            try TextLayout(text: text)
        } throws: { error in
            if case .invalidTextStyle = error as? CanvasError { return true }
            return false
        }
    }

    @Test func otherUnusableStylesThrow() {
        let styles = [
            TextStyle(weight: FontWeight(0)),
            TextStyle(weight: FontWeight(5000)),
            TextStyle(lineHeight: .nan),
            TextStyle(lineHeight: -4),
            TextStyle(letterSpacing: .infinity),
            TextStyle(fontFamily: "Bad\0Family"),
        ]
        for style in styles {
            #expect(throws: CanvasError.self) { try TextLayout("x", style: style) }
        }
    }

    @Test(arguments: [
        TextLayoutOptions(maxWidth: .nan),
        TextLayoutOptions(maxWidth: -10),
        TextLayoutOptions(maxWidth: 0),
        TextLayoutOptions(maxWidth: .infinity),
        TextLayoutOptions(maxLines: -1),
        TextLayoutOptions(maxUTF8Bytes: 0),
    ])
    func unusableOptionsThrow(options: TextLayoutOptions) {
        #expect {
            try TextLayout("x", options: options)
        } throws: { error in
            if case .invalidArgument = error as? CanvasError { return true }
            return false
        }
    }

    @Test func emptyTextGivesAnEmptyLayout() throws {
        for text in [AttributedText(""), AttributedText(segments: []), AttributedText(segments: [.init(""), .init("", link: "x")])] {
            let layout = try TextLayout(text: text, options: TextLayoutOptions(maxWidth: 100, maxLines: 2))
            #expect(layout.size == .zero)
            #expect(layout.lineCount == 0)
            #expect(layout.isEmpty)
            #expect(!layout.isTruncated)
            #expect(layout.links.isEmpty)
            #expect(layout.link(at: .zero) == nil)
            let bitmap = try Bitmap.render(size: Size(width: 4, height: 4)) { $0.draw(layout, at: .zero) }
            #expect(bitmap.pixel(x: 1, y: 1)?.alpha == 0)
        }
    }

    @Test func oddTextDoesNotCrash() throws {
        let texts = [
            "nul\0inside", "\n\n\n", " ", "\u{200B}", "e\u{301}\u{301}\u{301}", "🏳️‍🌈👨‍👩‍👧‍👦", "\u{FFFD}\u{10FFFF}",
            "مرحبا بالعالم", String(repeating: "W", count: 5000),
        ]
        for text in texts {
            let layout = try TextLayout(text, options: TextLayoutOptions(maxWidth: 50, maxLines: 3))
            #expect(layout.lineCount <= 3)
            _ = try Bitmap.render(size: Size(width: 60, height: 60)) { $0.draw(layout, at: Point(x: 1, y: 1)) }
        }
        // A non-finite origin draws nothing.
        let layout = try TextLayout("x")
        let bitmap = try Bitmap.render(size: Size(width: 8, height: 8)) { $0.draw(layout, at: Point(x: .nan, y: 0)) }
        #expect((0..<8).allSatisfy { bitmap.pixel(x: $0, y: 4)?.alpha == 0 })
    }
}
