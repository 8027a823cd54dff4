// Draws the diagrams of the DocC catalogs (DocC/<Module>.docc/Resources/*.png) with Cairo and
// Pango, the libraries the project already depends on. Run scripts/make-doc-images.sh; the PNGs
// are committed, so building the docs does not need this program.
//
// Every picture is drawn in points at scale 2 and saved as name@2x.png; DocC serves it for
// ![alt](name.png). The Layout article's pictures are not drawn here: the library renders them
// (make-doc-images.sh runs render-card on scripts/doc-images/layout-*.json).

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


// ---------------------------------------------------------------------------------------------
// Shared by the loop and layer diagrams.

static const RGB RED = {0.80, 0.18, 0.20};
static const RGB RED_FILL = {1.00, 0.92, 0.92};
static const RGB PURPLE = {0.45, 0.30, 0.75};
static const RGB PURPLE_FILL = {0.95, 0.92, 1.00};
static const RGB GREY_FILL = {0.95, 0.95, 0.96};

static void line(cairo_t *cr, double x0, double y0, double x1, double y1, RGB colour, double width,
                 int dashed) {
    set(cr, colour);
    cairo_set_line_width(cr, width);
    if (dashed) {
        double d[] = {5, 4};
        cairo_set_dash(cr, d, 2, 0);
    }
    cairo_move_to(cr, x0, y0);
    cairo_line_to(cr, x1, y1);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
}

// A numbered check mark: a circle with the number, green when it passes, red when it fails.
static void check(cairo_t *cr, double x, double y, int number, int passes) {
    cairo_new_path(cr);  // text() leaves a current point; do not draw a line from it
    cairo_arc(cr, x, y, 9, 0, 2 * G_PI);
    set(cr, passes ? GREEN_FILL : RED_FILL);
    cairo_fill_preserve(cr);
    set(cr, passes ? GREEN : RED);
    cairo_set_line_width(cr, 1.6);
    cairo_stroke(cr);
    char buf[8];
    snprintf(buf, sizeof buf, "%d", number);
    text(cr, x, y - 7, 0, 1, "DejaVu Sans Bold 9.5", passes ? GREEN : RED, buf);
}

// A horizontal brace from x0 to x1 at y, opening downwards, with a label under its tip.
static void brace(cairo_t *cr, double x0, double x1, double y, RGB colour) {
    double mid = (x0 + x1) / 2, h = 8;
    set(cr, colour);
    cairo_set_line_width(cr, 1.4);
    cairo_move_to(cr, x0, y);
    cairo_curve_to(cr, x0, y + h, x0 + 4, y + h, x0 + 12, y + h);
    cairo_line_to(cr, mid - 10, y + h);
    cairo_curve_to(cr, mid - 3, y + h, mid, y + h, mid, y + 2 * h);
    cairo_curve_to(cr, mid, y + h, mid + 3, y + h, mid + 10, y + h);
    cairo_line_to(cr, x1 - 12, y + h);
    cairo_curve_to(cr, x1 - 4, y + h, x1, y + h, x1, y);
    cairo_stroke(cr);
}

// ---------------------------------------------------------------------------------------------
// 4. A turn of the display loop and its before-waiting phases (DisplayLoop.docc).

static void phase_box(cairo_t *cr, double x, double y, double w, double h, RGB stroke, RGB fill,
                      const char *name, const char *order, const char *what, const char *ios) {
    box(cr, x, y, w, h, stroke, fill);
    text(cr, x + 6, y + 10, w - 12, 1, "DejaVu Sans Bold 11.5", stroke, name);
    text(cr, x + 6, y + 28, w - 12, 1, "DejaVu Sans Mono Bold 10", INK, order);
    text(cr, x + 8, y + 48, w - 16, 1, "DejaVu Sans 9.5", INK, what);
    text(cr, x + 8, y + h - 30, w - 16, 1, "DejaVu Sans 8.5", MUTED, ios);
}

