// Draws the diagrams of the DocC catalog (DocC/AsyncLayerKit.docc/Resources/*.png) with Cairo and
// Pango, the libraries the project already depends on. Run scripts/make-doc-images.sh; the PNGs
// are committed, so building the docs does not need this program.
//
// Every picture is drawn in points at scale 2 and saved as name@2x.png; DocC serves it for
// ![alt](name.png).

#include <cairo.h>
#include <pango/pangocairo.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static const double SCALE = 2.0;

typedef struct { double r, g, b; } RGB;
static const RGB INK = {0.13, 0.15, 0.19};
static const RGB MUTED = {0.40, 0.43, 0.49};
static const RGB GRID = {0.80, 0.83, 0.88};
static const RGB CARD = {0.93, 0.36, 0.61};      // #EF5B9C, the reference card's pink
static const RGB CARD_FILL = {0.99, 0.91, 0.95};
static const RGB BLUE = {0.16, 0.45, 0.85};
static const RGB BLUE_FILL = {0.90, 0.94, 1.00};
static const RGB GREEN = {0.13, 0.55, 0.35};
static const RGB GREEN_FILL = {0.90, 0.97, 0.93};
static const RGB ORANGE = {0.85, 0.47, 0.10};
static const RGB ORANGE_FILL = {1.00, 0.95, 0.88};

static void set(cairo_t *cr, RGB c) { cairo_set_source_rgb(cr, c.r, c.g, c.b); }

// Text with Pango markup; align 0 = left, 1 = centre, 2 = right of x (or within width if > 0).
static void text(cairo_t *cr, double x, double y, double width, int align, const char *font,
                 RGB colour, const char *markup) {
    PangoLayout *layout = pango_cairo_create_layout(cr);
    // Font sizes in the picture's own units (points of the diagram), not 96-dpi pixels.
    pango_cairo_context_set_resolution(pango_layout_get_context(layout), 72);
    pango_layout_context_changed(layout);
    PangoFontDescription *desc = pango_font_description_from_string(font);
    pango_layout_set_font_description(layout, desc);
    pango_font_description_free(desc);
    pango_layout_set_markup(layout, markup, -1);
    if (width > 0) {
        pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD);
        pango_layout_set_alignment(layout, align == 1 ? PANGO_ALIGN_CENTER
                                           : align == 2 ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
    } else if (align != 0) {
        int w, h;
        pango_layout_get_pixel_size(layout, &w, &h);
        x -= align == 1 ? w / 2.0 : w;
    }
    set(cr, colour);
    cairo_move_to(cr, x, y);
    pango_cairo_show_layout(cr, layout);
    g_object_unref(layout);
}

static void rounded(cairo_t *cr, double x, double y, double w, double h, double r) {
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -G_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, G_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, G_PI / 2, G_PI);
    cairo_arc(cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
    cairo_close_path(cr);
}

static void box(cairo_t *cr, double x, double y, double w, double h, RGB stroke, RGB fill) {
    rounded(cr, x, y, w, h, 10);
    set(cr, fill);
    cairo_fill_preserve(cr);
    set(cr, stroke);
    cairo_set_line_width(cr, 1.5);
    cairo_stroke(cr);
}

static void arrow(cairo_t *cr, double x0, double y0, double x1, double y1, RGB colour, double width) {
    double angle = atan2(y1 - y0, x1 - x0), head = 9;
    set(cr, colour);
    cairo_set_line_width(cr, width);
    cairo_move_to(cr, x0, y0);
    cairo_line_to(cr, x1 - cos(angle) * head * 0.8, y1 - sin(angle) * head * 0.8);
    cairo_stroke(cr);
    cairo_move_to(cr, x1, y1);
    cairo_line_to(cr, x1 - head * cos(angle - 0.42), y1 - head * sin(angle - 0.42));
    cairo_line_to(cr, x1 - head * cos(angle + 0.42), y1 - head * sin(angle + 0.42));
    cairo_close_path(cr);
    cairo_fill(cr);
}

