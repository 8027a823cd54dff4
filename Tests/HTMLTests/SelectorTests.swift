@testable import HTML
import Testing

/// Selectors Level 4's subset: parsing, specificity, and matching against an ``HTMLTree``.
@Suite struct SelectorTests {
    /// <html><body>
    ///   <div id=main class="card Big" title="Hello world" lang="en-US" data-x="abc">
    ///     <p id=p1 class=first>one</p><span id=s1></span><p id=p2>two</p><p id=p3 class=last></p>
    ///   </div>
    ///   <ul id=list><li id=l1></li><li id=l2 class=x></li><li id=l3></li><li id=l4 class=x></li><li id=l5></li></ul>
    /// </body></html>
    static let tree = StyleTestSupport.tree(
        .element("html", [:], [
            .element("body", [:], [
                .element("DIV", ["id": "main", "class": "card Big", "title": "Hello world", "lang": "en-US", "data-x": "abc"], [
                    .element("p", ["id": "p1", "class": "first"], [.text("one")]),
                    .element("span", ["id": "s1"]),
                    .element("p", ["id": "p2"], [.text("two")]),
                    .element("p", ["id": "p3", "class": "last"]),
                ]),
                .element("ul", ["id": "list"], [
                    .element("li", ["id": "l1"]), .element("li", ["id": "l2", "class": "x"]), .element("li", ["id": "l3"]),
                    .element("li", ["id": "l4", "class": "x"]), .element("li", ["id": "l5"]),
                ]),
            ]),
        ]))

    /// The ids of the elements `selector` matches, in document order (`html`/`body` by name).
    private func matches(_ selector: String) throws -> [String] {
        let list = try #require(SelectorList(parsing: selector), "\(selector) should parse")
        let tree = Self.tree
        return try tree.nodes.indices.filter { tree.nodes[$0].kind == .element }
            .filter { try list.matches(HTMLTree.NodeID($0), in: tree) }
            .map { tree.nodes[$0].id ?? tree.nodes[$0].name }
    }

    @Test(arguments: [
        ("*", Specificity(0, 0, 0)), ("li", Specificity(0, 0, 1)), ("ul li", Specificity(0, 0, 2)),
        ("ul ol+li", Specificity(0, 0, 3)), ("h1 + *[rel=up]", Specificity(0, 1, 1)), ("ul ol li.red", Specificity(0, 1, 3)),
        ("li.red.level", Specificity(0, 2, 1)), ("#x34y", Specificity(1, 0, 0)), ("#s12:not(FOO)", Specificity(1, 0, 1)),
        (".foo :is(.bar, #baz)", Specificity(1, 1, 0)), (":where(#a, .b) p", Specificity(0, 0, 1)),
        ("li:nth-child(2n+1 of .x)", Specificity(0, 2, 1)), ("li:nth-child(odd)", Specificity(0, 1, 1)),
        (":not(.a, #b)", Specificity(1, 0, 0)), ("a[href]:first-child", Specificity(0, 2, 1)),
    ])
    func specificity(_ selector: String, _ expected: Specificity) throws {
        let list = try #require(SelectorList(parsing: selector))
        #expect(list.maximumSpecificity == expected)
    }

    @Test func typeAndUniversal() throws {
        #expect(try matches("p") == ["p1", "p2", "p3"])
        #expect(try matches("DIV") == ["main"])
        #expect(try matches("*").count == 13)
        #expect(try matches("table").isEmpty)
    }

    @Test func classAndIdAreCaseSensitive() throws {
        #expect(try matches(".card") == ["main"])
        #expect(try matches(".big").isEmpty)
        #expect(try matches(".Big.card") == ["main"])
        #expect(try matches("#main") == ["main"])
        #expect(try matches("#MAIN").isEmpty)
        #expect(try matches("p.first#p1") == ["p1"])
    }

    @Test func attributes() throws {
        #expect(try matches("[title]") == ["main"])
        #expect(try matches("[TITLE]") == ["main"])
        #expect(try matches("[title='Hello world']") == ["main"])
        #expect(try matches("[title='hello world']").isEmpty)
        #expect(try matches("[title='hello world' i]") == ["main"])
        #expect(try matches("[title~=world]") == ["main"])
        #expect(try matches("[title~=wor]").isEmpty)
        #expect(try matches("[lang|=en]") == ["main"])
        #expect(try matches("[lang|=en-US]") == ["main"])
        #expect(try matches("[lang|=e]").isEmpty)
        #expect(try matches("[data-x^=ab]") == ["main"])
        #expect(try matches("[data-x^='']").isEmpty)
        #expect(try matches("[data-x$=bc]") == ["main"])
        #expect(try matches("[data-x*=b]") == ["main"])
        #expect(try matches("[data-x*=B i]") == ["main"])
        #expect(try matches("[data-x*=B]").isEmpty)
        #expect(try matches("[class~=x]") == ["l2", "l4"])
    }

    @Test func combinators() throws {
        #expect(try matches("body p") == ["p1", "p2", "p3"])
        #expect(try matches("html > p").isEmpty)
        #expect(try matches("div > p") == ["p1", "p2", "p3"])
        #expect(try matches("p + p") == ["p3"])
        #expect(try matches("span + p") == ["p2"])
        #expect(try matches("p ~ p") == ["p2", "p3"])
        #expect(try matches(".first ~ *") == ["s1", "p2", "p3"])
        #expect(try matches("html body > div p") == ["p1", "p2", "p3"])
        #expect(try matches("div ~ ul > li.x + li") == ["l3", "l5"])
        #expect(try matches("ul li li").isEmpty)
    }

