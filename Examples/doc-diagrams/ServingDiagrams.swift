import AsyncLayerKit

/// The "Serving images" article's pictures: the path of one request through Examples/card-server,
/// and the server scaled out behind a CDN and nginx.
enum ServingDiagrams {
    static var all: [Diagram] {
        [
            Diagram(catalog: "Rendering", name: "serving-request-path", size: Size(width: 1000, height: 930), draw: requestPath),
            Diagram(catalog: "Rendering", name: "serving-scale-out", size: Size(width: 1000, height: 480), draw: scaleOut),
        ]
    }

    /// The picture's title and the line under it.
    static func heading(_ s: Sketch, _ title: String, _ subtitle: String) {
        CanvasDiagrams.title(s, title)
        s.text(subtitle, x: 0, y: 40, width: s.context.size.width, align: .center, font: .sans(10.5), color: Palette.muted)
    }

    // MARK: One request through card-server.

    /// A step of the request path: a heading and one line of detail.
    static func step(_ s: Sketch, _ x: Double, _ y: Double, _ w: Double, _ h: Double, stroke: Color, fill: Color,
                     _ title: String, _ detail: String, detailFont: Font = .sans(9.5), detailColor: Color = Palette.muted) {
        s.panel(Panel(stroke: stroke, fill: fill, title: title, titleFont: .bold(11.5), subtitle: detail, subtitleFont: detailFont,
                      subtitleColor: detailColor, padding: EdgeInsets(top: 7, left: 10, bottom: 6, right: 10), spacing: 5), x, y, w, h)
    }

    /// An error a step answers with, right of the main column: a short red arrow, the status, a note.
    static func error(_ s: Sketch, _ x0: Double, _ x1: Double, y: Double, status: String, note: String) {
        s.arrow(x0 + 3, y, x1 - 3, y, color: Palette.red, width: 1.2)
        s.text("<b>\(status)</b>  <span foreground='\(Palette.muted.hexString)'>\(note)</span>", x: x1 + 2, y: y - 7, font: .sans(9.5), color: Palette.red)
    }

    /// An answer that ends the request early, left of the main column: a green box and an arrow to it.
    static func exit(_ s: Sketch, _ x: Double, _ w: Double, y: Double, h: Double, from fromX: Double, _ title: String, _ detail: String) {
        s.panel(Panel(stroke: Palette.green, fill: Palette.greenFill, title: title, titleFont: .bold(10.5), subtitle: detail, subtitleFont: .sans(9),
                      subtitleColor: Palette.ink, padding: EdgeInsets(top: 5, left: 8, bottom: 4, right: 8), spacing: 3), x, y, w, h)
        s.arrow(fromX - 3, y + h / 2, x + w + 3, y + h / 2, color: Palette.green, width: 1.6)
    }