static cairo_surface_t *begin(double w, double h, cairo_t **cr) {
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)(w * SCALE), (int)(h * SCALE));
    *cr = cairo_create(s);
    cairo_scale(*cr, SCALE, SCALE);
    cairo_set_source_rgb(*cr, 1, 1, 1);
    cairo_paint(*cr);
    return s;
}

static int end(cairo_surface_t *s, cairo_t *cr, const char *dir, const char *name) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s@2x.png", dir, name);
    cairo_destroy(cr);
    cairo_status_t status = cairo_surface_write_to_png(s, path);
    cairo_surface_destroy(s);
    if (status != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "cannot write %s: %s\n", path, cairo_status_to_string(status));
        return 1;
    }
    printf("wrote %s\n", path);
    return 0;
}

// ---------------------------------------------------------------------------------------------
// 1. Points and pixels: a 375×260 pt card at scale 2 is a 750×520 px bitmap.

static void card_outline(cairo_t *cr, double x, double y, double w, double h) {
    rounded(cr, x, y, w, h, 8);
    set(cr, CARD_FILL);
    cairo_fill_preserve(cr);
    set(cr, CARD);
    cairo_set_line_width(cr, 2);
    cairo_stroke(cr);
}

static void axes(cairo_t *cr, double x, double y, double len_x, double len_y, const char *unit) {
    arrow(cr, x, y, x + len_x, y, INK, 1.6);
    arrow(cr, x, y, x, y + len_y, INK, 1.6);
    char buf[64];
    snprintf(buf, sizeof buf, "<i>x</i> (%s)", unit);
    text(cr, x + len_x + 4, y - 9, 0, 0, "DejaVu Sans 11", INK, buf);
    snprintf(buf, sizeof buf, "<i>y</i> (%s)", unit);
    text(cr, x - 4, y + len_y + 2, 0, 1, "DejaVu Sans 11", INK, buf);
    cairo_arc(cr, x, y, 3.5, 0, 2 * G_PI);
    set(cr, INK);
    cairo_fill(cr);
    text(cr, x - 6, y - 20, 0, 2, "DejaVu Sans 11", INK, "(0, 0)");
}

