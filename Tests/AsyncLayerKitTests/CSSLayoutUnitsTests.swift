import AsyncLayerKit
import Testing

/// Layout properties in every CSS unit: `em` from each element's font size, `rem`, `vw`/`vh` of the
/// canvas, absolute units, and `calc()`/`min()`/`max()`/`clamp()` with percentages resolved by the
/// engine; written back as they were read.
@Suite struct CSSLayoutUnitsTests {
    /// The frames of a document's elements in pre-order, laid out on its canvas.
    static func frames(_ json: String) throws -> [[Double]] {
        let document = try ElementDocument.decode(Array(json.utf8))
        let result = try ElementLayout.layout(document.root, in: document.size ?? Size(width: 200, height: 100))
        return result.nodes.map { [$0.frame.x, $0.frame.y, $0.frame.width, $0.frame.height] }
    }

    @Test func relativeUnitsAndMathFunctionsLayOut() throws {
        let frames = try Self.frames(#"""
        {"version": 2, "size": {"width": 200, "height": 100}, "root": {"type": "view", "style": {"fontSize": 10, "alignItems": "flex-start"},
         "children": [
          {"type": "view", "style": {"width": "8em", "height": "2rem"}},
          {"type": "view", "style": {"fontSize": "2em", "width": "2em", "height": "10vh", "marginLeft": "5vw"}},
          {"type": "view", "style": {"width": "calc(25% - 1em)", "height": "min(50%, 30pt)", "padding": "calc(1em + 2px) 0"}},
          {"type": "view", "style": {"width": "clamp(10px, 10vmax, 1in)", "height": "calc(100% - 2 * 10px)"}}
         ]}}
        """#)
        #expect(frames[1] == [0, 0, 80, 32])
        #expect(frames[2] == [90, 0, 40, 10])    // its own font size: 20
        #expect(frames[3] == [130, 0, 40, 40])   // min(50, 40); padding 12 each
        #expect(frames[4] == [170, 0, 20, 80])
    }

    @Test func unitsRoundTripThroughJSON() throws {
        let json = #"""
        {"version": 2, "root": {"type": "view", "style": {"width": "calc(100% - 2em)", "margin": "1rem auto", "gap": "max(1vw, 4px)",
         "flexBasis": "calc(50% + 1vh)", "top": "clamp(1px, 2em, 3rem)", "height": "12pt"}}}
        """#
        let document = try ElementDocument.decode(Array(json.utf8))
        #expect(document.root.layout.height == .points(16))
        #expect(document.root.layout.width == .calc(.sum([.percent(100), .em(-2)])) || document.root.layout.width == .calc(.sum([.percent(100), .product(.em(2), -1)])))
        let again = try ElementDocument.decode(document.jsonBytes())
        #expect(again.root == document.root)
        #expect(try again.root.contentHash() == document.root.contentHash())
    }

    @Test(arguments: [
        (#"{"width": "12furlongs"}"#, "unknown unit"),
        (#"{"borderWidth": "1em"}"#, "must be absolute"),
        (#"{"width": "calc(10px +)"}"#, "width"),
        (#"{"padding": "-1em"}"#, "negative"),
        (#"{"width": "calc(1px * 1e308 * 1e308)"}"#, "finite"),
    ])
    func badUnitsAreErrorsAtTheirPath(style: String, fragment: String) {
        let json = #"{"version": 2, "root": {"type": "view", "style": \#(style)}}"#
        do {
            _ = try ElementDocument.decode(Array(json.utf8))
            Issue.record("\(style) decoded")
        } catch {
            #expect(error.description.hasPrefix("root.style."), "\(error)")
            #expect(error.description.contains(fragment), "\(error)")
        }
    }

    @Test func aDeeplyNestedCalcIsRefusedNotACrash() {
        let deep = String(repeating: "calc(", count: 10_000) + "1px" + String(repeating: ")", count: 10_000)
        let json = #"{"version": 2, "root": {"type": "view", "style": {"width": "\#(deep)"}}}"#
        #expect(throws: ElementError.self) { try ElementDocument.decode(Array(json.utf8)) }
    }
}
