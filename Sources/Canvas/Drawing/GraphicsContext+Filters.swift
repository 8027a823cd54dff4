import CCairoPango
import Foundation

extension GraphicsContext {
    /// Draws what `body` draws through `filters`, in order, then composites the result (CSS `filter`).
    ///
    /// Everything `body` draws is collected into one group, as ``withShadow(_:_:)`` does, and
    /// respects the current clip and transform; the filtered group is painted back through the
    /// same clip. Blurs and drop shadows are in the bitmap's points and, like
    /// ``withShadow(_:_:)``'s, do not follow rotations or scales applied to the context. A blur spreads outward and fades to
    /// transparent beyond what was drawn.
    ///
    /// Consecutive colour filters are fused into one matrix pass over the pixels wherever that
    /// gives the same result (when the first can not leave 0...1, so the clamping between them
    /// changes nothing). Blurs reuse the three box blurs of ``Bitmap/blurred(radius:)``: O(pixels)
    /// whatever the radius. A blur with σ above 32 pixels runs on a copy shrunk by a whole factor
    /// (to σ of 11 to 16 pixels) and is scaled back up bilinearly, so memory and time stay
    /// bounded by the clip's area even for ``FilterOperation/maxBlurRadius``. What a filter
    /// spreads more than 256 pixels outside the clip's bounds is dropped before the next filter
    /// runs (exact for a single blur or drop shadow; chains of larger ones lose what would have
    /// been spread back in).
    ///
    /// An unusable argument (see ``FilterOperation``) is recorded as an error, which
    /// ``Bitmap/render(size:scale:limits:_:)`` throws, and `body` draws unfiltered.
    public func withFilters<R>(_ filters: [FilterOperation], _ body: () throws -> R) rethrows -> R {
        if let problem = filters.lazy.compactMap(\.problem).first {
            reject("withFilters: \(problem)")
            return try body()
        }
        guard !filters.isEmpty else { return try body() }
        cairo_push_group(cairo)
        let depth = savedStateDepth
        defer {
            while savedStateDepth > depth { restoreGState() }
            let group = cairo_pop_group(cairo)!
            paintFiltered(group, filters)
            cairo_pattern_destroy(group)
        }
        return try body()
    }

