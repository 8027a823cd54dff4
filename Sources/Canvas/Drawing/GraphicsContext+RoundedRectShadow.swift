import CCairoPango

extension GraphicsContext {
    /// Draws the shadow of a rounded rectangle (`horizontal` and `vertical` radius per corner,
    /// as CSS fits them to the rectangle: they are drawn as given; equal ones as circular arcs,
    /// ``Path/roundedRect(_:horizontal:vertical:)``): the same pixels as ``drawShadow(of:rule:shadow:clippedTo:clipRule:)``
    /// of its shape, computed from a smaller copy when the rectangle is large.
    ///
    /// A blurred rectangle is constant along its straight edges wherever the blur does not reach
    /// a corner, so the middle of each edge need not be blurred: a copy with the middle columns
    /// and rows cut out (a whole number of device pixels, so every edge keeps its place on the
    /// pixel grid) is blurred, and its centre column and row are repeated to fill the cut (a
    /// nine-patch, as Skia draws blurred rounded rectangles). The three box blurs depend only on
    /// the pixels under their windows, so the result is the full blur's. The shadow is the whole
    /// shape's wherever the current clip (a canvas's edge) cuts the shape, as CSS casts a box's,
    /// and the mask is made for the clip's pixels alone. The full blur runs when nothing would be
    /// saved, under a rotation or skew, or when the copy does not fit the surface drawn on.
    public func drawShadow(ofRoundedRect rect: Rect, horizontal: CornerRadii, vertical: CornerRadii, shadow: Shadow,
                           clippedTo clip: Path? = nil, clipRule: FillRule = .winding) {
        let shape = { (cut: Size) in
            Path.roundedRect(Rect(x: rect.minX, y: rect.minY, width: rect.width - cut.width, height: rect.height - cut.height),
                             horizontal: horizontal, vertical: vertical)
        }
        guard let patch = NinePatch(context: self, rect: rect, horizontal: horizontal, vertical: vertical,
                                    shape: shape, rule: .winding, shadow: shadow) else {
            return drawShadow(of: shape(.zero), shadow: shadow, clippedTo: clip, clipRule: clipRule)
        }
        saveGState()
        defer { restoreGState() }
        if let clip { self.clip(to: clip, rule: clipRule) }
        patch.paint(on: self, color: shadow.color)
    }

    /// Draws the shadow cast into a rounded rectangle's hole by everything around it, out to
    /// `frame` (CSS's inset box shadow: the frame reaches past the blur): the same pixels as
    /// ``drawShadow(of:rule:shadow:clippedTo:clipRule:)`` of that even-odd frame, from a smaller
    /// copy when the hole is large (see ``drawShadow(ofRoundedRect:horizontal:vertical:shadow:clippedTo:clipRule:)``).
    public func drawShadow(intoRoundedRect hole: Rect, horizontal: CornerRadii, vertical: CornerRadii, frame: Rect, shadow: Shadow,
                           clippedTo clip: Path? = nil, clipRule: FillRule = .winding) {
        let shape = { (cut: Size) in
            var path = Path.rect(Rect(x: frame.minX, y: frame.minY, width: frame.width - cut.width, height: frame.height - cut.height))
            if hole.width > 0, hole.height > 0 {
                path.addPath(.roundedRect(Rect(x: hole.minX, y: hole.minY, width: hole.width - cut.width, height: hole.height - cut.height),
                                          horizontal: horizontal, vertical: vertical))
            }
            return path
        }
        guard hole.width > 0, hole.height > 0, frame.minX <= hole.minX, frame.minY <= hole.minY, frame.maxX >= hole.maxX, frame.maxY >= hole.maxY,
              let patch = NinePatch(context: self, rect: hole, horizontal: horizontal, vertical: vertical,
                                    shape: shape, rule: .evenOdd, shadow: shadow) else {
            return drawShadow(of: shape(.zero), rule: .evenOdd, shadow: shadow, clippedTo: clip, clipRule: clipRule)
        }
        saveGState()
        defer { restoreGState() }
        if let clip { self.clip(to: clip, rule: clipRule) }
        patch.paint(on: self, color: shadow.color)
    }
}

/// The blurred mask of a large rounded rectangle, built from a smaller copy's (see
/// ``GraphicsContext/drawShadow(ofRoundedRect:horizontal:vertical:shadow:clippedTo:clipRule:)``).
/// Owns its Cairo surface, destroyed once in `deinit`.
final class NinePatch {
    /// The A8 mask at full size; mask pixel (0, 0) is device pixel `origin`.
    let mask: OpaquePointer
    let origin: (x: Int, y: Int)