    static func requestPath(_ s: Sketch) {
        let W = s.context.size.width
        heading(s, "One card request through card-server",
                "Top to bottom: each step answers if it can, and nothing below it runs. Green: answered early. Red: the error a step answers with.")
        let mx = 300.0, mw = 380.0, gap = 18.0  // the main column
        let lx = 24.0, lw = 246.0               // early answers
        let ex = mx + mw, ex1 = ex + 34         // error arrows
        var y = 76.0
        /// The arrow down to the next step.
        func down() {
            y += gap
            s.arrow(mx + mw / 2, y - gap + 1, mx + mw / 2, y - 1, color: Palette.ink, width: 1.6)
        }

        step(s, mx, y, mw, 46, stroke: Palette.ink, fill: Palette.greyFill, "request",
             "POST /render (a JSON tree) · GET /cards/live/{i} · GET /cards/feed/{id}")
        y += 46
        down()

        // The limits: one line each, with the error it answers.
        let checks: [(String, String, String)] = [
            ("template and id exist (GET /cards)", "404", "no such card"),
            ("Accept: WebP, PNG or JPEG acceptable", "406", "no acceptable format"),
            ("body ≤ --max-body-bytes (1 MiB)", "413", "body-bytes"),
            ("JSON decodes, has a size", "400", "with the JSON path"),
            ("nodes, depth, text bytes, image bytes", "422", "nodes · depth · text-bytes · image-bytes"),
            ("image names: files inside --assets", "400", "assets (.., absolute, link out) · 404 missing"),
            ("?scale= ≤ 4, ?quality= 1…100", "400", "scale · quality"),
            ("output pixels: size × scale", "422", "pixels"),
        ]
        let row = 18.0, limitsHeight = 34 + Double(checks.count) * row
        s.box(mx, y, mw, limitsHeight, stroke: Palette.orange, fill: Palette.orangeFill)
        s.text("limits, checked before any work", x: mx + 10, y: y + 8, width: mw - 20, align: .center, font: .bold(11.5), color: Palette.orange)
        for (i, check) in checks.enumerated() {
            let ry = y + 32 + Double(i) * row
            s.text(check.0, x: mx + 18, y: ry, width: mw - 30, font: .sans(9.5))
            error(s, ex, ex1, y: ry + 7, status: check.1, note: check.2)
        }
        y += limitsHeight
        down()

        // If-None-Match: 304 before any work.
        let sh = 48.0
        step(s, mx, y, mw, sh, stroke: Palette.blue, fill: Palette.blueFill, "If-None-Match equals the ETag?",
             "ETag: \"&lt;hash&gt;-&lt;w&gt;x&lt;h&gt;@&lt;scale&gt;[-q&lt;quality&gt;].&lt;ext&gt;\"")
        exit(s, lx, lw, y: y + 2, h: sh - 4, from: mx, "304 Not Modified", "no body: nothing rendered or encoded")
        y += sh
        down()

        // Stored encoded bytes.
        step(s, mx, y, mw, sh, stroke: Palette.green, fill: Palette.greenFill, "encoded before under this name?",
             "the render service's cached encodings, under its one byte budget")
        exit(s, lx, lw, y: y + 2, h: sh - 4, from: mx, "200 from the stored bytes", "no render, no encode, no lane slot")
        y += sh
        down()

        // Shared work: identical requests join.
        step(s, mx, y, mw, sh, stroke: Palette.purple, fill: Palette.purpleFill, "the same render + encode in flight?",
             "join it: one piece of work per name (InFlightWork)")
        s.text("identical requests B, C … join", x: lx + lw, y: y + 3, align: .right, font: .sans(9.5), color: Palette.purple)
        s.arrow(lx + lw - 70, y + 20, mx - 3, y + sh / 2, color: Palette.purple, width: 1.4)
        s.text("cancelled only when the\nlast of them goes away", x: lx + lw - 80, y: y + 26, align: .right, font: .sans(8.5), color: Palette.muted)
        y += sh
        down()

        // The render cache.
        step(s, mx, y, mw, sh, stroke: Palette.card, fill: Palette.cardFill, "render cache: a bitmap for (hash, size, scale)?",
             "ElementRenderService; another format or quality reuses it")
        let cacheY = y
        y += sh
        down()

        // Lane admission.
        step(s, mx, y, mw, sh, stroke: Palette.ink, fill: Palette.greyFill, "lane admission (RenderLanes, .fail)",
             "at most --admission-limit queued or running (8 per thread)")
        error(s, ex, ex1, y: y + sh / 2, status: "503", note: "+ Retry-After · render-queue")
        y += sh
        down()

        // The render.
        step(s, mx, y, mw, sh, stroke: Palette.blue, fill: Palette.blueFill, "render on a lane thread",
             "layout, images (assets folder or bundled), draw")
        error(s, ex, ex1, y: y + sh / 2 - 9, status: "503", note: "+ Retry-After · deadline (--deadline-ms)")
        error(s, ex, ex1, y: y + sh / 2 + 9, status: "422", note: "image-pixels · <b>404</b> assets")
        y += sh
        down()

        // The encode; a cache hit joins here.
        step(s, mx, y, mw, sh, stroke: Palette.green, fill: Palette.greenFill, "encode on a lane: WebP, PNG or JPEG",
             "as Accept chose; admitted like a render; stored under the name")
        let encodeY = y
        y += sh
        down()

        // The cache hit's way round admission and render.
        let bx = mx - 26
        s.polyline([Point(x: mx - 3, y: cacheY + sh / 2), Point(x: bx, y: cacheY + sh / 2), Point(x: bx, y: encodeY + sh / 2),
                    Point(x: mx - 12, y: encodeY + sh / 2)], color: Palette.card, width: 1.5, dashed: true)
        s.arrow(mx - 14, encodeY + sh / 2, mx - 3, encodeY + sh / 2, color: Palette.card, width: 1.5)
        s.text("hit", x: bx - 8, y: cacheY + sh / 2 + 8, align: .right, font: .bold(9.5), color: Palette.card)
        s.text("no admission, no render", x: bx - 8, y: cacheY + sh / 2 + 22, align: .right, font: .sans(9), color: Palette.muted)

        // The response.
        let rh = 62.0
        step(s, mx, y, mw, rh, stroke: Palette.green, fill: Palette.greenFill, "200 OK, the image",
             "ETag · Vary: Accept · Content-Type\nContent-Location: /images/&lt;name&gt;.&lt;ext&gt;", detailFont: .mono(9), detailColor: Palette.ink)
        s.text("""
            Cache-Control: <tt>public, max-age=60</tt> for /cards, <tt>no-cache</tt> for POST /render; \
            the Content-Location URL is immutable
            """, x: ex + 14, y: y + 10, width: W - ex - 30, font: .sans(9.5), color: Palette.muted)
        y += rh

        s.text("""
            Every error is a JSON body <tt>{"error", "limit", "path"}</tt>, made by one error middleware; \
            every 503 carries <tt>Retry-After</tt>.
            """, x: 30, y: y + 24, width: W - 60, align: .center, font: .sans(10))
        s.text("""
            <tt>GET /images/&lt;name&gt;.&lt;ext&gt;</tt> answers from the stored bytes only \
            (<tt>max-age=31536000, immutable</tt>; 304 on its ETag), else 404.
            """, x: 30, y: y + 42, width: W - 60, align: .center, font: .sans(10), color: Palette.muted)
    }

