import CCairoPango

extension GraphicsContext {
    /// Draws `bitmap` into `rect`, fitted by `contentMode` and clipped to `rect`.
    ///
    /// The bitmap's natural size is its ``Bitmap/size`` in points (pixels divided by its scale),
    /// which the natural-size modes (``ContentMode/center`` and the edge alignments) use.
    ///
    /// - Parameters:
    ///   - bitmap: The image.
    ///   - rect: Where to draw it, in points.
    ///   - contentMode: How to fit it. Default: ``ContentMode/scaleToFill``.
    ///   - interpolation: How smoothly to resample it. Default: ``InterpolationQuality/medium``.
    ///   - opacity: 0...1, multiplied into the image's own alpha.
    public func draw(
        _ bitmap: Bitmap,
        in rect: Rect,
        contentMode: ContentMode = .scaleToFill,
        interpolation: InterpolationQuality = .medium,
        opacity: Double = 1
    ) {
        guard rect.isFinite, opacity.isFinite else {
            return reject("draw(bitmap, in: \(rect), opacity: \(opacity)): not finite")
        }
        guard !rect.isEmpty, opacity > 0 else { return }
        let frame = contentMode.frame(for: bitmap.size, in: rect)
        let visible = frame.intersection(rect)
        guard !visible.isEmpty else { return }
        // PAD keeps the image's edge pixels crisp instead of fading them into transparency.
        fill(visible, with: bitmap, placedAt: frame, extend: CAIRO_EXTEND_PAD, interpolation: interpolation, opacity: opacity)
    }

    /// Fills `area` with `bitmap` tiled edge to edge: one copy scaled into `tile`, repeated in
    /// both directions from there (CSS `background-repeat: repeat`). Sampling wraps across tile
    /// edges, as a browser's repeating image does, so the seams are the picture's own neighbours.
    public func drawTiled(_ bitmap: Bitmap, tile: Rect, in area: Rect,
                          interpolation: InterpolationQuality = .medium, opacity: Double = 1) {
        guard tile.isFinite, area.isFinite, opacity.isFinite else {
            return reject("drawTiled(bitmap, tile: \(tile), in: \(area), opacity: \(opacity)): not finite")
        }
        guard tile.width > 0, tile.height > 0, !area.isEmpty, opacity > 0 else { return }
        fill(area, with: bitmap, placedAt: tile, extend: CAIRO_EXTEND_REPEAT, interpolation: interpolation, opacity: opacity)
    }

    /// Fills `area` with `bitmap` scaled into `frame` (points), beyond it as `extend` says.
    private func fill(_ area: Rect, with bitmap: Bitmap, placedAt frame: Rect, extend: cairo_extend_t,
                      interpolation: InterpolationQuality, opacity: Double) {
        bitmap.withCairoSurface { source in
            cairo_save(cairo)
            defer { cairo_restore(cairo) }
            let pattern = cairo_pattern_create_for_surface(source)!
            defer { cairo_pattern_destroy(pattern) }
            // Map the frame (points) onto the bitmap's pixels.
            var matrix = cairo_matrix_t()
            cairo_matrix_init_scale(&matrix, Double(bitmap.width) / frame.width, Double(bitmap.height) / frame.height)
            cairo_matrix_translate(&matrix, -frame.minX, -frame.minY)
            cairo_pattern_set_matrix(pattern, &matrix)
            cairo_pattern_set_filter(pattern, interpolation.cairoFilter)
            cairo_pattern_set_extend(pattern, extend)
            cairo_set_source(cairo, pattern)
            cairo_new_path(cairo)
            cairo_rectangle(cairo, area.minX, area.minY, area.width, area.height)
            if opacity >= 1 {
                cairo_fill(cairo)
            } else {
                cairo_clip(cairo)
                cairo_paint_with_alpha(cairo, opacity)
            }
        }
    }

    /// Draws `bitmap` at its natural size with its top-left corner at `point`.
    public func draw(_ bitmap: Bitmap, at point: Point, opacity: Double = 1) {
        draw(bitmap, in: Rect(origin: point, size: bitmap.size), opacity: opacity)
    }

    /// Draws what `body` draws as one group, then composites the group at `opacity`, so
    /// overlapping parts inside it do not show through each other (group opacity, like a
    /// `CALayer`'s `opacity`).
    public func withTransparencyLayer<R>(opacity: Double = 1, _ body: () throws -> R) rethrows -> R {
        try withLayer(opacity: opacity, body)
    }
}

extension InterpolationQuality {
    var cairoFilter: cairo_filter_t {
        switch self {
        case .none: CAIRO_FILTER_NEAREST
        case .low: CAIRO_FILTER_BILINEAR
        case .medium: CAIRO_FILTER_GOOD
        case .high: CAIRO_FILTER_BEST
        }
    }
}

extension Bitmap {
    /// Calls `body` with a Cairo image surface over this bitmap's memory, for use as a source only.
    /// The surface is destroyed when `body` returns; Cairo never writes to a source surface.
    func withCairoSurface<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        let surface = cairo_image_surface_create_for_data(
            storage.bytes.assumingMemoryBound(to: UInt8.self),
            CAIRO_FORMAT_ARGB32,
            Int32(width),
            Int32(height),
            Int32(bytesPerRow)
        )!
        defer { cairo_surface_destroy(surface) }
        return try body(surface)
    }
}
