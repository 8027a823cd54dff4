@testable import HTML
import Testing

/// The cascade: origins and importance, specificity, order, `style` attributes, custom
/// properties and `var()`, invalid values, limits.
@Suite struct CascadeTests {
    /// <html><body><div id=d class="a b" style=…><p id=p class=c>text</p><span id=s></span></div></body></html>
    static func document(style: String = "") -> HTMLTree {
        StyleTestSupport.tree(
            .element("html", [:], [
                .element("body", [:], [
                    .element("div", ["id": "d", "class": "a b"].merging(style.isEmpty ? [:] : ["style": style]) { $1 }, [
                        .element("p", ["id": "p", "class": "c"], [.text("text")]),
                        .element("span", ["id": "s"]),
                    ]),
                ]),
            ]))
    }

    private func style(_ css: [String], ua: String = "", inline: String = "", of id: String = "d") throws -> CascadedStyle {
        let tree = Self.document(style: inline)
        let result = try StyleTestSupport.cascade(tree, author: css, userAgent: ua)
        return try #require(result[StyleTestSupport.element(tree, id: id)])
    }

    @Test func laterRulesWinAmongEqualSpecificity() throws {
        #expect(try style(["div { color: red } div { color: green }"])["color"] == "green")
        #expect(try style(["div { color: red }", "div { color: green }"])["color"] == "green")
        #expect(try style(["div { color: green; color: red }"])["color"] == "red")
    }

    @Test func specificityBeatsOrder() throws {
        #expect(try style(["#d { color: green } div.a.b { color: red } .a { color: blue }"])["color"] == "green")
        #expect(try style([".a.b { color: green } div.a { color: red }"])["color"] == "green")
        #expect(try style(["body > div { color: green } div { color: red }"])["color"] == "green")
        // A rule matching through several selectors counts its most specific one.
        #expect(try style(["div, #d { color: green } .a.b { color: red }"])["color"] == "green")
    }

    @Test func originsAndImportance() throws {
        // UA normal < author normal < author important < UA important.
        #expect(try style(["div { color: green }"], ua: "div { color: red }")["color"] == "green")
        #expect(try style(["#d { color: red }", "div { color: green !important }"])["color"] == "green")
        #expect(try style(["#d { color: red !important }"], ua: "div { color: green !important }")["color"] == "green")
        #expect(try style(["div { color: green !important } #d { color: red }"])["color"] == "green")
        #expect(try style(["div { color: red !important } div { color: green !important }"])["color"] == "green")
    }

    @Test func styleAttributesBeatSelectorsButNotImportant() throws {
        #expect(try style(["#d#d { color: red }"], inline: "color: green")["color"] == "green")
        #expect(try style(["div { color: green !important }"], inline: "color: red")["color"] == "green")
        #expect(try style(["div { color: red !important }"], inline: "color: green !important")["color"] == "green")
        #expect(try style([], ua: "div { color: green !important }", inline: "color: red !important")["color"] == "green")
    }

    @Test func anInvalidValueLetsALowerDeclarationWin() throws {
        #expect(try style(["div { color: green } #d { color: bogus }"])["color"] == "green")
        #expect(try style(["div { color: green; color: 12px }"])["color"] == "green")
        let tree = Self.document()
        let result = try StyleTestSupport.cascade(tree, author: ["div {\n color: green;\n rotation: 70minutes }"])
        #expect(result.warnings.map(\.path) == ["style[0]:line 3"])
        #expect(result.warnings.map(\.property) == ["rotation"])
    }

    @Test func cssWideKeywordsAreLeftAsWritten() throws {
        let s = try style(["div { color: inherit; margin: unset; float: REVERT; padding-top: initial }"])
        #expect(s["color"] == "inherit")
        #expect(s["margin-top"] == "unset" && s["margin-left"] == "unset")
        #expect(s["float"] == "REVERT")
        #expect(s["padding-top"] == "initial")
    }