    /// CSS `backdrop-filter`: takes what is already drawn under `path` (its bounding box, in the current transform), runs it through `filters`, and paints it back clipped to `path`. Call it before drawing the element itself.
    ///
    /// The filtered backdrop replaces what was under `path` (so `opacity` makes it see-through).
    /// Only the pixels of the path's bounding box, within the current clip, are read and
    /// written, so the cost follows that box, not the bitmap. A blur treats pixels beyond the
    /// box as repeats of its edge, as browsers do, so it does not darken towards the border.
    /// Inside a group (``withShadow(_:_:)``, ``withFilters(_:_:)``) the backdrop is what the
    /// group has drawn so far.
    ///
    /// An unusable argument (see ``FilterOperation``) or a path with a non-finite coordinate is
    /// recorded as an error, which ``Bitmap/render(size:scale:limits:_:)`` throws, and nothing is
    /// drawn.
    public func drawBackdrop(_ filters: [FilterOperation], clippedTo path: Path) {
        if let problem = filters.lazy.compactMap(\.problem).first {
            return reject("drawBackdrop: \(problem)")
        }
        guard setPath(path, for: "drawBackdrop") else { return }
        guard !filters.isEmpty else { return cairo_new_path(cairo) }
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_path_extents(cairo, &x0, &y0, &x1, &y1)
        cairo_restore(cairo)
        cairo_new_path(cairo)
        let box = PixelBox(enclosing: x0, y0, x1, y1).intersection(deviceClipBox())
        guard !box.isEmpty else { return }
        do {
            let image = try FilterImage(box: box)
            let copy = cairo_create(image.surface)!
            cairo_set_source_surface(copy, cairo_get_group_target(cairo), -Double(box.x0), -Double(box.y0))
            cairo_set_operator(copy, CAIRO_OPERATOR_SOURCE)
            cairo_paint(copy)
            cairo_destroy(copy)
            cairo_surface_flush(image.surface)
            guard let filtered = try run(filters, on: image, ink: box, keep: box, edges: .clamped) else { return }
            cairo_save(cairo)
            defer { cairo_restore(cairo) }
            _ = setPath(path, for: "drawBackdrop")
            cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
            cairo_clip(cairo)
            cairo_identity_matrix(cairo)
            cairo_set_source_surface(cairo, filtered.image.surface, Double(filtered.image.box.x0), Double(filtered.image.box.y0))
            cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cairo)
        } catch {
            reject("drawBackdrop: \(error)")
        }
    }

    /// The current clip's bounding box in device pixels, within the bitmap.
    private func deviceClipBox() -> PixelBox {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_clip_extents(cairo, &x0, &y0, &x1, &y1)
        cairo_restore(cairo)
        return PixelBox(enclosing: x0, y0, x1, y1).intersection(PixelBox(x0: 0, y0: 0, x1: pixelWidth, y1: pixelHeight))
    }

    /// Runs `filters` over a popped group and paints the result through the current clip.
    private func paintFiltered(_ group: OpaquePointer, _ filters: [FilterOperation]) {
        var groupSurface: OpaquePointer?
        guard cairo_pattern_get_surface(group, &groupSurface) == CAIRO_STATUS_SUCCESS, let groupSurface else { return }
        let output = deviceClipBox()
        guard !output.isEmpty else { return }
        do {
            let image = try FilterImage(box: output)
            let copy = cairo_create(image.surface)!
            cairo_set_source_surface(copy, groupSurface, -Double(output.x0), -Double(output.y0))
            cairo_paint(copy)
            cairo_destroy(copy)
            cairo_surface_flush(image.surface)
            guard let ink = image.inkBox(),
                let filtered = try run(filters, on: image, ink: ink, keep: output, edges: .transparent)
            else { return }
            cairo_save(cairo)
            cairo_identity_matrix(cairo)
            cairo_set_source_surface(cairo, filtered.image.surface, Double(filtered.image.box.x0), Double(filtered.image.box.y0))
            cairo_paint(cairo)
            cairo_restore(cairo)
        } catch {
            reject("withFilters: \(error)")
        }
    }

    /// Runs `filters` in order over `image`, whose drawn pixels lie in `ink`. The result is kept
    /// within `keep`, plus a margin for what later filters may spread back into it (at most 256
    /// pixels). Nil when nothing visible is left.
    private func run(
        _ filters: [FilterOperation],
        on image: FilterImage,
        ink: PixelBox,
        keep: PixelBox,
        edges: BlurEdges
    ) throws(CanvasError) -> (image: FilterImage, ink: PixelBox)? {
        // How far the filters from index i on can move a pixel, in pixels.
        var reachAfter = [Int](repeating: 0, count: filters.count + 1)
        for i in filters.indices.reversed() {
            reachAfter[i] = min(reachAfter[i + 1] + spread(of: filters[i]), 256)
        }
        var current = (image: image, ink: ink)
        var pending: ColorMatrix?
        for (i, filter) in filters.enumerated() {
            if let matrix = filter.colorMatrix {
                if let earlier = pending, earlier.keepsUnitRange {
                    pending = earlier.followed(by: matrix)
                } else {
                    if let earlier = pending { current.image.apply(earlier, in: current.ink) }
                    pending = matrix
                }
                continue
            }
            if let earlier = pending {
                current.image.apply(earlier, in: current.ink)
                pending = nil
            }
            let bound = edges == .clamped ? keep : keep.outset(by: reachAfter[i + 1])
            switch filter {
            case .blur(let radius):
                let sigma = min(radius, FilterOperation.maxBlurRadius) * scale
                guard let blurred = try blur(current.image, ink: current.ink, sigma: sigma, edges: edges, keep: bound)
                else { return nil }
                current = blurred
            case .dropShadow(let shadow):
                guard let shadowed = try dropShadow(shadow, under: current.image, ink: current.ink, keep: bound)
                else { return nil }
                current = shadowed
            default:
                break
            }
        }
        if let earlier = pending { current.image.apply(earlier, in: current.ink) }
        return current
    }

    /// How far a filter can move a pixel, in pixels (0 for a colour filter).
    private func spread(of filter: FilterOperation) -> Int {
        func reach(_ sigma: Double) -> Int { Int((3 * min(sigma, FilterOperation.maxBlurRadius) * scale).rounded(.up)) + 2 }
        switch filter {
        case .blur(let radius):
            return reach(radius)
        case .dropShadow(let shadow):
            let offset = max(abs(shadow.offset.width), abs(shadow.offset.height)) * scale
            return reach(shadow.radius / 2) + Int(min(offset, 1e6).rounded(.up))
        default:
            return 0
        }
    }

    /// A Gaussian blur of σ `sigma` pixels. With transparent edges the result spreads beyond
    /// `ink` (kept within `keep`); with clamped edges it covers the same box as `image`.
    private func blur(
        _ image: FilterImage,
        ink: PixelBox,
        sigma: Double,
        edges: BlurEdges,
        keep: PixelBox
    ) throws(CanvasError) -> (image: FilterImage, ink: PixelBox)? {
        guard sigma > 0 else { return (image, ink) }
        if edges == .clamped {
            // Bitmap.blurred clamps at the image's edges; its radius is in points.
            let blurred = try image.bitmap(scale: scale).blurred(radius: sigma / scale)
            let result = FilterImage(wrapping: blurred, box: image.box)
            return (result, image.box)
        }
        // Large σ: blur a copy shrunk by a whole factor, then scale it back up.
        let factor = sigma <= 32 ? 1 : Int((sigma / 16).rounded(.up))
        let small = sigma / Double(factor)
        let reach = AlphaBlur(sigma: small).reach + 1
        // Zero margins of at least the blur's reach make Bitmap.blurred's clamped edges repeat
        // transparent pixels only: the same result as transparent edges.
        let reduced = PixelBox(
            x0: Self.floorDivide(ink.x0, factor) - reach,
            y0: Self.floorDivide(ink.y0, factor) - reach,
            x1: Self.floorDivide(ink.x1 + factor - 1, factor) + reach,
            y1: Self.floorDivide(ink.y1 + factor - 1, factor) + reach
        )
        let spreadBox = PixelBox(x0: reduced.x0 * factor, y0: reduced.y0 * factor, x1: reduced.x1 * factor, y1: reduced.y1 * factor)
        let outBox = spreadBox.intersection(keep)
        guard !outBox.isEmpty else { return nil }
        let work = try FilterImage(box: reduced)
        let shrink = cairo_create(work.surface)!
        cairo_scale(shrink, 1 / Double(factor), 1 / Double(factor))
        cairo_set_source_surface(shrink, image.surface, Double(image.box.x0 - spreadBox.x0), Double(image.box.y0 - spreadBox.y0))
        cairo_pattern_set_filter(cairo_get_source(shrink), factor == 1 ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD)
        cairo_paint(shrink)
        cairo_destroy(shrink)
        cairo_surface_flush(work.surface)
        let blurred = FilterImage(wrapping: try work.bitmap(scale: 1).blurred(radius: small), box: reduced)
        if factor == 1, outBox == reduced { return (blurred, outBox) }
        let result = try FilterImage(box: outBox)
        let grow = cairo_create(result.surface)!
        cairo_translate(grow, -Double(outBox.x0), -Double(outBox.y0))
        cairo_scale(grow, Double(factor), Double(factor))
        cairo_set_source_surface(grow, blurred.surface, Double(reduced.x0), Double(reduced.y0))
        cairo_pattern_set_filter(cairo_get_source(grow), factor == 1 ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
        cairo_paint(grow)
        cairo_destroy(grow)
        cairo_surface_flush(result.surface)
        return (result, outBox)
    }

    /// `image` over its own drop shadow: its alpha tinted with the shadow's colour, moved and
    /// blurred with transparent edges (σ = radius / 2).
    private func dropShadow(
        _ shadow: Shadow,
        under image: FilterImage,
        ink: PixelBox,
        keep: PixelBox
    ) throws(CanvasError) -> (image: FilterImage, ink: PixelBox)? {
        guard shadow.color.alpha > 0 else { return (image, ink) }
        // Beyond 10⁷ pixels a shadow is off any bitmap; the bound keeps the box arithmetic in range.
        let dx = min(max(shadow.offset.width * scale, -1e7), 1e7), dy = min(max(shadow.offset.height * scale, -1e7), 1e7)
        let moved = PixelBox(
            x0: ink.x0 + Int(dx.rounded(.down)),
            y0: ink.y0 + Int(dy.rounded(.down)),
            x1: ink.x1 + Int(dx.rounded(.up)),
            y1: ink.y1 + Int(dy.rounded(.up))
        )
        var cast: (image: FilterImage, ink: PixelBox)?
        if !moved.intersection(keep.outset(by: spread(of: .dropShadow(shadow)))).isEmpty {
            let tinted = try FilterImage(box: moved)
            let tint = cairo_create(tinted.surface)!
            let c = shadow.color
            cairo_set_source_rgba(tint, c.red, c.green, c.blue, c.alpha)
            cairo_mask_surface(tint, image.surface, Double(image.box.x0 - moved.x0) + dx, Double(image.box.y0 - moved.y0) + dy)
            cairo_destroy(tint)
            cairo_surface_flush(tinted.surface)
            let sigma = min(shadow.radius / 2, FilterOperation.maxBlurRadius) * scale
            cast = try blur(tinted, ink: moved, sigma: sigma, edges: .transparent, keep: keep)
        }
        let outBox = (cast.map { $0.ink.union(ink) } ?? ink).intersection(keep)
        guard !outBox.isEmpty else { return nil }
        let result = try FilterImage(box: outBox)
        let composite = cairo_create(result.surface)!
        if let cast {
            cairo_set_source_surface(composite, cast.image.surface, Double(cast.image.box.x0 - outBox.x0), Double(cast.image.box.y0 - outBox.y0))
            cairo_paint(composite)
        }
        cairo_set_source_surface(composite, image.surface, Double(image.box.x0 - outBox.x0), Double(image.box.y0 - outBox.y0))
        cairo_paint(composite)
        cairo_destroy(composite)
        cairo_surface_flush(result.surface)
        return (result, outBox)
    }

    private static func floorDivide(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}

/// What a blur sees beyond its image: transparency (a filtered element's blur spreads outward)
/// or the nearest edge pixel (a backdrop).
private enum BlurEdges {
    case transparent
    case clamped
}

/// A rectangle of whole device pixels; `x1` and `y1` are exclusive.
struct PixelBox: Equatable {
    var x0: Int
    var y0: Int
    var x1: Int
    var y1: Int

    init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    /// The smallest box holding the rectangle from (x0, y0) to (x1, y1), clamped to ±2³⁰ (an empty
    /// box for a NaN).
    init(enclosing x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        func whole(_ v: Double, _ rule: FloatingPointRoundingRule) -> Int {
            guard !v.isNaN else { return 0 }
            return Int(min(max(v, -1_073_741_824), 1_073_741_824).rounded(rule))
        }
        self.init(x0: whole(x0, .down), y0: whole(y0, .down), x1: whole(x1, .up), y1: whole(y1, .up))
    }

    var width: Int { max(x1 - x0, 0) }
    var height: Int { max(y1 - y0, 0) }
    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    func intersection(_ other: PixelBox) -> PixelBox {
        PixelBox(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
    }

    func union(_ other: PixelBox) -> PixelBox {
        PixelBox(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    func outset(by margin: Int) -> PixelBox {
        PixelBox(x0: x0 - margin, y0: y0 - margin, x1: x1 + margin, y1: y1 + margin)
    }
}

/// A premultiplied `ARGB32` image over a box of device pixels: pixel memory of its own (or of a
/// bitmap it was made from, used by nothing else) under a Cairo image surface.
final class FilterImage {
    let box: PixelBox
    let storage: PixelStorage
    let bytesPerRow: Int
    /// Owned: destroyed once, in `deinit`.
    let surface: OpaquePointer

    /// A transparent image over `box`.
    convenience init(box: PixelBox) throws(CanvasError) {
        let stride = Bitmap.alignedStride(width: box.width)
        self.init(storage: try PixelStorage(byteCount: stride * box.height), bytesPerRow: stride, box: box)
    }

    /// The pixels of `bitmap` (a fresh one this image takes over), placed at `box`.
    convenience init(wrapping bitmap: Bitmap, box: PixelBox) {
        self.init(storage: bitmap.storage, bytesPerRow: bitmap.bytesPerRow, box: box)
    }

    private init(storage: PixelStorage, bytesPerRow: Int, box: PixelBox) {
        self.box = box
        self.storage = storage
        self.bytesPerRow = bytesPerRow
        surface = cairo_image_surface_create_for_data(
            storage.bytes.assumingMemoryBound(to: UInt8.self),
            CAIRO_FORMAT_ARGB32,
            Int32(box.width),
            Int32(box.height),
            Int32(bytesPerRow)
        )!
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// The same pixels as a bitmap (no copy), for ``Bitmap/blurred(radius:)``.
    func bitmap(scale: Double) -> Bitmap {
        Bitmap(storage: storage, width: box.width, height: box.height, bytesPerRow: bytesPerRow, scale: scale)
    }

    /// The device-pixel box of the pixels with a non-zero alpha, or nil if there are none.
    func inkBox() -> PixelBox? {
        let bytes = UnsafePointer(storage.bytes.assumingMemoryBound(to: UInt8.self))
        guard let ink = GraphicsContext.inkBounds(bytes, stride: bytesPerRow, width: box.width, height: box.height, pixelBytes: 4, alphaOffset: 3) else { return nil }
        return PixelBox(x0: box.x0 + ink.x0, y0: box.y0 + ink.y0, x1: box.x0 + ink.x1, y1: box.y0 + ink.y1)
    }

    /// Applies `matrix` to the pixels in `region` (device pixels), in place: unpremultiplied,
    /// clamped to 0...1 and premultiplied again. Transparent pixels stay transparent (no CSS
    /// filter's matrix adds alpha).
    func apply(_ matrix: ColorMatrix, in region: PixelBox) {
        let area = region.intersection(box)
        guard !area.isEmpty else { return }
        cairo_surface_flush(surface)
        let m = matrix.values.map { Float($0) }
        let bytes = storage.bytes.assumingMemoryBound(to: UInt8.self)
        for y in area.y0..<area.y1 {
            let row = bytes + (y - box.y0) * bytesPerRow
            for x in (area.x0 - box.x0)..<(area.x1 - box.x0) {
                let p = row + x &* 4
                let alpha = p[3]
                guard alpha != 0 else { continue }
                let unit = Float(alpha) / 255, inverse = 1 / Float(alpha)
                let r = Float(p[2]) * inverse, g = Float(p[1]) * inverse, b = Float(p[0]) * inverse
                func channel(_ i: Int) -> Float {
                    let v = m[i &* 5] * r + m[i &* 5 &+ 1] * g + m[i &* 5 &+ 2] * b + m[i &* 5 &+ 3] * unit + m[i &* 5 &+ 4]
                    return min(max(v, 0), 1)
                }
                let a = channel(3) * 255
                p[3] = UInt8(a + 0.5)
                p[2] = UInt8(channel(0) * a + 0.5)
                p[1] = UInt8(channel(1) * a + 0.5)
                p[0] = UInt8(channel(2) * a + 0.5)
            }
        }
        cairo_surface_mark_dirty(surface)
    }
}