static int turn_phases(const char *dir) {
    cairo_t *cr;
    const double W = 1060, H = 450;
    cairo_surface_t *s = begin(W, H, &cr);
    text(cr, 0, 14, W, 1, "DejaVu Sans Bold 16", INK, "One turn of a DisplayLoop");

    const double y = 104, h = 150;

    // Jobs.
    const double jx = 34, jw = 186;
    box(cr, jx, y, jw, h, BLUE, BLUE_FILL);
    text(cr, jx + 8, y + 10, jw - 16, 1, "DejaVu Sans Bold 12.5", BLUE, "Jobs");
    text(cr, jx + 8, y + 28, jw - 16, 1, "DejaVu Sans 9.5", MUTED, "every queued job, one at a time");
    for (int i = 0; i < 4; i++) {
        double cx = i < 3 ? jx + 14 + i * 54 : jx + 14, cy = i < 3 ? y + 52 : y + 78;
        double cw = i < 3 ? 48 : 120;
        rounded(cr, cx, cy, cw, 18, 5);
        set(cr, i == 3 ? PURPLE_FILL : (RGB){1, 1, 1});
        cairo_fill_preserve(cr);
        set(cr, i == 3 ? PURPLE : BLUE);
        cairo_set_line_width(cr, 1.1);
        cairo_stroke(cr);
        text(cr, cx, cy + 2, cw, 1, "DejaVu Sans 9", i == 3 ? PURPLE : BLUE, i == 3 ? "job enqueued by a job" : "job");
    }
    // The loop back: until the queue is empty.
    set(cr, BLUE);
    cairo_set_line_width(cr, 1.4);
    cairo_move_to(cr, jx + 136, y + 87);
    cairo_curve_to(cr, jx + 176, y + 87, jx + 178, y + 96, jx + 176, y + 74);
    cairo_stroke(cr);
    arrow(cr, jx + 176, y + 80, jx + 176, y + 72, BLUE, 1.4);
    text(cr, jx + 8, y + 106, jw - 16, 1, "DejaVu Sans 9", BLUE, "and the jobs they enqueue,\nuntil the queue is empty");

    // The before-waiting phases.
    const double px = 252, pw = 124, gap = 10;
    const double bw = 4 * pw + 3 * gap;
    line(cr, px, y - 20, px + bw, y - 20, MUTED, 1.2, 0);
    line(cr, px, y - 26, px, y - 14, MUTED, 1.2, 0);
    line(cr, px + bw, y - 26, px + bw, y - 14, MUTED, 1.2, 0);
    text(cr, px, y - 44, bw, 1, "DejaVu Sans Bold 11", INK,
         "the before-waiting point: phases in order (BeforeWaitingPhase)");
    phase_box(cr, px, y, pw, h, ORANGE, ORANGE_FILL, "layout", "1 000 000",
              "layout of what needs it", "before Core Animation's commit");
    phase_box(cr, px + (pw + gap), y, pw, h, CARD, CARD_FILL, "display", "2 000 000",
              "layers start their draws; old contents leave the loop", "Core Animation commit, 2 000 000");
    phase_box(cr, px + 2 * (pw + gap), y, pw, h, GREEN, GREEN_FILL, "transactions", "0xFFFFFF",
              "each Transaction once, in commit order", "YYTransaction, 0xFFFFFF");
    phase_box(cr, px + 3 * (pw + gap), y, pw, h, PURPLE, PURPLE_FILL, "completions", "0x7FFFFFFF",
              "async-transaction completions", "Texture, INT_MAX");
    for (int i = 0; i < 3; i++) {
        double ax = px + (i + 1) * (pw + gap);
        arrow(cr, ax - gap - 1, y + h / 2, ax + 1, y + h / 2, INK, 1.4);
    }
    arrow(cr, jx + jw + 3, y + h / 2, px - 3, y + h / 2, INK, 2);

    // The sequences, then the wait.
    const double sx = px + bw + 22, sw = 104;
    box(cr, sx, y, sw, h, MUTED, GREY_FILL);
    text(cr, sx + 6, y + 10, sw - 12, 1, "DejaVu Sans Bold 11", INK, "sequences");
    text(cr, sx + 6, y + 30, sw - 12, 1, "DejaVu Sans Mono 8.5", INK, "beforeWaiting-\nPoints()");
    text(cr, sx + 6, y + 70, sw - 12, 1, "DejaVu Sans 9", MUTED,
         "get the turn record, only if a flush was requested");
    arrow(cr, px + bw + 3, y + h / 2, sx - 3, y + h / 2, INK, 2);

    const double wx = sx + sw + 22, ww = W - 20 - wx;
    box(cr, wx, y, ww, h, INK, (RGB){0.90, 0.91, 0.93});
    text(cr, wx + 6, y + 10, ww - 12, 1, "DejaVu Sans Bold 12.5", INK, "wait");
    text(cr, wx + 6, y + 34, ww - 12, 1, "DejaVu Sans 9.5", INK, "blocked on a semaphore:\n<b>no CPU</b>");
    text(cr, wx + 6, y + 80, ww - 12, 1, "DejaVu Sans 9", MUTED,
         "thread driver; runTurn() of the manual driver just returns");
    arrow(cr, sx + sw + 3, y + h / 2, wx - 3, y + h / 2, INK, 2);

    // Work enqueued during the phases goes to the next turn.
    double nx = px + bw / 2;
    line(cr, nx, y + h + 2, nx, y + h + 26, RED, 1.4, 1);
    arrow(cr, nx, y + h + 20, nx, y + h + 30, RED, 1.4);
    text(cr, px - 40, y + h + 34, bw + 80, 1, "DejaVu Sans 10", RED,
         "jobs enqueued and transactions committed during the phases → the <b>next</b> turn, which starts at once");

    // One turn.
    brace(cr, jx, sx + sw, y + h + 62, INK);
    text(cr, jx, y + h + 82, sx + sw - jx, 1, "DejaVu Sans 10.5", INK,
         "<b>one turn</b> → a <tt>TurnRecord</tt>: number, jobs run, phases run, start, duration, idle time before");

    // The wake-up path.
    const double ry = H - 46;
    set(cr, MUTED);
    cairo_set_line_width(cr, 1.6);
    cairo_move_to(cr, wx + ww / 2, y + h + 2);
    cairo_line_to(cr, wx + ww / 2, ry);
    cairo_line_to(cr, 16, ry);
    cairo_line_to(cr, 16, y + h / 2);
    cairo_stroke(cr);
    arrow(cr, 16, y + h / 2, jx - 3, y + h / 2, MUTED, 1.6);
    text(cr, 30, ry + 6, W - 60, 1, "DejaVu Sans 10", MUTED,
         "woken by a job enqueued from any thread, or by setNeedsBeforeWaiting() (a setNeedsDisplay(), a transaction commit)");
    return end(s, cr, dir, "turn-phases");
}

// ---------------------------------------------------------------------------------------------
// 5. Transactions: commits coalesce per (target, action); the phase runs each once, in order.

static void commit_chip(cairo_t *cr, double x, double y, const char *name, int fresh) {
    const double w = 112, h = 56;
    rounded(cr, x, y, w, h, 7);
    set(cr, fresh ? GREEN_FILL : GREY_FILL);
    cairo_fill_preserve(cr);
    set(cr, fresh ? GREEN : MUTED);
    cairo_set_line_width(cr, 1.3);
    if (!fresh) {
        double d[] = {4, 3};
        cairo_set_dash(cr, d, 2, 0);
    }
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
    text(cr, x, y + 5, w, 1, "DejaVu Sans Mono 9", fresh ? INK : MUTED, name);
    text(cr, x, y + 36, w, 1, "DejaVu Sans Mono 8.5", fresh ? GREEN : MUTED,
         fresh ? "commit() → true" : "commit() → false");
}