static int points_and_pixels(const char *dir) {
    cairo_t *cr;
    const double W = 860, H = 590;
    cairo_surface_t *s = begin(W, H, &cr);

    text(cr, 0, 14, W, 1, "DejaVu Sans Bold 16", INK, "Points and pixels: one card at scale 2");

    // Left: the card in points, drawn at 0.5 px per pt of this picture.
    const double k = 0.5, lx = 60, ly = 100;
    text(cr, lx, 52, 0, 0, "DejaVu Sans Bold 13", INK, "What you draw in: points");
    card_outline(cr, lx, ly, 375 * k, 260 * k);
    axes(cr, lx, ly, 375 * k + 24, 260 * k + 26, "pt");
    text(cr, lx + 375 * k / 2, ly + 260 * k / 2 - 16, 0, 1, "DejaVu Sans Mono Bold 13", CARD, "375 × 260 pt");
    text(cr, lx + 375 * k / 2, ly + 260 * k / 2 + 4, 0, 1, "DejaVu Sans 10", MUTED, "Rect, Point, Size");
    // a sample point
    double px = lx + 100 * k, py = ly + 60 * k;
    cairo_arc(cr, px, py, 4, 0, 2 * G_PI);
    set(cr, BLUE);
    cairo_fill(cr);
    text(cr, px + 7, py - 8, 0, 0, "DejaVu Sans Mono 10", BLUE, "(100, 60) pt");

    // Right: the bitmap in pixels, drawn at the same 0.5 px per px => twice as large.
    const double rx = 390, ry = 100;
    text(cr, rx, 52, 0, 0, "DejaVu Sans Bold 13", INK, "What the Bitmap holds: pixels (scale 2)");
    double rw = 750 * k, rh = 520 * k;
    card_outline(cr, rx, ry, rw, rh);
    axes(cr, rx, ry, rw + 24, rh + 26, "px");
    text(cr, rx + rw / 2, ry + rh / 2 - 16, 0, 1, "DejaVu Sans Mono Bold 13", CARD, "750 × 520 px");
    text(cr, rx + rw / 2, ry + rh / 2 + 4, 0, 1, "DejaVu Sans 10", MUTED,
         "width = 375 × 2, height = 260 × 2");
    double qx = rx + 200 * k, qy = ry + 120 * k;
    cairo_arc(cr, qx, qy, 4, 0, 2 * G_PI);
    set(cr, BLUE);
    cairo_fill(cr);
    text(cr, qx + 7, qy - 8, 0, 0, "DejaVu Sans Mono 10", BLUE, "(200, 120) px");

    // The mapping arrow between the panels.
    arrow(cr, lx + 375 * k + 40, ly + 260 * k / 2 + 30, rx - 14, ly + 260 * k / 2 + 30, MUTED, 2);
    text(cr, (lx + 375 * k + 40 + rx - 14) / 2, ly + 260 * k / 2 + 36, 0, 1, "DejaVu Sans 10", MUTED,
         "× scale");

    // Zoom: one point is a 2×2 block of pixels.
    const double zx = 80, zy = 470, cell = 22;
    text(cr, zx, zy - 26, 0, 0, "DejaVu Sans Bold 12", INK, "Zoomed in: 1 pt = 2 × 2 px at scale 2");
    for (int i = 0; i <= 6; i++) {
        set(cr, GRID);
        cairo_set_line_width(cr, 1);
        cairo_move_to(cr, zx + i * cell, zy);
        cairo_line_to(cr, zx + i * cell, zy + 4 * cell);
        cairo_stroke(cr);
    }
    for (int j = 0; j <= 4; j++) {
        cairo_move_to(cr, zx, zy + j * cell);
        cairo_line_to(cr, zx + 6 * cell, zy + j * cell);
        cairo_stroke(cr);
    }
    // one point highlighted
    cairo_rectangle(cr, zx + 2 * cell, zy + 2 * cell, 2 * cell, 2 * cell);
    set(cr, CARD_FILL);
    cairo_fill_preserve(cr);
    set(cr, CARD);
    cairo_set_line_width(cr, 2.5);
    cairo_stroke(cr);
    for (int i = 0; i <= 3; i++) {
        set(cr, INK);
        cairo_set_line_width(cr, 2.5);
        cairo_move_to(cr, zx + 2 * i * cell, zy);
        cairo_line_to(cr, zx + 2 * i * cell, zy + 4 * cell);
        cairo_stroke(cr);
    }
    for (int j = 0; j <= 2; j++) {
        cairo_move_to(cr, zx, zy + 2 * j * cell);
        cairo_line_to(cr, zx + 6 * cell, zy + 2 * j * cell);
        cairo_stroke(cr);
    }
    double lgx = zx + 6 * cell + 30;
    text(cr, lgx, zy - 2, 520, 0, "DejaVu Sans 11", INK,
         "<b>Thick lines</b>: the point grid you draw in.\n"
         "<b>Thin lines</b>: the pixel grid of the bitmap.\n"
         "The pink square is the point square (1, 1)–(2, 2): the pixels (2, 2)–(4, 4).");
    text(cr, lgx, zy + 58, 420, 0, "DejaVu Sans 10", MUTED,
         "Pixel sizes are whole numbers: a size in points times the scale, rounded up.\n"
         "Origin at the top left, y grows downwards, in points and in pixels.");

    return end(s, cr, dir, "points-and-pixels");
}

// ---------------------------------------------------------------------------------------------
// 2. Ownership: draw in a scoped context, hand the buffer to a Bitmap without a copy, encode.

