import AsyncLayerKit

/// The umbrella catalog's picture: the modules and what each may import (the graph
/// ImportGraphTests checks), with the render pipeline's stages written in the modules that own them.
enum ArchitectureDiagrams {
    static var all: [Diagram] {
        [Diagram(catalog: "AsyncLayerKit", name: "module-graph", size: Size(width: 1000, height: 600), draw: moduleGraph)]
    }

    /// One module: its name and what it holds.
    static func module(_ s: Sketch, _ x: Double, _ y: Double, _ w: Double, _ h: Double, stroke: Color, fill: Color,
                       _ name: String, _ detail: String) {
        s.panel(Panel(stroke: stroke, fill: fill, title: name, titleFont: .bold(13), subtitle: detail, subtitleFont: .sans(9.5),
                      subtitleColor: Palette.ink, padding: EdgeInsets(top: 8, left: 12, bottom: 8, right: 12), spacing: 5), x, y, w, h)
    }

    static func moduleGraph(_ s: Sketch) {
        CanvasDiagrams.title(s, "The modules of AsyncLayerKit, and what each may import")
        s.text("An arrow points at a module the one above it imports (Rendering also draws with Canvas). Nothing imports upwards: Canvas knows no loop, DisplayLoop no graphics, Elements no lane or cache.",
               x: 0, y: 40, width: s.context.size.width, align: .center, font: .sans(10.5), color: Palette.muted)
        // Top: the umbrella.
        module(s, 330, 76, 340, 62, stroke: Palette.ink, fill: Palette.greyFill, "AsyncLayerKit",
               "the umbrella a server imports: re-exports every module below")
        // Middle: the concurrency machinery.
        module(s, 300, 176, 400, 118, stroke: Palette.card, fill: Palette.cardFill, "Rendering",
               "ElementRenderService: request → hash once → cache (sharded read path) → shared in-flight work → admission → lane → the Elements stages → insert. ElementCache, RenderLanes, ElementLayer, AsyncLayer, RangeController, FeedLayoutCache&lt;Item&gt;, FeedPreLayout&lt;Item&gt;")
        // Elements, left; DisplayLoop, right.
        module(s, 40, 340, 380, 104, stroke: Palette.blue, fill: Palette.blueFill, "Elements",
               "Element (value, JSON and CSS forms, DSL), ElementLayout (a pure function), ElementRenderer (a pure stage: layout, images, paint), ContentHash, HashedElement; text and image stores through two small protocols")
        module(s, 600, 340, 360, 104, stroke: Palette.purple, fill: Palette.purpleFill, "DisplayLoop",
               "the turn-based loop, DisplayActor, before-waiting phases, transactions, the display link")
        // Bottom row.
        module(s, 40, 490, 220, 72, stroke: Palette.green, fill: Palette.greenFill, "Canvas",
               "bitmaps, drawing, text (Cairo, Pango), codecs")
        module(s, 300, 490, 220, 72, stroke: Palette.orange, fill: Palette.orangeFill, "Flexbox",
               "the layout engine: FlexTree → frames")
        module(s, 600, 490, 360, 72, stroke: Palette.muted, fill: Palette.paleFill, "LayerKitSupport",
               "the one lock, threads, the timer thread (package access, imported by all)")
        let ink = Palette.ink
        s.arrow(500, 140, 500, 174, color: ink, width: 1.6)             // umbrella → Rendering
        s.arrow(380, 296, 260, 338, color: ink, width: 1.6)             // Rendering → Elements
        s.arrow(620, 296, 740, 338, color: ink, width: 1.6)             // Rendering → DisplayLoop
        s.arrow(150, 446, 150, 488, color: ink, width: 1.6)             // Elements → Canvas
        s.arrow(300, 446, 380, 488, color: ink, width: 1.6)             // Elements → Flexbox
    }
}