static int transaction_coalescing(const char *dir) {
    cairo_t *cr;
    const double W = 960, H = 360;
    cairo_surface_t *s = begin(W, H, &cr);
    text(cr, 0, 14, W, 1, "DejaVu Sans Bold 16", INK, "Transactions: once per (target, action) per turn, in commit order");

    // Turn N's jobs: five commits on a time line.
    const double ty = 110;
    text(cr, 20, 58, 560, 0, "DejaVu Sans Bold 12", BLUE, "turn N — jobs (commits, in time order)");
    line(cr, 20, ty + 28, 640, ty + 28, BLUE, 1.5, 0);
    const char *names[] = {"label\n.layoutText", "badge\n.refresh", "label\n.layoutText", "label\n.layoutText", "badge\n.refresh"};
    const int fresh[] = {1, 1, 0, 0, 0};
    for (int i = 0; i < 5; i++) {
        double x = 24 + i * 122;
        commit_chip(cr, x, ty, names[i], fresh[i]);
    }
    text(cr, 20, ty + 68, 620, 0, "DejaVu Sans 9.5", MUTED,
         "A repeated (target, action) changes nothing: the first commit keeps its place and its closure.\n"
         "Write the closure to read the target's state when it runs ($0.layoutText()), so it sees the final state.");

    // The transactions phase of turn N.
    const double fx = 680, fw = 260, fy = 70, fh = 128;
    box(cr, fx, fy, fw, fh, GREEN, GREEN_FILL);
    text(cr, fx + 10, fy + 10, fw - 20, 1, "DejaVu Sans Bold 12", GREEN, "turn N — transactions phase");
    text(cr, fx + 10, fy + 28, fw - 20, 1, "DejaVu Sans 9", MUTED, "before the loop waits");
    text(cr, fx + 20, fy + 50, fw - 40, 0, "DejaVu Sans Mono 10", INK,
         "1. label.layoutText()\n2. badge.refresh()");
    text(cr, fx + 10, fy + 92, fw - 20, 1, "DejaVu Sans 9", MUTED,
         "each once, in the order of first commits; a target that is gone is skipped");
    arrow(cr, 640, ty + 28, fx - 4, ty + 28, INK, 2);

    // A commit made during the flush: the next turn.
    const double nx = fx, ny = 260, nh = 76;
    box(cr, nx, ny, fw, nh, GREEN, (RGB){0.97, 0.99, 0.98});
    text(cr, nx + 10, ny + 10, fw - 20, 1, "DejaVu Sans Bold 12", GREEN, "turn N+1 — transactions phase");
    text(cr, nx + 20, ny + 34, fw - 40, 0, "DejaVu Sans Mono 10", INK, "1. label.layoutText()");
    line(cr, fx + fw / 2, fy + fh + 2, fx + fw / 2, ny - 10, RED, 1.4, 1);
    arrow(cr, fx + fw / 2, ny - 14, fx + fw / 2, ny - 3, RED, 1.4);
    text(cr, 330, fy + fh + 22, fx + fw / 2 - 340, 2, "DejaVu Sans 10", RED,
         "badge.refresh() commits label.layoutText again\nwhile the flush runs → the next turn");

    text(cr, 20, H - 60, 640, 0, "DejaVu Sans 10", INK,
         "The targets are held <b>weakly</b> until the flush: committing never keeps an object alive.\n"
         "YYTransaction kept its transactions in an NSSet, so their order was undefined; here it is the commit order.");
    return end(s, cr, dir, "transaction-coalescing");
}

// ---------------------------------------------------------------------------------------------
// 6. A draw being cancelled (AsyncLayerKit.docc): request A draws, request B supersedes it.

static void bar(cairo_t *cr, double x0, double x1, double y, RGB stroke, RGB fill, const char *label) {
    rounded(cr, x0, y - 11, x1 - x0, 22, 6);
    set(cr, fill);
    cairo_fill_preserve(cr);
    set(cr, stroke);
    cairo_set_line_width(cr, 1.3);
    cairo_stroke(cr);
    text(cr, x0, y - 7, x1 - x0, 1, "DejaVu Sans 9.5", stroke, label);
}

static void dot(cairo_t *cr, double x, double y, RGB colour) {
    cairo_new_path(cr);
    cairo_arc(cr, x, y, 5, 0, 2 * G_PI);
    set(cr, colour);
    cairo_fill(cr);
}

static int draw_cancelled(const char *dir) {
    cairo_t *cr;
    const double W = 1000, H = 560;
    cairo_surface_t *s = begin(W, H, &cr);
    text(cr, 0, 14, W, 1, "DejaVu Sans Bold 16", INK, "A superseded draw: request A is cancelled by request B");

    const double x0 = 190, x1 = 975;
    const double loopY = 142, contentsY = 170, aY = 300, bY = 390, axisY = 440;

    // Lanes.
    text(cr, 20, loopY - 9, 160, 0, "DejaVu Sans Bold 11", INK, "loop (DisplayActor)");
    text(cr, 20, contentsY - 7, 160, 0, "DejaVu Sans 9.5", MUTED, "layer.contents");
    text(cr, 20, aY - 16, 160, 0, "DejaVu Sans Bold 11", BLUE, "render thread\n<span font='DejaVu Sans 9.5' weight='normal'>draw task A</span>");
    text(cr, 20, bY - 16, 160, 0, "DejaVu Sans Bold 11", CARD, "render thread\n<span font='DejaVu Sans 9.5' weight='normal'>draw task B</span>");
    line(cr, x0, loopY, x1, loopY, INK, 2, 0);
    line(cr, x0, aY, x1, aY, GRID, 1, 1);
    line(cr, x0, bY, x1, bY, GRID, 1, 1);
    arrow(cr, x0, axisY, x1, axisY, MUTED, 1.3);
    text(cr, x1, axisY + 4, 0, 2, "DejaVu Sans 9.5", MUTED, "time");

    // The contents strip: the old contents stay until B's are set.
    const double tB = 800;
    bar(cr, x0, tB - 2, contentsY, MUTED, GREY_FILL, "old contents (kept: no flicker)");
    bar(cr, tB + 2, x1, contentsY, CARD, CARD_FILL, "B's bitmap");

    // Request A: turn 1's display phase starts draw A.
    const double tA = 230;
    dot(cr, tA, loopY, BLUE);
    text(cr, tA - 60, 52, 170, 1, "DejaVu Sans 9.5", INK,
         "<b>turn 1</b>, display phase:\nrequest A → willDisplay,\ndraw task A starts");
    line(cr, tA, loopY + 6, tA + 22, aY - 14, BLUE, 1.2, 1);
    check(cr, tA + 30, aY, 1, 1);
    bar(cr, tA + 44, 600, aY, BLUE, BLUE_FILL, "drawing A");

    // Request B: turn 2's display phase cancels A and starts B.
    const double tC = 420;
    dot(cr, tC, loopY, CARD);
    text(cr, tC - 95, 52, 230, 1, "DejaVu Sans 9.5", INK,
         "<b>turn 2</b>, display phase: request B\n→ A's task is cancelled, willDisplay,\ndraw task B starts");
    line(cr, tC, loopY + 6, tC, aY - 12, RED, 1.3, 1);
    text(cr, tC - 6, aY - 44, 0, 2, "DejaVu Sans Bold 9.5", RED, "A's task cancelled:\nTask.isCancelled is true");
    line(cr, tC, loopY + 6, tC + 22, bY - 14, CARD, 1.2, 1);
    check(cr, tC + 30, bY, 1, 1);
    bar(cr, tC + 44, 700, bY, CARD, CARD_FILL, "drawing B");
    check(cr, 714, bY, 2, 1);
    bar(cr, 728, 758, bY, CARD, (RGB){1, 1, 1}, "");
    text(cr, 728, bY + 14, 30, 1, "DejaVu Sans 8", MUTED, "bitmap");
    check(cr, 772, bY, 3, 1);
    line(cr, 782, bY - 8, tB - 6, loopY + 8, CARD, 1.3, 0);
    arrow(cr, tB - 12, loopY + 20, tB - 2, loopY + 6, CARD, 1.3);

    // A's check after drawing fails: no bitmap, and on the loop it reports didDisplay(false).
    check(cr, 614, aY, 2, 0);
    text(cr, 600, aY + 14, 160, 0, "DejaVu Sans 9", RED, "checkCancellation()\nthrows: no bitmap is made,\n③ never runs");
    line(cr, 622, aY - 8, 650, loopY + 6, RED, 1.3, 0);
    check(cr, 650, loopY, 4, 0);
    text(cr, 600, 52, 170, 1, "DejaVu Sans 9.5", RED,
         "<b>on the loop</b>: A was superseded\n→ <b>didDisplay(A, false)</b>;\ncontents untouched");

    // B is set.
    check(cr, tB, loopY, 4, 1);
    text(cr, tB - 20, 52, 190, 1, "DejaVu Sans 9.5", GREEN,
         "<b>on the loop</b>: still current\n→ contents = B's bitmap,\n<b>didDisplay(B, true)</b>");
    text(cr, tB + 8, contentsY + 16, 170, 0, "DejaVu Sans 8.5", MUTED, "old contents → ReleaseQueue,\nfreed off the loop");

    // Legend.
    const double ly = 462;
    text(cr, 20, ly, 960, 0, "DejaVu Sans 10", INK,
         "The four checks: <b>①</b> before the drawing starts · <b>②</b> after drawing · <b>③</b> after the bitmap is made "
         "(all three on the render thread, <tt>Task.checkCancellation()</tt>) · <b>④</b> on the loop, right before the "
         "contents are set (the request is still the latest, and its task is not cancelled).");
    text(cr, 20, ly + 42, 960, 0, "DejaVu Sans 10", MUTED,
         "Every request gets exactly one didDisplay. Had B arrived before A's ①, A's drawing would never have started, and A "
         "would still get didDisplay(false) — YYAsyncLayer skipped that call; this layer does not.");
    return end(s, cr, dir, "draw-cancelled");
}

