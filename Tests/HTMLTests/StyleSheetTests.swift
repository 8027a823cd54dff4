import Elements
@testable import HTML
import Testing

/// CSS Syntax Level 3 parsing of whole sheets: rules, at-rules and the error recovery (the
/// cases of CSS 2.1 §4.2 "Rules for handling parsing errors" and css-syntax's own examples).
@Suite struct StyleSheetTests {
    private func sheet(_ text: String) throws -> StyleSheet { try StyleSheet(parsing: text) }

    /// The declarations of the only rule.
    private func declarations(_ text: String) throws -> [CSSDeclaration] {
        let sheet = try sheet(text)
        try #require(sheet.rules.count == 1)
        return sheet.rules[0].declarations
    }

    @Test func rulesKeepTheirSelectorsDeclarationsAndSourceOrder() throws {
        let sheet = try sheet("h1, .a > b { color: red; margin: 0 }\n#x{COLOR:Blue!important}")
        #expect(sheet.rules.count == 2)
        #expect(sheet.rules[0].selectors.selectors.count == 2)
        #expect(sheet.rules[0].declarations == [CSSDeclaration(name: "color", value: "red"), CSSDeclaration(name: "margin", value: "0")])
        #expect(sheet.rules[1].declarations == [CSSDeclaration(name: "color", value: "Blue", important: true)])
        #expect(sheet.rules.map(\.index) == [0, 1])
        #expect(sheet.rules.map(\.line) == [1, 2])
        #expect(sheet.warnings.isEmpty)
    }

