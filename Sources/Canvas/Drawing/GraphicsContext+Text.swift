import CCairoPango

extension GraphicsContext {
    /// Draws a measured text with its top-left corner at `origin` (in points).
    ///
    /// Drawing uses the glyphs and positions measured by ``TextLayout``; it never lays the text out
    /// again, so it draws exactly the lines the layout reports. The glyphs are rendered at the
    /// context's ``scale`` (sharp at scale 2), in the colours of the layout's style runs; colour
    /// emoji keep their own colours. A non-finite origin draws nothing.
    public func draw(_ layout: TextLayout, at origin: Point) {
        guard origin.isFinite, !layout.isEmpty else { return }
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        cairo_translate(cairo, origin.x, origin.y)
        for run in layout.runs {
            setSource(run.color)
            // Layout happened with an identity matrix; Cairo re-creates the font for this context's
            // transform (its scale), keeping face, size and options (grey AA, no hinting).
            cairo_set_scaled_font(cairo, run.font.pointer)
            run.glyphs.withUnsafeBufferPointer { glyphs in
                cairo_show_glyphs(cairo, glyphs.baseAddress, Int32(glyphs.count))
            }
        }
        for decoration in layout.decorations {
            setSource(decoration.color)
            cairo_rectangle(cairo, decoration.rect.minX, decoration.rect.minY, decoration.rect.width, decoration.rect.height)
            cairo_fill(cairo)
        }
    }

    /// Draws a measured text inside `rect`: at its left edge, centred vertically (the line box
    /// model of the reference card's single-line labels). Lines keep the alignment they were
    /// measured with. The text is not clipped to `rect`.
    public func draw(_ layout: TextLayout, in rect: Rect) {
        draw(layout, at: Point(x: rect.minX, y: rect.minY + (rect.height - layout.size.height) / 2))
    }

    private func setSource(_ color: Color) {
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    }
}
