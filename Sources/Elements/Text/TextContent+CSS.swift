import Canvas

extension TextContent {
    /// This text as it is measured and drawn under `computed` (the text properties in effect at
    /// its element, which declares `declared`): a CSS-styled text gets its whole style, its
    /// whitespace processed, and its clamp, ellipsis and wrapping from CSS; a text with its own
    /// ``style`` gets the fields its element declares. `nil` when nothing changes.
    func resolved(in computed: ComputedText, declared: TextProperties, canvas: Size) -> TextContent? {
        var result = self
        var effective = computed
        if let own = style {
            guard !declared.isEmpty || !runs.isEmpty else { return nil }
            // The text's own style is where its element's declarations start from.
            effective = ComputedText(own).inheriting(declared, canvas: canvas)
            if !runs.isEmpty { result.text = Self.segments(of: runs, in: effective, canvas: canvas) }
        } else {
            result.lineBreakMode = effective.lineBreakMode
            result.wrapsLines = effective.wraps
            let source = runs.isEmpty ? text : Self.segments(of: runs, in: effective, canvas: canvas)
            result.text = WhiteSpaceProcessing.process(source, effective.whiteSpace)
        }
        result.style = effective.textStyle
        if style != nil, declared.wordBreak != nil || declared.overflowWrap != nil { result.lineBreakMode = effective.lineBreakMode }
        if style != nil, declared.whiteSpace != nil || declared.textWrap != nil {
            result.wrapsLines = effective.wraps
            // The text as built above (from the runs, when there are any).
            result.text = WhiteSpaceProcessing.process(result.text, effective.whiteSpace)
        }
        result.balancesLines = effective.textWrap == .balance
        if let overflow = declared.textOverflow {
            result.truncation = overflow == .ellipsis ? .tail : .none
            if overflow == .ellipsis, !result.wrapsLines, result.maxLines == 0 { result.maxLines = 1 }
        }
        if let clamp = declared.lineClamp {
            result.maxLines = clamp
            // A clamp cuts lines; a line that does not wrap is clipped, not ellipsized (only
            // `text-overflow: ellipsis` does that).
            if clamp > 0 { result.truncation = result.wrapsLines || declared.textOverflow == .ellipsis ? .tail : .none }
        }
        result.drawsLinesPastClamp = result.maxLines > 0 && declared.lineClampContinue == .webkitLegacy
        return result
    }
}

extension TextContent {
    /// The most runs a paragraph has.
    public static let maxRuns = 10_000

