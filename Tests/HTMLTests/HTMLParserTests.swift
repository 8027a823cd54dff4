@testable import HTML
import Testing

/// libxml2's HTML parser as the card front end uses it: browser-like recovery, limits, SVG kept whole.
@Suite struct HTMLParserTests {
    /// A compact outline: `name[attr=value](children)`, texts quoted.
    static func outline(_ tree: HTMLTree, _ id: HTMLTree.NodeID = HTMLTree.NodeID(0)) -> String {
        let node = tree[id]
        if node.kind == .text { return "\"\(node.text)\"" }
        let attributes = node.attributes.map { "[\($0.name)=\($0.value)]" }.joined()
        let children = node.children.map { outline(tree, $0) }.joined(separator: ",")
        return node.name + attributes + (children.isEmpty ? "" : "(\(children))")
    }

    @Test func aFragmentGetsHtmlHeadAndBody() throws {
        let tree = try HTMLParser.parse("<div class=card>Hi</div>")
        #expect(Self.outline(tree) == "html(body(div[class=card](\"Hi\")))")
    }

    @Test func anEmptyDocumentStillHasHeadAndBody() throws {
        #expect(Self.outline(try HTMLParser.parse("")) == "html(head,body)")
        #expect(Self.outline(try HTMLParser.parse("<title>x</title>")).hasSuffix("body)"))
    }

    /// HTML's "in head" mode: the first element that is not head content (or text) opens the
    /// body; libxml2's HTML 4 parser kept HTML 5 elements in <head>, and they were never drawn.
    @Test func bodyContentAfterHeadContentGoesToTheBody() throws {
        #expect(Self.outline(try HTMLParser.parse("<style>b{}</style><section>hi</section>")) == "html(head(style(\"b{}\")),body(section(\"hi\")))")
        #expect(Self.outline(try HTMLParser.parse("<meta charset=utf-8><article>x</article><style>i{}</style>"))
            == "html(head(meta[charset=utf-8]),body(article(\"x\"),style(\"i{}\")))")
        #expect(Self.outline(try HTMLParser.parse("<title>t</title><nav>x</nav><body><p>y</p></body>")).hasSuffix("body(nav(\"x\"),p(\"y\")))"))
    }

    @Test func unclosedAndMisnestedTagsRecoverAsBrowsersDo() throws {
        let tree = try HTMLParser.parse("<html><body><p>one<p>two<ul><li>a<li>b</ul><b>bold <i>both</b> after</body></html>")
        let outline = Self.outline(tree)
        #expect(outline.contains("p(\"one\"),p(\"two\")"))
        #expect(outline.contains("ul(li(\"a\"),li(\"b\"))"))
        #expect(outline.contains("b(\"bold \",i(\"both\"))"))
    }

    @Test func entitiesQuotelessAttributesAndCaseAreNormalised() throws {
        let tree = try HTMLParser.parse("<DIV ID=main Data-X='1 &amp; 2' hidden>caf&eacute; &lt;3 &#x1F600;</DIV>")
        let div = try #require(tree.firstElement(named: "div"))
        #expect(tree[div].attributes.map(\.name) == ["id", "data-x", "hidden"])
        #expect(tree[div].attribute("data-x") == "1 & 2")
        #expect(tree[div].attribute("hidden") == "")
        #expect(tree[div].id == "main")
        #expect(tree.textContent(of: div) == "café <3 😀")
    }

    @Test func whiteSpaceBetweenInlineElementsIsKept() throws {
        let tree = try HTMLParser.parse("<p><img src=a> <img src=b>\n<span>x</span> <x-tag>y</x-tag> z</p>")
        let p = try #require(tree.firstElement(named: "p"))
        #expect(tree.textContent(of: p) == " \nx y z")
    }

    @Test func commentsAreDroppedAndScriptsKeptAsInertElements() throws {
        let tree = try HTMLParser.parse("<body><!-- no --><script>alert(1)</script><div onclick='x()'>a</div></body>")
        #expect(Self.outline(tree).contains("script(\"alert(1)\"),div[onclick=x()](\"a\")"))
        #expect(!Self.outline(tree).contains("no"))
    }

    @Test func anInlineSvgIsOneElementWithItsMarkupRestoredForAnSVGDecoder() throws {
        let html = "<p><svg width=10 height=10 viewBox='0 0 10 10'><linearGradient id=g gradientUnits='userSpaceOnUse'/><path d='M0 0L10 10' stroke='url(#g)'/><text>a&lt;b</text></svg></p>"
        let tree = try HTMLParser.parse(html)
        let svg = try #require(tree.firstElement(named: "svg"))
        #expect(tree[svg].children.isEmpty)
        let markup = try #require(tree.svgMarkup[svg])
        #expect(markup.hasPrefix("<svg width=\"10\" height=\"10\" viewBox=\"0 0 10 10\" xmlns=\"http://www.w3.org/2000/svg\">"))
        #expect(markup.contains("<linearGradient id=\"g\" gradientUnits=\"userSpaceOnUse\"/>"))
        #expect(markup.contains("<text>a&lt;b</text></svg>"))
    }

    @Test func limitsAreCheckedWhileTheTreeIsBuilt() throws {
        #expect(throws: HTMLError.documentTooLarge(bytes: 11, limit: 10)) { try HTMLParser.parse("<p>abcd</p>", limits: HTMLLimits(maxBytes: 10)) }
        let many = String(repeating: "<span>x</span>", count: 50)
        #expect(throws: HTMLError.tooManyElements(limit: 20)) { try HTMLParser.parse(many, limits: HTMLLimits(maxElements: 20)) }
        let deep = String(repeating: "<div>", count: 100)
        #expect(throws: HTMLError.tooDeep(limit: 50)) { try HTMLParser.parse(deep, limits: HTMLLimits(maxDepth: 50)) }
        let text = String(repeating: "a", count: 200)
        #expect(throws: HTMLError.textTooLong(limit: 100)) { try HTMLParser.parse(text, limits: HTMLLimits(maxTextBytes: 100)) }
    }

    @Test func aDocumentDeeperThanLibxml2StopsIsRefusedNotTruncatedSilently() throws {
        let deep = String(repeating: "<div>", count: 5_000)
        #expect(throws: HTMLError.tooDeep(limit: 200)) { try HTMLParser.parse(deep) }
    }
}
