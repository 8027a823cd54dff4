import AsyncLayerKit

/// The Canvas catalog's pictures: points and pixels, the pixel buffer's owners, text measured once.
enum CanvasDiagrams {
    static var all: [Diagram] {
        [
            Diagram(catalog: "Canvas", name: "points-and-pixels", size: Size(width: 860, height: 590), draw: pointsAndPixels),
            Diagram(catalog: "Canvas", name: "ownership-flow", size: Size(width: 900, height: 360), draw: ownershipFlow),
            Diagram(catalog: "Canvas", name: "text-measure-once", size: Size(width: 900, height: 260), draw: textMeasureOnce),
        ]
    }

    /// The picture's title, centred at the top.
    static func title(_ s: Sketch, _ title: String) {
        s.text(title, x: 0, y: 14, width: s.context.size.width, align: .center, font: .bold(16))
    }

    // MARK: Points and pixels: a 375×260 pt card at scale 2 is a 750×520 px bitmap.

    static func cardOutline(_ s: Sketch, _ x: Double, _ y: Double, _ w: Double, _ h: Double) {
        s.shape(s.rounded(x, y, w, h, radius: 8), stroke: Palette.card, fill: Palette.cardFill, width: 2)
    }

    static func axes(_ s: Sketch, _ x: Double, _ y: Double, _ lenX: Double, _ lenY: Double, unit: String) {
        s.arrow(x, y, x + lenX, y, color: Palette.ink, width: 1.6)
        s.arrow(x, y, x, y + lenY, color: Palette.ink, width: 1.6)
        s.text("<i>x</i> (\(unit))", x: x + lenX + 4, y: y - 9, font: .sans(11))
        s.text("<i>y</i> (\(unit))", x: x - 4, y: y + lenY + 2, align: .center, font: .sans(11))
        s.dot(x, y, radius: 3.5, color: Palette.ink)
        s.text("(0, 0)", x: x - 6, y: y - 20, align: .right, font: .sans(11))
    }

