import AsyncLayerKit
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite struct CSSPaintSmokeTests {
    @Test func sampler() async throws {
        let json = """
        {"version": 2, "size": {"width": 400, "height": 360}, "root": {"type": "view", "style": {"flexDirection": "row", "flexWrap": "wrap", "gap": 16, "padding": 16, "backgroundColor": "#ffffff"}, "children": [
          {"type": "view", "style": {"width": 100, "height": 70, "backgroundImage": "linear-gradient(135deg, #f06 0%, #48f 100%)", "borderRadius": 12}},
          {"type": "view", "style": {"width": 100, "height": 70, "background": "radial-gradient(circle at 30% 30%, #fff, #f06 60%, #48f)"}},
          {"type": "view", "style": {"width": 100, "height": 70, "backgroundImage": "conic-gradient(from 45deg, red, blue, red)"}},
          {"type": "view", "style": {"width": 100, "height": 70, "backgroundImage": "repeating-linear-gradient(45deg, #000 0 6px, #fff 6px 12px)"}},
          {"type": "view", "style": {"width": 100, "height": 70, "border": "4px dashed #f06", "backgroundColor": "#eee"}},
          {"type": "view", "style": {"width": 100, "height": 70, "border": "6px dotted #48f", "borderRadius": 16}},
          {"type": "view", "style": {"width": 100, "height": 70, "border": "9px double black", "borderTopColor": "red"}},
          {"type": "view", "style": {"width": 100, "height": 70, "backgroundColor": "#fff", "boxShadow": "0 4px 12px -2px #00000080, inset 0 0 0 3px #f06", "borderRadius": 10}},
          {"type": "view", "style": {"width": 100, "height": 70, "backgroundImage": "linear-gradient(to right, transparent, red)", "backgroundSize": "25px 100%"}},
          {"type": "view", "style": {"width": 60, "height": 30, "boxShadow": "0 10px 0 0 red"}},
          {"type": "view", "style": {"width": 60, "height": 30, "boxShadow": "5px 5px 4px blue", "backgroundColor": "#eee"}}
        ]}}
        """
        let document = try ElementDocument.decode(Array(json.utf8))
        let renderer = ElementRenderer()
        let bitmap = try await renderer.render(document.root, size: document.size!, scale: 2)
        let png = try ImageEncoder.encode(bitmap, as: .png())
        try Data(png).write(to: URL(fileURLWithPath: "/tmp/paint/sampler.png"))
    }
}
