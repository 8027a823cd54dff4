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
            // The shadow's group (and the mask it is blurred in) is the text's size, not the
            // bitmap's: clipped to the ink's reach, the offset and the blur's.
            let reach = 1.5 * shadow.radius + abs(shadow.offset.width) + abs(shadow.offset.height)
                + (layout.style.stroke?.width ?? 0) + layout.style.size
            let b = layout.bounds
            cairo_save(cairo)
            cairo_rectangle(cairo, b.minX - reach, b.minY - reach, b.width + 2 * reach, b.height + 2 * reach)
            cairo_clip(cairo)
            drawShadowOnly(shadow) { drawInk(layout) }
            cairo_restore(cairo)
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
        for run in layout.runs { Self.show(run, on: cairo) }
        for decoration in layout.decorations {
            cairo_rectangle(cairo, decoration.rect.minX, decoration.rect.minY, decoration.rect.width, decoration.rect.height)
        }
        cairo_fill(cairo)
    }

    /// Draws a run's glyphs with the current source on `cairo` (or adds their outlines to its path).
    /// Layout happened with an identity matrix; Cairo re-creates the font for the context's
    /// transform (its scale), keeping face, size and options (grey AA, no hinting).
    private static func show(_ run: GlyphRun, on cairo: OpaquePointer, asPath: Bool = false) {
        cairo_set_scaled_font(cairo, run.font.pointer)
        run.glyphs.withUnsafeBufferPointer { glyphs in
            if asPath {
                cairo_glyph_path(cairo, glyphs.baseAddress, Int32(glyphs.count))
            } else {
                cairo_show_glyphs(cairo, glyphs.baseAddress, Int32(glyphs.count))
            }
        }
    }

    /// The decorations, glyphs and stroke of a layout at the current origin.
    private func drawInk(_ layout: TextLayout) {
        drawDecorations(layout, lineThrough: false)
        for run in layout.runs {
            setSource(run.color)
            Self.show(run, on: cairo)
        }
        if let stroke = layout.style.stroke, stroke.width > 0, stroke.color.alpha > 0 {
            setSource(stroke.color)
            cairo_set_line_width(cairo, stroke.width)
            cairo_set_line_join(cairo, CAIRO_LINE_JOIN_MITER)
            for run in layout.runs {
                Self.show(run, on: cairo, asPath: true)
                cairo_stroke(cairo)
            }
        }
        drawDecorations(layout, lineThrough: true)
    }

    private func drawDecorations(_ layout: TextLayout, lineThrough: Bool) {
        // CSS's text-decoration-skip-ink: a line stops a thickness short of the glyphs whose ink
        // crosses it (a descender through an underline), and goes on after them.
        // Wavy lines are not cut (Chromium draws them whole).
        let skipping = layout.decorations.filter { $0.skipsInk && $0.style != .wavy && $0.isLineThrough == lineThrough }
        let snaps = layout.style.cssLineMetrics
        drawDecorationLines(skipping.flatMap { inkGaps(in: $0, layout: layout) }, snapsToPixels: snaps)
        drawDecorationLines(layout.decorations.filter { (!$0.skipsInk || $0.style == .wavy) && $0.isLineThrough == lineThrough },
                            snapsToPixels: snaps)
    }

    /// The gap that makes whole dashes start and end an open line of `length`: of the two dash
    /// counts around the nominal pattern's, the one whose gap is nearer `gap` (Skia's and
    /// Chromium's `SelectBestDashGap`).
    static func fittedDashGap(length: Double, dash: Double, gap: Double) -> Double {
        let fewer = ((length + gap) / (dash + gap)).rounded(.down), more = fewer + 1
        let fewerGap = fewer > 1 ? (length - fewer * dash) / (fewer - 1) : gap
        let moreGap = (length - more * dash) / (more - 1)
        let chosen = moreGap <= 0 || abs(fewerGap - gap) < abs(moreGap - gap) ? fewerGap : moreGap
        return chosen.isFinite && chosen > 0 ? chosen : gap
    }

    /// `decoration`'s rectangle on whole device pixel rows, as Chromium places a CSS text's
    /// lines: a solid or double line's thickness truncated to whole rows (Chromium's rectangle
    /// for a text line), another style's rounded (at least a row); then the top rounded, or the
    /// middle for a line-through, or the bottom for an overline. Unchanged under a rotation or skew.
    private func snappedToPixelRows(_ decoration: TextDecorationRect) -> Rect {
        let rect = decoration.rect
        var m = cairo_matrix_t()
        cairo_get_matrix(cairo, &m)
        guard m.xy == 0, m.yx == 0, m.yy > 0 else { return rect }
        let device = rect.height * m.yy
        let rows = max(1, [.solid, .double].contains(decoration.style) ? (device + 1e-6).rounded(.down) : device.rounded())
        let top: Double
        if decoration.isLineThrough {
            top = (rect.midY * m.yy + m.y0 - rows / 2).rounded()
        } else if decoration.isOverline {
            top = (rect.maxY * m.yy + m.y0).rounded() - rows
        } else {
            top = (rect.minY * m.yy + m.y0).rounded()
        }
        return Rect(x: rect.minX, y: (top - m.y0) / m.yy, width: rect.width, height: rows / m.yy)
    }

    /// The pieces of `decoration` left once the columns where glyph ink crosses its band, widened
    /// by its thickness each way, are taken out; found by drawing the glyphs clipped to the band
    /// into a small 8-bit mask at this context's scale.
    private func inkGaps(in decoration: TextDecorationRect, layout: TextLayout) -> [TextDecorationRect] {
        let r = decoration.rect, gap = max(r.height, 0.5)
        let width = Int((r.width * scale).rounded(.up)), height = max(1, Int((r.height * scale).rounded(.up)))
        guard width > 0, width <= 1 << 15,
              let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)),
              cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS else { return [decoration] }
        defer { cairo_surface_destroy(mask) }
        let c = cairo_create(mask)!
        cairo_scale(c, scale, scale)
        cairo_translate(c, -r.minX, -r.minY)
        for run in layout.runs { Self.show(run, on: c) }
        cairo_destroy(c)
        cairo_surface_flush(mask)
        guard let data = cairo_image_surface_get_data(mask) else { return [decoration] }
        let stride = Int(cairo_image_surface_get_stride(mask))
        var inked = [Bool](repeating: false, count: width)
        for x in 0..<width {
            for y in 0..<height where data[y * stride + x] > 32 { inked[x] = true; break }
        }
        guard inked.contains(true) else { return [decoration] }
        // The ink's columns in points, each widened by the gap, then the line between them.
        var cuts: [(Double, Double)] = []
        var x = 0
        while x < width {
            guard inked[x] else { x += 1; continue }
            var end = x
            while end + 1 < width, inked[end + 1] { end += 1 }
            let low = r.minX + Double(x) / scale - gap, high = r.minX + Double(end + 1) / scale + gap
            if let last = cuts.last, low <= last.1 { cuts[cuts.count - 1].1 = high } else { cuts.append((low, high)) }
            x = end + 1
        }
        var pieces: [TextDecorationRect] = []
        var from = r.minX
        for (low, high) in cuts {
            if low > from { var piece = decoration; piece.rect = Rect(x: from, y: r.minY, width: low - from, height: r.height); pieces.append(piece) }
            from = max(from, high)
        }
        if from < r.maxX { var piece = decoration; piece.rect = Rect(x: from, y: r.minY, width: r.maxX - from, height: r.height); pieces.append(piece) }
        return pieces
    }

    private func drawDecorationLines(_ decorations: [TextDecorationRect], snapsToPixels: Bool) {
        for decoration in decorations {
            setSource(decoration.color)
            let r = snapsToPixels ? snappedToPixelRows(decoration) : decoration.rect, t = r.height
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
                var dashes = decoration.style == .dotted ? [t, t] : [2 * t, t]
                if snapsToPixels, decoration.style == .dashed {
                    // Chromium's dashes: 2t and t from 3 device pixels thick, 3t and 2t thinner,
                    // the gap fitted so the line starts and ends with a dash.
                    let thick = t * scale >= 3
                    let dash = thick ? 2 * t : 3 * t
                    dashes = [dash, Self.fittedDashGap(length: r.width, dash: dash, gap: thick ? t : 2 * t)]
                }
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
                // Chromium's wave, measured: a half-period of 2t + 0.75 starting downwards, an amplitude of
                // (t + 1.5) / 2; an underline's crests on the line's middle (so it hangs below
                // the line), an overline's middle 1.5t + 0.25 above the line's, a line-through's
                // 0.75 above (fitted at 16 and 20 px).
                let half = 2 * t + 0.75, amplitude = (t + 1.5) / 2
                let middle = decoration.isLineThrough ? r.midY - 0.75 : decoration.isOverline ? r.midY - 1.5 * t - 0.25 : r.midY + amplitude
                cairo_save(cairo)
                cairo_rectangle(cairo, r.minX, middle - amplitude - t, r.width, 2 * (amplitude + t))
                cairo_clip(cairo)
                cairo_set_line_width(cairo, t)
                var x = r.minX, up = false
                cairo_move_to(cairo, x, middle)
                while x < r.maxX {
                    let peak = middle + (up ? -amplitude : amplitude) * 4 / 3
                    cairo_curve_to(cairo, x + half / 3, peak, x + 2 * half / 3, peak, x + half, middle)
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