    @Test func importantAllowsSpaceAndCaseAndCustomPropertiesKeepTheirCase() throws {
        let d = try declarations("p { width : calc( 1px + 2px ) ! IMPORTANT ; --Accent-Color:  #f06 ; --empty:; }")
        #expect(d == [CSSDeclaration(name: "width", value: "calc( 1px + 2px )", important: true),
                      CSSDeclaration(name: "--Accent-Color", value: "#f06"),
                      CSSDeclaration(name: "--empty", value: "")])
    }

    /// CSS 2.1 §4.2, "Malformed declarations": every one of these ends green.
    @Test(arguments: [
        "p { color:green }",
        "p { color:green; color }",
        "p { color:red;   color; color:green }",
        "p { color:green; color: }",
        "p { color:red;   color:; color:green }",
        "p { color:green; color{;color:maroon} }",
        "p { color:red;   color{;color:maroon}; color:green }",
    ])
    func malformedDeclarationsDropOnlyThemselves(_ text: String) throws {
        let d = try declarations(text)
        #expect(d.last == CSSDeclaration(name: "color", value: "green"))
        #expect(!d.contains { $0.value.contains("maroon") })
    }

    @Test func aBadStringDropsItsDeclarationUpToTheNextSemicolon() throws {
        let d = try declarations("p {\n  color: green;\n  font-family: 'Courier New Times\n  color: red;\n  color: green;\n}")
        #expect(d == [CSSDeclaration(name: "color", value: "green"), CSSDeclaration(name: "color", value: "green")])
        let sheet = try sheet("p {\n  color: green;\n  font-family: 'Courier New Times\n  color: red;\n  color: green;\n}")
        #expect(sheet.warnings.count == 1)
        #expect(sheet.warnings[0].path == "style[0]:line 3")
    }

    @Test func unknownAtRulesAreSkippedWithTheirBlocks() throws {
        let sheet = try sheet("@three-dee {\n @background-lighting { azimuth: 30deg; elevation: 190deg; }\n h1 { color: red }\n}\nh1 { color: blue }")
        #expect(sheet.rules.count == 1)
        #expect(sheet.rules[0].declarations == [CSSDeclaration(name: "color", value: "blue")])
        #expect(sheet.warnings.map(\.property) == ["@three-dee"])
    }

    @Test func aBlockLeftOpenClosesAtTheEnd() throws {
        let sheet = try sheet("@media screen { p { color: green; content: 'Hello")
        #expect(sheet.rules.count == 1)
        #expect(sheet.rules[0].media.count == 1)
        #expect(sheet.rules[0].declarations.first == CSSDeclaration(name: "color", value: "green"))
        #expect(sheet.rules[0].declarations.last == CSSDeclaration(name: "content", value: "'Hello"))
    }

    @Test func aRuleWithoutABlockAtTheEndIsDropped() throws {
        let sheet = try sheet("p { color: red } div")
        #expect(sheet.rules.count == 1)
        #expect(sheet.warnings.count == 1)
    }

    @Test func aBadSelectorDropsItsRuleOnly() throws {
        let sheet = try sheet("p { color: green }\np:hover, p { color: red }\np::before { color: red }\n&&& { color: red }\ndiv { color: blue }")
        #expect(sheet.rules.map(\.declarations.first?.value) == ["green", "blue"])
        #expect(sheet.warnings.map(\.path) == ["style[0]:line 2", "style[0]:line 3", "style[0]:line 4"])
        #expect(sheet.warnings[0].reason.contains(":hover"))
        #expect(sheet.warnings[1].reason.contains("::before"))
    }

    @Test func bracesInsideBracketsAndParenthesesDoNotEndThePrelude() throws {
        // The `{` inside `[…]` is part of the (invalid) selector: the whole rule is one.
        let quoted = try sheet("a[b='{'] { color: red } p { color: green }")
        #expect(quoted.rules.count == 2)
        let odd = try sheet("a[b={] { color: red } p { color: green }")
        #expect(odd.rules.isEmpty)  // the `[` runs to the end: one rule without a block
    }

    @Test func htmlCommentMarkersAreSkippedAtTheTopLevel() throws {
        let sheet = try sheet("<!-- p { color: green } -->\n<!--\ndiv { color: blue }\n-->")
        #expect(sheet.rules.count == 2)
        #expect(sheet.warnings.isEmpty)
    }

    @Test func importIsIgnoredWithAWarningAndCharsetSilently() throws {
        let sheet = try sheet("@charset \"utf-8\";\n@import url(x.css);\np { color: red }")
        #expect(sheet.rules.count == 1)
        #expect(sheet.warnings.map(\.property) == ["@import"])
        #expect(sheet.warnings[0].path == "style[0]:line 2")
    }

    @Test func mediaRulesNestAndCarryTheirConditions() throws {
        let sheet = try sheet("@media screen { @media (min-width: 600px) { p { color: red } } div { color: blue } } span { color: green }")
        #expect(sheet.rules.count == 3)
        #expect(sheet.rules[0].media.count == 2)
        #expect(sheet.rules[1].media.count == 1)
        #expect(sheet.rules[2].media.isEmpty)
    }

    @Test func atRulesAndNestedRulesInsideDeclarationListsAreIgnored() throws {
        let sheet = try sheet("p { color: red; @media screen { color: blue } & span { color: blue } color: green; }")
        #expect(sheet.rules[0].declarations.map(\.value) == ["red", "green"])
        #expect(sheet.warnings.count == 2)
    }

    @Test func importantMisuseIsReported() throws {
        let sheet = try sheet("p { color: red !ie; color: !important; color: blue ! important; margin: 1px !important 2px }")
        #expect(sheet.rules[0].declarations == [CSSDeclaration(name: "color", value: "blue", important: true)])
        #expect(sheet.warnings.count == 3)
    }

    @Test func fontFaceRulesKeepFamilySourcesWeightAndStyle() throws {
        let sheet = try sheet("""
        @font-face {
          font-family: "Inter Var";
          src: url(data:font/woff2;base64,AAAA) format("woff2"), local(Inter Regular), url("a.ttf") format(truetype), bogus(1);
          font-weight: 100 900;
          font-style: oblique 10deg;
          font-display: swap;
          unicode-range: U+0000-00FF;
        }
        @font-face { font-family: Plain Name; src: local('X'); font-weight: bold }
        @font-face { font-family: NoSource }
        """)
        #expect(sheet.fontFaces.count == 2)
        let face = sheet.fontFaces[0]
        #expect(face.family == "Inter Var")
        #expect(face.sources == [.url("data:font/woff2;base64,AAAA", format: "woff2"), .local("Inter Regular"), .url("a.ttf", format: "truetype")])
        #expect(face.weight == 100...900)
        #expect(face.style == "oblique 10deg")
        #expect(sheet.fontFaces[1].family == "Plain Name")
        #expect(sheet.fontFaces[1].weight == 700...700)
        #expect(sheet.warnings.map(\.property) == ["unicode-range", "@font-face"])
    }

    @Test func styleAttributesAreDeclarationLists() throws {
        var warnings: [StyleWarning] = []
        let d = try StyleSheet.declarations(parsingStyleAttribute: "color: red; ; margin:0 !important; oops; --x: 1", path: "html > body", warnings: &warnings)
        #expect(d == [CSSDeclaration(name: "color", value: "red"), CSSDeclaration(name: "margin", value: "0", important: true), CSSDeclaration(name: "--x", value: "1")])
        #expect(warnings.map(\.path) == ["html > body"])
    }

    @Test func commentsAreWhitespaceAndLeaveTheValueTrimmed() throws {
        let d = try declarations("/* a */ p /* b */ { /* c */ color /* d */ : /* e */ red /* f */ ; }")
        #expect(d == [CSSDeclaration(name: "color", value: "red")])
    }

    @Test func anOversizedSheetIsATypedError() {
        let text = String(repeating: "p{}", count: 400)
        #expect(throws: StyleError.sheetTooLarge(path: "style[0]", bytes: 1200, limit: 1000)) {
            try StyleSheet(parsing: text, limits: StyleLimits(maximumSheetBytes: 1000))
        }
    }

    @Test func tooManyRulesAndDeclarationsAreTypedErrors() {
        #expect(throws: StyleError.tooManyRules(path: "style[0]:line 1", limit: 10)) {
            try StyleSheet(parsing: String(repeating: "p{} ", count: 11), limits: StyleLimits(maximumRules: 10))
        }
        #expect(throws: StyleError.tooManyDeclarations(path: "style[0]:line 1", limit: 5)) {
            try StyleSheet(parsing: "p{" + String(repeating: "a:b;", count: 6) + "}", limits: StyleLimits(maximumDeclarations: 5))
        }
    }

    @Test func deepNestingIsATypedErrorNotARecursion() {
        let deep = "p { x: " + String(repeating: "(", count: 100_000) + " }"
        #expect(throws: StyleError.nestingTooDeep(path: "style[0]:line 1", limit: 32)) { try StyleSheet(parsing: deep) }
        let media = String(repeating: "@media all { ", count: 40) + "p { color: red }"
        #expect(throws: StyleError.self) { try StyleSheet(parsing: media) }
        let not = "p" + String(repeating: ":not(", count: 1000) + "p" + String(repeating: ")", count: 1000) + " { color: red }"
        #expect(throws: StyleError.nestingTooDeep(path: "style[0]:line 1", limit: 32)) { try StyleSheet(parsing: not) }
    }

    @Test func moderatelyNestedNotParsesAndMatches() throws {
        let not = "p" + String(repeating: ":not(", count: 10) + "div" + String(repeating: ")", count: 10) + " { color: red }"
        let sheet = try StyleSheet(parsing: not)
        #expect(sheet.rules.count == 1)
        // Ten `:not(` around div: an even count, so the same as `p:is(div)`, which no p matches.
        let tree = StyleTestSupport.tree(.element("p"))
        #expect(try !sheet.rules[0].selectors.matches(HTMLTree.NodeID(0), in: tree))
    }

    @Test func theTokenizerMakesAtKeywordsAndCommentMarkersOnlyInStylesheetMode() {
        var sheet = CSSTokenizer(stylesheet: "@media <!-- --> @-x")
        var pieces: [CSSTokenizer.Piece] = []
        while let piece = sheet.next() { pieces.append(piece) }
        #expect(pieces == [.atKeyword("media"), .token(.whitespace), .cdo, .token(.whitespace), .cdc, .token(.whitespace), .atKeyword("-x")])
        // A value's tokenizer is as it was: `@` is a delimiter, `-->` an identifier and `>`.
        #expect(CSSTokenizer.pieces(of: "@media -->") == [.token(.delim("@")), .token(.ident("media")), .token(.whitespace), .token(.ident("--")), .token(.delim(">"))])
    }

    @Test func tooManySelectorsOrCompoundsAreTypedErrors() {
        let list = (0..<300).map { "a\($0)" }.joined(separator: ", ") + " { color: red }"
        #expect(throws: StyleError.selectorTooLong(path: "style[0]:line 1", limit: 256)) { try StyleSheet(parsing: list) }
        let long = String(repeating: "a > ", count: 40) + "b { color: red }"
        #expect(throws: StyleError.selectorTooLong(path: "style[0]:line 1", limit: 32)) { try StyleSheet(parsing: long) }
        #expect(throws: Never.self) { try StyleSheet(parsing: String(repeating: "a > ", count: 31) + "b { color: red }") }
    }
}
