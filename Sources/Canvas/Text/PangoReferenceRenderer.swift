import CCairoPango

/// The reference path, for tests only: draws a text the way the reference card's C program does
/// (`pango_cairo_update_context` + `pango_cairo_show_layout`, laying the text out again at draw
/// time). Tests compare it with ``GraphicsContext/draw(_:at:)``, which draws the glyphs measured
/// once, to show that both put the same pixels in the same places.
enum PangoReferenceRenderer {
    /// Lays out and draws `text` with Pango's own renderer at `origin` in `context`.
    static func draw(
        _ text: AttributedText,
        style: TextStyle,
        options: TextLayoutOptions,
        in context: GraphicsContext,
        at origin: Point
    ) {
        let request = MeasureRequest(text: text, style: style, options: options)
        TextEnginePool.shared.withEngine { engine in
            // A context of its own: update_context sets the context's matrix to the Cairo CTM.
            let pangoContext = TextEngine.makeContext(engine.fontMap)
            defer { g_object_unref(UnsafeMutableRawPointer(pangoContext)) }
            let cairo = context.cairo
            pango_cairo_update_context(cairo, pangoContext)
            let layout = pango_layout_new(pangoContext)!
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            PangoMeasurement(engine: engine, request: request).configure(layout)
            let color = style.color
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
            cairo_move_to(cairo, origin.x, origin.y)
            pango_cairo_show_layout(cairo, layout)
        }
    }
}