// ---------------------------------------------------------------------------------------------
// 7. Frame accounting of the display link (DisplayLoop.docc): a late turn drops frames.

static int frame_accounting(const char *dir) {
    cairo_t *cr;
    const double W = 1010, H = 330;
    cairo_surface_t *s = begin(W, H, &cr);
    text(cr, 0, 14, W, 1, "DejaVu Sans Bold 16", INK, "DisplayLink at 60 Hz: a busy loop drops the frames it starts late");

    const double x0 = 110, step = 150;  // frame k is due at x0 + (k + 1) * step
    const double loopY = 100, framesY = 190, axisY = 236;
#define FX(k) (x0 + ((k) + 1) * step)

    text(cr, 20, loopY - 9, 90, 0, "DejaVu Sans Bold 11", INK, "loop turns");
    text(cr, 20, framesY - 9, 90, 0, "DejaVu Sans Bold 11", INK, "frames");
    line(cr, x0, loopY, W - 20, loopY, GRID, 1, 1);

    // Time axis with the due times.
    arrow(cr, x0, axisY, W - 20, axisY, MUTED, 1.3);
    line(cr, x0, axisY - 5, x0, axisY + 5, MUTED, 1.3, 0);
    text(cr, x0, axisY + 8, 0, 1, "DejaVu Sans 9", MUTED, "start()");
    for (int k = 0; k < 5; k++) {
        line(cr, FX(k), axisY - 5, FX(k), axisY + 5, MUTED, 1.3, 0);
        char buf[64];
        snprintf(buf, sizeof buf, "%d × 16.7 ms", k + 1);
        text(cr, FX(k), axisY + 8, 0, 1, "DejaVu Sans 9", MUTED, buf);
    }

    // Frames: each lasts from its due time to its deadline (the next frame's due time).
    const char *labels[] = {"frame 0: delivered", "frame 1: dropped", "frame 2: dropped",
                            "frame 3: delivered\nskippedBefore = 2", "frame 4"};
    for (int k = 0; k < 5; k++) {
        RGB stroke = k == 1 || k == 2 ? RED : k == 4 ? MUTED : GREEN;
        RGB fill = k == 1 || k == 2 ? RED_FILL : k == 4 ? GREY_FILL : GREEN_FILL;
        double right = k == 4 ? W - 24 : FX(k + 1) - 3;
        rounded(cr, FX(k) + 3, framesY - 18, right - FX(k) - 3, 36, 6);
        set(cr, fill);
        cairo_fill_preserve(cr);
        set(cr, stroke);
        cairo_set_line_width(cr, 1.3);
        cairo_stroke(cr);
        text(cr, FX(k) + 3, framesY - (k == 3 ? 15 : 8), right - FX(k) - 3, 1, "DejaVu Sans 9.5", stroke, labels[k]);
    }

    // Turns: frame 0 on time; a long turn; the turn that delivers frame 3.
    const double busyEnd = x0 + 4.5 * step;
    bar(cr, FX(0) + 2, FX(0) + 28, loopY, GREEN, GREEN_FILL, "");
    bar(cr, FX(0) + 34, busyEnd - 8, loopY, MUTED, GREY_FILL, "a long turn: the loop is busy for 3.5 frame intervals");
    bar(cr, busyEnd - 2, busyEnd + 24, loopY, GREEN, GREEN_FILL, "");
    line(cr, FX(0) + 15, loopY + 12, FX(0) + 15, framesY - 20, GREEN, 1.2, 1);
    line(cr, busyEnd + 11, loopY + 12, busyEnd + 11, framesY - 20, GREEN, 1.2, 1);
    text(cr, busyEnd + 24, loopY - 50, 0, 2, "DejaVu Sans 9.5", GREEN,
         "the next turn starts after the deadlines of frames 1 and 2: it delivers frame 3");
    line(cr, FX(2), loopY + 14, FX(2), framesY - 20, RED, 1, 1);
    line(cr, FX(3), loopY + 14, FX(3), framesY - 20, RED, 1, 1);
    text(cr, FX(2) + 4, loopY + 18, 0, 0, "DejaVu Sans 8.5", RED, "frame 1's deadline");
    text(cr, FX(3) + 4, loopY + 18, 0, 0, "DejaVu Sans 8.5", RED, "frame 2's deadline");
#undef FX

    text(cr, 20, H - 58, W - 40, 0, "DejaVu Sans 10", INK,
         "A frame is <b>dropped</b> when the turn that would deliver it starts after its deadline. The link does not "
         "replay stale frames: it delivers the latest frame due (frame 3, with skippedBefore = 2) and counts "
         "deliveredFrames = 2, droppedFrames = 2 — the case Tests/DisplayLoopTests/DisplayLinkTests.swift checks on a ManualClock.");
    return end(s, cr, dir, "frame-accounting");
}


// Diagonal hatching over a rectangle (the part a range grew by with velocity).
static void hatch(cairo_t *cr, double x, double y, double w, double h, RGB colour) {
    cairo_save(cr);
    cairo_new_path(cr);
    cairo_rectangle(cr, x, y, w, h);
    cairo_clip(cr);
    set(cr, colour);
    cairo_set_line_width(cr, 1);
    for (double d = -h; d < w; d += 7) {
        cairo_move_to(cr, x + d, y + h);
        cairo_line_to(cr, x + d + h, y);
    }
    cairo_stroke(cr);
    cairo_restore(cr);
}