    @Test func onlyMatchingRulesApplyAndTextNodesHaveNoStyle() throws {
        let tree = Self.document()
        let result = try StyleTestSupport.cascade(tree, author: ["p { color: green } span { color: red }"])
        #expect(result[StyleTestSupport.element(tree, id: "p")]?["color"] == "green")
        #expect(result[StyleTestSupport.element(tree, id: "d")]?["color"] == nil)
        let text = try #require(tree.nodes.firstIndex { $0.kind == .text })
        #expect(result.styles[text] == nil)
    }

    @Test func shorthandsAndLonghandsCascadeAsLonghands() throws {
        let s = try style(["div { margin: 1px 2px; margin-left: 9px } #d { margin-top: 5px } div { margin-right: 7px }"])
        #expect(s.values.filter { $0.key.hasPrefix("margin") } == ["margin-top": "5px", "margin-right": "7px", "margin-bottom": "1px", "margin-left": "9px"])
        let t = try style(["#d { border-top-color: red } div { border: 1px solid blue }"])
        #expect(t["border-top-color"] == "red" && t["border-left-color"] == "blue" && t["border-top-style"] == "solid")
    }

    @Test func customPropertiesInheritAndSubstitute() throws {
        let css = ["div { --accent: #f06; --gap: 4px; margin: var(--gap) var(--missing, 2px) } p { color: var(--accent) } span { --accent: blue; color: var(--accent, red) }"]
        let p = try style(css, of: "p")
        #expect(p["color"] == "#f06")
        #expect(p.customProperties["--accent"] == "#f06")
        let span = try style(css, of: "s")
        #expect(span["color"] == "blue")
        let d = try style(css)
        #expect(d["margin-top"] == "4px" && d["margin-right"] == "2px" && d["margin-left"] == "2px")
        #expect(d.customProperties == ["--accent": "#f06", "--gap": "4px"])
    }

    @Test func customPropertiesReferToEachOtherAndKeepTheirCase() throws {
        let s = try style(["div { --A: 1px; --b: var(--A) var(--A); padding: var(--b) }"])
        #expect(s.customProperties["--b"] == "1px 1px")
        #expect(s["padding-top"] == "1px" && s["padding-right"] == "1px" && s["padding-bottom"] == "1px")
        #expect(s.customProperties["--a"] == nil)
    }

    @Test func cyclesAreInvalidAtComputedValueTime() throws {
        let tree = Self.document()
        let css = "body { --a: green } div { --a: var(--b); --b: var(--a); color: var(--a); --c: var(--c) } div { color: red }"
        let result = try StyleTestSupport.cascade(tree, author: ["div { color: blue }", css])
        let d = try #require(result[StyleTestSupport.element(tree, id: "d")])
        // The winning declaration (color: red) has no var(); cycles only undefine the variables.
        #expect(d["color"] == "red")
        #expect(d.customProperties["--a"] == nil && d.customProperties["--b"] == nil && d.customProperties["--c"] == nil)
        #expect(result.warnings.filter { $0.path == "html > body > div" }.map(\.property).sorted() == ["--a", "--b", "--c"])
        let p = try #require(result[StyleTestSupport.element(tree, id: "p")])
        #expect(p.customProperties["--a"] == nil)
    }

    @Test func aVarThatFailsLeavesThePropertyUnsetNotTheLowerDeclaration() throws {
        let tree = Self.document()
        let result = try StyleTestSupport.cascade(tree, author: ["div { color: green } #d { color: var(--nope); margin: var(--nope) 1px }"])
        let d = try #require(result[StyleTestSupport.element(tree, id: "d")])
        #expect(d["color"] == nil)
        #expect(d["margin-top"] == nil && d["margin-left"] == nil)
        // Reported in source order, whatever order the winners are kept in (the fuzz target reads every card twice).
        #expect(result.warnings.map(\.property) == ["color", "margin"])
        let reversed = try StyleTestSupport.cascade(tree, author: ["#d { padding: var(--nope); background: var(--nope) red; color: var(--nope) }"])
        #expect(reversed.warnings.map(\.property) == ["padding", "background", "color"])
        // A substituted value that is invalid is also left out.
        let bad = try StyleTestSupport.cascade(tree, author: ["div { color: green } #d { --x: 12px; color: var(--x) }"])
        #expect(bad[StyleTestSupport.element(tree, id: "d")]?["color"] == nil)
    }