static int ownership_flow(const char *dir) {
    cairo_t *cr;
    const double W = 900, H = 360;
    cairo_surface_t *s = begin(W, H, &cr);
    text(cr, 0, 14, W, 1, "DejaVu Sans Bold 16", INK, "One pixel buffer, one owner at a time, freed once");

    const double y = 70, h = 150, w = 222;
    const double x1 = 30, x2 = 339, x3 = 648;

    box(cr, x1, y, w, h, BLUE, BLUE_FILL);
    text(cr, x1 + 14, y + 12, w - 28, 1, "DejaVu Sans Bold 13", BLUE, "Drawing context");
    text(cr, x1 + 14, y + 36, w - 28, 1, "DejaVu Sans Mono 10", MUTED, "GraphicsContext (scoped)");
    text(cr, x1 + 14, y + 60, w - 28, 0, "DejaVu Sans 10.5", INK,
         "• owns a Cairo image surface over a new pixel buffer\n"
         "• used by one task, inside one scope\n"
         "• paths, fills, images, shadows, text from a measured <tt>TextLayout</tt>");

    box(cr, x2, y, w, h, CARD, CARD_FILL);
    text(cr, x2 + 14, y + 12, w - 28, 1, "DejaVu Sans Bold 13", CARD, "Bitmap");
    text(cr, x2 + 14, y + 36, w - 28, 1, "DejaVu Sans Mono 10", MUTED, "immutable, Sendable value");
    text(cr, x2 + 14, y + 60, w - 28, 0, "DejaVu Sans 10.5", INK,
         "• width, height, bytesPerRow, scale\n"
         "• premultiplied 32-bit pixels\n"
         "• copies share the buffer; nothing writes to it again\n"
         "• pass it to any task or thread");

    box(cr, x3, y, w, h, GREEN, GREEN_FILL);
    text(cr, x3 + 14, y + 12, w - 28, 1, "DejaVu Sans Bold 13", GREEN, "Encoded bytes");
    text(cr, x3 + 14, y + 36, w - 28, 1, "DejaVu Sans Mono 10", MUTED, "PNG · WebP · JPEG");
    text(cr, x3 + 14, y + 60, w - 28, 0, "DejaVu Sans 10.5", INK,
         "• the encoder only reads the Bitmap's pixels\n"
         "• its own buffers (libpng, libwebp, libturbojpeg) are freed before it returns");

    arrow(cr, x1 + w + 6, y + h / 2, x2 - 6, y + h / 2, INK, 2.2);
    text(cr, (x1 + w + x2) / 2, y + h / 2 - 40, 0, 1, "DejaVu Sans Bold 10", INK, "end of scope");
    text(cr, (x1 + w + x2) / 2, y + h / 2 + 6, 0, 1, "DejaVu Sans 10", MUTED, "buffer handed");
    text(cr, (x1 + w + x2) / 2, y + h / 2 + 20, 0, 1, "DejaVu Sans 10", MUTED, "over, no copy");

    arrow(cr, x2 + w + 6, y + h / 2, x3 - 6, y + h / 2, INK, 2.2);
    text(cr, (x2 + w + x3) / 2, y + h / 2 - 40, 0, 1, "DejaVu Sans Bold 10", INK, "encode");
    text(cr, (x2 + w + x3) / 2, y + h / 2 + 6, 0, 1, "DejaVu Sans 10", MUTED, "reads only");

    // The buffer's life line.
    const double ly = y + h + 50;
    set(cr, ORANGE_FILL);
    rounded(cr, x1, ly - 14, x2 + w - x1, 28, 14);
    cairo_fill(cr);
    set(cr, ORANGE);
    cairo_set_line_width(cr, 1.5);
    rounded(cr, x1, ly - 14, x2 + w - x1, 28, 14);
    cairo_stroke(cr);
    text(cr, x1, ly - 8, x2 + w - x1, 1, "DejaVu Sans 10.5", INK,
         "the same pixel buffer: allocated once, filled by the context, then owned by the Bitmap");
    cairo_arc(cr, x1 + 10, ly, 5, 0, 2 * G_PI);
    set(cr, ORANGE);
    cairo_fill(cr);
    text(cr, x1, ly + 20, 0, 0, "DejaVu Sans 10", MUTED, "allocated (size checked against PixelLimits)");
    cairo_rectangle(cr, x2 + w - 15, ly - 5, 10, 10);
    cairo_fill(cr);
    text(cr, x2 + w, ly + 20, 0, 2, "DejaVu Sans 10", MUTED, "freed once, when the last Bitmap copy goes");

    text(cr, 0, H - 30, W, 1, "DejaVu Sans 10", MUTED,
         "Decoding runs the other way: the decoder reads the header, checks PixelLimits, then fills a new buffer that becomes a Bitmap.");
    return end(s, cr, dir, "ownership-flow");
}