// ---------------------------------------------------------------------------------------------
// 11. Ranges around the viewport (AsyncLayerKit's "Ranges and preloading" article): the display
// and preload extents of Texture's Minimum and Full modes scrolling down, and the leading part a
// fast scroll adds (RangeConfiguration.velocityLookahead, 4,000 pt/s × 0.25 s on an 800 pt
// viewport = 1.25 screenfuls). Rows are half a screenful; a row is in a range when it overlaps it.

typedef struct {
    const char *title, *subtitle;
    double display_trailing, display_leading, display_grown;  // screenfuls; grown = with velocity
    double preload_trailing, preload_leading, preload_grown;
} RangeColumn;

// A vertical extent bar from y0 to y1 with the grown part (y1 to y2) hatched.
static void extent_bar(cairo_t *cr, double x, double y0, double y1, double y2, RGB stroke, RGB fill) {
    cairo_new_path(cr);
    rounded(cr, x, y0, 12, y1 - y0, 5);
    set(cr, fill);
    cairo_fill_preserve(cr);
    set(cr, stroke);
    cairo_set_line_width(cr, 1.4);
    cairo_stroke(cr);
    if (y2 > y1 + 0.5) {
        cairo_new_path(cr);
        cairo_rectangle(cr, x, y1, 12, y2 - y1);
        set(cr, ORANGE_FILL);
        cairo_fill(cr);
        hatch(cr, x, y1, 12, y2 - y1, ORANGE);
        cairo_new_path(cr);
        cairo_rectangle(cr, x, y1, 12, y2 - y1);
        set(cr, ORANGE);
        double d[] = {3, 2};
        cairo_set_dash(cr, d, 2, 0);
        cairo_set_line_width(cr, 1.2);
        cairo_stroke(cr);
        cairo_set_dash(cr, NULL, 0, 0);
    }
}

static int ranges_viewport(const char *dir) {
    cairo_t *cr;
    const double W = 960, H = 540;
    const double S = 52;                 // diagram units per screenful
    const double top = 1.5, bottom = 3.75 + 1;  // screenfuls shown above and below the viewport top
    const double y0 = 120;               // the top of the drawn list
    const double vp = y0 + top * S;      // the viewport's top
    const RangeColumn columns[] = {
        {"Minimum", "the first screen, before any scroll", 0.25, 0.25, 0.25, 0.25, 0.5, 0.5},
        {"Full", "after the first scroll (at rest or slow)", 0.5, 1.0, 1.0, 1.5, 2.5, 2.5},
        {"Full at 4,000 pt/s", "leading side grown by 1.25 screenfuls", 0.5, 1.0, 2.25, 1.5, 2.5, 3.75},
    };
    cairo_surface_t *s = begin(W, H, &cr);
    text(cr, 0, 14, W, 1, "DejaVu Sans Bold 16", INK, "Ranges around the viewport, scrolling down");
    text(cr, 0, 40, W, 1, "DejaVu Sans 10.5", MUTED,
         "Extents in screenfuls (multiples of the viewport's height): leading = ahead, in the scroll direction; "
         "trailing = behind. Each row is half a screenful.");

    // The scroll direction, on the left.
    arrow(cr, 30, vp - 20, 30, vp + 2 * S + 20, INK, 2.4);
    text(cr, 30, vp + 2 * S + 28, 0, 1, "DejaVu Sans Bold 10", INK, "scroll");
    text(cr, 30, vp + 2 * S + 42, 0, 1, "DejaVu Sans Bold 10", INK, "down");

    for (int c = 0; c < 3; c++) {
        const RangeColumn *col = &columns[c];
        const double cx = 80 + c * 295, rows_w = 96;
        text(cr, cx, y0 - 46, 0, 0, "DejaVu Sans Bold 12.5", INK, col->title);
        text(cr, cx, y0 - 28, 0, 0, "DejaVu Sans 9.5", MUTED, col->subtitle);
        // Rows of half a screenful, coloured by the innermost range they overlap.
        for (double r = -top; r < bottom - 1e-9; r += 0.5) {
            double a = r, b = r + 0.5;
            int visible = a < 1 && b > 0;
            int display = a < 1 + col->display_grown && b > -col->display_trailing;
            int preload = a < 1 + col->preload_grown && b > -col->preload_trailing;
            RGB stroke = GRID, fill = {1, 1, 1};
            const char *label = "";
            if (visible) { stroke = CARD; fill = CARD_FILL; label = "visible"; }
            else if (display) { stroke = BLUE; fill = BLUE_FILL; label = "display"; }
            else if (preload) { stroke = GREEN; fill = GREEN_FILL; label = "preload"; }
            double y = vp + r * S;
            cairo_new_path(cr);
            rounded(cr, cx, y + 1.5, rows_w, 0.5 * S - 3, 4);
            set(cr, fill);
            cairo_fill_preserve(cr);
            set(cr, stroke);
            cairo_set_line_width(cr, 1.2);
            cairo_stroke(cr);
            text(cr, cx, y + 0.25 * S - 7, rows_w, 1, "DejaVu Sans 9", stroke, label);
        }
        // The viewport's frame.
        cairo_new_path(cr);
        cairo_rectangle(cr, cx - 5, vp, rows_w + 10, S);
        set(cr, INK);
        cairo_set_line_width(cr, 2.2);
        cairo_stroke(cr);
        text(cr, cx - 9, vp + S / 2 - 7, 0, 2, "DejaVu Sans Bold 9", INK, c == 0 ? "viewport" : "");

        // The display and preload bars.
        const double bx = cx + rows_w + 14, px = bx + 20;
        extent_bar(cr, bx, vp - col->display_trailing * S, vp + (1 + col->display_leading) * S,
                   vp + (1 + col->display_grown) * S, BLUE, BLUE_FILL);
        extent_bar(cr, px, vp - col->preload_trailing * S, vp + (1 + col->preload_leading) * S,
                   vp + (1 + col->preload_grown) * S, GREEN, GREEN_FILL);
        text(cr, bx + 6, y0 - 10, 0, 1, "DejaVu Sans Bold 8.5", BLUE, "D");
        text(cr, px + 6, y0 - 10, 0, 1, "DejaVu Sans Bold 8.5", GREEN, "P");

        // Labels to the right of the bars.
        const double lx = px + 22;
        char buf[160];
        snprintf(buf, sizeof buf, "<span foreground='#2973d9'>display %.2g</span> · "
                                  "<span foreground='#218c59'>preload %.2g</span>\nbehind",
                 col->display_trailing, col->preload_trailing);
        text(cr, lx, vp - 34, 0, 0, "DejaVu Sans 9", INK, buf);
        snprintf(buf, sizeof buf, "<span foreground='#2973d9'>display %.2g</span> ahead",
                 col->display_leading);
        text(cr, lx, vp + (1 + col->display_leading) * S - 16, 0, 0, "DejaVu Sans 9", INK, buf);
        snprintf(buf, sizeof buf, "<span foreground='#218c59'>preload %.2g</span> ahead", col->preload_leading);
        text(cr, lx, vp + (1 + col->preload_leading) * S - 16, 0, 0, "DejaVu Sans 9", INK, buf);
        if (col->display_grown > col->display_leading) {
            snprintf(buf, sizeof buf, "<b>+1.25</b> with velocity:\ndisplay %.3g, preload %.3g",
                     col->display_grown, col->preload_grown);
            text(cr, lx, vp + (1 + col->preload_grown) * S - 30, 0, 0, "DejaVu Sans 9", ORANGE, buf);
        }
    }

    // Legend and notes.
    const double ly = vp + bottom * S + 24;
    text(cr, 80, ly, W - 120, 0, "DejaVu Sans 10", INK,
         "<b>visible</b> ⊆ <b>display</b> (render) ⊆ <b>preload</b> (fetch, decode). The orange hatched part is the "
         "leading side grown by |velocity| × <tt>velocityLookahead</tt> (0.25 s), at most 2.5 screenfuls for display "
         "and 5 for preload; in Visible Only and Low Memory nothing grows. Scrolling up, the picture flips: "
         "leading is above. At the ends of the list a range is cut, not moved to the other side.");
    return end(s, cr, dir, "ranges-viewport");
}

