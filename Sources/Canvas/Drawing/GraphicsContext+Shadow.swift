import CCairoPango

extension GraphicsContext {
    /// Draws what `body` draws with a blurred drop shadow beneath it.
    ///
    /// Everything `body` draws is collected into one group; the group's alpha becomes the shadow's
    /// shape, which is blurred (a Gaussian with σ = `shadow.radius / 2`, see ``Shadow/radius``),
    /// moved by `shadow.offset`, tinted with `shadow.color`, and painted first; then the group is
    /// painted over it. The shadow respects the current clip. Its offset and blur are in the
    /// bitmap's points and do not follow rotations or scales applied to the context, as in Core
    /// Graphics.
    ///
    /// Cairo has no blur; this one runs three box blurs over an 8-bit mask limited to the group's
    /// drawn area, so its cost grows with the shadowed area, not with the radius.
    public func withShadow<R>(_ shadow: Shadow, _ body: () throws -> R) rethrows -> R {
        guard shadow.offset.isFinite, shadow.radius.isFinite, shadow.radius >= 0 else {
            reject("shadow offset \(shadow.offset), radius \(shadow.radius): must be finite, radius ≥ 0")
            return try body()
        }
        guard shadow.color.alpha > 0 else { return try body() }
        cairo_push_group(cairo)
        let depth = savedStateDepth
        defer {
            while savedStateDepth > depth { restoreGState() }
            let group = cairo_pop_group(cairo)!
            paintShadow(of: group, shadow)
            cairo_set_source(cairo, group)
            cairo_paint(cairo)
            cairo_pattern_destroy(group)
        }
        return try body()
    }

    /// Draws only the shadow that filling `path` would cast: the filled shape's alpha, blurred,
    /// moved and tinted as ``withShadow(_:_:)`` does, without the shape itself; the shadow (not
    /// the shape it is cast from) is clipped to `clip` when given (CSS `box-shadow` draws outside
    /// the box, or inside it for `inset`). Unlike ``withShadow(_:_:)``'s, this shadow's offset and
    /// blur are in user space and follow the current transform, as CSS's do on a transformed
    /// element (the blur by the transform's mean scale).
    public func drawShadow(of path: Path, rule: FillRule = .winding, shadow: Shadow, clippedTo clip: Path? = nil, clipRule: FillRule = .winding) {
        guard shadow.offset.isFinite, shadow.radius.isFinite, shadow.radius >= 0 else {
            return reject("shadow offset \(shadow.offset), radius \(shadow.radius): must be finite, radius ≥ 0")
        }
        guard shadow.color.alpha > 0 else { return }
        guard let group = shadowGroup(of: path, rule: rule) else { return }
        defer { cairo_pattern_destroy(group) }
        saveGState()
        defer { restoreGState() }
        if let clip { self.clip(to: clip, rule: clipRule) }
        paintShadow(of: group, shadow, followsTransform: true)
    }

    /// `path` filled black into a group (a pattern the caller destroys): what a shadow is cast
    /// from. Cairo sizes a group to the clip, so the clip is the shape's extents first, and the
    /// group (and the memory cleared and composited for it) is the shape's size, not the bitmap's.
    func shadowGroup(of path: Path, rule: FillRule) -> OpaquePointer? {
        guard setPath(path, for: "shadow") else { return nil }
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_path_extents(cairo, &x0, &y0, &x1, &y1)
        cairo_new_path(cairo)
        cairo_save(cairo)
        cairo_rectangle(cairo, x0 - 1, y0 - 1, x1 - x0 + 2, y1 - y0 + 2)
        cairo_clip(cairo)
        cairo_push_group(cairo)
        fill(path, with: .color(.black), rule: rule)
        let group = cairo_pop_group(cairo)!
        cairo_restore(cairo)
        return group
    }

    /// Draws only the shadow of what `body` draws (its alpha, blurred, moved and tinted as
    /// ``withShadow(_:_:)`` does), not the drawing itself: a text's shadows under its glyphs.
    /// Its offset and blur follow the current transform, as ``drawShadow(of:rule:shadow:clippedTo:clipRule:)``'s.
    func drawShadowOnly(_ shadow: Shadow, _ body: () -> Void) {
        guard shadow.offset.isFinite, shadow.radius.isFinite, shadow.radius >= 0, shadow.color.alpha > 0 else { return }
        cairo_push_group(cairo)
        let depth = savedStateDepth
        body()
        while savedStateDepth > depth { restoreGState() }
        let group = cairo_pop_group(cairo)!
        defer { cairo_pattern_destroy(group) }
        paintShadow(of: group, shadow, followsTransform: true)
    }

