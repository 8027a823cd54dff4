import AsyncLayerKit
import Testing
@testable import doc_diagrams

/// The DocC diagrams draw without a failure: every label measured, inside its picture and inside
/// its panel, at the size the catalogs expect.
@Suite struct DocDiagramsTests {
    @Test(arguments: DocDiagrams.diagrams.map(\.name))
    func theDiagramDrawsAtScale2(name: String) throws {
        let diagram = try #require(DocDiagrams.diagrams.first { $0.name == name })
        let bitmap = try diagram.render()
        #expect(bitmap.width == Int(diagram.size.width * Diagram.scale))
        #expect(bitmap.height == Int(diagram.size.height * Diagram.scale))
    }

    @Test func everyPictureHasItsOwnName() {
        let names = DocDiagrams.diagrams.map(\.name) + LayoutPictures.trees.map(\.name)
        #expect(Set(names).count == names.count)
    }

    /// A label that leaves the picture fails the diagram instead of being cut off.
    @Test func aLabelOutsideThePictureFails() {
        let diagram = Diagram(catalog: "Canvas", name: "clipped", size: Size(width: 100, height: 40)) { sketch in
            sketch.text("a label far too long for a picture this small", x: 10, y: 10, font: .sans(10))
        }
        #expect(throws: DiagramError.self) { try diagram.render() }
    }

    /// A panel whose text does not fit fails the diagram instead of overflowing its box.
    @Test func aPanelTooSmallForItsTextFails() {
        let diagram = Diagram(catalog: "Canvas", name: "overflow", size: Size(width: 200, height: 100)) { sketch in
            sketch.panel(Panel(stroke: Palette.blue, fill: Palette.blueFill, title: "A title",
                               body: "• a body of several lines\n• that cannot fit\n• in a box\n• this low"), 10, 10, 120, 40)
        }
        #expect(throws: DiagramError.self) { try diagram.render() }
    }

    /// Markup: bold, mono and a colour span become style runs; entities are decoded; a bad tag fails.
    @Test func markupBecomesStyleRuns() throws {
        let text = try Markup.parse("a <b>b</b> <tt>&lt;c&gt;</tt> <span foreground='#ff0000'>d</span>")
        #expect(text.string == "a b <c> d")
        #expect(text.segments.first { $0.text == "b" }?.style.weight == .bold)
        #expect(text.segments.first { $0.text == "<c>" }?.style.fontFamily == Markup.monoFamily)
        #expect(text.segments.first { $0.text == "d" }?.style.color == Color(red255: 255, green255: 0, blue255: 0))
        #expect(throws: DiagramError.self) { try Markup.parse("<blink>x</blink>") }
        #expect(throws: DiagramError.self) { try Markup.parse("x</b>") }
    }
}