    // MARK: Scaling out: caches in front, replicas that share nothing.

    /// A replica of the server as an element tree: its name over three equal boxes (what it keeps
    /// to itself), which the Flexbox engine sizes.
    static func replica(_ name: String) -> Element {
        let parts = [("render lanes", "its own admission"), ("render cache", "its own budget"), ("stored images", "its own /images")]
        var grow = FlexStyle()
        grow.flexGrow = 1
        grow.flexBasis = .points(0)
        return .vstack(spacing: 8, style: ElementStyle(background: Palette.cardFill, cornerRadii: CornerRadii(all: 10)), children: [
            .text(AttributedText(name), style: Font.bold(12).style(Palette.card, alignment: .center)),
            .hstack(spacing: 8, alignment: .stretch, layout: grow, children: parts.map { part in
                Element.vstack(spacing: 3, justification: .center, layout: grow,
                               style: ElementStyle(background: .white, cornerRadii: CornerRadii(all: 6)), children: [
                    .text(AttributedText(part.0), style: Font.bold(9.5).style(Palette.ink, alignment: .center)),
                    .text(AttributedText(part.1), style: Font.sans(8.5).style(Palette.muted, alignment: .center)),
                ]).border(width: 1.1, color: Palette.card).padding(EdgeInsets(horizontal: 4, vertical: 4))
            }),
        ]).border(width: 1.5, color: Palette.card).padding(EdgeInsets(top: 7, left: 10, bottom: 9, right: 10))
    }

    /// The table of what each kind of URL gets, as an element tree: rows of three columns with a
    /// rule under each.
    static func urlTable() throws -> Element {
        let columns = [310.0, 290.0]  // the third column takes the rest
        let rows: [(String, String, String, Color)] = [
            ("/images/&lt;hash&gt;-375x260@2-q80.webp", "public, max-age=31536000, immutable", "cached for good: the name is the content", Palette.green),
            ("/cards/live/0, /cards/feed/&lt;id&gt;", "public, max-age=60 · Vary: Accept", "60 s, then If-None-Match → 304", Palette.ink),
            ("POST /render", "no-cache", "not cached; its Content-Location URL is", Palette.ink),
        ]
        func cell(_ markup: String, _ font: Font, _ color: Color, column: Int) throws -> Element {
            var layout = FlexStyle()
            if column < columns.count { layout.width = .points(columns[column]) } else { layout.flexGrow = 1 }
            return .text(try Markup.parse(markup), style: font.style(color), layout: layout)
        }
        func rule(_ color: Color, _ width: Double) -> Element {
            var layout = FlexStyle()
            layout.height = .points(width)
            return .view(layout: layout, style: ElementStyle(background: color))
        }
        var children: [Element] = [
            .hstack(children: [
                try cell("URL", .bold(10.5), Palette.ink, column: 0),
                try cell("Cache-Control (from card-server)", .bold(10.5), Palette.ink, column: 1),
                try cell("in the CDN and nginx", .bold(10.5), Palette.ink, column: 2),
            ]).padding(.bottom, 6),
            rule(Palette.ink, 1.2),
        ]
        for row in rows {
            children.append(.hstack(children: [
                try cell(row.0, .mono(9.5), Palette.ink, column: 0),
                try cell(row.1, .mono(9.5), Palette.ink, column: 1),
                try cell(row.2, .sans(9.5), row.3, column: 2),
            ]).padding(EdgeInsets(top: 6, left: 0, bottom: 6, right: 0)))
            children.append(rule(Palette.grid, 1))
        }
        return .vstack(children: children)
    }