// ---------------------------------------------------------------------------------------------
// 12. Serving images (AsyncLayerKit's "Serving images" article): the path of one request through
// Examples/card-server, and the server scaled out behind a CDN and nginx.

// A step of the request path: a box with a heading and one line of detail.
static void path_step(cairo_t *cr, double x, double y, double w, double h, RGB stroke, RGB fill,
                      const char *heading, const char *detail) {
    box(cr, x, y, w, h, stroke, fill);
    text(cr, x + 10, y + 8, w - 20, 1, "DejaVu Sans Bold 11.5", stroke, heading);
    text(cr, x + 10, y + 28, w - 20, 1, "DejaVu Sans 9.5", MUTED, detail);
}

// An error a step answers with, right of the main column: a short red arrow, the status, a note.
static void path_error(cairo_t *cr, double x0, double x1, double y, const char *status, const char *note) {
    arrow(cr, x0 + 3, y, x1 - 3, y, RED, 1.2);
    char buf[256];
    snprintf(buf, sizeof buf, "<b>%s</b>  <span foreground='#666e7d'>%s</span>", status, note);
    text(cr, x1 + 2, y - 7, 0, 0, "DejaVu Sans 9.5", RED, buf);
}

// An answer that ends the request early, left of the main column: a green box and an arrow to it.
static void path_exit(cairo_t *cr, double x, double w, double y, double h, double from_x,
                      const char *heading, const char *detail) {
    box(cr, x, y, w, h, GREEN, GREEN_FILL);
    text(cr, x + 8, y + 6, w - 16, 1, "DejaVu Sans Bold 10.5", GREEN, heading);
    text(cr, x + 8, y + 22, w - 16, 1, "DejaVu Sans 9", INK, detail);
    arrow(cr, from_x - 3, y + h / 2, x + w + 3, y + h / 2, GREEN, 1.6);
}

