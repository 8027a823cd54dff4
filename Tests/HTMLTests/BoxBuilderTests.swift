@testable import HTML
import Elements
import Flexbox
import Testing

/// The box tree: which HTML elements become boxes, paragraphs and runs, before any cascade (the
/// cascaded values are given by hand: a `display` per tag and the `style` attribute split naively).
@Suite struct BoxBuilderTests {
    static let displays = ["html": "block", "body": "block", "div": "block", "p": "block", "ul": "block", "li": "list-item", "head": "none",
                           "style": "none", "script": "none", "pre": "block"]

    static func build(_ html: String) throws -> (element: Element, origin: BoxOrigin, warnings: [StyleWarning]) {
        let tree = try HTMLParser.parse(html)
        let cascaded: [[String: String]] = tree.nodes.map { node in
            guard node.kind == .element else { return [:] }
            var values: [String: String] = [:]
            if let display = displays[node.name] { values["display"] = display }
            if node.name == "b" { values["font-weight"] = "bolder" }
            for declaration in (node.attribute("style") ?? "").split(separator: ";") {
                let parts = declaration.split(separator: ":", maxSplits: 1).map { String($0).trimmingCharacters(in: " ") }
                if parts.count == 2 { values[parts[0]] = parts[1] }
            }
            return values
        }
        var builder = BoxBuilder(tree: tree, cascaded: cascaded)
        let built = try builder.build()
        return (built.element, built.origin, builder.warnings)
    }

    /// The body's element.
    static func body(_ html: String) throws -> Element {
        let built = try build(html)
        return try #require(built.element.children.first)
    }

    static func runs(_ element: Element) -> [String] {
        guard case .text(let text) = element.kind else { return [] }
        return text.runs.map { run in
            switch run.content {
            case .text(let string): string
            case .image: "<img>"
            case .box(let box): "<box \(box.child)>"
            case .spacing(let width): "<space \(width)>"
            }
        }
    }

    @Test func aBlockWithOnlyInlineContentIsOneParagraphOfRuns() throws {
        let body = try Self.body("<p>Hello <b>world</b>!</p>")
        let p = try #require(body.children.first)
        #expect(Self.runs(p) == ["Hello ", "world", "!"])
        guard case .text(let text) = p.kind else { Issue.record("not a text"); return }
        #expect(text.runs[1].style.fontWeight == .bolder)
        #expect(text.runs[0].style.fontWeight == nil)
        #expect(p.layout.position == .static)
        #expect(p.layout.boxSizing == .contentBox)
    }

    @Test func inlineContentNextToBlocksGoesIntoAnonymousBlocks() throws {
        let body = try Self.body("<div>text <p>para</p> more</div>")
        let div = try #require(body.children.first)
        #expect(div.children.count == 3)
        #expect(Self.runs(div.children[0]) == ["text "])
        #expect(Self.runs(div.children[1]) == ["para"])
        #expect(Self.runs(div.children[2]) == [" more"])
    }

    @Test func whiteSpaceAloneBetweenBlocksMakesNoBox() throws {
        let body = try Self.body("<div>\n  <p>a</p>\n  <p>b</p>\n</div>")
        #expect(body.children.first?.children.count == 2)
    }

    @Test func everyChildOfAFlexContainerIsAFlexItem() throws {
        let body = try Self.body("<div style=\"display:flex\"><span>a</span> <b>b</b>c</div>")
        let flex = try #require(body.children.first)
        #expect(flex.layout.display == .flex)
        #expect(flex.children.map(Self.runs) == [["a"], ["b"], ["c"]])
    }

    @Test func displayContentsHandsItsChildrenAndInheritedValuesOn() throws {
        let body = try Self.body("<div style=\"display:contents;color:red;padding:4px\"><p>x</p></div>")
        let p = try #require(body.children.first)
        #expect(Self.runs(p) == ["x"])
        #expect(p.style.text.color != nil)
        #expect(p.layout.padding == .unset)
    }

