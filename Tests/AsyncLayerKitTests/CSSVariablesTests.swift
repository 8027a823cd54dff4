import AsyncLayerKit
import Testing

/// Custom properties (`--name`) and `var()`: inherited down the tree, substituted before a value
/// is parsed, unset when undefined without a fallback, undefined in a cycle, bounded in size.
@Suite struct CSSVariablesTests {
    static func decode(_ root: String) throws(ElementError) -> Element {
        try ElementDocument.decode(Array(#"{"version": 2, "root": \#(root)}"#.utf8)).root
    }

    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    @Test func referencesAreInheritedAndOverridden() throws {
        let root = try Self.decode(#"""
        {"type": "view", "style": {"--c": "#f00", "--w": "40px"}, "children": [
          {"type": "view", "style": {"backgroundColor": "var(--c)", "width": "var(--w)"}},
          {"type": "view", "style": {"--c": "#00f"}, "children": [{"type": "view", "style": {"backgroundColor": "var(--c)"}}]}
        ]}
        """#)
        #expect(root.children[0].style.background == Self.red)
        #expect(root.children[0].layout.width == .points(40))
        #expect(root.children[1].children[0].style.background == Self.blue)
    }

    @Test func fallbacksCyclesAndUndefinedReferences() throws {
        let root = try Self.decode(#"""
        {"type": "view", "style": {"--a": "var(--b)", "--b": "var(--a)", "--base": "10px", "--twice": "calc(var(--base) * 2)"}, "children": [
          {"type": "view", "style": {"backgroundColor": "var(--missing, #00f)", "width": "var(--twice)"}},
          {"type": "view", "style": {"backgroundColor": "var(--a, var(--nope, #f00))"}},
          {"type": "view", "style": {"backgroundColor": "var(--nope)", "width": "var(--nope)"}}
        ]}
        """#)
        #expect(root.children[0].style.background == Self.blue)
        #expect(root.children[0].layout.width == .calc(.product(.points(10), 2)) || root.children[0].layout.width == .points(20))
        #expect(root.children[1].style.background == Self.red)
        // Undefined without a fallback: the declarations are unset, as CSS leaves them.
        #expect(root.children[2].style.background == nil)
        #expect(root.children[2].layout.width == .auto)
    }

    @Test func runsAndTextPropertiesSeeTheScope() throws {
        let root = try Self.decode(#"""
        {"type": "view", "style": {"--ink": "#00f", "--size": "20px"}, "children": [
          {"type": "text", "style": {"fontSize": "var(--size)"}, "text": {"text": [{"text": "a", "style": {"color": "var(--ink)"}}]}}
        ]}
        """#)
        guard case .text(let text) = root.children[0].kind else { Issue.record("not a text"); return }
        #expect(root.children[0].style.text.fontSize == .points(20))
        #expect(text.runs.first?.style.color == .color(Self.blue))
    }

    @Test func namesAreCaseSensitiveAndNumbersAreText() throws {
        let root = try Self.decode(#"""
        {"type": "view", "style": {"--Accent": "#f00", "--accent": "#00f", "--w": 12}, "children": [
          {"type": "view", "style": {"backgroundColor": "var(--accent)", "width": "var(--w)"}}
        ]}
        """#)
        #expect(root.children[0].style.background == Self.blue)
        #expect(root.children[0].layout.width == .points(12))
    }

    @Test func exponentialReferencesAreRefusedAtTheirPath() {
        // Each level doubles the text: 2^40 characters if nothing stopped it.
        var style = #""--v0": "xx""#
        for level in 1...40 { style += #", "--v\#(level)": "var(--v\#(level - 1))var(--v\#(level - 1))""# }
        let root = #"{"type": "view", "style": {\#(style)}, "children": [{"type": "view", "style": {"width": "var(--v40)"}}]}"#
        do {
            _ = try Self.decode(root)
            Issue.record("decoded")
        } catch {
            #expect(error.description.contains("longer than 65536"), "\(error)")
            #expect(error.description.hasPrefix("root.style.--"), "\(error)")
        }
    }

    @Test(arguments: [#""var(--x""#, #""var(x)""#, #""var()""#])
    func malformedReferencesAreErrors(value: String) {
        do {
            _ = try Self.decode(#"{"type": "view", "style": {"--x": "1px", "width": \#(value)}}"#)
            Issue.record("\(value) decoded")
        } catch {
            #expect(error.description.hasPrefix("root.style.width"), "\(error)")
        }
    }

    @Test func aValueThatMentionsNoVarIsUntouched() throws {
        let root = try Self.decode(#"{"type": "view", "style": {"--x": "1px", "fontFamily": "'var(--x)', serif"}}"#)
        #expect(root.style.text.fontFamily?.first == "var(--x)")
    }
}
