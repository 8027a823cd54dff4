import CCairoPango

/// One retained Cairo scaled font, destroyed exactly once in `deinit`.
final class ScaledFont: @unchecked Sendable {
    // @unchecked Sendable: a cairo_scaled_font_t is immutable after creation, its reference count is
    // atomic and its glyph caches are guarded by the scaled font's own mutex, so Cairo allows one
    // scaled font to be used by several threads at once; `pointer` is a `let`.

    /// The `cairo_scaled_font_t *`.
    let pointer: OpaquePointer

    /// Takes a new reference to `pointer` (the caller keeps its own).
    init(retaining pointer: OpaquePointer) {
        self.pointer = cairo_scaled_font_reference(pointer)
    }

    deinit {
        cairo_scaled_font_destroy(pointer)
    }
}

/// Glyphs of one font and one colour, positioned in layout points relative to the layout origin:
/// everything drawing needs, so that drawing never lays the text out again.
struct GlyphRun: Sendable {
    /// The font the glyph ids belong to.
    let font: ScaledFont
    /// Glyph ids and pen positions (x, y of the baseline origin), in layout points.
    let glyphs: [cairo_glyph_t]
    /// The colour to fill the glyphs with (colour emoji keep their own colours).
    let color: Color
    /// The index of the line the run is on.
    let line: Int
    /// Whether this run is the ellipsis Pango inserted for truncated text.
    let isEllipsis: Bool

    /// The glyph ids, in drawing order.
    var glyphIDs: [UInt32] { glyphs.map { UInt32(truncatingIfNeeded: $0.index) } }

    /// The glyph positions in layout points.
    var positions: [Point] { glyphs.map { Point(x: $0.x, y: $0.y) } }
}

/// An underline, overline or line-through: the rectangle a solid line fills, in layout points.
struct TextDecorationRect: Sendable, Hashable {
    /// Where a solid line is filled (the other styles are drawn along it).
    var rect: Rect
    /// The colour to draw with.
    let color: Color
    /// How the line is drawn.
    var style: TextDecorationStyle = .solid
    /// Whether it is a line-through, drawn over the glyphs (the others are drawn beneath them).
    var isLineThrough = false
    /// Whether it is an overline (a wavy one hangs above its line, an underline's below).
    var isOverline = false
    /// Whether it stops short of the glyphs crossing it (CSS `text-decoration-skip-ink: auto`).
    var skipsInk = false
}