    static func scaleOut(_ s: Sketch) {
        let W = s.context.size.width
        heading(s, "Scaling out: caches in front, replicas that share nothing",
                "Every cache is keyed by URL, so a content-hash URL is one entry everywhere; only misses travel right.")
        let top = 84.0, height = 176.0, mid = top + height / 2

        // Clients.
        for (i, client) in ["browser", "app", "feed service"].enumerated() {
            let cy = top + 14 + Double(i) * 54
            s.box(20, cy, 118, 40, stroke: Palette.muted, fill: Palette.greyFill)
            s.text(client, x: 20, y: cy + 12, width: 118, align: .center, font: .sans(10))
            s.arrow(141, cy + 20, 187, mid + Double(i - 1) * 36, color: Palette.ink, width: 1.4)
        }
        s.text("clients", x: 20, y: top - 10, width: 118, align: .center, font: .bold(11))

        // The CDN.
        let cx = 190.0, cw = 170.0
        s.panel(Panel(stroke: Palette.orange, fill: Palette.orangeFill, title: "CDN", titleFont: .bold(12.5), subtitle: "edge caches, by URL",
                      subtitleFont: .sans(9.5), body: "• /images/…: kept for good\n• /cards/…: 60 s, then\n  revalidated (304)\n• one variant per Accept\n  (Vary: Accept)",
                      bodyFont: .sans(9.5), padding: EdgeInsets(top: 10, left: 12, bottom: 10, right: 12), spacing: 6, bodyGap: 10), cx, top, cw, height)

        // nginx.
        let nx = 410.0, nw = 200.0
        s.panel(Panel(stroke: Palette.blue, fill: Palette.blueFill, title: "nginx", titleFont: .bold(12.5), subtitle: "load balancer + proxy_cache",
                      subtitleFont: .sans(9.5), body: """
                        • proxy_cache keyed by URL,
                          the same lifetimes
                        • upstream: round robin,
                          or sticky by URL:
                          <tt>hash $request_uri consistent</tt>
                        """, bodyFont: .sans(9.5), padding: EdgeInsets(top: 10, left: 12, bottom: 10, right: 12), spacing: 6, bodyGap: 10),
                nx, top, nw, height)
        s.arrow(cx + cw + 3, mid, nx - 3, mid, color: Palette.ink, width: 2)
        s.text("misses", x: (cx + cw + nx) / 2, y: mid + 6, align: .center, font: .sans(9), color: Palette.muted)

        // Two replicas.
        let rx = 670.0, rw = W - 20 - rx, rh = 80.0
        let r1 = top, r2 = top + height - rh
        s.element(replica("card-server replica 1"), in: Rect(x: rx, y: r1, width: rw, height: rh))
        s.element(replica("card-server replica 2"), in: Rect(x: rx, y: r2, width: rw, height: rh))
        s.arrow(nx + nw + 3, mid - 12, rx - 3, r1 + rh / 2, color: Palette.ink, width: 2)
        s.arrow(nx + nw + 3, mid + 12, rx - 3, r2 + rh / 2, color: Palette.ink, width: 2)
        s.text("misses", x: (nx + nw + rx) / 2, y: mid - 7, align: .center, font: .sans(9), color: Palette.muted)

        // What each kind of URL gets.
        let ty = top + height + 40
        s.attempt { s.element(try urlTable(), in: Rect(x: 20, y: ty, width: W - 40, height: 112)) }

        s.text("""
            The replicas share nothing: each has its own lanes, caches and stored images, so a card rendered on one \
            is rendered again on the other unless a cache in front answers first. Routing by a hash of the URL sends \
            each URL to one replica: one render per card, and caches that hold different cards instead of the same ones. \
            A content-hash URL's bytes are stored only by the replica that rendered it; another answers 404.
            """, x: 20, y: ty + 28 + 3 * 26 + 12, width: W - 40, font: .sans(10))
    }
}
