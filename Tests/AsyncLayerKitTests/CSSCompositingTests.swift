import AsyncLayerKit
import Testing

/// Transforms, blend modes, filters, clip paths, masks, outlines and object fit: what the JSON
/// reads, what it writes back, and what is drawn.
@Suite struct CSSCompositingTests {
    static func decode(_ style: String) throws -> ElementStyle {
        try ElementDocument.decode(Array(#"{"version": 2, "root": {"type": "view", "style": \#(style)}}"#.utf8)).root.style
    }

    @Test func transformsReadInOrderAndRefuse3D() throws {
        let style = try Self.decode(#"{"transform": "translate(10px, 50%) rotate(0.25turn) scale(2) skewX(10deg) matrix(1, 0, 0, 1, 5, 6)", "transformOrigin": "left top"}"#)
        #expect(style.transform == [.translate(10, .percent(50)), .rotate(90), .scale(2, 2), .skew(10, 0), .matrix(1, 0, 0, 1, 5, 6)])
        #expect(style.transformOrigin == BoxPosition(x: .percent(0), y: .percent(0)))
        #expect(throws: ElementError.self) { try Self.decode(#"{"transform": "rotateX(45deg)"}"#) }
        #expect(throws: ElementError.self) { try Self.decode(#"{"transform": "translate(1px, 2px, 3px)"}"#) }
        #expect(throws: ElementError.self) { try Self.decode(#"{"transform": "scale(1e400)"}"#) }
    }

    @Test func filtersBlendsClipsMasksOutlinesAndObjectFitRead() throws {
        let style = try Self.decode(##"{"filter": "blur(4px) brightness(120%) drop-shadow(0 2px 4px #0008) hue-rotate(90deg) grayscale(2)", "backdropFilter": "blur(10px)", "mixBlendMode": "multiply", "isolation": "isolate", "clipPath": "polygon(evenodd, 0 0, 100% 0, 50% 100%)", "maskImage": "linear-gradient(black, transparent)", "outline": "2px dashed red", "outlineOffset": "4px", "objectFit": "cover", "objectPosition": "right top"}"##)
        #expect(style.filters.count == 5)
        #expect(style.filters[1] == .brightness(1.2))
        #expect(style.filters[4] == .grayscale(1))  // clamped to 1, as CSS
        #expect(style.backdropFilters == [.blur(10)])
        #expect(style.blendMode == .multiply && style.isolates)
        #expect(style.clipPath == .polygon([BoxPosition(x: 0, y: 0), BoxPosition(x: .percent(100), y: 0), BoxPosition(x: .percent(50), y: .percent(100))], evenOdd: true))
        #expect(style.maskLayers.count == 1)
        #expect(style.outline == Outline(width: 2, style: .dashed, color: .color(Color(red: 1, green: 0, blue: 0)), offset: 4))
        #expect(style.objectFit == .cover && style.objectPosition == BoxPosition(x: .percent(100), y: .percent(0)))
        // What is written reads back the same.
        let element = Element.view(style: style)
        let again = try ElementDocument.decode(ElementDocument(root: element).jsonBytes()).root
        #expect(try again.style.transform == element.style.transform && ElementDocument(root: again).jsonBytes() == ElementDocument(root: element).jsonBytes())
        for bad in [#"{"filter": "blur(-1px)"}"#, #"{"filter": "url(#f)"}"#, #"{"mixBlendMode": "plus-lighter"}"#, #"{"clipPath": "polygon(0 0, 1px 1px)"}"#, #"{"clipPath": "circle(farthest-side)"}"#, #"{"objectFit": "stretch"}"#] {
            #expect(throws: ElementError.self, "\(bad)") { try Self.decode(bad) }
        }
        let path = try Self.decode(#"{"clipPath": "path('M 0 0 L 10 0 L 5 10 Z')"}"#)
        #expect(path.clipPath == .path("M 0 0 L 10 0 L 5 10 Z", evenOdd: false))
    }

    static func render(_ json: String) async throws -> Bitmap {
        let document = try ElementDocument.decode(Array(json.utf8))
        return try await ElementRenderer().render(document.root, size: try #require(document.size), scale: 1)
    }

    static func alpha(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> Double { bitmap.color(x: x, y: y)?.alpha ?? -1 }

    @Test func transformsMoveWhatIsDrawnNotTheLayout() async throws {
        // A 20×20 red box rotated 45° about its centre reaches its diagonal's corners; its own
        // corners are outside the rotated square.
        let json = #"{"version": 2, "size": {"width": 60, "height": 60}, "root": {"type": "view", "children": [{"type": "view", "style": {"position": "absolute", "left": 20, "top": 20, "width": 20, "height": 20, "backgroundColor": "red", "transform": "rotate(45deg)"}}]}}"#
        let bitmap = try await Self.render(json)
        #expect(Self.alpha(bitmap, 30, 30) > 0.99)
        #expect(Self.alpha(bitmap, 30, 17) > 0.99)   // above the box: the rotated corner
        #expect(Self.alpha(bitmap, 21, 21) < 0.01)   // the box's own corner: cut off
        let scaledAway = json.replacing("rotate(45deg)", with: "scale(0)")
        #expect(Self.alpha(try await Self.render(scaledAway), 30, 30) == 0)
    }

    @Test func clipPathsAndMasksCutTheElement() async throws {
        let circle = #"{"version": 2, "size": {"width": 40, "height": 40}, "root": {"type": "view", "style": {"backgroundColor": "blue", "clipPath": "circle(50%)"}}}"#
        let clipped = try await Self.render(circle)
        #expect(Self.alpha(clipped, 20, 20) > 0.99 && Self.alpha(clipped, 1, 1) == 0)
        let masked = try await Self.render(#"{"version": 2, "size": {"width": 40, "height": 40}, "root": {"type": "view", "style": {"backgroundColor": "blue", "maskImage": "linear-gradient(black, transparent)"}}}"#)
        #expect(Self.alpha(masked, 20, 1) > 0.9 && Self.alpha(masked, 20, 38) < 0.1)
    }

    @Test func blendModesCombineWithWhatIsBeneath() async throws {
        // Multiply: white × colour = colour; red × blue = black.
        let json = #"{"version": 2, "size": {"width": 20, "height": 20}, "root": {"type": "view", "style": {"backgroundColor": "red"}, "children": [{"type": "view", "style": {"width": 20, "height": 20, "backgroundColor": "blue", "mixBlendMode": "multiply"}}]}}"#
        let c = try #require(try await Self.render(json).color(x: 10, y: 10))
        #expect(c.red < 0.02 && c.green < 0.02 && c.blue < 0.02 && c.alpha > 0.99)
    }

    @Test func outlinesAreDrawnOutsideTheBox() async throws {
        let json = #"{"version": 2, "size": {"width": 40, "height": 40}, "root": {"type": "view", "children": [{"type": "view", "style": {"position": "absolute", "left": 10, "top": 10, "width": 20, "height": 20, "outline": "3px solid red", "outlineOffset": 2}}]}}"#
        let bitmap = try await Self.render(json)
        #expect(Self.alpha(bitmap, 6, 20) > 0.99)    // 10 − 2 − 3 … 10 − 2: the outline
        #expect(Self.alpha(bitmap, 9, 20) == 0)      // the offset's gap
        #expect(Self.alpha(bitmap, 20, 20) == 0)     // the box: nothing
    }
}