    /// The mask of `shape(cut)` (cut: what its middle loses, in points), whose only curves are
    /// those of the rounded rectangle `rect`, over the current clip's pixels; `nil` where the full
    /// blur must run (see the callers).
    init?(context: GraphicsContext, rect: Rect, horizontal: CornerRadii, vertical: CornerRadii,
          shape: (Size) -> Path, rule: FillRule, shadow: Shadow) {
        let cairo = context.cairo
        guard shadow.offset.isFinite, shadow.radius.isFinite, shadow.radius > 0, shadow.color.alpha > 0,
              rect.isFinite, rect.width > 0, rect.height > 0 else { return nil }
        var m = cairo_matrix_t()
        cairo_get_matrix(cairo, &m)
        // Axis-aligned, positive scales only: then device x depends on user x alone.
        guard m.xy == 0, m.yx == 0, m.xx > 0, m.yy > 0 else { return nil }
        var dx = shadow.offset.width, dy = shadow.offset.height
        cairo_user_to_device_distance(cairo, &dx, &dy)
        let sigma = shadow.radius / 2 * (m.xx * m.yy).squareRoot()
        let blur = AlphaBlur(sigma: sigma)
        let reach = blur.reach
        guard dx.isFinite, dy.isFinite, sigma.isFinite else { return nil }

        // Device-space rectangle and the extent of its corners along each edge.
        func extent(_ a: Double, _ b: Double) -> Double { max(a.isFinite ? a : 0, b.isFinite ? b : 0, 0) }
        let left = extent(horizontal.topLeft, horizontal.bottomLeft) * m.xx, right = extent(horizontal.topRight, horizontal.bottomRight) * m.xx
        let top = extent(vertical.topLeft, vertical.topRight) * m.yy, bottom = extent(vertical.bottomLeft, vertical.bottomRight) * m.yy
        let width = rect.width * m.xx, height = rect.height * m.yy
        // Keep a straight stretch of 2 × reach + 8 pixels in the copy; cut the rest.
        let keep = Double(2 * reach + 8)
        let cutX = max(0, Int((width - left - right - keep).rounded(.down)))
        let cutY = max(0, Int((height - top - bottom - keep).rounded(.down)))
        guard cutX * Int(height) + cutY * Int(width) >= 64 * 64 else { return nil }

        var x0 = rect.minX, y0 = rect.minY
        cairo_user_to_device(cairo, &x0, &y0)
        let margin = reach + Int(max(abs(dx), abs(dy)).rounded(.up)) + 2
        // The device pixels the current clip leaves: the mask is made for those alone, and the
        // shadow is the whole shape's wherever the clip (a canvas's edge) cuts it, as CSS casts it.
        var c0 = 0.0, d0 = 0.0, c1 = 0.0, d1 = 0.0
        cairo_clip_extents(cairo, &c0, &d0, &c1, &d1)
        cairo_user_to_device(cairo, &c0, &d0)
        cairo_user_to_device(cairo, &c1, &d1)
        guard c0.isFinite, d0.isFinite, c1.isFinite, d1.isFinite else { return nil }

        // The copy: the same origin (so the same place on the pixel grid), cut by whole pixels.
        let path = shape(Size(width: Double(cutX) / m.xx, height: Double(cutY) / m.yy))
        // Rasterized as drawShadow(of:) does, whole: a group is cut to the surface drawn on, so
        // the copy is moved by whole device pixels (its place on the pixel grid kept) to lie
        // inside it, unclipped; its place is read back without the move.
        guard let (shiftX, shiftY) = Self.shift(placing: path, in: context) else { return nil }
        cairo_save(cairo)
        cairo_reset_clip(cairo)
        var moved = m
        moved.x0 += Double(shiftX)
        moved.y0 += Double(shiftY)
        cairo_set_matrix(cairo, &moved)
        let copied = context.shadowGroup(of: path, rule: rule)
        cairo_restore(cairo)
        guard let group = copied else { return nil }
        defer { cairo_pattern_destroy(group) }
        var groupSurface: OpaquePointer?
        guard cairo_pattern_get_surface(group, &groupSurface) == CAIRO_STATUS_SUCCESS, let groupSurface,
              cairo_surface_get_type(groupSurface) == CAIRO_SURFACE_TYPE_IMAGE else { return nil }
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(groupSurface, &offsetX, &offsetY)
        // Where the group lies as drawn (moved), and where the copy's shape lies.
        let drawnX = Int((-offsetX).rounded()), drawnY = Int((-offsetY).rounded())
        let groupX = drawnX - shiftX, groupY = drawnY - shiftY
        let groupWidth = Int(cairo_image_surface_get_width(groupSurface)), groupHeight = Int(cairo_image_surface_get_height(groupSurface))

        // The copy's blurred mask: its pixel (i, j) is device pixel (groupX - margin + i, …).
        let smallWidth = groupWidth + 2 * margin, smallHeight = groupHeight + 2 * margin
        guard let smallMask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(smallWidth), Int32(smallHeight)),
              cairo_surface_status(smallMask) == CAIRO_STATUS_SUCCESS else { return nil }
        defer { cairo_surface_destroy(smallMask) }
        let smallContext = cairo_create(smallMask)!
        cairo_set_source_surface(smallContext, groupSurface, Double(margin - drawnX) + dx, Double(margin - drawnY) + dy)
        cairo_paint(smallContext)
        cairo_destroy(smallContext)
        cairo_surface_flush(smallMask)
        let smallStride = Int(cairo_image_surface_get_stride(smallMask))
        let smallBytes = cairo_image_surface_get_data(smallMask)!
        blur.apply(to: smallBytes, stride: smallStride, x: 0, y: 0, width: smallWidth, height: smallHeight)

