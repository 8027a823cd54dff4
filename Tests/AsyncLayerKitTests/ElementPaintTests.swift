import AsyncLayerKit
import Testing

/// Painting on the flexbox model: z-index order, overflow clipping, per-edge borders.
@Suite struct ElementPaintTests {
    let renderer = ElementRenderer(limits: .testing)

    func square(_ color: Color, at x: Double, zIndex: Int = 0) -> Element {
        Element.view(frame: Rect(x: x, y: 0, width: 20, height: 20), style: ElementStyle(background: color, zIndex: zIndex))
    }

    /// Siblings are painted by ascending z-index, equal ones in document order; all above the
    /// parent's own background.
    @Test func zIndexOrdersSiblings() async throws {
        func probe(_ children: [Element]) async throws -> Color? {
            let root = Element.view(style: ElementStyle(background: .white), children: children)
            return try await renderer.render(root, size: Size(width: 40, height: 20), scale: 1).color(x: 15, y: 10)
        }
        #expect(try await probe([square(.red, at: 0), square(.blue, at: 10)]) == .blue)
        #expect(try await probe([square(.red, at: 0, zIndex: 1), square(.blue, at: 10)]) == .red)
        #expect(try await probe([square(.red, at: 0, zIndex: -1), square(.blue, at: 10, zIndex: -1)]) == .blue)
        #expect(try await probe([square(.green, at: 10, zIndex: 2), square(.red, at: 0, zIndex: 5), square(.blue, at: 10, zIndex: 2)]) == .red)
    }

    @Test(arguments: [Overflow.visible, .hidden, .scroll])
    func overflowClipsChildren(overflow: Overflow) async throws {
        var clip = Element.boxLayout
        clip.overflow = overflow
        let parent = Element.view(frame: Rect(x: 10, y: 10, width: 20, height: 20), layout: clip,
                                  children: [.view(frame: Rect(x: -10, y: -10, width: 40, height: 40), style: ElementStyle(background: .green))])
        let bitmap = try await renderer.render(.view(children: [parent]), size: Size(width: 40, height: 40), scale: 1)
        #expect(bitmap.color(x: 20, y: 20) == .green)
        #expect(bitmap.color(x: 2, y: 2) == (overflow == .visible ? .green : .clear))
    }

    /// Rounded corners alone clip no text (CSS Backgrounds 3 §5.3): lines overflowing a short
    /// rounded box are drawn below it; `overflow: hidden` clips them.
    @Test(arguments: ["visible", "hidden"])
    func roundedCornersAloneDoNotClipText(overflow: String) async throws {
        let json = #"{"version": 2, "root": {"type": "view", "style": {"width": "80px", "height": "80px", "background": "white"}, "children": [{"type": "text", "text": {"text": "MMMM MMMM MMMM"}, "style": {"width": "60px", "height": "10px", "borderRadius": "8px", "overflow": "\#(overflow)", "fontSize": "16px", "lineHeight": "20px", "color": "black", "fontFamily": "DejaVu Sans"}}]}}"#
        let root = try ElementDocument.decode(Array(json.utf8)).root
        let bitmap = try await renderer.render(root, size: Size(width: 80, height: 80), scale: 1)
        // The second line's glyphs, between y = 24 and 36.
        let inked = (0..<60).contains { x in (24..<36).contains { y in (bitmap.color(x: x, y: y)?.red ?? 1) < 0.5 } }
        #expect(inked == (overflow == "visible"))
    }

    /// A border with different widths fills the ring between the edge and the box inside the
    /// widths; the content box shrinks by them.
    @Test func nonUniformBordersFillEachEdgeWithItsWidth() async throws {
        var layout = Element.boxLayout
        layout.border = Edges(top: 4, left: 0, bottom: 2, right: 10)
        let root = Element.view(layout: layout, style: ElementStyle(background: .white, borderColor: .red),
                                children: [.view(style: ElementStyle(background: .blue))])
        let size = Size(width: 40, height: 40)
        let frames = try ElementLayout.layout(root, in: size).nodes
        #expect(frames[0].contentFrame == Rect(x: 0, y: 4, width: 30, height: 34))
        #expect(frames[1].frame == frames[0].contentFrame)
        let bitmap = try await renderer.render(root, size: size, scale: 2)
        #expect(bitmap.color(x: 40, y: 3) == .red)      // top, 4 pt = 8 px
        #expect(bitmap.color(x: 40, y: 9) == .blue)
        #expect(bitmap.color(x: 70, y: 40) == .red)     // right, 10 pt
        #expect(bitmap.color(x: 58, y: 40) == .blue)
        #expect(bitmap.color(x: 40, y: 77) == .red)     // bottom, 2 pt
        #expect(bitmap.color(x: 40, y: 74) == .blue)
        #expect(bitmap.color(x: 0, y: 40) == .blue)     // no left border
    }
}