static int serving_request_path(const char *dir) {
    cairo_t *cr;
    const double W = 1000, H = 930;
    cairo_surface_t *s = begin(W, H, &cr);
    text(cr, 0, 14, W, 1, "DejaVu Sans Bold 16", INK, "One card request through card-server");
    text(cr, 0, 40, W, 1, "DejaVu Sans 10.5", MUTED,
         "Top to bottom: each step answers if it can, and nothing below it runs. "
         "Green: answered early. Red: the error a step answers with.");

    const double mx = 300, mw = 380, gap = 18;  // the main column
    const double lx = 24, lw = 246;             // early answers
    const double ex = mx + mw, ex1 = ex + 34;   // error arrows
    double y = 76;

    // The request.
    path_step(cr, mx, y, mw, 46, INK, GREY_FILL, "request",
              "POST /render (a JSON tree) · GET /cards/live/{i} · GET /cards/feed/{id}");
    y += 46 + gap;
    arrow(cr, mx + mw / 2, y - gap + 1, mx + mw / 2, y - 1, INK, 1.6);

    // The limits: one line each, with the error it answers.
    const char *checks[][3] = {
        {"template and id exist (GET /cards)", "404", "no such card"},
        {"Accept: WebP, PNG or JPEG acceptable", "406", "no acceptable format"},
        {"body ≤ --max-body-bytes (1 MiB)", "413", "body-bytes"},
        {"JSON decodes, has a size", "400", "with the JSON path"},
        {"nodes, depth, text bytes, image bytes", "422", "nodes · depth · text-bytes · image-bytes"},
        {"image names: files inside --assets", "400", "assets (.., absolute, link out) · 404 missing"},
        {"?scale= ≤ 4, ?quality= 1…100", "400", "scale · quality"},
        {"output pixels: size × scale", "422", "pixels"},
    };
    const int n = (int)(sizeof checks / sizeof checks[0]);
    const double row = 18, lh = 34 + n * row;
    box(cr, mx, y, mw, lh, ORANGE, ORANGE_FILL);
    text(cr, mx + 10, y + 8, mw - 20, 1, "DejaVu Sans Bold 11.5", ORANGE, "limits, checked before any work");
    for (int i = 0; i < n; i++) {
        double ry = y + 32 + i * row;
        text(cr, mx + 18, ry, mw - 30, 0, "DejaVu Sans 9.5", INK, checks[i][0]);
        path_error(cr, ex, ex1, ry + 7, checks[i][1], checks[i][2]);
    }
    y += lh + gap;
    arrow(cr, mx + mw / 2, y - gap + 1, mx + mw / 2, y - 1, INK, 1.6);

    // If-None-Match: 304 before any work.
    const double sh = 48;
    path_step(cr, mx, y, mw, sh, BLUE, BLUE_FILL, "If-None-Match equals the ETag?",
              "ETag: \"&lt;hash&gt;-&lt;w&gt;x&lt;h&gt;@&lt;scale&gt;[-q&lt;quality&gt;].&lt;ext&gt;\"");
    path_exit(cr, lx, lw, y + 2, sh - 4, mx, "304 Not Modified", "no body: nothing rendered or encoded");
    y += sh + gap;
    arrow(cr, mx + mw / 2, y - gap + 1, mx + mw / 2, y - 1, INK, 1.6);

    // Stored encoded bytes.
    path_step(cr, mx, y, mw, sh, GREEN, GREEN_FILL, "encoded before under this name?",
              "the stored encodings, by content-hash name (the last 1,024)");
    path_exit(cr, lx, lw, y + 2, sh - 4, mx, "200 from the stored bytes", "no render, no encode, no lane slot");
    y += sh + gap;
    arrow(cr, mx + mw / 2, y - gap + 1, mx + mw / 2, y - 1, INK, 1.6);

    // Shared work: identical requests join.
    path_step(cr, mx, y, mw, sh, PURPLE, PURPLE_FILL, "the same render + encode in flight?",
              "join it: one piece of work per name (InFlightWork)");
    text(cr, lx, y + 3, lw, 2, "DejaVu Sans 9.5", PURPLE, "identical requests B, C … join");
    arrow(cr, lx + lw - 70, y + 20, mx - 3, y + sh / 2, PURPLE, 1.4);
    text(cr, lx, y + 26, lw - 80, 2, "DejaVu Sans 8.5", MUTED, "cancelled only when the\nlast of them goes away");
    const double shared_y = y;
    y += sh + gap;
    arrow(cr, mx + mw / 2, y - gap + 1, mx + mw / 2, y - 1, INK, 1.6);

    // The render cache.
    path_step(cr, mx, y, mw, sh, CARD, CARD_FILL, "render cache: a bitmap for (hash, size, scale)?",
              "ElementRenderService; another format or quality reuses it");
    const double cache_y = y;
    y += sh + gap;
    arrow(cr, mx + mw / 2, y - gap + 1, mx + mw / 2, y - 1, INK, 1.6);
    (void)shared_y;

    // Lane admission.
    path_step(cr, mx, y, mw, sh, INK, GREY_FILL, "lane admission (RenderLanes, .fail)",
              "at most --admission-limit queued or running (8 per thread)");
    path_error(cr, ex, ex1, y + sh / 2, "503", "+ Retry-After · render-queue");
    y += sh + gap;
    arrow(cr, mx + mw / 2, y - gap + 1, mx + mw / 2, y - 1, INK, 1.6);

    // The render.
    path_step(cr, mx, y, mw, sh, BLUE, BLUE_FILL, "render on a lane thread",
              "layout, images (assets folder or bundled), draw");
    path_error(cr, ex, ex1, y + sh / 2 - 9, "503", "+ Retry-After · deadline (--deadline-ms)");
    path_error(cr, ex, ex1, y + sh / 2 + 9, "422", "image-pixels · <b>404</b> assets");
    y += sh + gap;
    arrow(cr, mx + mw / 2, y - gap + 1, mx + mw / 2, y - 1, INK, 1.6);

    // The encode; a cache hit joins here.
    path_step(cr, mx, y, mw, sh, GREEN, GREEN_FILL, "encode on a lane: WebP, PNG or JPEG",
              "as Accept chose; admitted like a render; stored under the name");
    const double encode_y = y;
    y += sh + gap;
    arrow(cr, mx + mw / 2, y - gap + 1, mx + mw / 2, y - 1, INK, 1.6);

    // The cache hit's way round admission and render.
    const double bx = mx - 26;
    set(cr, CARD);
    cairo_set_line_width(cr, 1.5);
    double dash[] = {5, 4};
    cairo_set_dash(cr, dash, 2, 0);
    cairo_new_path(cr);
    cairo_move_to(cr, mx - 3, cache_y + sh / 2);
    cairo_line_to(cr, bx, cache_y + sh / 2);
    cairo_line_to(cr, bx, encode_y + sh / 2);
    cairo_line_to(cr, mx - 12, encode_y + sh / 2);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
    arrow(cr, mx - 14, encode_y + sh / 2, mx - 3, encode_y + sh / 2, CARD, 1.5);
    text(cr, bx - 8, cache_y + sh / 2 + 8, 0, 2, "DejaVu Sans Bold 9.5", CARD, "hit");
    text(cr, bx - 8, cache_y + sh / 2 + 22, 0, 2, "DejaVu Sans 9", MUTED, "no admission, no render");

    // The response.
    const double rh = 62;
    box(cr, mx, y, mw, rh, GREEN, GREEN_FILL);
    text(cr, mx + 10, y + 8, mw - 20, 1, "DejaVu Sans Bold 11.5", GREEN, "200 OK, the image");
    text(cr, mx + 10, y + 26, mw - 20, 1, "DejaVu Sans Mono 9", INK,
         "ETag · Vary: Accept · Content-Type\nContent-Location: /images/&lt;name&gt;.&lt;ext&gt;");
    text(cr, ex + 14, y + 10, W - ex - 30, 0, "DejaVu Sans 9.5", MUTED,
         "Cache-Control: <tt>public, max-age=60</tt> for /cards, <tt>no-cache</tt> for POST /render; "
         "the Content-Location URL is immutable");
    y += rh;

    text(cr, 30, y + 24, W - 60, 1, "DejaVu Sans 10", INK,
         "Every error is a JSON body <tt>{\"error\", \"limit\", \"path\"}</tt>, made by one error middleware; "
         "every 503 carries <tt>Retry-After</tt>.");
    text(cr, 30, y + 42, W - 60, 1, "DejaVu Sans 10", MUTED,
         "<tt>GET /images/&lt;name&gt;.&lt;ext&gt;</tt> answers from the stored bytes only "
         "(<tt>max-age=31536000, immutable</tt>; 304 on its ETag), else 404.");
    return end(s, cr, dir, "serving-request-path");
}

// A replica of the server: its name and what it keeps to itself.
static void replica(cairo_t *cr, double x, double y, double w, double h, const char *name) {
    box(cr, x, y, w, h, CARD, CARD_FILL);
    text(cr, x + 10, y + 8, w - 20, 1, "DejaVu Sans Bold 12", CARD, name);
    const char *parts[][2] = {
        {"render lanes", "its own admission"},
        {"render cache", "its own budget"},
        {"stored images", "its own /images"},
    };
    const double cw = (w - 20 - 2 * 8) / 3;
    for (int i = 0; i < 3; i++) {
        double cx = x + 10 + i * (cw + 8), cy = y + 32;
        rounded(cr, cx, cy, cw, h - 42, 6);
        set(cr, (RGB){1, 1, 1});
        cairo_fill_preserve(cr);
        set(cr, CARD);
        cairo_set_line_width(cr, 1.1);
        cairo_stroke(cr);
        text(cr, cx + 4, cy + 6, cw - 8, 1, "DejaVu Sans Bold 9.5", INK, parts[i][0]);
        text(cr, cx + 4, cy + 22, cw - 8, 1, "DejaVu Sans 8.5", MUTED, parts[i][1]);
    }
}