        // The column and row repeated: the middle of the copy's straight stretch, in mask pixels.
        let columnX = Int((x0 + left + (width - Double(cutX) - left - right) / 2 + dx).rounded(.down)) - (groupX - margin)
        let rowY = Int((y0 + top + (height - Double(cutY) - top - bottom) / 2 + dy).rounded(.down)) - (groupY - margin)
        guard columnX > 0, columnX < smallWidth - 1, rowY > 0, rowY < smallHeight - 1 else { return nil }

        // The full mask spans device pixels fullX ..< fullX + fullWidth (and so in y); only the
        // part inside the clip (a pixel more on each side) is made.
        let fullWidth = smallWidth + cutX, fullHeight = smallHeight + cutY
        let fullX = groupX - margin, fullY = groupY - margin
        let clipLeft = max(fullX, Int(min(c0, c1).rounded(.down)) - 1), clipRight = min(fullX + fullWidth, Int(max(c0, c1).rounded(.up)) + 1)
        let clipTop = max(fullY, Int(min(d0, d1).rounded(.down)) - 1), clipBottom = min(fullY + fullHeight, Int(max(d0, d1).rounded(.up)) + 1)
        guard let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(max(clipRight - clipLeft, 1)), Int32(max(clipBottom - clipTop, 1))),
              cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS else { return nil }
        cairo_surface_flush(mask)
        let stride = Int(cairo_image_surface_get_stride(mask))
        let bytes = cairo_image_surface_get_data(mask)!
        if clipRight > clipLeft, clipBottom > clipTop {
            // Full-mask column c is the copy's c up to columnX, columnX across the cut, c - cutX after.
            let first = clipLeft - fullX, last = clipRight - fullX
            let before = (first, min(last, columnX + 1)), across = (max(first, columnX + 1), min(last, columnX + 1 + cutX))
            let after = (max(first, columnX + 1 + cutX), last)
            for row in (clipTop - fullY)..<(clipBottom - fullY) {
                let sourceRow = row <= rowY ? row : (row <= rowY + cutY ? rowY : row - cutY)
                let source = smallBytes + sourceRow * smallStride
                let target = bytes + (row - (clipTop - fullY)) * stride  // full-mask column `first`
                if before.1 > before.0 { (target + (before.0 - first)).update(from: source + before.0, count: before.1 - before.0) }
                if across.1 > across.0 { (target + (across.0 - first)).update(repeating: source[columnX], count: across.1 - across.0) }
                if after.1 > after.0 { (target + (after.0 - first)).update(from: source + (after.0 - cutX), count: after.1 - after.0) }
            }
        }
        cairo_surface_mark_dirty(mask)
        self.mask = mask
        self.origin = (clipLeft, clipTop)
    }

    /// Whole device pixels that move `path` inside the surface `context` draws on now, with two
    /// pixels to spare; `nil` when it does not fit (or that surface is no image).
    private static func shift(placing path: Path, in context: GraphicsContext) -> (Int, Int)? {
        let cairo = context.cairo
        let target = cairo_get_group_target(cairo)!
        guard cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE, context.setPath(path, for: "shadow") else { return nil }
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_path_extents(cairo, &x0, &y0, &x1, &y1)
        cairo_new_path(cairo)
        cairo_user_to_device(cairo, &x0, &y0)
        cairo_user_to_device(cairo, &x1, &y1)
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        // The surface's pixels in device coordinates: -offset ..< -offset + size.
        let left = -offsetX, top = -offsetY
        let right = left + Double(cairo_image_surface_get_width(target)), bottom = top + Double(cairo_image_surface_get_height(target))
        func shift(_ low: Double, _ high: Double, _ from: Double, _ to: Double) -> Int? {
            guard low.isFinite, high.isFinite, high - low + 6 <= to - from else { return nil }
            if low - 2 < from { return Int((from - low + 2).rounded(.up)) }
            if high + 2 > to { return -Int((high + 2 - to).rounded(.up)) }
            return 0
        }
        guard let sx = shift(min(x0, x1), max(x0, x1), left, right), let sy = shift(min(y0, y1), max(y0, y1), top, bottom) else { return nil }
        return (sx, sy)
    }

    deinit {
        cairo_surface_destroy(mask)
    }

    /// Fills `color` through the mask, in device space, within the context's clip.
    func paint(on context: GraphicsContext, color: Color) {
        let cairo = context.cairo
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
        cairo_mask_surface(cairo, mask, Double(origin.x), Double(origin.y))
        cairo_restore(cairo)
    }
}
