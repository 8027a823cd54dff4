import CCairoPango

/// Pango's glyph value for "no glyph to draw" (`PANGO_GLYPH_EMPTY`).
private let glyphEmpty: UInt32 = 0x0FFF_FFFF
/// Pango's flag for a character no font has (`PANGO_GLYPH_UNKNOWN_FLAG`); Pango would draw a hex box.
private let glyphUnknownFlag: UInt32 = 0x1000_0000
/// Pango units per point (`PANGO_SCALE`).
private let unitsPerPoint = 1024.0
/// `PANGO_ANALYSIS_FLAG_IS_ELLIPSIS`: the run holds the ellipsis of truncated text.
private let ellipsisFlag: UInt8 = 1 << 1

/// Reads a finished `PangoLayout` into Swift values: lines, glyph runs (with retained scaled
/// fonts), decorations, link rectangles and the fonts used. It walks the lines and runs the way
/// `pango_renderer_draw_layout_line` does, so the glyphs land where `pango_cairo_show_layout`
/// would put them.
struct LayoutReader {
    let request: MeasureRequest
    let engine: TextEngine
    let keptLines: Int
    /// How far a line moves right after layout, by whether it is right to left (balanced lines
    /// aligned back into the full width).
    let xShift: (Bool) -> Double

    private(set) var lines: [TextLayout.Line] = []
    private(set) var runs: [GlyphRun] = []
    private(set) var decorations: [TextDecorationRect] = []
    private(set) var links: [TextLayout.LinkArea] = []
    private(set) var fontsUsed: [String] = []
    private(set) var attachments: [TextLayout.AttachmentArea] = []
    /// Each segment's rectangles, one per line (only when the options ask for them).
    private(set) var segmentAreas: [[Rect]] = []
    /// The width CSS-styled justified lines are stretched to, at their spaces only (`nil`: none).
    var justifyWidth: Double?
    /// The indent of a paragraph's first line in points (negative: the other lines are indented).
    var firstLineIndent = 0.0
    /// For a CSS-styled text laid out in a width, that width: lines too long for it, and every
    /// line of a text with a positive indent, are placed in it as CSS places them
    /// (``cssLineX(width:indent:rightToLeft:)``) rather than where Pango aligned them.
    var cssBoxWidth: Double?
    /// Whether Pango aligned the lines within another width than ``cssBoxWidth`` (an unwrapped
    /// text wider than its box: within its widest line), so every line is placed here.
    var alignsEveryLine = false
    /// For a CSS-styled text, the base font's rounded ascent and descent and the device scale:
    /// its lines are CSS's line boxes (``cssLineBox(_:)``), not Pango's.
    var cssBaseline: (ascent: Double, descent: Double, scale: Double)?
    private(set) var backgrounds: [TextDecorationRect] = []
    /// Each segment's rise in points (empty: none raised).
    var segmentRises: [Double] = []

    private let offsets: UTF16OffsetMap

    init(request: MeasureRequest, engine: TextEngine, keptLines: Int, xShift: @escaping (Bool) -> Double = { _ in 0 }) {
        self.request = request
        self.engine = engine
        self.keptLines = keptLines
        self.xShift = xShift
        self.offsets = UTF16OffsetMap(utf8: request.utf8)
    }