    /// Paints the shadow of `group`; its offset and blur are in the bitmap's points, or with
    /// `followsTransform` in user space (moved, stretched and turned by the current transform).
    private func paintShadow(of group: OpaquePointer, _ shadow: Shadow, followsTransform: Bool = false) {
        var groupSurface: OpaquePointer?
        guard cairo_pattern_get_surface(group, &groupSurface) == CAIRO_STATUS_SUCCESS, let groupSurface else { return }
        var dx = shadow.offset.width * scale, dy = shadow.offset.height * scale
        var sigma = shadow.radius / 2 * scale
        if followsTransform {
            // In user space: under a transform (a scaled or rotated element) the offset turns and
            // stretches with it, as a browser draws a transformed element's shadow; the blur takes
            // the transform's mean scale (exact for uniform scales and rotations).
            (dx, dy) = (shadow.offset.width, shadow.offset.height)
            cairo_user_to_device_distance(cairo, &dx, &dy)
            var m = cairo_matrix_t()
            cairo_get_matrix(cairo, &m)
            let meanScale = abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
            if meanScale.isFinite { sigma = shadow.radius / 2 * meanScale }
            guard dx.isFinite, dy.isFinite else { return }
        }
        let blur = AlphaBlur(sigma: sigma)
        // The mask covers the bitmap plus a margin on every side, wide enough for the blur's reach
        // and the offset; mask pixel (i, j) is bitmap pixel (i - margin, j - margin).
        let margin = blur.reach + Int(max(abs(dx), abs(dy)).rounded(.up)) + 1
        let maskWidth = pixelWidth + 2 * margin, maskHeight = pixelHeight + 2 * margin
        guard let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(maskWidth), Int32(maskHeight)),
            cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS
        else { return }
        defer { cairo_surface_destroy(mask) }
        let maskContext = cairo_create(mask)!
        cairo_set_source_surface(maskContext, groupSurface, Double(margin) + dx, Double(margin) + dy)
        cairo_paint(maskContext)
        cairo_destroy(maskContext)
        cairo_surface_flush(mask)

        let stride = Int(cairo_image_surface_get_stride(mask))
        let bytes = cairo_image_surface_get_data(mask)!
        guard let ink = Self.inkBounds(bytes, stride: stride, width: maskWidth, height: maskHeight) else { return }
        let reach = blur.reach
        let inked = (x0: max(ink.x0 - reach, 0), y0: max(ink.y0 - reach, 0), x1: min(ink.x1 + reach, maskWidth), y1: min(ink.y1 + reach, maskHeight))
        blur.apply(to: bytes, stride: stride, x: inked.x0, y: inked.y0, width: inked.x1 - inked.x0, height: inked.y1 - inked.y0)
        cairo_surface_mark_dirty(mask)

        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        // Only where the blurred shape has ink: the rest of the mask is zero.
        cairo_rectangle(cairo, Double(inked.x0 - margin), Double(inked.y0 - margin), Double(inked.x1 - inked.x0), Double(inked.y1 - inked.y0))
        cairo_clip(cairo)
        let c = shadow.color
        cairo_set_source_rgba(cairo, c.red, c.green, c.blue, c.alpha)
        cairo_mask_surface(cairo, mask, -Double(margin), -Double(margin))
        cairo_restore(cairo)
    }

    /// The bounding box of the pixels with a non-zero alpha (`x1`, `y1` exclusive), or nil if
    /// there are none: an 8-bit mask by default, or pixels of `pixelBytes` with their alpha at
    /// `alphaOffset` (premultiplied ARGB32: 4 and 3).
    static func inkBounds(
        _ bytes: UnsafePointer<UInt8>,
        stride: Int,
        width: Int,
        height: Int,
        pixelBytes: Int = 1,
        alphaOffset: Int = 0
    ) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var x0 = width, y0 = height, x1 = 0, y1 = 0
        for y in 0..<height {
            let row = bytes + y * stride + alphaOffset
            var first = -1
            for x in 0..<width where row[x &* pixelBytes] != 0 {
                first = x
                break
            }
            guard first >= 0 else { continue }
            var last = first
            for x in Swift.stride(from: width - 1, to: first, by: -1) where row[x &* pixelBytes] != 0 {
                last = x
                break
            }
            x0 = min(x0, first)
            x1 = max(x1, last + 1)
            y0 = min(y0, y)
            y1 = y + 1
        }
        return x1 > x0 ? (x0, y0, x1, y1) : nil
    }
}
