import CardRequestParsing
@testable import CardServer
import HTTPTypes
import Testing

/// The pure parsers of `CardRequestParsing`, the ones the `card-request` fuzz target runs.
@Suite struct RequestParsingTests {
    @Test func weightsFollowTheQvalueGrammar() {
        // Valid weights: 0 to 1, at most three decimals.
        #expect(CardFormat.negotiate(accept: "image/png;q=0.001, image/jpeg;q=0") == .png)
        #expect(CardFormat.negotiate(accept: "image/png;q=1., image/webp;q=0.999") == .png)
        #expect(CardFormat.negotiate(accept: "image/png;q=1.000, image/webp;q=0.999") == .png)
        // Anything else excludes its range, where Double(_:) once read inf, nan and exponents.
        for weight in ["inf", "nan", "2", "1.5", "0.1234", "1e0", "-1", "", ".5", "0x1"] {
            #expect(CardFormat.negotiate(accept: "image/png;q=\(weight), image/jpeg;q=0.1") == .jpeg, "q=\(weight)")
        }
    }

    @Test func optionalWhitespaceIsSpacesAndTabs() {
        #expect(CardFormat.negotiate(accept: "\t image/png \t; q=0.5 ") == .png)
        #expect(CardFormat.negotiate(accept: " \t ") == .webp)
        // A no-break space is not HTTP whitespace: the range is not image/png.
        #expect(CardFormat.negotiate(accept: "\u{A0}image/png") == nil)
        #expect(ifNoneMatch("\t\"a\" ", matches: "\"a\""))
        #expect(ifNoneMatch("\"b\",W/\"a\"", matches: "W/\"a\""))
        #expect(!ifNoneMatch("\"a \"", matches: "\"a\""))
    }

    /// Found by the card-request fuzz target: a prepended mark (U+0601) and the comma after it are
    /// one `Character`, so splitting the header as text lost the comma. Headers split on scalars.
    @Test func separatorsAreFoundWhateverTheCharacterBeforeThem() {
        #expect(ifNoneMatch("\u{0601}, \"a\"", matches: "\"a\""))
        #expect(ifNoneMatch("\"b\"\u{0301},\"a\"", matches: "\"a\""))
        #expect(CardFormat.negotiate(accept: "\u{0601},image/png") == .png)
        #expect(CardFormat.negotiate(accept: "image/png\u{0601};q=0, image/jpeg;q=0.5") == .jpeg)
        // Tags compare byte for byte: a canonically equivalent spelling is another tag.
        #expect(!ifNoneMatch("\"e\u{0301}\"", matches: "\"\u{00E9}\""))
        // Tokens lowercase in ASCII only.
        #expect(CardFormat.negotiate(accept: "IMAGE/PNG") == .png)
        #expect(CardFormat.negotiate(accept: "image/\u{0130}ng") == nil)
    }

    @Test func scaleIsAFinitePositiveNumberUpToTheMaximum() throws {
        #expect(try RenderParameters.scale(nil, default: 2, max: 4) == 2)
        #expect(try RenderParameters.scale("1.5", default: 2, max: 4) == 1.5)
        #expect(try RenderParameters.scale("4", default: 2, max: 4) == 4)
        for text in ["0", "-1", "4.01", "inf", "nan", "", "two", "1,5", " 2"] {
            #expect(throws: RenderParameterError(name: "scale", text: text, expected: "0 < scale ≤ 4.0"), "scale=\(text)") {
                try RenderParameters.scale(Substring(text), default: 2, max: 4)
            }
        }
    }

    @Test func qualityIsAnIntegerFrom1To100ExceptForPNG() throws {
        #expect(try RenderParameters.quality(nil, format: .webp) == 80)
        #expect(try RenderParameters.quality(nil, format: .jpeg) == 85)
        #expect(try RenderParameters.quality("100", format: .jpeg) == 100)
        #expect(try RenderParameters.quality("500", format: .png) == 0)
        for text in ["0", "101", "80.0", "", "-5", "q80"] {
            #expect(throws: RenderParameterError(name: "quality", text: text, expected: "1...100"), "quality=\(text)") {
                try RenderParameters.quality(Substring(text), format: .webp)
            }
        }
        #expect(RenderParameterError(name: "quality", text: "0", expected: "1...100").description == "quality 0: expected 1...100")
    }
}

/// The methods a path allows (405 and `Allow`), matched segment by segment as the router does.
@Suite struct RouteMethodsTests {
    let routes = RouteMethods([("/cards/{template}/{id}", .get), ("/render", .post)])

    @Test func aPathMatchesItsPatternWhateverItsCharacters() {
        #expect(routes.allowed(for: "/cards/live/0") == ["GET", "HEAD"])
        #expect(routes.allowed(for: "/render") == ["POST"])
        // U+0601 and the slash after it are one Character: the segments are still three.
        #expect(routes.allowed(for: "/cards/\u{0601}/0") == ["GET", "HEAD"])
        #expect(routes.allowed(for: "/cards/live") == [])
        #expect(routes.allowed(for: "/rende\u{0301}r") == [])
    }
}