// ---------------------------------------------------------------------------------------------
// 3. Text: measure once into a TextLayout, draw from the measurement.

static int text_measure_once(const char *dir) {
    cairo_t *cr;
    const double W = 900, H = 260;
    cairo_surface_t *s = begin(W, H, &cr);
    text(cr, 0, 14, W, 1, "DejaVu Sans Bold 16", INK, "Text is measured once, then drawn from the measurement");

    const double y = 70, h = 110, w = 250;
    const double x1 = 30, x2 = 325, x3 = 620;
    box(cr, x1, y, w, h, MUTED, (RGB){0.97, 0.97, 0.98});
    text(cr, x1 + 14, y + 12, w - 28, 1, "DejaVu Sans Bold 13", INK, "Attributed text + style");
    text(cr, x1 + 14, y + 40, w - 28, 0, "DejaVu Sans 10.5", INK,
         "• runs of <tt>TextStyle</tt>, link ranges\n"
         "• maximum width, max lines, line-break mode, ellipsis");

    box(cr, x2, y, w, h, ORANGE, ORANGE_FILL);
    text(cr, x2 + 14, y + 12, w - 28, 1, "DejaVu Sans Bold 13", ORANGE, "TextLayout");
    text(cr, x2 + 14, y + 40, w - 28, 0, "DejaVu Sans 10.5", INK,
         "• a Sendable value, made once (Pango)\n"
         "• size, line count, baselines\n"
         "• a rect for each link range\n"
         "• cache it, size cells with it");

    box(cr, x3, y, w, h, BLUE, BLUE_FILL);
    text(cr, x3 + 14, y + 12, w - 28, 1, "DejaVu Sans Bold 13", BLUE, "Drawing context");
    text(cr, x3 + 14, y + 40, w - 28, 0, "DejaVu Sans 10.5", INK,
         "• draws the lines the layout already holds\n"
         "• no second layout pass, so the drawn text is exactly what was measured");

    arrow(cr, x1 + w + 6, y + h / 2, x2 - 6, y + h / 2, INK, 2.2);
    text(cr, (x1 + w + x2) / 2, y + h / 2 - 24, 0, 1, "DejaVu Sans Bold 10", INK, "measure");
    arrow(cr, x2 + w + 6, y + h / 2, x3 - 6, y + h / 2, INK, 2.2);
    text(cr, (x2 + w + x3) / 2, y + h / 2 - 24, 0, 1, "DejaVu Sans Bold 10", INK, "draw");

    text(cr, 60, y + h + 30, W - 120, 1, "DejaVu Sans 10.5", MUTED,
         "Measuring and drawing twice can disagree (the classic \"last line missing\" bug): the cell is sized "
         "for one layout and drawn with another. Drawing from the one measurement cannot.");
    return end(s, cr, dir, "text-measure-once");
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUTPUT_DIR\n", argv[0]);
        return 2;
    }
    int failures = 0;
    failures += points_and_pixels(argv[1]);
    failures += ownership_flow(argv[1]);
    failures += text_measure_once(argv[1]);
    return failures ? 1 : 0;
}