static int serving_scale_out(const char *dir) {
    cairo_t *cr;
    const double W = 1000, H = 480;
    cairo_surface_t *s = begin(W, H, &cr);
    text(cr, 0, 14, W, 1, "DejaVu Sans Bold 16", INK, "Scaling out: caches in front, replicas that share nothing");
    text(cr, 0, 40, W, 1, "DejaVu Sans 10.5", MUTED,
         "Every cache is keyed by URL, so a content-hash URL is one entry everywhere; only misses travel right.");

    const double top = 84, hgt = 176, mid = top + hgt / 2;

    // Clients.
    const char *clients[] = {"browser", "app", "feed service"};
    for (int i = 0; i < 3; i++) {
        double cy = top + 14 + i * 54;
        box(cr, 20, cy, 118, 40, MUTED, GREY_FILL);
        text(cr, 20, cy + 12, 118, 1, "DejaVu Sans 10", INK, clients[i]);
        arrow(cr, 141, cy + 20, 187, mid + (i - 1) * 36, INK, 1.4);
    }
    text(cr, 20, top - 10, 118, 1, "DejaVu Sans Bold 11", INK, "clients");

    // The CDN.
    const double cx = 190, cw = 170;
    box(cr, cx, top, cw, hgt, ORANGE, ORANGE_FILL);
    text(cr, cx + 10, top + 10, cw - 20, 1, "DejaVu Sans Bold 12.5", ORANGE, "CDN");
    text(cr, cx + 10, top + 30, cw - 20, 1, "DejaVu Sans 9.5", MUTED, "edge caches, by URL");
    text(cr, cx + 12, top + 58, cw - 24, 0, "DejaVu Sans 9.5", INK,
         "• /images/…: kept for good\n• /cards/…: 60 s, then\n  revalidated (304)\n• one variant per Accept\n  (Vary: Accept)");

    // nginx.
    const double nx = 410, nw = 200;
    box(cr, nx, top, nw, hgt, BLUE, BLUE_FILL);
    text(cr, nx + 10, top + 10, nw - 20, 1, "DejaVu Sans Bold 12.5", BLUE, "nginx");
    text(cr, nx + 10, top + 30, nw - 20, 1, "DejaVu Sans 9.5", MUTED, "load balancer + proxy_cache");
    text(cr, nx + 12, top + 58, nw - 24, 0, "DejaVu Sans 9.5", INK,
         "• proxy_cache keyed by URL,\n  the same lifetimes\n"
         "• upstream: round robin,\n  or sticky by URL:\n  <tt>hash $request_uri consistent</tt>");
    arrow(cr, cx + cw + 3, mid, nx - 3, mid, INK, 2);
    text(cr, (cx + cw + nx) / 2, mid + 6, 0, 1, "DejaVu Sans 9", MUTED, "misses");

    // Two replicas.
    const double rx = 670, rw = W - 20 - rx, rh = 80;
    const double r1 = top, r2 = top + hgt - rh;
    replica(cr, rx, r1, rw, rh, "card-server replica 1");
    replica(cr, rx, r2, rw, rh, "card-server replica 2");
    arrow(cr, nx + nw + 3, mid - 12, rx - 3, r1 + rh / 2, INK, 2);
    arrow(cr, nx + nw + 3, mid + 12, rx - 3, r2 + rh / 2, INK, 2);
    text(cr, (nx + nw + rx) / 2, mid - 7, 0, 1, "DejaVu Sans 9", MUTED, "misses");

    // What each kind of URL gets.
    const double ty = top + hgt + 40, c0 = 20, c1 = 330, c2 = 620, tw = W - 40;
    text(cr, c0, ty, 0, 0, "DejaVu Sans Bold 10.5", INK, "URL");
    text(cr, c1, ty, 0, 0, "DejaVu Sans Bold 10.5", INK, "Cache-Control (from card-server)");
    text(cr, c2, ty, 0, 0, "DejaVu Sans Bold 10.5", INK, "in the CDN and nginx");
    line(cr, c0, ty + 20, c0 + tw, ty + 20, INK, 1.2, 0);
    const char *rows[][3] = {
        {"/images/&lt;hash&gt;-375x260@2-q80.webp", "public, max-age=31536000, immutable",
         "cached for good: the name is the content"},
        {"/cards/live/0, /cards/feed/&lt;id&gt;", "public, max-age=60 · Vary: Accept",
         "60 s, then If-None-Match → 304"},
        {"POST /render", "no-cache", "not cached; its Content-Location URL is"},
    };
    for (int i = 0; i < 3; i++) {
        double y = ty + 28 + i * 26;
        text(cr, c0, y, c1 - c0 - 10, 0, "DejaVu Sans Mono 9.5", INK, rows[i][0]);
        text(cr, c1, y, c2 - c1 - 10, 0, "DejaVu Sans Mono 9.5", INK, rows[i][1]);
        text(cr, c2, y, c0 + tw - c2, 0, "DejaVu Sans 9.5", i == 0 ? GREEN : INK, rows[i][2]);
        line(cr, c0, y + 20, c0 + tw, y + 20, GRID, 1, 0);
    }

    text(cr, 20, ty + 28 + 3 * 26 + 12, W - 40, 0, "DejaVu Sans 10", INK,
         "The replicas share nothing: each has its own lanes, caches and stored images, so a card rendered on one "
         "is rendered again on the other unless a cache in front answers first. Routing by a hash of the URL sends "
         "each URL to one replica: one render per card, and caches that hold different cards instead of the same ones. "
         "A content-hash URL's bytes are stored only by the replica that rendered it; another answers 404.");
    return end(s, cr, dir, "serving-scale-out");
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s DOCC_DIR   (the folder holding the .docc catalogs)\n", argv[0]);
        return 2;
    }
    char canvas[4096], loop[4096], layers[4096];
    snprintf(canvas, sizeof canvas, "%s/Canvas.docc/Resources", argv[1]);
    snprintf(loop, sizeof loop, "%s/DisplayLoop.docc/Resources", argv[1]);
    snprintf(layers, sizeof layers, "%s/AsyncLayerKit.docc/Resources", argv[1]);
    int failures = 0;
    failures += points_and_pixels(canvas);
    failures += ownership_flow(canvas);
    failures += text_measure_once(canvas);
    failures += turn_phases(loop);
    failures += transaction_coalescing(loop);
    failures += frame_accounting(loop);
    failures += draw_cancelled(layers);
    failures += ranges_viewport(layers);
    failures += serving_request_path(layers);
    failures += serving_scale_out(layers);
    return failures ? 1 : 0;
}
