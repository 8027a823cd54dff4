@testable import HTML
import Testing

/// `@media` query lists against a viewport (Media Queries Level 4's subset).
@Suite struct StyleMediaQueryTests {
    private let wide = MediaViewport(width: 800, height: 600)
    private let narrow = MediaViewport(width: 400, height: 700)

    private func check(_ text: String, wide expectedWide: Bool, narrow expectedNarrow: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        let list = MediaQueryList(parsing: text)
        #expect(list.matches(wide) == expectedWide, "\(text) at 800×600", sourceLocation: sourceLocation)
        #expect(list.matches(narrow) == expectedNarrow, "\(text) at 400×700", sourceLocation: sourceLocation)
    }

    @Test func mediaTypes() {
        check("all", wide: true, narrow: true)
        check("screen", wide: true, narrow: true)
        check("SCREEN", wide: true, narrow: true)
        check("print", wide: false, narrow: false)
        check("not print", wide: true, narrow: true)
        check("not screen", wide: false, narrow: false)
        check("only screen", wide: true, narrow: true)
        check("tv", wide: false, narrow: false)
        check("", wide: true, narrow: true)
        check("print, screen", wide: true, narrow: true)
    }

    @Test func widthAndHeightFeatures() {
        check("(min-width: 600px)", wide: true, narrow: false)
        check("(max-width: 600px)", wide: false, narrow: true)
        check("(width: 800px)", wide: true, narrow: false)
        check("(min-height: 650px)", wide: false, narrow: true)
        check("(max-height: 37.5em)", wide: true, narrow: false)
        check("(min-width: 30rem)", wide: true, narrow: false)
        check("screen and (min-width: 600px)", wide: true, narrow: false)
        check("print and (min-width: 600px)", wide: false, narrow: false)
        check("not screen and (min-width: 600px)", wide: false, narrow: true)
        check("(min-width: 0)", wide: true, narrow: true)
        check("(width)", wide: true, narrow: true)
    }

    @Test func rangeSyntax() {
        check("(width >= 600px)", wide: true, narrow: false)
        check("(width < 600px)", wide: false, narrow: true)
        check("(600px <= width)", wide: true, narrow: false)
        check("(400px < width < 900px)", wide: true, narrow: false)
        check("(400px <= width < 900px)", wide: true, narrow: true)
        check("(900px > width > 400px)", wide: true, narrow: false)
        check("(width = 400px)", wide: false, narrow: true)
        check("(400px < width > 900px)", wide: false, narrow: false)  // mixed directions: invalid
    }

    @Test func orientationAndAspectRatio() {
        check("(orientation: landscape)", wide: true, narrow: false)
        check("(orientation: portrait)", wide: false, narrow: true)
        check("(min-aspect-ratio: 1/1)", wide: true, narrow: false)
        check("(aspect-ratio: 4/3)", wide: true, narrow: false)
        check("(aspect-ratio > 1)", wide: true, narrow: false)
    }

    @Test func logic() {
        check("(min-width: 600px) and (orientation: landscape)", wide: true, narrow: false)
        check("(min-width: 600px) or (orientation: portrait)", wide: true, narrow: true)
        check("not (min-width: 600px)", wide: false, narrow: true)
        check("((min-width: 600px) and (max-width: 900px))", wide: true, narrow: false)
        check("(min-width: 600px) and (max-width: 700px), (max-width: 500px)", wide: false, narrow: true)
        check("(min-width: 600px) and (max-width: 700px) or (max-width: 500px)", wide: false, narrow: false)  // mixed and/or: invalid
        check("screen and (min-width: 600px) or (max-width: 500px)", wide: false, narrow: false)  // no `or` after a type
    }

    @Test func unknownFeaturesAndBadQueriesAreFalse() {
        check("(min-resolution: 2dppx)", wide: false, narrow: false)
        check("(frobnicate)", wide: false, narrow: false)
        check("not (frobnicate)", wide: false, narrow: false)
        check("(frobnicate) or (min-width: 600px)", wide: true, narrow: false)
        check("(min-width: red)", wide: false, narrow: false)
        check("screen and", wide: false, narrow: false)
        check("garbage!, (max-width: 500px)", wide: false, narrow: true)
        check("(prefers-color-scheme: dark)", wide: false, narrow: false)
        check("(prefers-color-scheme: light)", wide: true, narrow: true)
    }

    @Test func mediaRulesApplyInTheCascade() throws {
        let tree = StyleTestSupport.tree(.element("p", ["id": "p"]))
        let css = "p { color: red } @media (min-width: 600px) { p { color: green } } @media print { p { color: blue } }"
        let wide = try StyleTestSupport.cascade(tree, author: [css], viewport: MediaViewport(width: 800, height: 600))
        let narrow = try StyleTestSupport.cascade(tree, author: [css], viewport: MediaViewport(width: 400, height: 600))
        #expect(wide.styles[0]?["color"] == "green")
        #expect(narrow.styles[0]?["color"] == "red")
    }
}
