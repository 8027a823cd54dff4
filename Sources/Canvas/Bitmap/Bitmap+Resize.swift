import CCairoPango

extension Bitmap {
    /// A copy scaled to `width × height` pixels with a high-quality filter.
    ///
    /// Reducing uses Cairo's `CAIRO_FILTER_GOOD`, which since Cairo 1.14 is a box (area-average)
    /// filter for reductions: every source pixel contributes to the output pixel it falls in, so
    /// fine detail averages out instead of aliasing (a one-pixel checkerboard becomes even grey).
    /// Cairo caps that filter at 16× per pass, so larger reductions are split into equal passes.
    /// Enlarging is bilinear. Edges are clamped (no dark fringe). The aspect ratio is not kept
    /// unless you keep it.
    ///
    /// - Parameters:
    ///   - width: The new width in pixels.
    ///   - height: The new height in pixels.
    ///   - scale: The scale of the result; `nil` keeps this bitmap's scale.
    ///   - limits: Checked before the new pixels are allocated.
    /// - Throws: ``CanvasError`` for a size that is not positive or over `limits`, or an invalid scale.
    public func resized(width: Int, height: Int, scale: Double? = nil, limits: PixelLimits = .default) throws(CanvasError) -> Bitmap {
        try limits.check(width: width, height: height)
        let newScale = scale ?? self.scale
        guard newScale.isFinite, newScale > 0, newScale <= 16 else { throw .invalidScale(newScale) }
        if width == self.width, height == self.height {
            return Bitmap(storage: storage, width: width, height: height, bytesPerRow: bytesPerRow, scale: newScale)
        }
        // Cairo's box filter covers at most 16× per side; a larger reduction is split into equal
        // passes (40× becomes two of 6.3×), each of which averages properly.
        var current = self
        while true {
            let factor = max(Double(current.width) / Double(width), Double(current.height) / Double(height))
            guard factor > 16 else {
                return try current.resampledOnce(width: width, height: height, scale: newScale)
            }
            let step = min(16, factor.squareRoot())
            let stepWidth = max(width, Int((Double(current.width) / step).rounded()))
            let stepHeight = max(height, Int((Double(current.height) / step).rounded()))
            current = try current.resampledOnce(width: stepWidth, height: stepHeight, scale: newScale)
        }
    }

    /// One Cairo pass: paints this bitmap scaled onto a new surface with `CAIRO_FILTER_GOOD`.
    private func resampledOnce(width: Int, height: Int, scale: Double) throws(CanvasError) -> Bitmap {
        let stride = Bitmap.alignedStride(width: width)
        let target = try PixelStorage(byteCount: stride * height)
        // Cairo only reads the source surface; the bitmap's memory is never written.
        let source = cairo_image_surface_create_for_data(
            storage.bytes.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
            Int32(self.width), Int32(self.height), Int32(bytesPerRow)
        )!
        defer { cairo_surface_destroy(source) }
        let surface = cairo_image_surface_create_for_data(
            target.bytes.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
            Int32(width), Int32(height), Int32(stride)
        )!
        defer { cairo_surface_destroy(surface) }
        for status in [cairo_surface_status(source), cairo_surface_status(surface)] where status != CAIRO_STATUS_SUCCESS {
            throw .invalidArgument("cannot resize \(self.width)×\(self.height) to \(width)×\(height): \(String(cString: cairo_status_to_string(status)))")
        }
        let cairo = cairo_create(surface)!
        cairo_scale(cairo, Double(width) / Double(self.width), Double(height) / Double(self.height))
        cairo_set_source_surface(cairo, source, 0, 0)
        let pattern = cairo_get_source(cairo)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cairo)
        let status = cairo_status(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .invalidArgument("cannot resize \(self.width)×\(self.height) to \(width)×\(height): \(String(cString: cairo_status_to_string(status)))")
        }
        return Bitmap(storage: target, width: width, height: height, bytesPerRow: stride, scale: scale)
    }
}
