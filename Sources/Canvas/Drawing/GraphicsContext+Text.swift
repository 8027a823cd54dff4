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
        // CSS's order: segment backgrounds, shadows (the last beneath), underlines and overlines,
        // the glyphs, their stroke, line-throughs.
        for background in layout.backgrounds {
            setSource(background.color)
            cairo_rectangle(cairo, background.rect.minX, background.rect.minY, background.rect.width, background.rect.height)
            cairo_fill(cairo)
        }
        for shadow in layout.style.shadows.reversed() {
            drawShadowOnly(shadow) { drawInk(layout) }
        }
        drawInk(layout)
    }

    /// Draws a measured text's glyphs and decorations in opaque black, whatever their colours: the
    /// shape of the text as a mask (CSS `background-clip: text`).
    public func drawGlyphMask(of layout: TextLayout, at origin: Point) {
        guard origin.isFinite, !layout.isEmpty else { return }
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        cairo_translate(cairo, origin.x, origin.y)
        cairo_set_source_rgba(cairo, 0, 0, 0, 1)
        for run in layout.runs {
            cairo_set_scaled_font(cairo, run.font.pointer)
            run.glyphs.withUnsafeBufferPointer { glyphs in
                cairo_show_glyphs(cairo, glyphs.baseAddress, Int32(glyphs.count))
            }
        }
        for decoration in layout.decorations {
            cairo_rectangle(cairo, decoration.rect.minX, decoration.rect.minY, decoration.rect.width, decoration.rect.height)
        }
        cairo_fill(cairo)
    }

    /// The decorations, glyphs and stroke of a layout at the current origin.
    private func drawInk(_ layout: TextLayout) {
        drawDecorations(layout, lineThrough: false)
        for run in layout.runs {
            setSource(run.color)
            // Layout happened with an identity matrix; Cairo re-creates the font for this context's
            // transform (its scale), keeping face, size and options (grey AA, no hinting).
            cairo_set_scaled_font(cairo, run.font.pointer)
            run.glyphs.withUnsafeBufferPointer { glyphs in
                cairo_show_glyphs(cairo, glyphs.baseAddress, Int32(glyphs.count))
            }
        }
        if let stroke = layout.style.stroke, stroke.width > 0, stroke.color.alpha > 0 {
            setSource(stroke.color)
            cairo_set_line_width(cairo, stroke.width)
            cairo_set_line_join(cairo, CAIRO_LINE_JOIN_MITER)
            for run in layout.runs {
                cairo_set_scaled_font(cairo, run.font.pointer)
                run.glyphs.withUnsafeBufferPointer { glyphs in
                    cairo_glyph_path(cairo, glyphs.baseAddress, Int32(glyphs.count))
                }
                cairo_stroke(cairo)
            }
        }
        drawDecorations(layout, lineThrough: true)
    }

    private func drawDecorations(_ layout: TextLayout, lineThrough: Bool) {
        for decoration in layout.decorations where decoration.isLineThrough == lineThrough {
            setSource(decoration.color)
            let r = decoration.rect, t = r.height
            switch decoration.style {
            case .solid:
                cairo_rectangle(cairo, r.minX, r.minY, r.width, t)
                cairo_fill(cairo)
            case .double:
                // Two lines a device pixel apart, as Chromium draws them.
                cairo_rectangle(cairo, r.minX, r.minY, r.width, t)
                cairo_rectangle(cairo, r.minX, r.minY + t + 1 / scale, r.width, t)
                cairo_fill(cairo)
            case .dotted, .dashed:
                var dashes = decoration.style == .dotted ? [t, t] : [3 * t, 2 * t]
                cairo_save(cairo)
                cairo_rectangle(cairo, r.minX, r.minY - t, r.width, 3 * t)
                cairo_clip(cairo)
                cairo_set_dash(cairo, &dashes, 2, 0)
                cairo_set_line_width(cairo, t)
                cairo_move_to(cairo, r.minX, r.midY)
                cairo_line_to(cairo, r.maxX, r.midY)
                cairo_stroke(cairo)
                cairo_restore(cairo)
            case .wavy:
                // A wave of half-period 2t + 1.5 and amplitude t + 0.75 about the line.
                let half = 2 * t + 1.5, amplitude = t + 0.75
                cairo_save(cairo)
                cairo_rectangle(cairo, r.minX, r.midY - amplitude - t, r.width, 2 * (amplitude + t))
                cairo_clip(cairo)
                cairo_set_line_width(cairo, t)
                var x = r.minX, up = true
                cairo_move_to(cairo, x, r.midY)
                while x < r.maxX {
                    let peak = r.midY + (up ? -amplitude : amplitude) * 4 / 3
                    cairo_curve_to(cairo, x + half / 3, peak, x + 2 * half / 3, peak, x + half, r.midY)
                    x += half
                    up.toggle()
                }
                cairo_stroke(cairo)
                cairo_restore(cairo)
            }
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