    @Test func structuralPseudoClasses() throws {
        #expect(try matches("li:first-child") == ["l1"])
        #expect(try matches("li:last-child") == ["l5"])
        #expect(try matches(":only-child") == ["html", "body"])
        #expect(try matches("li:nth-child(2n+1)") == ["l1", "l3", "l5"])
        #expect(try matches("li:nth-child(even)") == ["l2", "l4"])
        #expect(try matches("li:nth-child(-n+2)") == ["l1", "l2"])
        #expect(try matches("li:nth-child(3)") == ["l3"])
        #expect(try matches("li:nth-child(n+4)") == ["l4", "l5"])
        #expect(try matches("li:nth-child( 2n - 1 )") == ["l1", "l3", "l5"])
        #expect(try matches("li:nth-last-child(1)") == ["l5"])
        #expect(try matches("li:nth-last-child(2n)") == ["l2", "l4"])
        #expect(try matches("li:nth-child(2 of .x)") == ["l4"])
        #expect(try matches("li:nth-last-child(1 of .x)") == ["l4"])
        #expect(try matches("p:first-of-type") == ["p1"])
        #expect(try matches("p:last-of-type") == ["p3"])
        #expect(try matches("span:only-of-type") == ["s1"])
        #expect(try matches("p:nth-of-type(2)") == ["p2"])
        #expect(try matches("p:nth-last-of-type(3)") == ["p1"])
        #expect(try matches(":root") == ["html"])
        #expect(try matches("div :empty") == ["s1", "p3"])
    }

    @Test func logicalPseudoClasses() throws {
        #expect(try matches("p:not(.first)") == ["p2", "p3"])
        #expect(try matches("p:not(.first, #p3)") == ["p2"])
        #expect(try matches("li:not(:not(.x))") == ["l2", "l4"])
        #expect(try matches(":is(span, .last)") == ["s1", "p3"])
        #expect(try matches(":where(span, .last)") == ["s1", "p3"])
        #expect(try matches("p:is(:hover, .first)") == ["p1"])  // :is() forgives an unsupported selector
        #expect(try matches("div :not(p)") == ["s1"])
    }

    @Test(arguments: [
        "p:hover", "a:visited", "p::before", "p:before", "p::first-line", "svg|rect", "p:nth-child(foo)", "p:not()", "p:not(:hover)",
        ".", "#1abc", "p >", "> p", "p,", "p ~ ~ q", "[a=1]", "[a==b]", "[a=b c]", "p:nth-child(2 n)", "p:has(a)",
    ])
    func invalidOrUnsupportedSelectorsDoNotParse(_ selector: String) {
        #expect(SelectorList(parsing: selector) == nil)
    }

    @Test func nthPatterns() {
        #expect(NthPattern(a: 2, b: 1).matches(5))
        #expect(!NthPattern(a: 2, b: 1).matches(4))
        #expect(NthPattern(a: -1, b: 3).matches(3) && NthPattern(a: -1, b: 3).matches(1) && !NthPattern(a: -1, b: 3).matches(4))
        #expect(NthPattern(a: 0, b: 0).matches(0) && !NthPattern(a: 0, b: 0).matches(1))
    }

    @Test func pathologicalDescendantChainsMatchInLinearTime() throws {
        // A 1,000-deep chain of divs with an `x` at the bottom: naive backtracking over
        // `div div … div y x` would try C(1000, 10) ancestor combinations.
        var tree = HTMLTree()
        var parent = tree.appendElement("div", parent: nil)
        for _ in 0..<999 { parent = tree.appendElement("div", parent: parent) }
        let x = tree.appendElement("x", parent: parent)
        let yes = try #require(SelectorList(parsing: String(repeating: "div ", count: 10) + "x"))
        let no = try #require(SelectorList(parsing: "y " + String(repeating: "div ", count: 10) + "x"))
        let childless = try #require(SelectorList(parsing: String(repeating: "div > ", count: 10) + "div x"))
        var matcher = SelectorMatcher(tree: tree, limit: 100_000)
        #expect(try matcher.matches(yes.selectors[0], x.index))
        #expect(try !matcher.matches(no.selectors[0], x.index))
        #expect(try matcher.matches(childless.selectors[0], x.index))
        #expect(matcher.steps < 20_000)
        // Every div against `y div … div` (each fails completely at its first miss).
        let everyDiv = try #require(SelectorList(parsing: "y " + String(repeating: "div ", count: 10) + "div"))
        var total = SelectorMatcher(tree: tree, limit: 10_000_000)
        for index in 0..<1000 { _ = try total.matches(everyDiv.selectors[0], index) }
        #expect(total.steps < 3_000_000)
    }

    @Test func aSpentBudgetIsATypedError() throws {
        var tree = HTMLTree()
        var parent = tree.appendElement("div", parent: nil)
        for _ in 0..<200 { parent = tree.appendElement("div", parent: parent) }
        let list = try #require(SelectorList(parsing: "y div div"))
        #expect(throws: StyleError.tooMuchWork(limit: 50)) { try list.matches(parent, in: tree, limits: StyleLimits(maximumMatchSteps: 50)) }
    }
}
