import Foundation
import Testing

@testable import Canvas

@Suite struct TextLinkTests {
    static func wrappedLinkLayout() throws -> TextLayout {
        var text = AttributedText("Read the ")
        text.append("full announcement of the summer festival", style: TextStyleOverrides(color: .blue), link: "acs://festival")
        text.append(" today.")
        return try TextLayout(text: text, style: TextStyle(fontFamily: "DejaVu Sans", size: 15), options: TextLayoutOptions(maxWidth: 180))
    }

    @Test func linkWrappingOntoTwoLinesHasTwoRects() throws {
        let layout = try Self.wrappedLinkLayout()
        let link = try #require(layout.links.first)
        #expect(layout.links.count == 1)
        #expect(link.value == "acs://festival")
        #expect(layout.text.substring(utf16Range: link.range) == "full announcement of the summer festival")
        #expect(link.rects.count >= 2)
        let lineTops = Set(link.rects.map(\.minY))
        #expect(lineTops.count == link.rects.count, "one rect per line")
        for rect in link.rects {
            #expect(rect.width > 0 && rect.height > 0)
            #expect(rect.maxX <= 180 + 0.01)
        }
    }

    @Test func hitTestingFindsTheLink() throws {
        let layout = try Self.wrappedLinkLayout()
        let link = try #require(layout.links.first)
        for rect in link.rects {
            #expect(layout.link(at: rect.center)?.value == "acs://festival")
        }
        // "Read" at the start of the first line is not linked.
        let first = try #require(layout.lines.first)
        #expect(layout.link(at: Point(x: 2, y: first.rect.midY)) == nil)
        #expect(layout.link(at: Point(x: -10, y: -10)) == nil)
    }

    @Test func adjacentSegmentsWithTheSameLinkAreOneLink() throws {
        let text = AttributedText(segments: [
            .init("a", link: "x"), .init("b", style: .init(weight: .bold), link: "x"), .init("c"), .init("d", link: "x"),
        ])
        #expect(text.links.map(\.range) == [0..<2, 3..<4])
        let layout = try TextLayout(text: text, style: TextStyle(fontFamily: "DejaVu Sans"))
        #expect(layout.links.count == 2)
        #expect(layout.links.allSatisfy { $0.rects.count == 1 })
    }

    @Test func linkRangesCountUTF16() throws {
        let text = AttributedText(segments: [.init("🌃 夜景 "), .init("link", link: "l")])
        let link = try #require(text.links.first)
        #expect(link.range == 6..<10)
        #expect(text.substring(utf16Range: link.range) == "link")
        let layout = try TextLayout(text: text)
        #expect(layout.lines.first?.characterRange == 0..<10)
        #expect(layout.links.first?.rects.count == 1)
    }

    @Test func attributedTextIsCodable() throws {
        var text = AttributedText("plain ")
        text.append("bold link", style: .init(weight: .bold, color: .red, underline: true), link: "acs://x")
        let style = TextStyle(size: 17, lineHeight: 22, alignment: .center)
        let encoder = JSONEncoder()
        let decodedText = try JSONDecoder().decode(AttributedText.self, from: encoder.encode(text))
        let decodedStyle = try JSONDecoder().decode(TextStyle.self, from: encoder.encode(style))
        let options = TextLayoutOptions(maxWidth: 100, maxLines: 3, lineBreakMode: .word, truncation: .middle)
        let decodedOptions = try JSONDecoder().decode(TextLayoutOptions.self, from: encoder.encode(options))
        #expect(decodedText == text)
        #expect(decodedStyle == style)
        #expect(decodedOptions == options)
        // Missing keys take their defaults.
        let empty = Data("{}".utf8)
        #expect(try JSONDecoder().decode(TextStyle.self, from: empty) == TextStyle())
        #expect(try JSONDecoder().decode(TextLayoutOptions.self, from: empty) == TextLayoutOptions())
        let json = Data(##"{"segments": [{"text": "a"}, {"text": "b", "link": "x", "style": {"weight": 700, "color": "#FF0000"}}]}"##.utf8)
        let segments = try JSONDecoder().decode(AttributedText.self, from: json)
        #expect(segments == AttributedText(segments: [.init("a"), .init("b", style: .init(weight: .bold, color: .red), link: "x")]))
    }
}