    /// The Canvas segments of CSS runs, one per run (so a segment's index is its run's): each
    /// run's properties computed over the paragraph's `base` and kept where they differ.
    static func segments(of runs: [InlineRun], in base: ComputedText, canvas: Size) -> AttributedText {
        let baseStyle = base.textStyle
        var segments: [AttributedText.Segment] = []
        segments.reserveCapacity(runs.count)
        for run in runs {
            let computed = run.style.isEmpty ? base : base.inheriting(run.style, canvas: canvas)
            var overrides = TextStyleOverrides()
            if !run.style.isEmpty {
                let s = computed.textStyle
                overrides = Self.lineBoxOverrides(of: s, over: baseStyle)
                if s.color != baseStyle.color { overrides.color = s.color }
                if s.letterSpacing != baseStyle.letterSpacing { overrides.letterSpacing = s.letterSpacing }
                if s.underline != baseStyle.underline { overrides.underline = s.underline }
                if s.overline != baseStyle.overline { overrides.overline = s.overline }
                if s.strikethrough != baseStyle.strikethrough { overrides.strikethrough = s.strikethrough }
                if s.decorationStyle != baseStyle.decorationStyle { overrides.decorationStyle = s.decorationStyle }
                if s.decorationColor != baseStyle.decorationColor { overrides.decorationColor = s.decorationColor }
                if s.textTransform != baseStyle.textTransform { overrides.textTransform = s.textTransform }
                // A run that does not wrap in a text that does (`white-space: nowrap` on a span).
                if !computed.wraps, base.wraps { overrides.allowsLineBreaks = false }
            }
            if baseStyle.cssLineMetrics, !run.enclosingStyles.isEmpty {
                // The boxes of the inline elements around it whose font or line height is not the run's.
                let own = Self.lineBoxOverrides(of: computed.textStyle, over: baseStyle)
                var boxes: [TextStyleOverrides] = []
                for outer in run.enclosingStyles {
                    let box = Self.lineBoxOverrides(of: base.inheriting(outer, canvas: canvas).textStyle, over: baseStyle)
                    if box != own, !boxes.contains(box) { boxes.append(box) }
                }
                if !boxes.isEmpty { overrides.enclosingBoxes = boxes }
            }
            overrides.backgroundColor = run.backgroundColor?.resolved(currentColor: computed.color)
            let lengths = LengthContext(fontSize: computed.fontSize, canvasSize: canvas)
            if overrides.backgroundColor != nil, run.paddingTop != nil || run.paddingBottom != nil {
                let top = run.paddingTop.map { $0.resolved(lengths, percentOf: 0) } ?? 0
                let bottom = run.paddingBottom.map { $0.resolved(lengths, percentOf: 0) } ?? 0
                overrides.backgroundOutsets = (top.isFinite ? max(0, top) : 0, bottom.isFinite ? max(0, bottom) : 0)
            }
            if run.left != nil || run.top != nil {
                let x = run.left.map { $0.resolved(lengths, percentOf: 0) } ?? 0, y = run.top.map { $0.resolved(lengths, percentOf: 0) } ?? 0
                if x.isFinite, y.isFinite, x != 0 || y != 0 { overrides.relativeOffset = Point(x: x, y: y) }
            }
            if case .text = run.content {
                switch run.verticalAlign {
                case .length(let length):
                    let shift = length.resolved(lengths, percentOf: Self.lineHeight(of: computed))
                    if shift.isFinite, shift != 0 { overrides.baselineShift = shift }
                case .subscript: overrides.baselineShift = -Self.subscriptDrop(baseStyle.size)
                case .superscript: overrides.baselineShift = Self.superscriptRise(baseStyle.size)
                case .middle: overrides.verticalAlignment = .middle
                case .textTop, .top: overrides.verticalAlignment = .textTop
                case .textBottom, .bottom: overrides.verticalAlignment = .textBottom
                case .baseline: break
                }
            }
            switch run.content {
            case .text(let string):
                segments.append(AttributedText.Segment(string, style: overrides, link: run.link))
            case .image(let image):
                let w = image.width.map { max(0, $0.resolved(lengths, percentOf: 0)) }
                let h = image.height.map { max(0, $0.resolved(lengths, percentOf: 0)) }
                let size = Size(width: w ?? h ?? computed.fontSize, height: h ?? w ?? computed.fontSize)
                let alignment = Self.attachmentAlignment(image.verticalAlign, lengths: lengths, lineHeight: Self.lineHeight(of: computed), paragraphSize: baseStyle.size)
                segments.append(AttributedText.Segment(attachment: TextAttachment(size: size, verticalAlignment: alignment), style: overrides, link: run.link))
            case .spacing(let width):
                let w = width.resolved(lengths, percentOf: 0)
                let size = Size(width: w.isFinite ? w : 0, height: 0)
                // An inline element's margin, border or padding is no letter: no spacing after it.
                var edge = overrides
                edge.letterSpacing = 0
                var attachment = TextAttachment(size: size, keepsWithNeighbours: true)
                attachment.endsAnElement = run.endsAnElement
                segments.append(AttributedText.Segment(attachment: attachment, style: edge, link: run.link))
            case .box(let box):
                // Sized by the layout, for the width the paragraph gets (SubtreeLayouter.textLayout).
                let alignment = Self.attachmentAlignment(box.verticalAlign, lengths: lengths, lineHeight: Self.lineHeight(of: computed), paragraphSize: baseStyle.size)
                segments.append(AttributedText.Segment(attachment: TextAttachment(size: .zero, verticalAlignment: alignment), style: overrides, link: run.link))
            }
        }
        return AttributedText(segments: segments)
    }
}

extension TextContent {
    /// What sizes an inline box on a line, where `style` differs from the paragraph's `base`:
    /// its font (family, size, weight, slant) and, in CSS line metrics, its line height (a span's
    /// `line-height`, the base's number at its own font size, or `normal` in a paragraph whose
    /// own is a length).
    static func lineBoxOverrides(of style: TextStyle, over base: TextStyle) -> TextStyleOverrides {
        var overrides = TextStyleOverrides()
        if style.fontFamily != base.fontFamily { overrides.fontFamily = style.fontFamily }
        if style.size != base.size { overrides.size = style.size }
        if style.weight != base.weight { overrides.weight = style.weight }
        if style.italic != base.italic { overrides.italic = style.italic }
        if base.cssLineMetrics, let height = style.lineHeight, height != base.lineHeight { overrides.lineHeight = height }
        if base.cssLineMetrics, style.lineHeight == nil, base.lineHeight != nil { overrides.normalLineHeight = true }
        return overrides
    }

    /// Chromium's `sub`: a fifth of the parent's font size and half a pixel below the baseline
    /// (measured in Chromium 156 at 10–40 px, every font: the code says "+ 1", boxes move by ½).
    package static func subscriptDrop(_ size: Double) -> Double { size / 5 + 0.5 }
    /// Chromium's `super`: a third of the parent's font size and half a pixel above the baseline.
    package static func superscriptRise(_ size: Double) -> Double { size / 3 + 0.5 }

