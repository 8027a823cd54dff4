import AsyncLayerKit
@testable import Elements
@testable import Rendering
import Testing

/// A text's base direction is its element's resolved direction (CSS `direction`), not its first
/// strong character: runs are ordered and `natural` alignment placed by the element.
@Suite struct TextDirectionTests {
    static let family = "DejaVu Sans"

    /// "iPhone 15 وصل إلى متجرنا" with a link over the Latin run, to find where it is drawn.
    static func mixed() -> Element {
        let text = AttributedText(segments: [.init("iPhone 15", link: "acs://phone"), .init(" وصل إلى متجرنا")])
        return .text(text, style: TextStyle(fontFamily: family, size: 15))
    }

    /// The text node's first line and the Latin run's rectangle in a column of `direction`.
    static func layout(_ direction: LayoutDirection, _ text: Element) throws -> (line: Rect, latin: Rect, layout: TextLayout) {
        var column = FlexStyle()
        column.direction = direction == .rtl ? .rtl : .ltr
        column.flexDirection = .column
        column.alignItems = .stretch
        let result = try ElementLayout.layout(.view(layout: column, children: [text]), in: Size(width: 300, height: 100))
        let layout = try #require(result.nodes[1].text)
        let line = try #require(layout.lines.first).rect
        let latin = try #require(layout.links.first?.rects.first)
        return (line, latin, layout)
    }

    /// In an RTL element the Latin-first text is a right-to-left paragraph: the line ends at the
    /// right edge and the Latin run, first in logical order, is its rightmost part. In an LTR
    /// element it starts at the left edge with the Latin run first.
    @Test func rtlElementLaysOutLatinFirstTextRightToLeft() throws {
        let rtl = try Self.layout(.rtl, Self.mixed())
        #expect(rtl.layout.options.baseDirection == .rightToLeft)
        #expect(rtl.layout.style.alignment == .natural)
        #expect(abs(rtl.line.maxX - 300) < 1, "line \(rtl.line)")
        #expect(abs(rtl.latin.maxX - rtl.line.maxX) < 1, "latin \(rtl.latin), line \(rtl.line)")
        #expect(rtl.latin.minX > rtl.line.minX + 20, "latin \(rtl.latin), line \(rtl.line)")

        let ltr = try Self.layout(.ltr, Self.mixed())
        #expect(ltr.layout.options.baseDirection == .leftToRight)
        #expect(ltr.line.minX < 1)
        #expect(abs(ltr.latin.minX - ltr.line.minX) < 1, "latin \(ltr.latin), line \(ltr.line)")
    }

    /// CSS: an LTR element's text is an LTR paragraph even when it starts with a Hebrew word — the
    /// line starts at the left edge and the Hebrew word (linked) is its leftmost part.
    @Test func ltrElementKeepsRightToLeftFirstTextLeftToRight() throws {
        let text = AttributedText(segments: [.init("שלום", link: "acs://shalom"), .init(" world")])
        let ltr = try Self.layout(.ltr, .text(text, style: TextStyle(fontFamily: Self.family, size: 15)))
        #expect(ltr.line.minX < 1, "line \(ltr.line)")
        #expect(abs(ltr.latin.minX - ltr.line.minX) < 1, "hebrew \(ltr.latin), line \(ltr.line)")
    }
}
