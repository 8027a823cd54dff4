import Canvas

extension TextContent {
    /// This text as it is measured and drawn under `computed` (the text properties in effect at
    /// its element, which declares `declared`): a CSS-styled text gets its whole style, its
    /// whitespace processed, and its clamp, ellipsis and wrapping from CSS; a text with its own
    /// ``style`` gets the fields its element declares. `nil` when nothing changes.
    func resolved(in computed: ComputedText, declared: TextProperties, canvas: Size, rootFontSize: Double) -> TextContent? {
        var result = self
        var effective = computed
        if let own = style {
            guard !declared.isEmpty else { return nil }
            // The text's own style is where its element's declarations start from.
            effective = ComputedText(own).inheriting(declared, rootFontSize: rootFontSize, canvas: canvas)
        } else {
            result.lineBreakMode = effective.lineBreakMode
            result.wrapsLines = effective.wraps
            result.text = WhiteSpaceProcessing.process(text, effective.whiteSpace)
        }
        result.style = effective.textStyle
        if style != nil, declared.wordBreak != nil || declared.overflowWrap != nil { result.lineBreakMode = effective.lineBreakMode }
        if style != nil, declared.whiteSpace != nil || declared.textWrap != nil {
            result.wrapsLines = effective.wraps
            result.text = WhiteSpaceProcessing.process(text, effective.whiteSpace)
        }
        result.balancesLines = effective.textWrap == .balance
        if let overflow = declared.textOverflow {
            result.truncation = overflow == .ellipsis ? .tail : .none
            if overflow == .ellipsis, !result.wrapsLines, result.maxLines == 0 { result.maxLines = 1 }
        }
        if let clamp = declared.lineClamp {
            result.maxLines = clamp
            if clamp > 0 { result.truncation = .tail }
        }
        return result
    }
}

extension ComputedText {
    /// The values a text's own (earlier-version) style stands for.
    init(_ style: TextStyle) {
        self.init()
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
            var out = String.UnicodeScalarView()
            let scalars = result.segments[index].text.unicodeScalars
            out.reserveCapacity(scalars.count)
            for scalar in scalars {
                switch scalar {
                case "\n" where keepsBreaks:
                    // Spaces before a kept break go, and so do those after it.
                    while let last = out.last, last == " " { out.removeLast() }
                    out.append("\n")
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