    mutating func read(_ layout: OpaquePointer) {
        let byteLinks = request.byteLinks(using: offsets)
        var linkRects = [[Rect]](repeating: [], count: byteLinks.count)
        let recordsSegments = request.options.recordsSegmentAreas
        if recordsSegments { segmentAreas = [[Rect]](repeating: [], count: request.segmentStarts.count) }
        let iter = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iter) }
        var index = 0
        // How far CSS's line boxes so far moved the lines below from Pango's places.
        var drift = 0.0
        repeat {
            guard index < keptLines, let line = pango_layout_iter_get_line_readonly(iter) else { break }
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            let extents = penExtents(of: line, logical: logical)
            var lineTop = Double(logical.y) / unitsPerPoint, lineHeight = Double(logical.height) / unitsPerPoint
            var baseline = Double(pango_layout_iter_get_baseline(iter)) / unitsPerPoint
            if let box = cssLineBox(line) {
                // Pango's line is its runs' line heights, each centred on the run's own font;
                // CSS's is built from inline boxes and the strut.
                lineTop += drift
                baseline = lineTop + box.above
                drift += box.height - lineHeight
                lineHeight = box.height
            }
            let rightToLeft = pango_layout_line_get_resolved_direction(line) == PANGO_DIRECTION_RTL
            // A paragraph's last line ends at the text's end or at a line break (which no line holds).
            let lineEnd = Int(line.pointee.start_index + line.pointee.length)
            // (A line before a forced break, U+2028 as `<br>` makes it, is not justified either: CSS Text 3 §7.2.)
            let lastOfParagraph = lineEnd >= request.utf8.count || [0x0A, 0x0D].contains(request.utf8[lineEnd])
                || endsWithLineSeparator(lineEnd) || endsWithLineSeparator(lineEnd + 3)
            let start = Int(line.pointee.start_index)
            let end = start + Int(line.pointee.length)
            // Chromium's line is as wide as its letters and the spacing after its last letter.
            let trailing = request.style.cssLineMetrics ? trailingLetterSpacing(of: line, start: start, end: end) : 0
            // The first line of a paragraph is narrower by the indent Pango gave it.
            let indent = line.pointee.is_paragraph_start != 0 ? firstLineIndent : 0
            let added = justifyWidth.map { width in
                lastOfParagraph ? 0 : justify(line, logicalWidth: extents.width + trailing + indent, to: width)
            } ?? 0
            // Pango aligned the line without that spacing: a centred line moves back half of it,
            // an end-aligned one all of it.
            let shift = xShift(rightToLeft) - trailing * alignmentFactor(rightToLeft)
            var rect = Rect(
                x: extents.x + extents.excess * alignmentFactor(rightToLeft) + shift - (rightToLeft ? added : 0),
                y: lineTop,
                width: extents.width + added,
                height: lineHeight
            )
            if let x = cssLineX(width: rect.width + trailing, indent: index == 0 ? firstLineIndent : 0, rightToLeft: rightToLeft) {
                // (A right-to-left line's trailing spacing is added on its left below.)
                rect.origin.x = rightToLeft ? x + trailing : x
            }
            let decorationsBefore = decorations.count
            let attachmentsBefore = attachments.count
            let hasEllipsis = readRuns(of: line, lineIndex: index, x: rect.minX, baseline: baseline)
            if trailing > 0 {
                // Chromium's lines run under the spacing after the line's last letter too.
                for d in decorationsBefore..<decorations.count where abs(decorations[d].rect.maxX - rect.maxX) < 0.01 {
                    decorations[d].rect.size.width += trailing
                }
            }
            rect.size.width += trailing
            if rightToLeft { rect.origin.x -= trailing }
            lines.append(TextLayout.Line(
                rect: rect,
                baseline: baseline,
                characterRange: offsets.utf16Offset(byte: start)..<offsets.utf16Offset(byte: end),
                isTruncated: hasEllipsis
            ))
            for (linkIndex, link) in byteLinks.enumerated() {
                let from = max(start, link.bytes.lowerBound), to = min(end, link.bytes.upperBound)
                guard from < to else { continue }
                linkRects[linkIndex] += xRanges(of: line, from: from, to: to).map { range in
                    Rect(x: range.lowerBound + shift, y: rect.minY, width: range.upperBound - range.lowerBound, height: rect.height)
                }
            }
            if recordsSegments {
                recordSegmentAreas(of: line, from: start, to: end, lineRect: rect, logicalX: extents.x,
                                   shift: rightToLeft ? added : 0, baseline: baseline, attachments: attachments[attachmentsBefore...],
                                   rightToLeft: rightToLeft, trailing: trailing)
            }
            index += 1
        } while pango_layout_iter_next_line(iter) != 0
        links = zip(byteLinks, linkRects).map { link, rects in
            TextLayout.LinkArea(value: link.value, range: link.utf16, rects: rects)
        }
    }

    /// Where the pen starts a line (layout points, as Pango placed it), how far its advances take
    /// it (CSS's line width), and how much wider Pango's extents are. They differ only where a run
    /// of negative width (a negative margin) opens or ends the line: Pango's extents then reach
    /// from the leftmost to the rightmost point any run touches, and it aligned the line by them.
    private func penExtents(of line: UnsafeMutablePointer<PangoLayoutLine>, logical: PangoRectangle) -> (x: Double, width: Double, excess: Double) {
        var own = PangoRectangle()
        pango_layout_line_get_extents(line, nil, &own)
        var advance: Int32 = 0
        var node = line.pointee.runs
        while let current = node {
            defer { node = current.pointee.next }
            guard let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self), let glyphs = run.pointee.glyphs else { continue }
            var width = pango_glyph_string_get_width(glyphs)
            // Pango 1.50 zeroes a negative shape glyph that ends the paragraph; the margin still
            // pulls the line's end back (CSS), so its width counts.
            if width == 0, let item = run.pointee.item, let segment = request.segmentIndex(atByte: Int(item.pointee.offset)),
               let spacer = request.text.segments[segment].attachment, spacer.keepsWithNeighbours, spacer.size.width < 0 {
                width = Int32((spacer.size.width * unitsPerPoint).rounded())
            }
            advance += run.pointee.start_x_offset + width + run.pointee.end_x_offset
        }
        let x = Double(logical.x - min(own.x, 0)) / unitsPerPoint
        guard own.x < 0 || advance < logical.width else { return (x, Double(logical.width) / unitsPerPoint, 0) }
        let width = Double(max(advance, 0)) / unitsPerPoint
        return (x, width, Double(logical.width) / unitsPerPoint - width)
    }

    /// Adds, for each segment on this line (bytes `from..<to`), the rectangle it takes: as wide as
    /// its glyphs (a zero-width one where it has none, as a line break), and as high as its
    /// fonts' content area (ascent above the baseline, descent below, CSS-rounded for CSS-styled
    /// texts), the way a browser sizes an inline box; an attachment's own box.
    private mutating func recordSegmentAreas(of line: UnsafeMutablePointer<PangoLayoutLine>, from start: Int, to end: Int, lineRect: Rect,
                                             logicalX: Double, shift: Double, baseline: Double, attachments: ArraySlice<TextLayout.AttachmentArea>,
                                             rightToLeft: Bool, trailing: Double) {
        // Pango's positions are from the layout's origin; the line was moved to lineRect.minX.
        let origin = lineRect.minX - logicalX + shift
        // Pango spaces each letter half before and half after (none at the line's ends), CSS all
        // after: a letter whose spacing is L lies (L − L₀) / 2 further on in Pango than in CSS,
        // L₀ the spacing of the line's first letter (the differences add up between neighbours).
        let firstSpacing = start < request.utf8.count ? request.style(atByte: start).letterSpacing : 0
        for (segment, segmentStart) in request.segmentStarts.enumerated() {
            let segmentEnd = segment + 1 < request.segmentStarts.count ? request.segmentStarts[segment + 1] : request.utf8.count
            let from = max(start, segmentStart), to = min(end, segmentEnd)
            guard from < to || (segmentStart == segmentEnd && segmentStart >= start && segmentStart < end) else { continue }
            if let box = attachments.first(where: { $0.segment == segment }) {
                segmentAreas[segment].append(box.rect)  // where CSS puts it (readRuns)
                continue
            }
            let ranges = xRanges(of: line, from: from, to: max(to, from))
            var low = ranges.map(\.lowerBound).min(), high = ranges.map(\.upperBound).max()
            if low == nil {
                var x: Int32 = 0
                pango_layout_line_index_to_x(line, Int32(from), 0, &x)
                // From the line's start, where x ranges are from the layout's edge.
                low = Double(x) / unitsPerPoint + logicalX
                if cssBaseline != nil, !rightToLeft, from > start {
                    // Where CSS puts a boundary after a letter (the segments' rule above): at the
                    // line's end, past the spacing Chromium leaves after its last letter.
                    let previous = request.style(atByte: from - 1).letterSpacing
                    let lineBreak = from >= end || request.utf8[from...].starts(with: "\u{2028}".utf8)
                    low! += lineBreak ? trailing - (previous - firstSpacing) / 2 : firstSpacing / 2
                }
                high = low
            }
            guard var low, var high else { continue }
            if cssBaseline != nil, !rightToLeft, high > low {
                // The segment's first letter starts half its own spacing into Pango's cell, which is
                // (L − L₀) / 2 further on than CSS's: CSS's box starts L₀ / 2 into the cell; it ends
                // after its last letter's whole spacing, L₀ / 2 past Pango's cell, or at the line's
                // end its trailing spacing past the letter.
                if from > start { low += firstSpacing / 2 }
                high += to < end ? firstSpacing / 2 : trailing - (request.style(atByte: to - 1).letterSpacing - firstSpacing) / 2
            }
            var top = Double.infinity, bottom = -Double.infinity
            // The segment's primary font sizes its box, whatever fonts its glyphs fall back to.
            let raw = engine.primaryFontMetrics(for: request.segmentStyles[segment])
            var node = line.pointee.runs
            while let current = node {
                defer { node = current.pointee.next }
                guard let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self), let item = run.pointee.item,
                      item.pointee.analysis.font != nil else { continue }
                let a = Int(item.pointee.offset), b = a + Int(item.pointee.length)
                guard a < max(to, from + 1), b > from else { continue }
                let metrics = cssBaseline.map { Self.cssRounded(ascent: raw.ascent, descent: raw.descent, scale: $0.scale) } ?? raw
                let runBaseline = baseline - rise(of: run, segment: request.segmentIndex(atByte: a))
                top = min(top, runBaseline - metrics.ascent)
                bottom = max(bottom, runBaseline + metrics.descent)
            }
            if !top.isFinite { (top, bottom) = (lineRect.minY, lineRect.maxY) }
            let moved = relativeOffset(ofSegment: segment)
            segmentAreas[segment].append(Rect(x: low + origin + moved.x, y: top + moved.y, width: high - low, height: bottom - top))
        }
    }

    /// Where CSS puts a line `width` wide (its trailing letter spacing counted) where Pango puts it
    /// elsewhere, or `nil` where Pango's place stands. In a CSS-styled text laid out in a width: a
    /// line too long for its box starts at its start edge and overflows at its end (Pango centres
    /// it out of both sides); in a left-to-right text with a positive indent, the indent (its first
    /// line only) narrows the line box at its start whatever the alignment (Pango indents the first
    /// line of every paragraph, puts a right-aligned line's indent at its right and ignores it when
    /// centring).
    private func cssLineX(width: Double, indent: Double, rightToLeft: Bool) -> Double? {
        guard let boxWidth = cssBoxWidth else { return nil }
        if firstLineIndent > 0, !rightToLeft {
            let free = boxWidth - indent - width
            guard free > 0 else { return indent }
            return switch request.style.alignment {
            case .left, .natural, .justified: indent
            case .right, .end: indent + free
            case .center: indent + free / 2
            }
        }
        guard firstLineIndent == 0 else { return nil }
        if width > boxWidth + 0.01 { return rightToLeft ? boxWidth - width : 0 }
        // A line that fits aligns in the box (CSS Text 3 §7.1), whatever the widest line is.
        return alignsEveryLine ? (boxWidth - width) * alignmentFactor(rightToLeft) : nil
    }

    /// For a CSS-styled text, the line box CSS 2.1 §10.8 builds for `line`: the strut (the
    /// paragraph's line height centred on its primary font), each text segment's inline box
    /// and each inline box's own rectangle, raised as Pango raised them; how far the line box
    /// reaches above the baseline, and its height. A segment's box is its line height centred
    /// on its primary font (half-leadings floored to device pixels as Chromium does), whatever
    /// fonts its glyphs fall back to; with `normal` it is its primary font's ascent and descent,
    /// and those of every fallback font its glyphs use (Chromium lends no pixel to a fallback
    /// font's descent: measured with Noto Sans CJK in DejaVu Sans text). `nil` for other texts.
    func cssLineBox(_ line: UnsafeMutablePointer<PangoLayoutLine>) -> (above: Double, height: Double)? {
        guard let metrics = cssBaseline else { return nil }
        func box(ascent: Double, descent: Double, height: Double) -> (top: Double, bottom: Double) {
            let leading = ((height - ascent - descent) * metrics.scale / 2).rounded(.down) / metrics.scale
            return (-(leading + ascent), height - leading - ascent)
        }
        var (top, bottom) = box(ascent: metrics.ascent, descent: metrics.descent,
                                height: request.style.lineHeight ?? metrics.ascent + metrics.descent)
        var node = line.pointee.runs
        while let current = node {
            defer { node = current.pointee.next }
            guard let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self), let item = run.pointee.item,
                  let segment = request.segmentIndex(atByte: Int(item.pointee.offset)) else { continue }
            let raised = rise(of: run, segment: segment)
            var edges: (top: Double, bottom: Double)
            if request.text.segments[segment].attachment != nil {
                var logical = PangoRectangle()
                guard let attrs = item.pointee.analysis.extra_attrs, shapeRect(in: attrs, into: &logical) else { continue }
                edges = (Double(logical.y) / unitsPerPoint, Double(logical.y + logical.height) / unitsPerPoint)
            } else {
                let raw = engine.primaryFontMetrics(for: request.segmentStyles[segment])
                let own = Self.cssRounded(ascent: raw.ascent, descent: raw.descent, scale: metrics.scale)
                for enclosing in request.text.segments[segment].style.enclosingBoxes ?? [] where raised == 0 {
                    // An inline element around the segment adds its own box to the line.
                    let outer = engine.primaryFontMetrics(for: request.style.applying(enclosing))
                    let rounded = Self.cssRounded(ascent: outer.ascent, descent: outer.descent, scale: metrics.scale)
                    let edges = if let height = enclosing.cssLineHeight(in: request.style.lineHeight) {
                        box(ascent: rounded.ascent, descent: rounded.descent, height: height)
                    } else {
                        (top: -rounded.ascent, bottom: rounded.descent)
                    }
                    top = min(top, edges.top)
                    bottom = max(bottom, edges.bottom)
                }
                if let height = request.text.segments[segment].style.cssLineHeight(in: request.style.lineHeight) {
                    edges = box(ascent: own.ascent, descent: own.descent, height: height)
                } else {
                    edges = (-own.ascent, own.descent)
                    if let font = item.pointee.analysis.font {
                        let used = Self.fontMetrics(of: font)
                        if abs(used.ascent - raw.ascent) > 0.001 || abs(used.descent - raw.descent) > 0.001 {
                            // A fallback the family list names lends to its descent as a primary
                            // font does; one fontconfig found past the list keeps its rounded
                            // metrics (Chromium 156, measured with CJK in DejaVu texts).
                            let listed = Self.family(of: font).map { Self.names($0, in: request.segmentStyles[segment].fontFamily) } ?? false
                            let fallback = Self.cssRounded(ascent: used.ascent, descent: used.descent, scale: metrics.scale, lendsToDescent: listed)
                            edges = (min(edges.top, -fallback.ascent), max(edges.bottom, fallback.descent))
                        }
                    }
                }
            }
            top = min(top, edges.top - raised)
            bottom = max(bottom, edges.bottom - raised)
        }
        return (-top, bottom - top)
    }

    /// How far segment `segment` is drawn from where it is laid out (``TextStyleOverrides/relativeOffset``).
    private func relativeOffset(ofSegment segment: Int?) -> Point {
        guard let segment, let offset = request.text.segments[segment].style.relativeOffset,
              offset.x.isFinite, offset.y.isFinite else { return .zero }
        return offset
    }

    /// How far `run` (of segment `segment`) is raised above the line's baseline. In a CSS text,
    /// the rise the measurement gave its segment (``segmentRises``), not Pango's run offset:
    /// Pango also moves a run to the baseline its font's OpenType BASE table gives the run
    /// before (Latin after CJK in Noto Sans CJK rises 0.7 pt), which CSS, aligning alphabetic
    /// baselines, never does. Other texts are drawn where Pango puts them.
    private func rise(of run: UnsafeMutablePointer<PangoGlyphItem>, segment: Int?) -> Double {
        guard cssBaseline != nil else { return Double(run.pointee.y_offset) / unitsPerPoint }
        guard let segment, segment < segmentRises.count else { return 0 }
        return segmentRises[segment]
    }

    /// An ascent and descent in points as Chromium rounds them for CSS: to whole device pixels at
    /// `scale`, a pixel lent by the ascent to a descent rounded down (Linux, subpixel positions).
    static func cssRounded(ascent: Double, descent: Double, scale: Double, lendsToDescent: Bool = true) -> (ascent: Double, descent: Double) {
        var a = (ascent * scale).rounded(), d = (descent * scale).rounded()
        if lendsToDescent, d < descent * scale, a >= 1 {
            d += 1
            a -= 1
        }
        return (a / scale, d / scale)
    }

    /// The family name of a font Pango chose.
    static func family(of font: UnsafeMutablePointer<PangoFont>) -> String? {
        guard let description = pango_font_describe(font) else { return nil }
        defer { pango_font_description_free(description) }
        return pango_font_description_get_family(description).map { String(cString: $0) }
    }

    /// Whether the CSS family list `list` names `family` (quotes and case aside).
    static func names(_ family: String, in list: String) -> Bool {
        let wanted = family.lowercased()
        let quotesAndSpaces: Set<Character> = [" ", "\t", "\"", "'"]
        return list.split(separator: ",").contains { item in
            var name = Substring(item)
            while let first = name.first, quotesAndSpaces.contains(first) { name = name.dropFirst() }
            while let last = name.last, quotesAndSpaces.contains(last) { name = name.dropLast() }
            return name.lowercased() == wanted
        }
    }

    /// A font's unrounded ascent and descent in points.
    static func fontMetrics(of font: UnsafeMutablePointer<PangoFont>) -> (ascent: Double, descent: Double) {
        guard let metrics = pango_font_get_metrics(font, nil) else { return (0, 0) }
        defer { pango_font_metrics_unref(metrics) }
        return (Double(pango_font_metrics_get_ascent(metrics)) / unitsPerPoint, Double(pango_font_metrics_get_descent(metrics)) / unitsPerPoint)
    }

    /// Whether the three bytes before `end` are U+2028 LINE SEPARATOR.
    private func endsWithLineSeparator(_ end: Int) -> Bool {
        end >= 3 && end <= request.utf8.count && request.utf8[end - 3] == 0xE2 && request.utf8[end - 2] == 0x80 && request.utf8[end - 1] == 0xA8
    }

    /// How much of a line's width change moves its start, by whether it is right to left: none
    /// at the start edge, half when centred, all at the end edge.
    private func alignmentFactor(_ rightToLeft: Bool) -> Double {
        guard request.style.cssLineMetrics else { return 0 }
        return switch request.style.alignment {
        case .left: 0
        case .right: 1
        case .center: 0.5
        case .natural, .justified: rightToLeft ? 1 : 0
        case .end: rightToLeft ? 0 : 1
        }
    }

    /// The letter spacing Chromium counts after the last character a line shows (its trailing
    /// spaces and break left out) and Pango's extents leave out, in points. Pango trims the
    /// spacing at a line's outer edge, and around trailing white space it zeroes; what it left
    /// after the last glyph is that glyph's width less its offset and its font advance.
    private func trailingLetterSpacing(of line: UnsafeMutablePointer<PangoLayoutLine>, start: Int, end: Int) -> Double {
        var last = end
        while last > start, [0x20, 0x0A, 0x0D, 0x09].contains(request.utf8[last - 1]) { last -= 1 }
        guard last > start else { return 0 }
        let spacing = request.style(atByte: last - 1).letterSpacing
        guard spacing != 0 else { return 0 }
        // The glyph of the last shown character: the last glyph whose cluster starts before `last`.
        var best: (cluster: Int, glyph: PangoGlyphInfo, font: UnsafeMutablePointer<PangoFont>?)?
        forEachGlyph(of: line) { cluster, glyph, item in
            if cluster < last, cluster >= (best?.cluster ?? -1) { best = (cluster, glyph.pointee, item.pointee.analysis.font) }
        }
        guard let best, let font = best.font else { return spacing }
        var logical = PangoRectangle()
        pango_font_get_glyph_extents(font, best.glyph.glyph, nil, &logical)
        let left = Double(best.glyph.geometry.width - best.glyph.geometry.x_offset - logical.width) / unitsPerPoint
        return spacing > 0 ? max(0, min(spacing, spacing - left)) : spacing
    }

    /// Calls `body` with every glyph of `line`, in visual order: the byte its cluster starts at,
    /// the glyph (mutable, for justification) and its item.
    private func forEachGlyph(of line: UnsafeMutablePointer<PangoLayoutLine>,
                              _ body: (Int, UnsafeMutablePointer<PangoGlyphInfo>, UnsafeMutablePointer<PangoItem>) -> Void) {
        var node = line.pointee.runs
        while let current = node {
            defer { node = current.pointee.next }
            guard let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                  let item = run.pointee.item, let glyphs = run.pointee.glyphs else { continue }
            for g in 0..<Int(glyphs.pointee.num_glyphs) {
                body(Int(item.pointee.offset) + Int(glyphs.pointee.log_clusters[g]), glyphs.pointee.glyphs + g, item)
            }
        }
    }

    /// Stretches a line to `width` by widening its spaces (not those it ends with), as CSS
    /// justifies Latin text; returns how much it grew (0 for a line without a space, which
    /// Chromium leaves as it is). The glyph widths are changed in place, so everything read
    /// from the line afterwards (glyphs, decorations, link ranges) follows.
    private func justify(_ line: UnsafeMutablePointer<PangoLayoutLine>, logicalWidth: Double, to width: Double) -> Double {
        let extra = width - logicalWidth
        guard extra > 0.01 else { return 0 }
        let bytes = request.utf8
        var end = Int(line.pointee.start_index + line.pointee.length)
        while end > Int(line.pointee.start_index), bytes[end - 1] == 0x20 || bytes[end - 1] == 0x0A { end -= 1 }
        var spaces: [(UnsafeMutablePointer<PangoGlyphInfo>)] = []
        forEachGlyph(of: line) { byte, glyph, _ in
            if byte < end, bytes[byte] == 0x20 || (bytes[byte] == 0xC2 && byte + 1 < bytes.count && bytes[byte + 1] == 0xA0) {
                spaces.append(glyph)
            }
        }
        guard !spaces.isEmpty else { return 0 }
        let total = Int32((extra * unitsPerPoint).rounded())
        let each = total / Int32(spaces.count)
        var remainder = total - each * Int32(spaces.count)
        for glyph in spaces {
            glyph.pointee.geometry.width += each + (remainder > 0 ? 1 : 0)
            remainder -= 1
        }
        return Double(total) / unitsPerPoint
    }

    /// Reads the runs of one line; returns whether one of them is an ellipsis.
    private mutating func readRuns(
        of line: UnsafeMutablePointer<PangoLayoutLine>,
        lineIndex: Int,
        x lineX: Double,
        baseline: Double
    ) -> Bool {
        var hasEllipsis = false
        var xOffset: Int32 = 0  // Pango units from the line's x, as in pango_renderer_draw_layout_line
        var node = line.pointee.runs
        while let current = node {
            defer { node = current.pointee.next }
            guard let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                  let item = run.pointee.item, let glyphString = run.pointee.glyphs
            else { continue }
            let width = pango_glyph_string_get_width(glyphString)
            xOffset += run.pointee.start_x_offset
            let isEllipsis = item.pointee.analysis.flags & ellipsisFlag != 0
            hasEllipsis = hasEllipsis || isEllipsis
            let segment = request.segmentIndex(atByte: Int(item.pointee.offset))
            let moved = relativeOffset(ofSegment: segment)
            let runX = lineX + Double(xOffset) / unitsPerPoint + moved.x
            let runBaseline = baseline - rise(of: run, segment: segment) + moved.y
            let style = request.style(atByte: Int(item.pointee.offset))
            let runWidth = Double(width) / unitsPerPoint
            if !isEllipsis, let segment, let attachment = request.text.segments[segment].attachment {
                // The shape attribute made this item one glyph of the box's width.
                let top: Double
                var logical = PangoRectangle()
                if let attrs = item.pointee.analysis.extra_attrs, shapeRect(in: attrs, into: &logical) {
                    top = Double(logical.y) / unitsPerPoint
                } else {
                    top = -attachment.size.height
                }
                // Pango spaces no box, where CSS puts the letter spacing before it after the letter:
                // a box after the line's first item lies L₀ / 2 further on (LayoutReader's drift).
                let lineStart = Int(line.pointee.start_index)
                let spaced = cssBaseline != nil && pango_layout_line_get_resolved_direction(line) != PANGO_DIRECTION_RTL && Int(item.pointee.offset) > lineStart
                let x = runX + (spaced ? request.style(atByte: lineStart).letterSpacing / 2 : 0)
                attachments.append(TextLayout.AttachmentArea(segment: segment, rect: Rect(
                    x: x, y: runBaseline + top, width: attachment.size.width, height: attachment.size.height)))
            }
            if let background = request.segmentBackground(atByte: Int(item.pointee.offset)), runWidth > 0, let segment {
                // The content area of the inline box: its primary font's, whatever font drew.
                let (ascent, descent) = engine.primaryFontMetrics(for: request.segmentStyles[segment])
                let outsets = request.segmentBackgroundOutsets(atByte: Int(item.pointee.offset))
                let rect = Rect(x: runX, y: runBaseline - ascent - outsets.top, width: runWidth, height: ascent + descent + outsets.top + outsets.bottom)
                if let last = backgrounds.last, last.color == background, last.rect.minY == rect.minY, last.rect.height == rect.height,
                   abs(last.rect.maxX - rect.minX) < 1e-6 {
                    backgrounds[backgrounds.count - 1] = TextDecorationRect(rect: last.rect.union(rect), color: background)
                } else {
                    backgrounds.append(TextDecorationRect(rect: rect, color: background))
                }
            }
            if let pangoFont = item.pointee.analysis.font, let font = scaledFont(for: pangoFont) {
                var glyphs: [cairo_glyph_t] = []
                glyphs.reserveCapacity(Int(glyphString.pointee.num_glyphs))
                var pen: Int32 = 0
                for glyphIndex in 0..<Int(glyphString.pointee.num_glyphs) {
                    let info = glyphString.pointee.glyphs[glyphIndex]
                    defer { pen += info.geometry.width }
                    guard info.glyph != glyphEmpty, info.glyph & glyphUnknownFlag == 0 else { continue }
                    glyphs.append(cairo_glyph_t(
                        index: UInt(info.glyph),
                        x: runX + Double(pen + info.geometry.x_offset) / unitsPerPoint,
                        y: runBaseline + Double(info.geometry.y_offset) / unitsPerPoint
                    ))
                }
                if !glyphs.isEmpty {
                    runs.append(GlyphRun(font: font, glyphs: glyphs, color: style.color, line: lineIndex, isEllipsis: isEllipsis))
                }
                if style.hasDecoration, !(isEllipsis && style.cssLineMetrics) {
                    addDecorations(style: style, font: pangoFont, x: runX, width: Double(width) / unitsPerPoint, baseline: runBaseline)
                }
            }
            xOffset += width + run.pointee.end_x_offset
        }
        return hasEllipsis
    }

    /// The logical rectangle of the shape attribute among an item's extra attributes.
    private func shapeRect(in list: UnsafeMutablePointer<GSList>, into rect: inout PangoRectangle) -> Bool {
        var node: UnsafeMutablePointer<GSList>? = list
        while let current = node {
            if let data = current.pointee.data?.assumingMemoryBound(to: PangoAttribute.self),
               data.pointee.klass.pointee.type == PANGO_ATTR_SHAPE {
                rect = UnsafeMutableRawPointer(data).assumingMemoryBound(to: PangoAttrShape.self).pointee.logical_rect
                return true
            }
            node = current.pointee.next
        }
        return false
    }

    /// The retained scaled font of a Pango font (the engine's), its family noted as used.
    private mutating func scaledFont(for pangoFont: UnsafeMutablePointer<PangoFont>) -> ScaledFont? {
        guard let entry = engine.scaledFont(for: pangoFont) else { return nil }
        if !fontsUsed.contains(entry.family) { fontsUsed.append(entry.family) }
        return entry.font
    }

    /// Underline, overline and line-through for one run, placed from the font's metrics as Pango
    /// places them; the thickness is the style's or the font's.
    private mutating func addDecorations(
        style: TextStyle,
        font: UnsafeMutablePointer<PangoFont>,
        x: Double,
        width: Double,
        baseline: Double
    ) {
        guard width > 0, let metrics = pango_font_get_metrics(font, nil) else { return }
        defer { pango_font_metrics_unref(metrics) }
        let color = style.decorationColor ?? style.color
        // Chromium's automatic thickness for CSS: a tenth of the size, at least a device pixel
        // (drawing puts it on whole pixels as Chromium does for each line style).
        let cssThickness: Double? = style.cssLineMetrics ? max(1 / request.options.pixelScale, style.size / 10) : nil
        func thickness(_ fontValue: Int32) -> Double {
            style.decorationThickness ?? cssThickness ?? max(Double(fontValue) / unitsPerPoint, 0.5)
        }
        let fontAscent = Double(pango_font_metrics_get_ascent(metrics)) / unitsPerPoint
        let ascent = style.cssLineMetrics
            ? Self.cssRounded(ascent: fontAscent, descent: Double(pango_font_metrics_get_descent(metrics)) / unitsPerPoint,
                              scale: request.options.pixelScale).ascent
            : fontAscent
        if style.underline {
            let t = thickness(pango_font_metrics_get_underline_thickness(metrics))
            // Chromium (measured at 11–21 px): the line's top half its unrounded thickness below
            // the baseline, rounded up to a device pixel and at least one.
            let scale = request.options.pixelScale
            let top = style.cssLineMetrics ? max(1, ((style.decorationThickness ?? style.size / 10) * scale / 2).rounded(.up)) / scale
                : -Double(pango_font_metrics_get_underline_position(metrics)) / unitsPerPoint
            append(Rect(x: x, y: baseline + top, width: width, height: t), color, style.decorationStyle, skipsInk: style.cssLineMetrics)
        }
        if style.overline {
            let t = thickness(pango_font_metrics_get_underline_thickness(metrics))
            append(Rect(x: x, y: baseline - ascent - (style.cssLineMetrics ? t : 0), width: width, height: t), color, style.decorationStyle,
                   isOverline: true, skipsInk: style.cssLineMetrics)
        }
        if style.strikethrough {
            let t = thickness(pango_font_metrics_get_strikethrough_thickness(metrics))
            let top: Double
            if style.cssLineMetrics {
                // Chromium (measured): centred a third of the ascent above the baseline.
                top = baseline - ascent / 3 - t / 2
            } else {
                // Centred where the font's own line is.
                let position = Double(pango_font_metrics_get_strikethrough_position(metrics)) / unitsPerPoint
                let fontThickness = max(Double(pango_font_metrics_get_strikethrough_thickness(metrics)) / unitsPerPoint, 0.5)
                top = baseline - position + (fontThickness - t) / 2
            }
            append(Rect(x: x, y: top, width: width, height: t), color, style.decorationStyle, isLineThrough: true)
        }
    }

    /// Adds a decoration, joining it to the previous one when it continues it (no seam between runs).
    private mutating func append(_ rect: Rect, _ color: Color, _ style: TextDecorationStyle, isLineThrough: Bool = false,
                                 isOverline: Bool = false, skipsInk: Bool = false) {
        let line = TextDecorationRect(rect: rect, color: color, style: style, isLineThrough: isLineThrough, isOverline: isOverline, skipsInk: skipsInk)
        if let last = decorations.last, last.color == color, last.style == style, last.isLineThrough == isLineThrough,
           last.isOverline == isOverline, last.skipsInk == skipsInk,
           last.rect.minY == rect.minY, last.rect.height == rect.height, abs(last.rect.maxX - rect.minX) < 1e-6 {
            decorations[decorations.count - 1].rect = last.rect.union(rect)
        } else {
            decorations.append(line)
        }
    }

    /// The x ranges (layout points) covering bytes `from..<to` of a line, touching ranges joined.
    private func xRanges(of line: UnsafeMutablePointer<PangoLayoutLine>, from: Int, to: Int) -> [Range<Double>] {
        var ranges: UnsafeMutablePointer<Int32>?
        var count: Int32 = 0
        pango_layout_line_get_x_ranges(line, Int32(from), Int32(to), &ranges, &count)
        defer { g_free(ranges) }
        guard let ranges else { return [] }
        var result: [Range<Double>] = []
        for index in 0..<Int(count) {
            let low = Double(ranges[2 * index]) / unitsPerPoint, high = Double(ranges[2 * index + 1]) / unitsPerPoint
            guard high > low else { continue }
            // Pango gives one range per run; join those that touch (a link over two styles).
            if let last = result.last, abs(last.upperBound - low) < 1e-6 {
                result[result.count - 1] = last.lowerBound..<high
            } else {
                result.append(low..<high)
            }
        }
        return result
    }
}
