@testable import AsyncLayerKit
@testable import Canvas
import Foundation
import Testing

/// Atomic inline boxes (``InlineBox``): a text element's child placed in its lines, shrunk to fit,
/// on the line's baseline, with frames for its subtree.
@Suite struct InlineBoxLayoutTests {
    /// A 300-wide block holding `runs` (JSON) over the children `children` (JSON).
    static func card(_ runs: String, children: String, width: Int = 300) throws -> Element {
        let json = """
        {"version": 2, "size": {"width": \(width), "height": 200}, "root": {"type": "view",
          "style": {"display": "block", "fontFamily": "DejaVu Sans", "fontSize": "16px", "lineHeight": "20px"},
          "children": [{"type": "text", "style": {"display": "block"}, "text": {"text": \(runs)}, "children": \(children)}]}}
        """
        return try ElementDocument.decode(Array(json.utf8)).root
    }

    static let pill = """
        {"type": "view", "style": {"display": "block", "padding": "2px 6px", "margin": "0 4px", "backgroundColor": "#ddd"},
         "children": [{"type": "text", "style": {"display": "block"}, "text": {"text": "Ready"}}]}
        """

    @Test func aBoxShrinksToItsContentAndSitsInTheLine() throws {
        let root = try Self.card(#"[{"text": "Status: "}, {"box": 0}, {"text": " done"}]"#, children: "[\(Self.pill)]")
        let layout = try ElementLayout.layout(root, in: Size(width: 300, height: 200), scale: 2)
        let text = layout.nodes[1], box = layout.nodes[2], word = layout.nodes[3]
        let lines = try #require(text.text?.lines)
        #expect(lines.count == 1)
        // Shrunk to its word plus padding, not the paragraph's 300 points.
        let wordWidth = try #require(word.text?.size.width)
        #expect(abs(box.frame.width - (wordWidth + 12)) <= 1)
        #expect(box.frame.minX > text.frame.minX + 40, "after \"Status: \" and its left margin")
        // Its text's baseline is the line's.
        let lineBaseline = text.contentFrame.minY + lines[0].baseline
        let boxBaseline = word.contentFrame.minY + (word.text?.lines.first?.baseline ?? 0)
        #expect(abs(lineBaseline - boxBaseline) < 0.75)
        // The line is as tall as the box needs: its padding adds to the line's height.
        #expect(text.frame.height >= box.frame.height)
        // " done" follows the box and its right margin.
        let attachment = try #require(text.text?.attachments.first)
        #expect(abs(attachment.rect.width - (box.frame.width + 8)) < 0.01)
    }

    @Test func aBoxWiderThanTheLineWrapsItsOwnText() throws {
        let long = """
            {"type": "view", "style": {"display": "block", "padding": "0 5px"},
             "children": [{"type": "text", "style": {"display": "block"}, "text": {"text": "a long sentence that cannot fit on one line of this card"}}]}
            """
        let root = try Self.card(#"[{"text": "A "}, {"box": 0}]"#, children: "[\(long)]", width: 150)
        let layout = try ElementLayout.layout(root, in: Size(width: 150, height: 400), scale: 1)
        let box = layout.nodes[2]
        // Shrink-to-fit: the available width, so it goes to a line of its own and wraps inside.
        #expect(box.frame.width == 150)
        #expect((layout.nodes[3].text?.lines.count ?? 0) > 1)
        #expect((layout.nodes[1].text?.lines.count ?? 0) == 2)
    }

    /// A clamp hides lines without unlaying them (as Chromium does): a box on a line past it is
    /// laid out where that line would be, below the clamped text (which its overflow clips).
    @Test func aBoxPastALineClampIsLaidOutWhereItsLineWouldBe() throws {
        let json = """
        {"version": 2, "size": {"width": 100, "height": 200}, "root": {"type": "view",
          "style": {"display": "block", "fontFamily": "DejaVu Sans", "fontSize": "16px"},
          "children": [{"type": "text", "style": {"display": "block", "WebkitLineClamp": 1, "overflow": "hidden"},
                        "text": {"text": [{"text": "one two three four five six seven "}, {"box": 0}]}, "children": [\(Self.pill)]}]}}
        """
        let root = try ElementDocument.decode(Array(json.utf8)).root
        let layout = try ElementLayout.layout(root, in: Size(width: 100, height: 200), scale: 1)
        let text = try #require(layout.nodes[1].text)
        #expect(text.lines.count == 1)
        #expect(layout.nodes[2].frame.width > 0 && layout.nodes[2].frame.minY >= layout.nodes[1].contentFrame.minY + text.size.height)
        #expect(layout.nodes[3].frame.width > 0 && layout.nodes[3].frame.minY >= layout.nodes[2].frame.minY)
    }

    @Test func boxRunsMustNameDistinctChildren() throws {
        #expect(throws: ElementError.self) { _ = try ElementLayout.layout(try Self.card(#"[{"box": 1}]"#, children: "[\(Self.pill)]"), in: Size(width: 300, height: 200)) }
        #expect(throws: ElementError.self) { _ = try ElementLayout.layout(try Self.card(#"[{"box": 0}, {"box": 0}]"#, children: "[\(Self.pill)]"), in: Size(width: 300, height: 200)) }
        #expect(throws: ElementError.self) { _ = try Self.card(#"[{"box": 0, "text": "x"}]"#, children: "[\(Self.pill)]") }
        #expect(throws: ElementError.self) { _ = try Self.card(#"[{"box": -1}]"#, children: "[\(Self.pill)]") }
    }

    @Test func aBoxIsDrawnWhereItIsLaidOut() async throws {
        let root = try Self.card(#"[{"text": "Status: "}, {"box": 0}]"#, children: "[\(Self.pill)]")
        let size = Size(width: 300, height: 200)
        let layout = try ElementLayout.layout(root, in: size, scale: 1)
        let bitmap = try await ElementRenderer().render(root, layout: layout, scale: 1)
        let box = layout.nodes[2].frame
        // The pill's grey background, at its padding's corner (no glyph there).
        let pixel = try #require(bitmap.pixel(x: Int(box.minX) + 2, y: Int(box.minY) + 1))
        #expect(pixel.red == 0xdd && pixel.green == 0xdd)
    }

    @Test func jsonRoundTripsABoxRun() throws {
        let root = try Self.card(#"[{"text": "A "}, {"box": 0, "style": {"verticalAlign": "middle"}}]"#, children: "[\(Self.pill)]")
        guard case .text(let text) = root.children[0].kind else { Issue.record("not a text"); return }
        #expect(text.runs[1].content == .box(InlineBox(child: 0, verticalAlign: .middle)))
        let again = try JSONDecoder().decode(Element.self, from: JSONEncoder().encode(root))
        #expect(again == root)
    }
}

extension InlineBoxLayoutTests {
    /// Each nesting level is a layout on the stack: too many is a clear error, not a crash.
    @Test(.timeLimit(.minutes(5))) func deeplyNestedBoxesAreRefused() throws {
        var element = Element(.text(TextContent(runs: [InlineRun("core")])))
        for _ in 0..<40 {
            element = Element(.text(TextContent(runs: [InlineRun("a "), InlineRun(box: InlineBox(child: 0))])), children: [element])
        }
        #expect(throws: ElementError.self) { _ = try ElementLayout.layout(element, in: Size(width: 300, height: 200)) }
        var shallow = Element(.text(TextContent(runs: [InlineRun("core")])))
        for _ in 0..<30 {
            shallow = Element(.text(TextContent(runs: [InlineRun("a "), InlineRun(box: InlineBox(child: 0))])), children: [shallow])
        }
        let layout = try ElementLayout.layout(shallow, in: Size(width: 300, height: 200))
        #expect(layout.nodes.last.map { $0.frame.width > 0 } == true)
    }
}

/// A run's own `line-height` is its inline box's height, centred on its font (CSS 2.1 §10.8).
@Suite struct RunLineHeightTests {
    static func height(_ runs: String) throws -> Double {
        let root = try InlineBoxLayoutTests.card(runs, children: "[]")
        let layout = try ElementLayout.layout(root, in: Size(width: 300, height: 200), scale: 2)
        return layout.nodes[1].frame.height
    }

    @Test func aTallerRunMakesItsLineTaller() throws {
        #expect(try Self.height(#"[{"text": "plain"}]"#) == 20)
        #expect(try Self.height(#"[{"text": "a "}, {"text": "tall", "style": {"lineHeight": "40px"}}, {"text": " b"}]"#) == 40)
        // A shorter one stays inside the paragraph's strut.
        #expect(try Self.height(#"[{"text": "a "}, {"text": "short", "style": {"lineHeight": "8px"}}]"#) == 20)
        // A number is the run's own font size times it: 2 × 30px.
        #expect(try Self.height(#"[{"text": "a "}, {"text": "big", "style": {"fontSize": "30px", "lineHeight": 2}}]"#) == 60)
    }
}

/// `vertical-align` with a length on a text run raises its baseline; the line grows to hold it.
@Suite struct RunVerticalAlignTests {
    @Test func aRaisedRunSitsHigherAndTheLineGrows() throws {
        let root = try InlineBoxLayoutTests.card(#"[{"text": "a "}, {"text": "up", "style": {"verticalAlign": "10px"}}]"#, children: "[]")
        let layout = try ElementLayout.layout(root, in: Size(width: 300, height: 200), scale: 2)
        #expect(layout.nodes[1].frame.height == 30)
        guard case .text(let text) = root.children[0].kind else { Issue.record("not a text"); return }
        #expect(text.runs[1].verticalAlign == .length(.points(10)))
        let plain = try InlineBoxLayoutTests.card(#"[{"text": "a "}, {"text": "up"}]"#, children: "[]")
        #expect(try ElementLayout.layout(plain, in: Size(width: 300, height: 200), scale: 2).nodes[1].frame.height == 20)
        let again = try JSONDecoder().decode(Element.self, from: JSONEncoder().encode(root))
        #expect(again == root)
    }
}

/// Space runs (an inline element's padding, border and margin edges) take room and keep to their neighbours.
@Suite struct SpaceRunTests {
    @Test func aSpaceRunTakesRoomWithoutBreakingOrGrowingTheLine() throws {
        let spaced = try InlineBoxLayoutTests.card(#"[{"text": "a "}, {"space": "10px"}, {"text": "word"}, {"space": "10px"}, {"text": " b"}]"#, children: "[]")
        let plain = try InlineBoxLayoutTests.card(#"[{"text": "a word b"}]"#, children: "[]")
        let size = Size(width: 300, height: 200)
        let a = try #require(try ElementLayout.layout(spaced, in: size, scale: 2).nodes[1].text)
        let b = try #require(try ElementLayout.layout(plain, in: size, scale: 2).nodes[1].text)
        #expect(abs(a.size.width - (b.size.width + 20)) < 0.1)
        #expect(a.size.height == b.size.height)
        guard case .text(let text) = spaced.children[0].kind else { Issue.record("not a text"); return }
        #expect(text.runs[1].content == .spacing(.points(10)))
        #expect(try JSONDecoder().decode(Element.self, from: JSONEncoder().encode(spaced)) == spaced)
        #expect(throws: ElementError.self) { _ = try InlineBoxLayoutTests.card(#"[{"space": "5%"}]"#, children: "[]") }
        #expect(throws: ElementError.self) { _ = try InlineBoxLayoutTests.card(#"[{"space": "1px", "text": "x"}]"#, children: "[]") }
    }

    /// A negative space (an inline element's negative margin) pulls its neighbours closer by as
    /// much; the JSON form keeps it.
    @Test func aNegativeSpaceRunPullsItsNeighboursCloser() throws {
        let pulled = try InlineBoxLayoutTests.card(#"[{"text": "a "}, {"space": "-7px"}, {"text": "word"}]"#, children: "[]")
        let plain = try InlineBoxLayoutTests.card(#"[{"text": "a word"}]"#, children: "[]")
        let size = Size(width: 300, height: 200)
        let a = try #require(try ElementLayout.layout(pulled, in: size, scale: 2).nodes[1].text)
        let b = try #require(try ElementLayout.layout(plain, in: size, scale: 2).nodes[1].text)
        #expect(abs(a.size.width - (b.size.width - 7)) < 0.1)
        #expect(a.size.height == b.size.height)
        #expect(try JSONDecoder().decode(Element.self, from: JSONEncoder().encode(pulled)) == pulled)
    }

    /// A run's top and bottom padding carry its background above and below its font, not the line.
    @Test func aRunsPaddingReachesItsBackgroundOnly() async throws {
        let padded = try InlineBoxLayoutTests.card(##"[{"text": "a "}, {"text": "pill", "style": {"backgroundColor": "#ff0000", "paddingTop": "6px", "paddingBottom": "6px"}}]"##, children: "[]")
        let plain = try InlineBoxLayoutTests.card(##"[{"text": "a "}, {"text": "pill", "style": {"backgroundColor": "#ff0000"}}]"##, children: "[]")
        let size = Size(width: 300, height: 200)
        let a = try #require(try ElementLayout.layout(padded, in: size, scale: 1).nodes[1].text)
        let b = try #require(try ElementLayout.layout(plain, in: size, scale: 1).nodes[1].text)
        #expect(a.size.height == b.size.height)
        let reach = try #require(a.backgrounds.first?.rect), tight = try #require(b.backgrounds.first?.rect)
        #expect(abs(reach.minY - (tight.minY - 6)) < 0.01 && abs(reach.height - (tight.height + 12)) < 0.01)
        #expect(try JSONDecoder().decode(Element.self, from: JSONEncoder().encode(padded)) == padded)
    }

    @Test func noLineBreaksAtASpaceRun() throws {
        // "aaaa" + space + "bbbb" is one unbreakable piece: it moves to the next line whole.
        let root = try InlineBoxLayoutTests.card(#"[{"text": "xxxxxxxx aaaa"}, {"space": "4px"}, {"text": "bbbb"}]"#, children: "[]", width: 150)
        let layout = try ElementLayout.layout(root, in: Size(width: 150, height: 200), scale: 1)
        let text = try #require(layout.nodes[1].text)
        let lines = text.lines.map { text.text.string.utf16Slice($0.characterRange) }
        #expect(lines.count == 2)
        #expect(lines.last?.contains("aaaa") == true && lines.last?.contains("bbbb") == true)
    }
}

private extension String {
    func utf16Slice(_ range: Range<Int>) -> String {
        let u = Array(utf16)
        return String(decoding: u[max(0, range.lowerBound)..<min(u.count, range.upperBound)], as: UTF16.self)
    }
}