    static func pointsAndPixels(_ s: Sketch) {
        title(s, "Points and pixels: one card at scale 2")
        // Left: the card in points, drawn at 0.5 units of this picture per point.
        let k = 0.5, lx = 60.0, ly = 100.0
        s.text("What you draw in: points", x: lx, y: 52, font: .bold(13))
        cardOutline(s, lx, ly, 375 * k, 260 * k)
        axes(s, lx, ly, 375 * k + 24, 260 * k + 26, unit: "pt")
        s.text("375 × 260 pt", x: lx + 375 * k / 2, y: ly + 260 * k / 2 - 16, align: .center, font: .monoBold(13), color: Palette.card)
        s.text("Rect, Point, Size", x: lx + 375 * k / 2, y: ly + 260 * k / 2 + 4, align: .center, font: .sans(10), color: Palette.muted)
        let px = lx + 100 * k, py = ly + 60 * k
        s.dot(px, py, radius: 4, color: Palette.blue)
        s.text("(100, 60) pt", x: px + 7, y: py - 8, font: .mono(10), color: Palette.blue)

        // Right: the bitmap in pixels, at the same 0.5 units per pixel: twice as large.
        let rx = 390.0, ry = 100.0, rw = 750 * k, rh = 520 * k
        s.text("What the Bitmap holds: pixels (scale 2)", x: rx, y: 52, font: .bold(13))
        cardOutline(s, rx, ry, rw, rh)
        axes(s, rx, ry, rw + 24, rh + 26, unit: "px")
        s.text("750 × 520 px", x: rx + rw / 2, y: ry + rh / 2 - 16, align: .center, font: .monoBold(13), color: Palette.card)
        s.text("width = 375 × 2, height = 260 × 2", x: rx + rw / 2, y: ry + rh / 2 + 4, align: .center, font: .sans(10), color: Palette.muted)
        let qx = rx + 200 * k, qy = ry + 120 * k
        s.dot(qx, qy, radius: 4, color: Palette.blue)
        s.text("(200, 120) px", x: qx + 7, y: qy - 8, font: .mono(10), color: Palette.blue)

        // The mapping between the panels.
        let ay = ly + 260 * k / 2 + 30
        s.arrow(lx + 375 * k + 40, ay, rx - 14, ay, color: Palette.muted, width: 2)
        s.text("× scale", x: (lx + 375 * k + 40 + rx - 14) / 2, y: ay + 6, align: .center, font: .sans(10), color: Palette.muted)

        // Zoomed in: one point is a 2×2 block of pixels.
        let zx = 80.0, zy = 470.0, cell = 22.0
        s.text("Zoomed in: 1 pt = 2 × 2 px at scale 2", x: zx, y: zy - 26, font: .bold(12))
        for i in 0...6 { s.line(zx + Double(i) * cell, zy, zx + Double(i) * cell, zy + 4 * cell, color: Palette.grid, width: 1) }
        for j in 0...4 { s.line(zx, zy + Double(j) * cell, zx + 6 * cell, zy + Double(j) * cell, color: Palette.grid, width: 1) }
        s.shape(.rect(Rect(x: zx + 2 * cell, y: zy + 2 * cell, width: 2 * cell, height: 2 * cell)),
                stroke: Palette.card, fill: Palette.cardFill, width: 2.5)
        for i in 0...3 { s.line(zx + 2 * Double(i) * cell, zy, zx + 2 * Double(i) * cell, zy + 4 * cell, color: Palette.ink, width: 2.5) }
        for j in 0...2 { s.line(zx, zy + 2 * Double(j) * cell, zx + 6 * cell, zy + 2 * Double(j) * cell, color: Palette.ink, width: 2.5) }
        let gx = zx + 6 * cell + 30
        s.text("""
            <b>Thick lines</b>: the point grid you draw in.
            <b>Thin lines</b>: the pixel grid of the bitmap.
            The pink square is the point square (1, 1)–(2, 2): the pixels (2, 2)–(4, 4).
            """, x: gx, y: zy - 2, width: 520, font: .sans(11))
        s.text("""
            Pixel sizes are whole numbers: a size in points times the scale, rounded up.
            Origin at the top left, y grows downwards, in points and in pixels.
            """, x: gx, y: zy + 58, width: 420, font: .sans(10), color: Palette.muted)
    }

    // MARK: Ownership: draw in a scoped context, hand the buffer to a Bitmap without a copy, encode.

