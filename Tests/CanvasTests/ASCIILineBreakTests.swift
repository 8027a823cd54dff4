@testable import Canvas
import Testing

/// Line breaks between printable ASCII characters as Chromium makes them (Blink's own table, not
/// UAX #14), for CSS texts.
@Suite struct ASCIILineBreakTests {
    @Test func theTableBreaksAfterHyphensAndQuestionMarksAndBeforeBracketsOnly() {
        func breaks(_ pair: String) -> Bool {
            let bytes = Array(pair.utf8)
            return ASCIILineBreaks.breaks(between: bytes[0], and: bytes[1])
        }
        #expect(breaks("-a") && breaks("-1") && breaks("?a") && breaks(".(") && breaks("}[") && breaks(",{"))
        #expect(!breaks("/a") && !breaks("/e") && !breaks("!a") && !breaks("]a") && !breaks("|a") && !breaks("a(") && !breaks("-.") && !breaks("a-"))
    }

    @Test func wordsAreRunsBetweenSpacesCutWhereTheTableBreaks() {
        let text = "go to https://example.com/a/b or a-b?c, plain words, café/x (x)"
        let words = ASCIILineBreaks.words(in: Array(text.utf8)).map { String(decoding: Array(text.utf8)[$0], as: UTF8.self) }
        // Letters and digits alone make no word (neither side breaks inside); a run touching "é" is UAX #14's.
        #expect(words == ["https://example.com/a/b", "a-", "b?", "c,", "words,", "(x)"])
    }

    /// Chromium: "A URL-like token:" / "https://example.com/a/really" / "/long/path/segment" at
    /// 220 px in DejaVu Sans 15px with `overflow-wrap: break-word` (the URL breaks only where the
    /// line is full); Pango alone breaks after "https://" and after "long/".
    @Test func aURLBreaksOnlyWhereTheLineIsFull() throws {
        var style = TextStyle(fontFamily: "DejaVu Sans", size: 15)
        style.cssLineMetrics = true
        let text = AttributedText(segments: [.init("A URL-like token: https://example.com/a/really/long/path/segment")])
        let layout = try TextLayout(text: text, style: style, options: TextLayoutOptions(maxWidth: 220, lineBreakMode: .wordOrCharacter))
        #expect(layout.lines.map { String(layout.text(of: $0)).split(separator: " ", omittingEmptySubsequences: false).filter { !$0.isEmpty }.joined(separator: " ") } == ["A URL-like token:", "https://example.com/a/really", "/long/path/segment"])
        var plain = style
        plain.cssLineMetrics = false
        let pango = try TextLayout(text: text, style: plain, options: TextLayoutOptions(maxWidth: 220, lineBreakMode: .wordOrCharacter))
        #expect(pango.lines.count == 3 && pango.text(of: pango.lines[1]).hasPrefix("example.com"))
    }
}