    @Test func customPropertyKeywords() throws {
        let css = ["body { --x: 1px } div { --x: 2px } p { --x: inherit } span { --x: initial }"]
        #expect(try style(css, of: "p").customProperties["--x"] == "2px")
        #expect(try style(css, of: "s").customProperties["--x"] == nil)
    }

    @Test func varInAShorthandIsSubstitutedThenExpanded() throws {
        let s = try style(["div { --b: 2px dashed; border: var(--b) red; flex: var(--f, 1) }"])
        #expect(s["border-left-width"] == "2px" && s["border-left-style"] == "dashed" && s["border-left-color"] == "red")
        #expect(s["flex-grow"] == "1" && s["flex-shrink"] == "1" && s["flex-basis"] == "0%")
    }

    @Test func inlineStyleWarningsNameTheElement() throws {
        let tree = Self.document(style: "color: bogus; margin: 1px")
        let result = try StyleTestSupport.cascade(tree, author: [])
        #expect(result.warnings.map(\.path) == ["html > body > div"])
        #expect(result[StyleTestSupport.element(tree, id: "d")]?["margin-top"] == "1px")
    }

    @Test func fontFacesComeBackFromEverySheet() throws {
        let tree = Self.document()
        let result = try StyleTestSupport.cascade(tree, author: ["@font-face { font-family: A; src: local(A) }", "@font-face { font-family: B; src: url(b.woff) }"])
        #expect(result.fontFaces.map(\.family) == ["A", "B"])
    }

    @Test func elementPaths() {
        let tree = Self.document()
        #expect(tree.stylePath(of: StyleTestSupport.element(tree, id: "s")) == "html > body > div > span:nth-child(2)")
    }

    @Test func linearInElementsTimesMatchingRules() throws {
        // 50,000 elements and 200 rules: each element tries only the rules its classes and type
        // admit, so the work is about 50,000 × a few, not 50,000 × 200 × depth.
        var tree = HTMLTree()
        let root = tree.appendElement("html", parent: nil)
        var parent = root
        for i in 0..<50_000 {
            if i % 100 == 0 { parent = tree.appendElement("section", attributes: [HTMLAttribute(name: "class", value: "s\(i / 100 % 50)")], parent: root) }
            tree.appendElement(i % 2 == 0 ? "div" : "p", attributes: [HTMLAttribute(name: "class", value: "c\(i % 200) item")], parent: parent)
        }
        var css = ""
        for r in 0..<200 { css += ".s\(r % 50) .c\(r) { margin-top: \(r)px; color: red }\n" }
        let sheet = try StyleSheet(parsing: css)
        let clock = ContinuousClock()
        var result: CascadeResult?
        let elapsed = try clock.measure {
            result = try Cascade(sources: [.init(sheet, origin: .author)], viewport: MediaViewport(width: 800, height: 600))
                .run(on: tree, validator: { _, _ in true })
        }
        let styles = try #require(result)
        #expect(styles.matchSteps < 400_000)
        #expect(elapsed < .seconds(20))
        // Element i has class c(i % 200) inside section s(i / 100 % 50): rule r matches when r % 50 == section.
        let first = try #require(tree.nodes.firstIndex { $0.classes.first == "c0" })
        #expect(styles.styles[first]?["margin-top"] == "0px")
    }

    @Test func tooMuchMatchingWorkIsATypedError() throws {
        var tree = HTMLTree()
        var parent = tree.appendElement("div", parent: nil)
        for _ in 0..<1000 { parent = tree.appendElement("div", parent: parent) }
        let css = "y div div div div div div div div div div x, * { color: red } " + String(repeating: "a b c d e f g h div { margin: 0 } ", count: 5)
        #expect(throws: StyleError.tooMuchWork(limit: 100_000)) {
            try StyleTestSupport.cascade(tree, author: [css], limits: StyleLimits(maximumMatchSteps: 100_000))
        }
        // Within the default budget the same sheet finishes, and answers right.
        let result = try StyleTestSupport.cascade(tree, author: [css])
        #expect(result.styles[1000]?["color"] == "red")
        #expect(result.styles[1000]?["margin-top"] == nil)
    }
}
