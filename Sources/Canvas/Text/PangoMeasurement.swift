import CCairoPango

/// Pango units per point (`PANGO_SCALE`).
private let pangoScale = 1024.0

/// One measurement: builds a `PangoLayout` on a checked-out engine, reads back everything a
/// ``TextLayout`` keeps, and releases every Pango object before returning. Nothing from Pango
/// outlives `run()` except retained Cairo scaled fonts.
struct PangoMeasurement {
    let engine: TextEngine
    let request: MeasureRequest

    func run(truncated forced: Bool = false) throws(CanvasError) -> TextLayout {
        let layout = pango_layout_new(engine.context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let rises = segmentRises()
        configure(layout, rises: rises)
        let lineAligned = lineAlignedTops(layout)
        if !lineAligned.isEmpty { configure(layout, rises: rises, lineAligned: lineAligned) }
        let cssMetrics = request.style.cssLineMetrics ? cssFontMetrics : nil
        let options = request.options
        let keep = options.maxLines > 0 ? options.maxLines : Int.max
        if !forced, request.style.cssLineMetrics, options.wrapsLines, isEllipsizing, options.truncation == .tail, let clamped = cssClamp(layout, keep: keep) {
            return try PangoMeasurement(engine: engine, request: clamped).run(truncated: true).given(request.text)
        }
        var xShift: (Bool) -> Double = { _ in 0 }
        // An unwrapped CSS text wider than its box: Pango aligns its lines within the widest.
        var unwrappedBoxWidth: Double?
        if let width = options.maxWidth, !options.wrapsLines, !isEllipsizing {
            // Unwrapped lines align within the width when they fit in it, as CSS aligns them.
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            if Double(logical.width) <= width * pangoScale {
                pango_layout_set_width(layout, pangoWidth(width))
            } else if request.style.cssLineMetrics {
                unwrappedBoxWidth = width
            }
        } else if let width = options.maxWidth, options.balancesLines, options.wrapsLines {
            xShift = balance(layout, width: width)
        }
        let fullLineCount = Int(pango_layout_get_line_count(layout))
        var lineCount = fullLineCount
        if lineCount > keep, isEllipsizing {
            // Pango's `height = -N` limits lines per paragraph; with several paragraphs, limit the
            // total by height instead: the bottom of line N. Pango ellipsizes line N when the cut
            // falls inside a paragraph; when it falls at a paragraph end the later paragraphs are
            // dropped without an ellipsis (a Pango limitation; `isTruncated` still says so).
            if let line = lineExtents(layout, index: keep - 1) {
                pango_layout_set_height(layout, line.y + line.height)
                lineCount = Int(pango_layout_get_line_count(layout))
            }
        }
        let keptLines = min(lineCount, keep)
        let ellipsized = pango_layout_is_ellipsized(layout) != 0

        let alignmentShift = cssAlignmentShift()
        let shift = xShift
        var reader = LayoutReader(request: request, engine: engine, keptLines: keptLines,
                                  xShift: { rightToLeft in shift(rightToLeft) + alignmentShift(rightToLeft) })
        if request.style.cssLineMetrics, request.style.alignment == .justified, options.wrapsLines, let width = options.maxWidth {
            reader.justifyWidth = width
        }
        reader.firstLineIndent = indent
        if let cssMetrics { reader.cssBaseline = (cssMetrics.ascent, cssMetrics.descent, options.pixelScale) }
        reader.segmentRises = rises
        if request.style.cssLineMetrics, let width = options.maxWidth, pango_layout_get_width(layout) >= 0 {
            reader.cssBoxWidth = width
        } else if let width = unwrappedBoxWidth {
            reader.cssBoxWidth = width
            reader.alignsEveryLine = true
        }
        reader.read(layout)
        let truncated = forced || ellipsized || fullLineCount > keptLines

        var minX = Double.infinity, maxX = -Double.infinity, height = 0.0
        for line in reader.lines {
            minX = min(minX, line.rect.minX)
            maxX = max(maxX, line.rect.maxX)
            height = max(height, line.rect.maxY)
        }
        if reader.lines.isEmpty { minX = 0; maxX = 0 }
        let bounds = Rect(x: minX, y: 0, width: maxX - minX, height: height)

        return TextLayout(
            text: request.text,
            style: request.style,
            options: options,
            size: bounds.size,
            bounds: bounds,
            lines: reader.lines,
            isTruncated: truncated,
            links: reader.links,
            fontsUsed: reader.fontsUsed,
            requestedFamiliesMissing: engine.missingFamilies(of: request),
            runs: reader.runs,
            decorations: reader.decorations,
            attachments: reader.attachments,
            backgrounds: reader.backgrounds,
            fontFiles: engine.fontSet,
            segmentAreas: reader.segmentAreas
        )
    }

    /// CSS's clamp (`line-clamp`, and a one-line `text-overflow: ellipsis`) as Chromium draws it:
    /// the lines as they wrap, the last kept one followed by "…" (letters removed from its end
    /// only when the ellipsis does not fit). Pango would instead fill the last line with as much
    /// of the following text as fits. Returns the request for the text cut after line `keep`
    /// with "…" appended, or `nil` when the text fits.
    private func cssClamp(_ layout: OpaquePointer, keep: Int) -> MeasureRequest? {
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
        pango_layout_set_height(layout, -1)
        defer {
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            pango_layout_set_height(layout, -Int32(min(keep, Int(Int32.max))))
        }
        guard Int(pango_layout_get_line_count(layout)) > keep,
              let line = pango_layout_get_line_readonly(layout, Int32(keep - 1)) else { return nil }
        var end = Int(line.pointee.start_index + line.pointee.length)
        // The spaces (and a break) the line ends with are not kept before the ellipsis.
        while end > 0, [0x20, 0x0A, 0x09].contains(request.utf8[end - 1]) { end -= 1 }
        var segments: [AttributedText.Segment] = []
        for (index, segment) in request.text.segments.enumerated() {
            let start = request.segmentStarts[index], length = segment.text.utf8.count
            guard start < end else { break }
            if start + length <= end {
                segments.append(segment)
            } else if segment.attachment == nil {
                var cut = segment
                cut.text = String(decoding: request.utf8[start..<end], as: UTF8.self)
                segments.append(cut)
            }
        }
        guard let last = segments.lastIndex(where: { !$0.text.isEmpty && $0.attachment == nil }) else { return nil }
        // Chromium draws the ellipsis without the line's decorations.
        var ellipsisStyle = segments[last].style
        ellipsisStyle.underline = false
        ellipsisStyle.strikethrough = false
        ellipsisStyle.overline = false
        segments.insert(AttributedText.Segment("\u{2026}", style: ellipsisStyle, link: segments[last].link), at: last + 1)
        return MeasureRequest(text: AttributedText(segments: segments), style: request.style, options: request.options)
    }

    /// For CSS-styled texts, where Chromium puts lines that Pango puts elsewhere: a hanging
    /// indent moves every line back by the width the layout was widened by. (The letter spacing
    /// after a line's last letter, which moves centred and end-aligned lines, is LayoutReader's.)
    private func cssAlignmentShift() -> (Bool) -> Double {
        let hang = hangingIndent
        return { _ in -hang }
    }

    /// Narrows the layout to the smallest width (to a quarter point) that keeps its line count, and
    /// returns how far each line moves (by whether it is right to left) to align in `width` again.
    private func balance(_ layout: OpaquePointer, width: Double) -> (Bool) -> Double {
        let count = pango_layout_get_line_count(layout)
        guard count > 1 else { return { _ in 0 } }
        var low = 0.0, high = width
        while high - low > 0.25 {
            let middle = (low + high) / 2
            pango_layout_set_width(layout, pangoWidth(middle))
            if pango_layout_get_line_count(layout) > count { low = middle } else { high = middle }
        }
        pango_layout_set_width(layout, pangoWidth(high))
        let slack = width - high
        let alignment = request.style.alignment
        return { rightToLeft in
            switch alignment {
            case .left: 0
            case .right: slack
            case .center: slack / 2
            case .natural, .justified: rightToLeft ? slack : 0
            case .end: rightToLeft ? 0 : slack
            }
        }
    }

    /// `width` in Pango units for wrapping. Pango breaks lines counting the letter spacing after
    /// a line's last character but leaves it out of the line's extents, so a text measured on one
    /// line would wrap at exactly its measured width: the spacing is added back here. CSS-styled
    /// texts count that spacing in their lines' widths as Chromium does (LayoutReader), so they
    /// break where Chromium breaks and get no slack. (Word spacing sits on spaces, which a line
    /// never ends with in sight: it is not added.)
    private func pangoWidth(_ width: Double) -> Int32 {
        guard !request.style.cssLineMetrics else { return Int32(((width + hangingIndent) * pangoScale).rounded()) }
        var spacing = abs(request.style.letterSpacing)
        for segment in request.text.segments { spacing = max(spacing, abs(segment.style.letterSpacing ?? 0)) }
        return Int32(((width + spacing + hangingIndent) * pangoScale).rounded())
    }

    /// How far a negative indent hangs the first line out of the box. Pango indents the other
    /// lines instead, so the layout is made that much wider and moved back (CSS's hanging first line).
    var hangingIndent: Double { request.style.cssLineMetrics ? max(0, -indent) : 0 }

    /// The first line's indent in points: the style's, and its percentage of the width.
    var indent: Double { request.style.textIndent + request.style.textIndentPercent / 100 * (request.options.maxWidth ?? 0) }

    private var isEllipsizing: Bool {
        request.options.maxWidth != nil && request.options.truncation != .none && request.options.maxLines > 0
    }

    /// The tops (points from the baseline, up negative) of the boxes aligned with their line's
    /// top or bottom, by segment (CSS 2.1 §10.8.1, as Blink does it): `layout` laid them out with
    /// no height, so each line's ascent and descent are its other content's; a taller `top` box
    /// then deepens the line below, a taller `bottom` one raises it above, and each sits at the
    /// line's final top or bottom.
    private func lineAlignedTops(_ layout: OpaquePointer) -> [Int: Double] {
        // CSS's line box where the text has CSS's line metrics (LayoutReader's), else Pango's line.
        var reader = LayoutReader(request: request, engine: engine, keptLines: 0, xShift: { _ in 0 })
        if request.style.cssLineMetrics {
            let metrics = cssFontMetrics
            reader.cssBaseline = (metrics.ascent, metrics.descent, request.options.pixelScale)
        }
        var boxes: [(segment: Int, line: Int32, attachment: TextAttachment)] = []
        var lines: [Int32: (ascent: Double, descent: Double)] = [:]
        for (index, segment) in request.text.segments.enumerated() {
            guard let attachment = segment.attachment, attachment.verticalAlignment == .lineTop || attachment.verticalAlignment == .lineBottom else { continue }
            var lineIndex: Int32 = 0, x: Int32 = 0
            pango_layout_index_to_line_x(layout, Int32(request.segmentStarts[index]), 0, &lineIndex, &x)
            boxes.append((index, lineIndex, attachment))
            if lines[lineIndex] == nil, let line = pango_layout_get_line_readonly(layout, lineIndex) {
                var logical = PangoRectangle()
                pango_layout_line_get_extents(line, nil, &logical)
                var ascent = -Double(logical.y) / pangoScale, descent = Double(logical.y + logical.height) / pangoScale
                if let box = reader.cssLineBox(UnsafeMutablePointer(mutating: line)) { (ascent, descent) = (box.above, box.height - box.above) }
                lines[lineIndex] = (ascent, descent)
            }
            guard var line = lines[lineIndex] else { continue }
            let height = attachment.size.height
            if attachment.verticalAlignment == .lineTop { line.descent = max(line.descent, height - line.ascent) } else { line.ascent = max(line.ascent, height - line.descent) }
            lines[lineIndex] = line
        }
        var tops: [Int: Double] = [:]
        for box in boxes {
            guard let line = lines[box.line] else { continue }
            tops[box.segment] = box.attachment.verticalAlignment == .lineTop ? -line.ascent : line.descent - box.attachment.size.height
        }
        return tops
    }

    private func lineExtents(_ layout: OpaquePointer, index: Int) -> PangoRectangle? {
        let iter = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iter) }
        var current = 0
        repeat {
            if current == index {
                var logical = PangoRectangle()
                pango_layout_iter_get_line_extents(iter, nil, &logical)
                return logical
            }
            current += 1
        } while pango_layout_iter_next_line(iter) != 0
        return nil
    }

    // MARK: Configuration

    /// Gives `layout` the text, its font and every attribute; `rises` are the segments' rises
    /// (``segmentRises()``, computed here when not given).
    func configure(_ layout: OpaquePointer, rises: [Double]? = nil, lineAligned: [Int: Double] = [:]) {
        let style = request.style
        let options = request.options
        request.utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                pango_layout_set_text(layout, chars.baseAddress, Int32(chars.count))
            }
        }
        let baseFamily = engine.pangoFamilies(for: style)
        let description = PangoMeasurement.fontDescription(for: style, family: baseFamily)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)

        let attributes = pango_attr_list_new()!
        defer { pango_attr_list_unref(attributes) }
        if let lineHeight = style.lineHeight {
            pango_attr_list_insert(attributes, pango_attr_line_height_new_absolute(Int32((lineHeight * pangoScale).rounded())))
        } else if style.cssLineMetrics {
            // CSS's `normal`, as Chromium computes it: ascent and descent rounded each.
            let metrics = cssFontMetrics
            let normal = metrics.ascent + metrics.descent
            pango_attr_list_insert(attributes, pango_attr_line_height_new_absolute(Int32((normal * pangoScale).rounded())))
        }
        for (index, segment) in request.text.segments.enumerated() where !segment.style.isEmpty && !segment.text.isEmpty {
            let start = UInt32(request.segmentStarts[index])
            let end = start + UInt32(segment.text.utf8.count)
            var overrides = segment.style
            var family: UnsafeMutablePointer<PangoAttribute>?
            if engine.fontSet != nil {
                // With render fonts the family Pango gets depends on the weight and style too: a
                // bold span of "Brand" is Brand's bold face, another private family name.
                overrides.fontFamily = nil
                let resolved = engine.pangoFamilies(for: request.segmentStyles[index])
                if resolved != baseFamily { family = pango_attr_family_new(resolved) }
            }
            for attribute in PangoMeasurement.attributes(for: overrides) + (family.map { [$0] } ?? []) {
                attribute.pointee.start_index = start
                attribute.pointee.end_index = end
                pango_attr_list_insert(attributes, attribute)
            }
        }
        insertAttachments(attributes, lineAligned: lineAligned)
        insertRises(attributes, rises ?? segmentRises())
        insertUnbreakableSegments(attributes)
        if style.letterSpacing != 0 {
            insertWhole(attributes, pango_attr_letter_spacing_new(Int32((style.letterSpacing * pangoScale).rounded())))
        }
        if style.underline { insertWhole(attributes, pango_attr_underline_new(PANGO_UNDERLINE_SINGLE)) }
        if style.strikethrough { insertWhole(attributes, pango_attr_strikethrough_new(1)) }
        // (Overlines are drawn here; Pango 1.50 aborts on an overline attribute of NONE, so a
        // colour attribute marks where they change instead.)
        if style.overline { insertWhole(attributes, pango_attr_overline_color_new(1, 0, 0)) }
        // CSS's `hyphens: manual`: a word broken at the line's end gets no hyphen.
        if style.cssLineMetrics { insertWhole(attributes, pango_attr_insert_hyphens_new(0)) }
        if style.textTransform != .none { insertWhole(attributes, pango_attr_text_transform_new(style.textTransform.pango)) }
        if !style.fontFeatures.isEmpty { insertWhole(attributes, pango_attr_font_features_new(style.fontFeatures)) }
        if style.wordSpacing != 0 { insertWordSpacing(attributes, style.wordSpacing) }
        if style.cssLineMetrics { insertSpaceFonts(attributes) }
        if options.lineBreakMode == .wordsOnly { keepCJKWords(attributes) }
        if style.cssLineMetrics { insertASCIIWords(attributes) }
        pango_layout_set_attributes(layout, attributes)
        if indent != 0 { pango_layout_set_indent(layout, Int32((indent * pangoScale).rounded())) }
        // CSS's tab-size counts spaces with their letter and word spacing; Pango's default (8
        // spaces) has neither.
        if style.tabSize != 8 || style.tabWidth != nil || (style.cssLineMetrics && (style.letterSpacing != 0 || style.wordSpacing != 0)),
           request.utf8.contains(0x09) {
            setTabs(layout, spaces: style.tabSize)
        }

        if let width = options.maxWidth, options.wrapsLines || isEllipsizing {
            pango_layout_set_width(layout, pangoWidth(width))
        }
        switch options.lineBreakMode {
        case .word, .wordsOnly: pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
        case .character: pango_layout_set_wrap(layout, PANGO_WRAP_CHAR)
        case .wordOrCharacter: pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        // The context is shared by every layout of its engine: set its base direction for each
        // layout (Pango's default weak LTR for `auto`), so no layout inherits the previous one's.
        pango_context_set_base_dir(pango_layout_get_context(layout), options.baseDirection.pangoDirection)
        // With auto-dir on, Pango mirrors left/right alignment for a paragraph whose direction
        // differs from the context's; with it off, alignment is physical. A fixed base direction
        // turns it off, so `natural` (and justified's last line) is set to the start edge here.
        let start = options.baseDirection == .rightToLeft ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT
        if options.baseDirection != .auto { pango_layout_set_auto_dir(layout, 0) }
        switch style.alignment {
        case .left:
            pango_layout_set_auto_dir(layout, 0)
            pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .right:
            pango_layout_set_auto_dir(layout, 0)
            pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .center:
            // Pango ignores the indent of a centred layout; a CSS-styled text is laid out at its
            // start, indent counted, and centred by LayoutReader.
            let indentsCSS = style.cssLineMetrics && indent > 0
            pango_layout_set_alignment(layout, indentsCSS ? start : PANGO_ALIGN_CENTER)
        case .justified:
            pango_layout_set_alignment(layout, start)
            // CSS-styled texts are justified at spaces only, as Chromium does (LayoutReader).
            if !style.cssLineMetrics { pango_layout_set_justify(layout, 1) }
        case .natural:
            pango_layout_set_alignment(layout, start)
        case .end:
            pango_layout_set_alignment(layout, options.baseDirection == .rightToLeft ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT)
        }
        if isEllipsizing {
            switch options.truncation {
            case .none: break
            case .head: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_START)
            case .middle: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
            case .tail: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            }
            pango_layout_set_height(layout, -Int32(min(options.maxLines, Int(Int32.max))))
        }
    }

    /// Each segment's rise in points, or empty when none is raised: its baseline shift, or for
    /// a CSS text segment aligned by the paragraph's font (``TextStyleOverrides/verticalAlignment``),
    /// what moves its inline box (its line height centred on its primary font, CSS-rounded) so
    /// that its middle, top or bottom meets the paragraph's middle (half the x-height above the
    /// baseline), ascent or descent (CSS 2.1 §10.8.1).
    private func segmentRises() -> [Double] {
        let segments = request.text.segments
        guard segments.contains(where: { $0.attachment == nil && ($0.style.baselineShift != nil || $0.style.verticalAlignment != nil) }) else { return [] }
        let aligns = request.style.cssLineMetrics && segments.contains { $0.attachment == nil && $0.style.verticalAlignment != nil }
        let parent = aligns ? baseMetrics(measuresXHeight: true) : (ascent: 0, descent: 0, xHeight: 0)
        let rounded = aligns ? cssFontMetrics : (ascent: 0, descent: 0)
        return segments.indices.map { index in
            let segment = segments[index]
            guard segment.attachment == nil else { return 0 }
            var rise = segment.style.baselineShift.map { $0.isFinite ? max(-1e6, min($0, 1e6)) : 0 } ?? 0
            if aligns, let alignment = segment.style.verticalAlignment {
                let raw = engine.primaryFontMetrics(for: request.segmentStyles[index])
                let own = LayoutReader.cssRounded(ascent: raw.ascent, descent: raw.descent, scale: request.options.pixelScale)
                let height = segment.style.cssLineHeight(in: request.style.lineHeight) ?? (own.ascent + own.descent)
                switch alignment {
                case .baseline: break
                case .middle: rise = parent.xHeight / 2 - (own.ascent - own.descent) / 2
                case .textTop, .lineTop: rise = rounded.ascent - (height + own.ascent - own.descent) / 2
                case .textBottom, .lineBottom: rise = (height - own.ascent + own.descent) / 2 - rounded.descent
                case .raised(let points): rise = points.isFinite ? max(-1e6, min(points, 1e6)) : 0
                }
            }
            return rise
        }
    }

    /// A rise attribute per raised segment (Pango makes room for it when measuring lines).
    private func insertRises(_ list: OpaquePointer, _ rises: [Double]) {
        for (index, rise) in rises.enumerated() where rise != 0 {
            guard let attribute = pango_attr_rise_new(Int32((rise * pangoScale).rounded())) else { continue }
            let start = request.segmentStarts[index]
            attribute.pointee.start_index = UInt32(start)
            attribute.pointee.end_index = UInt32(start + request.text.segments[index].text.utf8.count)
            pango_attr_list_insert(list, attribute)
        }
    }

    /// No breaks inside segments that allow none (``TextStyleOverrides/allowsLineBreaks``). Pango
    /// keeps the break at a range's start, so a line may still break before such a segment;
    /// after another that allows none (a `<small>` inside a `nowrap` span) the range starts at
    /// that one's last character, so the boundary cannot break either.
    private func insertUnbreakableSegments(_ list: OpaquePointer) {
        var previousKeeps = false
        for (index, segment) in request.text.segments.enumerated() {
            let keeps = segment.style.allowsLineBreaks == false
            defer { if !segment.text.isEmpty { previousKeeps = keeps } }
            guard keeps, !segment.text.isEmpty, let attribute = pango_attr_allow_breaks_new(0) else { continue }
            let segmentStart = request.segmentStarts[index]
            var start = segmentStart
            if previousKeeps, start > 0 {
                start -= 1
                while start > 0, request.utf8[start] & 0xC0 == 0x80 { start -= 1 }  // to the character's first byte
            }
            attribute.pointee.start_index = UInt32(start)
            attribute.pointee.end_index = UInt32(segmentStart + segment.text.utf8.count)
            pango_attr_list_insert(list, attribute)
        }
    }

    /// Inserts an attribute covering the whole text (the list takes ownership).
    private func insertWhole(_ list: OpaquePointer, _ attribute: UnsafeMutablePointer<PangoAttribute>?) {
        guard let attribute else { return }
        pango_attr_list_insert(list, attribute)
    }

    /// A shape attribute per inline box: Pango lays the box out as one glyph of its size, its
    /// logical rectangle placed against the baseline as the box's vertical alignment says.
    private func insertAttachments(_ list: OpaquePointer, lineAligned: [Int: Double]) {
        guard request.text.segments.contains(where: { $0.attachment != nil }) else { return }
        let metrics = baseMetrics(measuresXHeight: true)
        for (index, segment) in request.text.segments.enumerated() {
            guard let attachment = segment.attachment else { continue }
            let w = attachment.size.width
            // A box aligned with its line is first laid out with no height (its line set by the
            // rest), then where ``lineAlignedTops(_:)`` puts it.
            let isLineAligned = attachment.verticalAlignment == .lineTop || attachment.verticalAlignment == .lineBottom
            let h = isLineAligned && lineAligned[index] == nil ? 0 : attachment.size.height
            let top: Double = switch attachment.verticalAlignment {
            case .baseline: -h
            case .middle: -metrics.xHeight / 2 - h / 2
            case .textTop: -metrics.ascent
            case .textBottom: metrics.descent - h
            case .raised(let points): -h - points
            case .lineTop, .lineBottom: lineAligned[index] ?? 0
            }
            var rect = PangoRectangle(x: 0, y: Int32((top * pangoScale).rounded()), width: Int32((w * pangoScale).rounded()),
                                      height: Int32((h * pangoScale).rounded()))
            guard let attribute = pango_attr_shape_new(&rect, &rect) else { continue }
            let start = request.segmentStarts[index]
            attribute.pointee.start_index = UInt32(start)
            attribute.pointee.end_index = UInt32(start + segment.text.utf8.count)
            pango_attr_list_insert(list, attribute)
            // CSS: a replaced or inline-block box adds its whole margin box to the line, whatever
            // the line height (CSS 2.1 §10.8.1); the text's line height would squash it.
            // (At least one Pango unit: 0 would mean no line height of its own, and the text's
            // would then centre a zero-high box on the baseline, half of it below.)
            if request.style.cssLineMetrics, let height = pango_attr_line_height_new_absolute(max(1, rect.height)) {
                height.pointee.start_index = UInt32(start)
                height.pointee.end_index = UInt32(start + segment.text.utf8.count)
                pango_attr_list_insert(list, height)
            }
        }
    }

    /// The base font's ascent and descent each rounded to whole device pixels, as Chromium
    /// rounds them for CSS's line metrics; a descent rounded down borrows a pixel from the
    /// ascent (Chromium on Linux, with subpixel glyph positions, so descenders are not cut).
    var cssFontMetrics: (ascent: Double, descent: Double) {
        let metrics = baseMetrics(measuresXHeight: false)
        return LayoutReader.cssRounded(ascent: metrics.ascent, descent: metrics.descent, scale: request.options.pixelScale)
    }

    /// The base font's ascent, descent and x-height in points (the x-height from the ink of "x").
    private func baseMetrics(measuresXHeight: Bool) -> (ascent: Double, descent: Double, xHeight: Double) {
        // The primary font's: a fontset's metrics are the largest of the fonts its language's
        // sample text falls back to, where CSS's strut is the first available font's alone.
        let (ascent, descent) = engine.primaryFontMetrics(for: request.style)
        guard measuresXHeight else { return (ascent, descent, request.style.size / 2) }
        let description = PangoMeasurement.fontDescription(for: request.style, family: engine.pangoFamilies(for: request.style))
        defer { pango_font_description_free(description) }
        let probe = pango_layout_new(engine.context)!
        defer { g_object_unref(UnsafeMutableRawPointer(probe)) }
        pango_layout_set_font_description(probe, description)
        pango_layout_set_text(probe, "x", 1)
        var ink = PangoRectangle()
        pango_layout_get_extents(probe, &ink, nil)
        let xHeight = ink.height > 0 ? Double(ink.height) / pangoScale : request.style.size / 2
        return (ascent, descent, xHeight)
    }

    /// CSS `word-spacing`: letter spacing on each word separator alone, which Pango spreads half
    /// before and half after it, so the gap grows by `spacing`. The separator's own letter
    /// spacing (which this attribute replaces) is added, as CSS spaces get both.
    private func insertWordSpacing(_ list: OpaquePointer, _ spacing: Double) {
        let bytes = request.utf8
        var index = 0
        while index < bytes.count {
            // U+0020, and U+00A0 (C2 A0 in UTF-8).
            let length = bytes[index] == 0x20 ? 1 : (bytes[index] == 0xC2 && index + 1 < bytes.count && bytes[index + 1] == 0xA0 ? 2 : 0)
            let units = length > 0 ? Int32(((spacing + request.style(atByte: index).letterSpacing) * pangoScale).rounded()) : 0
            if length > 0, let attribute = pango_attr_letter_spacing_new(units) {
                attribute.pointee.start_index = UInt32(index)
                attribute.pointee.end_index = UInt32(index + length)
                pango_attr_list_insert(list, attribute)
            }
            index += max(length, 1)
        }
    }

    /// Pango draws a space in the font of the run before it (a CJK font after CJK text); Chromium
    /// in the first font of the list that has it, as any character. Fallback off on a space that
    /// follows a non-ASCII character makes Pango take the list's first font for it.
    private func insertSpaceFonts(_ list: OpaquePointer) {
        let bytes = request.utf8
        var index = 1
        while index < bytes.count {
            if bytes[index] == 0x20, bytes[index - 1] >= 0x80, let attribute = pango_attr_fallback_new(0) {
                attribute.pointee.start_index = UInt32(index)
                attribute.pointee.end_index = UInt32(index + 1)
                pango_attr_list_insert(list, attribute)
            }
            index += 1
        }
    }

    /// `word-break: keep-all`: no break inside a run of characters between white space that holds
    /// CJK or Hangul letters (Pango, as CSS's `normal`, would break between any two of them).
    private func keepCJKWords(_ list: OpaquePointer) {
        func isCJK(_ v: UInt32) -> Bool {
            (0x1100...0x11FF).contains(v) || (0x3040...0x30FF).contains(v) || (0x3130...0x318F).contains(v)
                || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xAC00...0xD7AF).contains(v)
                || (0xF900...0xFAFF).contains(v)
        }
        func keep(_ start: Int, _ end: Int) {
            guard end - start > 1, let attribute = pango_attr_allow_breaks_new(0) else { return }
            attribute.pointee.start_index = UInt32(start)
            attribute.pointee.end_index = UInt32(end)
            pango_attr_list_insert(list, attribute)
        }
        var offset = 0, wordStart = 0, hasCJK = false
        for scalar in String(decoding: request.utf8, as: UTF8.self).unicodeScalars {
            if scalar.properties.isWhitespace {
                if hasCJK { keep(wordStart, offset) }
                hasCJK = false
                wordStart = offset + UTF8.width(scalar)
            } else if isCJK(scalar.value) {
                hasCJK = true
            }
            offset += UTF8.width(scalar)
        }
        if hasCJK { keep(wordStart, offset) }
    }

    /// A browser's breaks between printable ASCII characters (``ASCIILineBreaks``): each word
    /// of the table a Pango word, which keeps no line break inside it but its character breaks
    /// (for `overflow-wrap`).
    private func insertASCIIWords(_ list: OpaquePointer) {
        for word in ASCIILineBreaks.words(in: request.utf8) {
            guard let attribute = pango_attr_word_new() else { continue }
            attribute.pointee.start_index = UInt32(word.lowerBound)
            attribute.pointee.end_index = UInt32(word.upperBound)
            pango_attr_list_insert(list, attribute)
        }
    }

    /// Tab stops every `spaces` widths of the base font's space.
    private func setTabs(_ layout: OpaquePointer, spaces: Double) {
        let probe = pango_layout_new(engine.context)!
        defer { g_object_unref(UnsafeMutableRawPointer(probe)) }
        let description = PangoMeasurement.fontDescription(for: request.style, family: engine.pangoFamilies(for: request.style))
        pango_layout_set_font_description(probe, description)
        pango_font_description_free(description)
        pango_layout_set_text(probe, " ", 1)
        var logical = PangoRectangle()
        pango_layout_get_extents(probe, nil, &logical)
        let spacing = request.style.cssLineMetrics ? (request.style.letterSpacing + request.style.wordSpacing) * pangoScale : 0
        var width = max(1, Int32(((Double(logical.width) + spacing) * spaces).rounded()))
        if let points = request.style.tabWidth { width = max(1, Int32((points * pangoScale).rounded())) }
        let tabs = pango_tab_array_new(1, 0)!
        defer { pango_tab_array_free(tabs) }
        pango_tab_array_set_tab(tabs, 0, PANGO_TAB_LEFT, width)
        pango_layout_set_tabs(layout, tabs)
    }

    /// A new font description for `style` with the family list `family` (the caller frees it).
    static func fontDescription(for style: TextStyle, family: String) -> OpaquePointer {
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, family)
        pango_font_description_set_absolute_size(description, style.size * pangoScale)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(style.weight.rawValue)))
        pango_font_description_set_style(description, style.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        return description
    }

    /// New Pango attributes for the overridden fields (the caller inserts them into a list).
    static func attributes(for overrides: TextStyleOverrides) -> [UnsafeMutablePointer<PangoAttribute>] {
        var result: [UnsafeMutablePointer<PangoAttribute>?] = []
        if let family = overrides.fontFamily { result.append(pango_attr_family_new(family)) }
        if let size = overrides.size { result.append(pango_attr_size_new_absolute(Int32((size * pangoScale).rounded()))) }
        if let weight = overrides.weight { result.append(pango_attr_weight_new(PangoWeight(rawValue: UInt32(weight.rawValue)))) }
        if let italic = overrides.italic { result.append(pango_attr_style_new(italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)) }
        if let color = overrides.color {
            // Pango does not paint (drawing uses the run colours read back below), but a colour
            // attribute makes Pango split runs where the colour changes.
            result.append(pango_attr_foreground_new(
                UInt16((color.red * 65535).rounded()), UInt16((color.green * 65535).rounded()), UInt16((color.blue * 65535).rounded())))
            result.append(pango_attr_foreground_alpha_new(UInt16((color.alpha * 65535).rounded())))
        }
        if let spacing = overrides.letterSpacing { result.append(pango_attr_letter_spacing_new(Int32((spacing * pangoScale).rounded()))) }
        if let underline = overrides.underline {
            result.append(pango_attr_underline_new(underline ? PANGO_UNDERLINE_SINGLE : PANGO_UNDERLINE_NONE))
        }
        if let strikethrough = overrides.strikethrough { result.append(pango_attr_strikethrough_new(strikethrough ? 1 : 0)) }
        // Attributes that only make Pango split runs where the drawing changes (drawing reads the
        // segment's own values back).
        if let overline = overrides.overline { result.append(pango_attr_overline_color_new(overline ? 1 : 2, 0, 0)) }
        if let color = overrides.decorationColor ?? overrides.backgroundColor {
            result.append(pango_attr_underline_color_new(
                UInt16((color.red * 65535).rounded()), UInt16((color.green * 65535).rounded()), UInt16((color.blue * 65535).rounded())))
        }
        if let color = overrides.backgroundColor {
            result.append(pango_attr_background_new(
                UInt16((color.red * 65535).rounded()), UInt16((color.green * 65535).rounded()), UInt16((color.blue * 65535).rounded())))
            result.append(pango_attr_background_alpha_new(UInt16((color.alpha * 65535).rounded())))
        }
        if let style = overrides.decorationStyle {
            result.append(pango_attr_strikethrough_color_new(UInt16(TextDecorationStyle.allCases.firstIndex(of: style) ?? 0), 0, 0))
        }
        // A moved segment is drawn from runs of its own: an attribute Pango splits runs by after
        // breaking lines (its value unused: drawing reads the offset back).
        if overrides.relativeOffset != nil, overrides.backgroundColor == nil { result.append(pango_attr_background_alpha_new(1)) }
        // (A baseline shift is a rise attribute of its own: ``insertRises(_:)``.)
        if let transform = overrides.textTransform { result.append(pango_attr_text_transform_new(transform.pango)) }
        if let height = overrides.lineHeight, height.isFinite, height >= 0 {
            // (0 would leave Pango's own: the smallest height it takes is a Pango unit.)
            result.append(pango_attr_line_height_new_absolute(max(1, Int32((min(height, 1e6) * pangoScale).rounded()))))
        }
        return result.compactMap { $0 }
    }
}

extension TextTransform {
    /// Pango's text transform.
    var pango: PangoTextTransform {
        switch self {
        case .none: PANGO_TEXT_TRANSFORM_NONE
        case .uppercase: PANGO_TEXT_TRANSFORM_UPPERCASE
        case .lowercase: PANGO_TEXT_TRANSFORM_LOWERCASE
        case .capitalize: PANGO_TEXT_TRANSFORM_CAPITALIZE
        }
    }
}

extension TextDirection {
    /// The Pango base direction: strong for a fixed direction, Pango's default weak LTR for `auto`.
    var pangoDirection: PangoDirection {
        switch self {
        case .auto: PANGO_DIRECTION_WEAK_LTR
        case .leftToRight: PANGO_DIRECTION_LTR
        case .rightToLeft: PANGO_DIRECTION_RTL
        }
    }
}