    static func ownershipFlow(_ s: Sketch) {
        title(s, "One pixel buffer, one owner at a time, freed once")
        let y = 70.0, h = 150.0, w = 222.0
        let x1 = 30.0, x2 = 339.0, x3 = 648.0
        s.panel(Panel(stroke: Palette.blue, fill: Palette.blueFill, title: "Drawing context", subtitle: "GraphicsContext (scoped)", body: """
            • owns a Cairo image surface over a new pixel buffer
            • used by one task, inside one scope
            • paths, fills, images, shadows, text from a measured <tt>TextLayout</tt>
            """), x1, y, w, h)
        s.panel(Panel(stroke: Palette.card, fill: Palette.cardFill, title: "Bitmap", subtitle: "immutable, Sendable value", body: """
            • width, height, bytesPerRow, scale
            • premultiplied 32-bit pixels
            • copies share the buffer; nothing writes to it again
            • pass it to any task or thread
            """), x2, y, w, h)
        s.panel(Panel(stroke: Palette.green, fill: Palette.greenFill, title: "Encoded bytes", subtitle: "PNG · WebP · JPEG", body: """
            • the encoder only reads the Bitmap's pixels
            • its own buffers (libdeflate, libwebp, libturbojpeg) are freed before it returns
            """), x3, y, w, h)

        s.arrow(x1 + w + 6, y + h / 2, x2 - 6, y + h / 2, color: Palette.ink, width: 2.2)
        s.text("end of scope", x: (x1 + w + x2) / 2, y: y + h / 2 - 40, align: .center, font: .bold(10))
        s.text("buffer handed\nover, no copy", x: (x1 + w + x2) / 2 - 40, y: y + h / 2 + 6, width: 80, align: .center, font: .sans(10), color: Palette.muted)
        s.arrow(x2 + w + 6, y + h / 2, x3 - 6, y + h / 2, color: Palette.ink, width: 2.2)
        s.text("encode", x: (x2 + w + x3) / 2, y: y + h / 2 - 40, align: .center, font: .bold(10))
        s.text("reads only", x: (x2 + w + x3) / 2, y: y + h / 2 + 6, align: .center, font: .sans(10), color: Palette.muted)

        // The buffer's life line.
        let ly = y + h + 50, lw = x2 + w - x1
        s.box(x1, ly - 14, lw, 28, stroke: Palette.orange, fill: Palette.orangeFill, radius: 14)
        s.text("the same pixel buffer: allocated once, filled by the context, then owned by the Bitmap",
               x: x1, y: ly - 8, width: lw, align: .center, font: .sans(10.5))
        s.dot(x1 + 10, ly, radius: 5, color: Palette.orange)
        s.text("allocated (size checked against PixelLimits)", x: x1, y: ly + 20, font: .sans(10), color: Palette.muted)
        s.context.fill(Rect(x: x2 + w - 15, y: ly - 5, width: 10, height: 10), with: Palette.orange)
        s.text("freed once, when the last Bitmap copy goes", x: x2 + w, y: ly + 20, align: .right, font: .sans(10), color: Palette.muted)

        s.text("Decoding runs the other way: the decoder reads the header, checks PixelLimits, then fills a new buffer that becomes a Bitmap.",
               x: 0, y: s.context.size.height - 30, width: s.context.size.width, align: .center, font: .sans(10), color: Palette.muted)
    }

    // MARK: Text: measure once into a TextLayout, draw from the measurement.

    static func textMeasureOnce(_ s: Sketch) {
        title(s, "Text is measured once, then drawn from the measurement")
        // Gaps of 60 pt, so the arrows' labels clear the boxes.
        let y = 70.0, h = 110.0, w = 240.0
        let x1 = 30.0, x2 = 330.0, x3 = 630.0
        s.panel(Panel(stroke: Palette.muted, fill: Palette.paleFill, title: "Attributed text + style", titleColor: Palette.ink, body: """
            • runs of <tt>TextStyle</tt>, link ranges
            • maximum width, max lines, line-break mode, ellipsis
            """), x1, y, w, h)
        s.panel(Panel(stroke: Palette.orange, fill: Palette.orangeFill, title: "TextLayout", body: """
            • a Sendable value, made once (Pango)
            • size, line count, baselines
            • a rect for each link range
            • cache it, size cells with it
            """), x2, y, w, h)
        s.panel(Panel(stroke: Palette.blue, fill: Palette.blueFill, title: "Drawing context", body: """
            • draws the lines the layout already holds
            • no second layout pass, so the drawn text is exactly what was measured
            """), x3, y, w, h)
        s.arrow(x1 + w + 6, y + h / 2, x2 - 6, y + h / 2, color: Palette.ink, width: 2.2)
        s.text("measure", x: (x1 + w + x2) / 2, y: y + h / 2 - 24, align: .center, font: .bold(10))
        s.arrow(x2 + w + 6, y + h / 2, x3 - 6, y + h / 2, color: Palette.ink, width: 2.2)
        s.text("draw", x: (x2 + w + x3) / 2, y: y + h / 2 - 24, align: .center, font: .bold(10))
        s.text("""
            Measuring and drawing twice can disagree (the classic "last line missing" bug): the cell is sized \
            for one layout and drawn with another. Drawing from the one measurement cannot.
            """, x: 60, y: y + h + 30, width: s.context.size.width - 120, align: .center, font: .sans(10.5), color: Palette.muted)
    }
}