    @Test func displayNoneMakesNoBoxAndGridIsAClearError() throws {
        let body = try Self.body("<p style=\"display:none\">a</p><p>b</p>")
        #expect(body.children.map(Self.runs) == [["b"]])
        #expect(throws: HTMLError.unsupported(path: "html > body > div", feature: "display: grid")) { try Self.build("<div style=\"display: grid\">a</div>") }
    }

    @Test func aLineBreakIsALineSeparatorRun() throws {
        let body = try Self.body("<p>one<br>two</p>")
        #expect(Self.runs(try #require(body.children.first)) == ["one", "\u{2028}", "two"])
    }

    @Test func listItemsGetAMarkerOutsideTheirContent() throws {
        let body = try Self.body("<ul><li>a</li><li style=\"list-style-type: upper-roman\">b</li></ul>")
        let items = try #require(body.children.first).children
        try #require(items.count == 2)
        let first = try #require(items[0].children.first)
        #expect(Self.runs(first) == ["\u{2022} "])
        #expect(Self.runs(try #require(items[1].children.first)) == ["II. "])
        #expect(first.layout.position == .absolute)
        #expect(items[0].layout.position == .relative)
    }

    @Test func nestedInlineElementsMergeTheirPropertiesAndDecorationsAddUp() throws {
        let body = try Self.body("<p><span style=\"text-decoration-line: underline; color: red\">a<span style=\"text-decoration-line: line-through\">b</span></span></p>")
        guard case .text(let text) = try #require(body.children.first).kind else { Issue.record("not a text"); return }
        #expect(text.runs[1].style.textDecorationLine == [.underline, .lineThrough])
        #expect(text.runs[1].style.color == text.runs[0].style.color)
    }

    @Test func anInlineBlockIsAnAtomicBoxOfTheParagraph() throws {
        let built = try Self.build("<p>a <b><span style=\"display:inline-block; vertical-align: middle\">pill</span></b> b</p>")
        #expect(built.warnings.isEmpty, "\(built.warnings)")
        let p = try #require(built.element.children.first?.children.first)
        #expect(Self.runs(p) == ["a ", "<box 0>", " b"])
        guard case .text(let text) = p.kind, case .box(let box) = text.runs[1].content else { Issue.record("no box run"); return }
        #expect(box.verticalAlign == .middle)
        // The box is the paragraph's child: a block of its own (flow-root), bold from the <b> around it.
        let pill = try #require(p.children.first)
        #expect(pill.layout.display == .flowRoot)
        #expect(Self.runs(pill) == ["pill"])
        #expect(pill.style.text.fontWeight == .bolder)
        // Inline-flex: a flex container.
        let flex = try Self.body("<p>a <span style=\"display:inline-flex\"><i>x</i><i>y</i></span></p>")
        #expect(flex.children.first?.children.first?.layout.display == .flex)
        #expect(flex.children.first?.children.first?.children.count == 2)
    }

    /// CSS 2.1 §10.3.2: an inline image without a size is its picture's size; one side given,
    /// the other follows by the picture's ratio.
    @Test func anUnsizedInlineImageTakesItsPicturesSize() throws {
        let png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAEElEQVR4nGP4z8AAQQxwFgBB0gX7h/C5SAAAAABJRU5ErkJggg=="  // 3 × 2 pixels
        func image(_ attributes: String) throws -> InlineImage? {
            let built = try Self.build("<p>a <img src=\"\(png)\" \(attributes)> b</p>")
            #expect(built.warnings.isEmpty, "\(built.warnings)")
            guard case .text(let text)? = built.element.children.first?.children.first?.kind, case .image(let image) = text.runs[1].content else { return nil }
            return image
        }
        let natural = try #require(try image(""))
        #expect(natural.width == .points(3) && natural.height == .points(2))
        let wide = try #require(try image("width=6"))
        #expect(wide.width == .points(6) && wide.height == .points(4))
        let tall = try #require(try image("style=\"height: 10px\""))
        #expect(tall.width == .points(15) && tall.height == .points(10))
    }

    @Test func theLeadingNewlineOfAPreIsDropped() throws {
        let body = try Self.body("<pre>\nline</pre>")
        #expect(Self.runs(try #require(body.children.first)) == ["line"])
    }
}
