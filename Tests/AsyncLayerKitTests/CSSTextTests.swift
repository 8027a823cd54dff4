import AsyncLayerKit
import Testing

/// The CSS text properties: what they decode to and write back, how they inherit down a tree,
/// how earlier documents' `text.style` keeps its meaning, and what the resolved text measures.
@Suite struct CSSTextTests {
    static func decode(_ json: String) throws -> Element {
        try ElementDocument.decode(Array(##"{"version": 2, "root": \##(json)}"##.utf8)).root
    }

    /// A view declaring `parent` holding a text declaring `own`, laid out in 300×200.
    static func laidOut(parent: String, own: String = "{}", text: String = "Hello world") throws -> TextLayout {
        let root = try decode(##"{"type": "view", "style": \##(parent), "children": [{"type": "text", "text": {"text": "\##(text)"}, "style": \##(own)}]}"##)
        let layout = try ElementLayout.layout(root, in: Size(width: 300, height: 200))
        return try #require(layout.nodes[1].text)
    }

    @Test func propertiesDecodeToTheirValues() throws {
        let element = try Self.decode(##"{"type": "view", "style": {"color": "#336699", "fontFamily": "'DejaVu Serif', Georgia, serif", "fontSize": "1.25em", "fontWeight": "bolder", "fontStyle": "oblique 10deg", "lineHeight": 1.4, "letterSpacing": "0.05em", "textAlign": "justify", "textDecoration": "underline dotted red 2px", "whiteSpace": "pre-line", "overflowWrap": "anywhere", "lineClamp": 3, "textShadow": "0 1px 2px black, 2px 2px red", "WebkitTextStroke": "1px blue", "fontFeatureSettings": "'tnum', 'liga' off"}}"##)
        let text = element.style.text
        #expect(text.color == .color(Color(red255: 0x33, green255: 0x66, blue255: 0x99)))
        #expect(text.fontFamily == ["DejaVu Serif", "Georgia", "serif"])
        #expect(text.fontSize == .em(1.25))
        #expect(text.fontWeight == .bolder)
        #expect(text.fontStyle == .oblique)
        #expect(text.lineHeight == .multiple(1.4))
        #expect(text.letterSpacing == .em(0.05))
        #expect(text.textAlign == .justify)
        #expect(text.textDecorationLine == .underline && text.textDecorationStyle == .dotted && text.textDecorationThickness == .points(2))
        #expect(text.whiteSpace == .preLine && text.overflowWrap == .anywhere && text.lineClamp == 3)
        #expect(text.textShadows?.count == 2 && text.textShadows?[1].color == .color(Color(red: 1, green: 0, blue: 0)))
        #expect(text.textStrokeWidth == .points(1))
        #expect(text.fontFeatureSettings == ##""tnum" 1, "liga" 0"##)
    }

    @Test func textPropertiesEncodeCanonicallyAndReadBack() throws {
        let json = ##"{"type": "view", "style": {"color": "rgb(10 20 30 / 50%)", "fontFamily": "Inter, sans-serif", "fontSize": "large", "fontWeight": 600, "lineHeight": "120%", "wordSpacing": "4px", "textIndent": "2em", "textTransform": "uppercase", "textDecorationLine": "underline line-through", "textDecorationColor": "currentColor", "wordBreak": "break-all", "textOverflow": "ellipsis", "WebkitLineClamp": 2, "continue": "-webkit-legacy", "textWrap": "balance", "tabSize": 4, "textShadow": "none", "WebkitTextStrokeWidth": "thin"}, "children": [{"type": "text", "text": {"text": "x"}}]}"##
        let element = try Self.decode(json)
        #expect(element.style.text.lineClampContinue == .webkitLegacy)
        let document = ElementDocument(root: element)
        let bytes = try document.jsonBytes()
        let again = try ElementDocument.decode(bytes)
        #expect(again.root == element)
        #expect(try again.jsonBytes() == bytes)
        // A text without a style key stays one: it is styled by CSS.
        guard case .text(let content) = again.root.children[0].kind else { Issue.record("not a text"); return }
        #expect(content.style == nil)
    }

    @Test func inheritedPropertiesReachTheTextAndItsOwnWin() throws {
        let layout = try Self.laidOut(parent: ##"{"fontFamily": "DejaVu Serif", "fontSize": 20, "color": "#ff0000", "fontWeight": 700, "textDecoration": "underline"}"##,
                                      own: ##"{"fontSize": "0.5em", "color": "blue"}"##)
        #expect(layout.style.fontFamily == "DejaVu Serif")
        #expect(layout.style.size == 10)
        #expect(layout.style.weight == .bold)
        #expect(layout.style.color == Color(red: 0, green: 0, blue: 1))
        // The decoration is drawn on the text below, in the colour of the element that declared it.
        #expect(layout.style.underline && layout.style.decorationColor == Color(red: 1, green: 0, blue: 0))
        #expect(layout.fontsUsed.first == "DejaVu Serif")
    }

    @Test func cssInitialValuesWithoutDeclarations() throws {
        let layout = try Self.laidOut(parent: "{}")
        #expect(layout.style.size == 16 && layout.style.weight == .regular && layout.style.color == .black)
        #expect(layout.options.lineBreakMode == .word)
    }

    @Test func lineHeightNumbersInheritAsNumbersLengthsAsPoints() throws {
        let number = try Self.laidOut(parent: ##"{"fontSize": 10, "lineHeight": 2}"##, own: ##"{"fontSize": 20}"##)
        #expect(number.style.lineHeight == 40)
        let length = try Self.laidOut(parent: ##"{"fontSize": 10, "lineHeight": "200%"}"##, own: ##"{"fontSize": 20}"##)
        #expect(length.style.lineHeight == 20)
        #expect(length.lines[0].rect.height == 20)
    }

    @Test func earlierTextStyleKeepsItsMeaningAndItsElementsDeclarationsApply() throws {
        let root = try Self.decode(##"{"type": "view", "style": {"fontSize": 40, "color": "red"}, "children": [{"type": "text", "text": {"text": "Old", "style": {"size": 12}}, "style": {"fontWeight": "bold"}}]}"##)
        let layout = try #require(try ElementLayout.layout(root, in: Size(width: 300, height: 100)).nodes[1].text)
        // The ancestor's size and colour do not reach an earlier-version text; its own element's weight does.
        #expect(layout.style.size == 12 && layout.style.color == .black && layout.style.weight == .bold)
    }

    @Test func whiteSpaceCollapsesOrKeeps() throws {
        let normal = try Self.laidOut(parent: "{}", text: ##"  two   spaces\n and  a break  "##)
        #expect(normal.text.string == "two spaces and a break")
        let preLine = try Self.laidOut(parent: ##"{"whiteSpace": "pre-line"}"##, text: ##"  two   spaces \n and"##)
        #expect(preLine.text.string == "two spaces\nand")
        #expect(preLine.lineCount == 2)
        let pre = try Self.laidOut(parent: ##"{"whiteSpace": "pre"}"##, text: ##"a  b"##)
        #expect(pre.text.string == "a  b")
    }

    @Test func nowrapKeepsOneLineAndClampAddsTheEllipsis() throws {
        let words = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
        let nowrap = try Self.laidOut(parent: ##"{"whiteSpace": "nowrap"}"##, text: words)
        #expect(nowrap.lineCount == 1 && !nowrap.isTruncated)
        let clamped = try Self.laidOut(parent: ##"{"width": 120}"##, own: ##"{"lineClamp": 2}"##, text: words)
        #expect(clamped.lineCount == 2 && clamped.isTruncated)
        let ellipsis = try Self.laidOut(parent: ##"{"width": 120}"##, own: ##"{"whiteSpace": "nowrap", "textOverflow": "ellipsis", "overflow": "hidden"}"##, text: words)
        #expect(ellipsis.lineCount == 1 && ellipsis.isTruncated)
    }

    @Test func balancedLinesKeepTheirCountAndNarrowTheWidest() throws {
        let words = "Balanced headlines read better than an orphan"
        let greedy = try Self.laidOut(parent: ##"{"width": 300}"##, text: words)
        let balanced = try Self.laidOut(parent: ##"{"width": 300}"##, own: ##"{"textWrap": "balance"}"##, text: words)
        #expect(greedy.lineCount == 2)
        #expect(balanced.lineCount == greedy.lineCount)
        let widths = balanced.lines.map(\.rect.width), greedyWidths = greedy.lines.map(\.rect.width)
        #expect(widths.max()! - widths.min()! < greedyWidths.max()! - greedyWidths.min()!)
    }

    @Test func currentColorInPaintIsTheInheritedColour() async throws {
        let json = ##"{"version": 2, "size": {"width": 20, "height": 20}, "root": {"type": "view", "style": {"color": "#00ff00"}, "children": [{"type": "view", "style": {"width": 20, "height": 20, "border": "4px solid currentColor"}}]}}"##
        let document = try ElementDocument.decode(Array(json.utf8))
        let bitmap = try await ElementRenderer().render(document.root, size: Size(width: 20, height: 20), scale: 1)
        let c = try #require(bitmap.color(x: 1, y: 10))
        #expect(c.green > 0.99 && c.red < 0.01)
    }

    @Test func emLengthsInPaintFollowTheFontSize() async throws {
        let json = ##"{"version": 2, "size": {"width": 40, "height": 40}, "root": {"type": "view", "style": {"fontSize": 10}, "children": [{"type": "view", "style": {"width": 40, "height": 40, "borderWidth": 4, "borderStyle": "solid", "borderColor": "black", "borderRadius": "2em"}}]}}"##
        let document = try ElementDocument.decode(Array(json.utf8))
        let bitmap = try await ElementRenderer().render(document.root, size: Size(width: 40, height: 40), scale: 1)
        // A 2em = 20 pt radius on a 40 pt box is a circle: the corner is empty.
        #expect(try #require(bitmap.color(x: 1, y: 1)).alpha < 0.05)
    }

    @Test(arguments: [
        (##"{"fontSize": "-2px"}"##, "root.style.fontSize"),
        (##"{"fontWeight": 1001}"##, "root.style.fontWeight"),
        (##"{"lineHeight": "-1"}"##, "root.style.lineHeight"),
        (##"{"textDecoration": "underline underline"}"##, "root.style.textDecoration"),
        (##"{"textShadow": "1px"}"##, "root.style.textShadow"),
        (##"{"lineClamp": 0}"##, "root.style.lineClamp"),
        (##"{"fontFeatureSettings": "liga"}"##, "root.style.fontFeatureSettings"),
        (##"{"whiteSpace": "wrap-please"}"##, "root.style.whiteSpace"),
        (##"{"continue": "auto"}"##, "root.style.continue"),
        (##"{"fontFamily": "12px"}"##, "root.style.fontFamily"),
    ])
    func badValuesNameTheirPath(style: String, path: String) {
        #expect {
            try Self.decode(##"{"type": "view", "style": \##(style)}"##)
        } throws: { error in
            guard case ElementError.invalidJSON(let at, _) = error else { return false }
            return at == path
        }
    }

    @Test func hostileValuesAreBoundedNotCrashes() throws {
        // A huge font size is clamped to the Canvas's maximum; a zero one to nearly nothing.
        let huge = try Self.laidOut(parent: ##"{"fontSize": "1e30px"}"##, text: "x")
        #expect(huge.style.size == TextStyle.maxFontSize)
        let zero = try Self.laidOut(parent: ##"{"fontSize": 0}"##, text: "x")
        #expect(zero.style.size > 0 && zero.size.width < 1)
        // A blur beyond the Canvas's bound is refused by the measurement with a typed error.
        #expect(throws: ElementError.self) { try Self.laidOut(parent: ##"{"textShadow": "0 0 1e9px red"}"##, text: "x") }
    }

    @Test func runsDecodeToInlineRunsAndWriteBack() throws {
        let json = ##"{"type": "text", "text": {"text": [{"text": "Hi "}, {"text": "there", "style": {"fontWeight": 700, "color": "red", "backgroundColor": "#ff0", "textDecoration": "underline"}, "link": "x"}, {"image": {"named": "party"}, "style": {"width": "1.5em", "verticalAlign": "middle"}}]}}"##
        let element = try Self.decode(json)
        guard case .text(let content) = element.kind else { Issue.record("not a text"); return }
        #expect(content.runs.count == 3 && content.style == nil)
        #expect(content.runs[1].style.fontWeight == .weight(700) && content.runs[1].backgroundColor == .color(Color(red: 1, green: 1, blue: 0)))
        guard case .image(let image) = content.runs[2].content else { Issue.record("not an image"); return }
        #expect(image.width == .em(1.5) && image.height == nil && image.verticalAlign == .middle)
        let bytes = try ElementDocument(root: element).jsonBytes()
        let again = try ElementDocument.decode(bytes)
        #expect(again.root == element)
        #expect(try again.jsonBytes() == bytes)
    }

    /// A run's `left` and `top` move where it is drawn (and its area), not the lines.
    @Test func aRunsLeftAndTopMoveItsDrawingOnly() async throws {
        let plain = try Self.decode(##"{"type": "text", "text": {"text": [{"text": "sit "}, {"text": "veniam"}, {"text": " glyph"}]}}"##)
        let moved = try Self.decode(##"{"type": "text", "text": {"text": [{"text": "sit "}, {"text": "veniam", "style": {"left": "2px", "top": "-4px"}}, {"text": " glyph"}]}}"##)
        guard case .text(let content) = moved.kind else { Issue.record("not a text"); return }
        #expect(content.runs[1].left == .points(2) && content.runs[1].top == .points(-4))
        #expect(try ElementDocument.decode(try ElementDocument(root: moved).jsonBytes()).root == moved)
        let a = try #require(try ElementLayout.layout(plain, in: Size(width: 300, height: 100)).nodes[0].text)
        let b = try #require(try ElementLayout.layout(moved, in: Size(width: 300, height: 100)).nodes[0].text)
        #expect(a.lines.map(\.rect) == b.lines.map(\.rect))
        #expect(b.text.segments[1].style.relativeOffset == Point(x: 2, y: -4))
        // Drawn moved, though its font is its neighbours' (Pango would shape the three as one run).
        let renderer = ElementRenderer()
        let before = try await renderer.render(plain, size: Size(width: 300, height: 40), scale: 1)
        let after = try await renderer.render(moved, size: Size(width: 300, height: 40), scale: 1)
        func column(_ bitmap: Bitmap, _ x: Int) -> [UInt8] { (0..<40).map { bitmap.pixel(x: x, y: $0)?.alpha ?? 0 } }
        #expect((0..<12).allSatisfy { column(before, $0) == column(after, $0) })  // "si" stays
        #expect((30..<120).contains { column(before, $0) != column(after, $0) })
        #expect(throws: (any Error).self) { try Self.decode(##"{"type": "text", "text": {"text": [{"text": "x", "style": {"top": "10%"}}]}}"##) }
    }

    @Test func runsInheritTheParagraphAndLayOutTogether() throws {
        let root = try Self.decode(##"{"type": "view", "style": {"width": 200, "fontSize": 20, "color": "#0000ff"}, "children": [{"type": "text", "text": {"text": [{"text": "one two three four "}, {"text": "five six", "style": {"fontSize": "0.5em", "color": "red"}, "link": "L"}, {"image": {"named": "x"}}, {"text": " seven eight nine ten eleven"}]}, "style": {"lineClamp": 2}}]}"##)
        let layout = try #require(try ElementLayout.layout(root, in: Size(width: 200, height: 200)).nodes[1].text)
        // The clamp is the whole paragraph's; the image is a 1em (20 pt) square.
        #expect(layout.lineCount == 2 && layout.isTruncated)
        let segment = layout.text.segments[1]
        #expect(segment.style.size == 10 && segment.style.color == Color(red: 1, green: 0, blue: 0))
        #expect(layout.text.segments[0].style.isEmpty)
        if let box = layout.attachments.first { #expect(box.rect.size == Size(width: 20, height: 20)) }
        #expect(layout.links.first?.value == "L")
    }

    @Test func runBackgroundsAreDrawnBehindTheirGlyphs() async throws {
        let json = ##"{"version": 2, "size": {"width": 200, "height": 40}, "root": {"type": "view", "style": {"backgroundColor": "#fff"}, "children": [{"type": "text", "text": {"text": [{"text": "ab "}, {"text": "     ", "style": {"backgroundColor": "#00ff00"}}]}, "style": {"whiteSpace": "pre"}}]}}"##
        let document = try ElementDocument.decode(Array(json.utf8))
        let layout = try ElementLayout.layout(document.root, in: Size(width: 200, height: 40))
        let text = try #require(layout.nodes[1].text)
        // "ab " is about 25 points at 16 px, five spaces about 25 more: x = 38 is in the spaces.
        #expect(text.lines[0].rect.width > 45)
        let bitmap = try await ElementRenderer().render(document.root, size: Size(width: 200, height: 40), scale: 1)
        let c = try #require(bitmap.color(x: 38, y: Int(text.lines[0].baseline) - 3))
        #expect(c.green > 0.9 && c.red < 0.1, "\(c)")
    }

    @Test func tooManyRunsIsAnErrorAndAMegabyteOfRunsIsBounded() throws {
        let many = (0..<(TextContent.maxRuns + 1)).map { _ in ##"{"text": "a"}"## }.joined(separator: ",")
        #expect(throws: ElementError.self) { try Self.decode(##"{"type": "text", "text": {"text": [\##(many)]}}"##) }
        // 10,000 runs of about 100 bytes each (1 MB): refused by the text size limit, not laid out.
        let word = String(repeating: "x", count: 99) + " "
        let runs = (0..<TextContent.maxRuns).map { i in InlineRun(word, style: i % 2 == 0 ? TextProperties() : { var p = TextProperties(); p.fontWeight = .weight(700); return p }()) }
        let element = Element(.text(TextContent(runs: runs)))
        #expect(throws: ElementError.self) { try ElementLayout.layout(element, in: Size(width: 300, height: 300)) }
    }

    @Test func backgroundClipTextPaintsTheGradientThroughTheGlyphsOnly() async throws {
        let json = ##"{"version": 2, "size": {"width": 120, "height": 60}, "root": {"type": "view", "style": {"backgroundColor": "#ffffff"}, "children": [{"type": "text", "text": {"text": "████"}, "style": {"fontSize": 40, "color": "transparent", "background": "linear-gradient(to right, #ff0000, #0000ff)", "backgroundClip": "text", "paddingBottom": 10}}]}}"##
        let document = try ElementDocument.decode(Array(json.utf8))
        let layout = try ElementLayout.layout(document.root, in: Size(width: 120, height: 60))
        let text = try #require(layout.nodes[1].text)
        let bitmap = try await ElementRenderer().render(document.root, size: Size(width: 120, height: 60), scale: 1)
        let y = Int(text.lines[0].baseline) - 10
        let left = try #require(bitmap.color(x: 4, y: y)), right = try #require(bitmap.color(x: Int(text.size.width) - 4, y: y))
        #expect(left.red > 0.8 && left.blue < 0.3, "\(left)")
        #expect(right.blue > 0.6 && right.red < 0.4, "\(right)")
        // Below the glyphs (in the padding), the white page: the gradient is not painted there.
        let below = try #require(bitmap.color(x: 20, y: Int(layout.nodes[1].frame.maxY) - 2))
        #expect(below.red > 0.95 && below.green > 0.95 && below.blue > 0.95, "\(below)")
    }

    @Test func indentPercentagesAreOfTheWidthAndTabsTakeLengths() throws {
        let indented = try Self.laidOut(parent: ##"{"width": 200}"##, own: ##"{"width": 200, "textIndent": "10%"}"##, text: "Indented by a tenth of the width, then wrapping onto a second line")
        #expect(abs(indented.lines[0].rect.minX - 20) < 0.01 && indented.lines[1].rect.minX < 0.01)
        let element = try Self.decode(##"{"type": "view", "style": {"tabSize": "40px"}}"##)
        #expect(element.style.text.tabSize == .length(.points(40)))
        let tabbed = try Self.laidOut(parent: ##"{"tabSize": "40px", "whiteSpace": "pre"}"##, text: "a\\tb")
        #expect(tabbed.size.width > 40 && tabbed.size.width < 52)
    }

    /// Pango 1.50 aborts the process on an overline attribute of "none": a run turning off an
    /// inherited overline must not give it one.
    @Test func aRunWithoutTheInheritedOverlineDoesNotAbortPango() throws {
        let root = try Self.decode(##"{"type": "view", "style": {"textDecoration": "overline underline"}, "children": [{"type": "text", "text": {"text": [{"text": "a "}, {"text": "b", "style": {"textDecorationLine": "line-through"}}]}}]}"##)
        let layout = try #require(try ElementLayout.layout(root, in: Size(width: 200, height: 50)).nodes[1].text)
        #expect(!layout.text.segments[1].style.overline! && layout.text.segments[1].style.strikethrough == true)
    }

    @Test func justifiedLinesStretchAtSpacesOnlyAndTheLastStaysNatural() throws {
        let words = "Typography is the craft of arranging type to make written language legible and supercalifragilistic\\nNext"
        let layout = try Self.laidOut(parent: ##"{"width": 200}"##, own: ##"{"textAlign": "justify", "width": 200}"##, text: words)
        #expect(layout.lineCount >= 4)
        for (index, line) in layout.lines.enumerated() {
            let text = layout.text(of: line).trimmingSuffix(while: \.isWhitespace)
            let lastOfParagraph = index == layout.lineCount - 1 || layout.text(of: layout.lines[index + 1]).hasPrefix("Next")
            if lastOfParagraph || !text.contains(" ") {
                #expect(line.rect.width < 199, "line \(index) \(text): \(line.rect.width)")
            } else {
                #expect(abs(line.rect.width - 200) < 0.01, "line \(index) \(text): \(line.rect.width)")
            }
        }
    }
}

extension CSSTextTests {
    /// CSS Text 3 §7.2: a line before a forced break (`<br>`, U+2028) is aligned as a last line.
    @Test func aLineBeforeAForcedBreakIsNotJustified() throws {
        let words = "Typography is \u{2028}the craft of arranging type to make written language legible and readable"
        let layout = try Self.laidOut(parent: ##"{"width": 200}"##, own: ##"{"textAlign": "justify", "width": 200}"##, text: words)
        try #require(layout.lineCount >= 3)
        #expect(layout.lines[0].rect.width < 190, "the line before the break keeps its width: \(layout.lines[0].rect.width)")
        #expect(abs(layout.lines[1].rect.width - 200) < 0.01, "the next full line is justified: \(layout.lines[1].rect.width)")
    }
}

extension Substring {
    /// The text without the characters at its end that `predicate` accepts.
    func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
        var result = self
        while let last = result.last, predicate(last) { result = result.dropLast() }
        return result
    }
}