    /// Where an inline picture or box sits: `vertical-align` as the attachment's alignment.
    static func attachmentAlignment(_ align: VerticalAlign, lengths: LengthContext, lineHeight: Double, paragraphSize: Double) -> TextAttachment.VerticalAlignment {
        switch align {
        case .baseline: .baseline
        case .middle: .middle
        case .textTop: .textTop
        case .textBottom: .textBottom
        case .top: .lineTop
        case .bottom: .lineBottom
        case .length(let l): .raised(l.resolved(lengths, percentOf: lineHeight))
        case .subscript: .raised(-subscriptDrop(paragraphSize))
        case .superscript: .raised(superscriptRise(paragraphSize))
        }
    }

    /// A run's line height for percentages of it (`normal` taken as 1.2).
    static func lineHeight(of computed: ComputedText) -> Double {
        switch computed.lineHeight {
        case .normal: computed.fontSize * 1.2
        case .multiple(let n): n * computed.fontSize
        case .points(let p): p
        }
    }
}

extension ComputedText {
    /// The values a text's own (earlier-version) style stands for.
    init(_ style: TextStyle) {
        self.init()
        cssLineMetrics = style.cssLineMetrics
        color = style.color
        fontFamily = style.fontFamily
        fontSize = style.size
        weight = style.weight.rawValue
        italic = style.italic
        fontFeatures = style.fontFeatures
        lineHeight = style.lineHeight.map { .points($0) } ?? .normal
        letterSpacing = style.letterSpacing
        wordSpacing = style.wordSpacing
        textAlign = switch style.alignment {
        case .left: .left
        case .right: .right
        case .center: .center
        case .justified: .justify
        case .natural: .start
        case .end: .end
        }
        textIndent = style.textIndent
        textIndentPercent = style.textIndentPercent
        tabWidth = style.tabWidth
        textTransform = style.textTransform
        var lines: TextDecorationLine = []
        if style.underline { lines.insert(.underline) }
        if style.overline { lines.insert(.overline) }
        if style.strikethrough { lines.insert(.lineThrough) }
        if !lines.isEmpty {
            decoration = ComputedDecoration(lines: lines, style: style.decorationStyle, color: style.decorationColor ?? style.color,
                                            thickness: style.decorationThickness)
        }
        tabSize = style.tabSize
        shadows = style.shadows.map { ($0.offset, $0.radius, .color($0.color)) }
        if let stroke = style.stroke {
            strokeWidth = stroke.width
            strokeColor = .color(stroke.color)
        }
    }
}

/// CSS Text 3 §4.1's white space processing of a text's segments: collapsing spaces and tabs,
/// turning line breaks into spaces, removing spaces at the paragraph's ends, as `white-space` says.
enum WhiteSpaceProcessing {
    static func process(_ text: AttributedText, _ mode: WhiteSpace) -> AttributedText {
        guard mode != .pre, mode != .preWrap else { return text }
        let keepsBreaks = mode == .preLine
        var result = text
        var previousSpace = true  // a space at the start is removed
        for index in result.segments.indices {
            // An inline element's edge (its margin, border, padding) is no character: a space on
            // either side of it collapses with the other (§4.1.1, across inline boundaries).
            if var attachment = result.segments[index].attachment, attachment.keepsWithNeighbours {
                // An element's end after a space: a line may break there, before it (U+00A0 lets
                // it, the word joiner would not).
                if attachment.endsAnElement, previousSpace {
                    attachment.endsAnElement = false
                    result.segments[index] = AttributedText.Segment(attachment: attachment, style: result.segments[index].style,
                                                                    link: result.segments[index].link)
                }
                continue
            }
            var out = String.UnicodeScalarView()
            let scalars = result.segments[index].text.unicodeScalars
            out.reserveCapacity(scalars.count)
            for scalar in scalars {
                switch scalar {
                case "\n" where keepsBreaks, "\u{2028}":
                    // A space before a forced break (a kept line feed, a `<br>`) ends its line and
                    // goes (§4.1.2), and so does one after it, at the next line's start. The space
                    // may end an earlier segment (`a <br>`).
                    if out.last == " " {
                        out.removeLast()
                    } else if out.isEmpty, let before = result.segments[..<index].lastIndex(where: { !$0.text.isEmpty }),
                              result.segments[before].text.unicodeScalars.last == " " {
                        result.segments[before].text.unicodeScalars.removeLast()
                    }
                    out.append(scalar)
                    previousSpace = true
                case " ", "\t", "\n", "\r", "\u{0C}":
                    if !previousSpace { out.append(" ") }
                    previousSpace = true
                default:
                    out.append(scalar)
                    previousSpace = false
                }
            }
            result.segments[index].text = String(out)
        }
        // The space at the end of the paragraph goes too.
        if let last = result.segments.lastIndex(where: { !$0.text.isEmpty }), result.segments[last].text.unicodeScalars.last == " " {
            result.segments[last].text.unicodeScalars.removeLast()
        }
        return result
    }
}
