import Canvas

/// The text properties in effect at an element once inheritance is done: CSS's computed values,
/// lengths in points. The root starts from ``initial``; each element that declares something
/// makes its own, the others share their parent's.
struct ComputedText: Sendable {
    var color = Color.black
    var fontFamily = TextStyle.defaultFontFamily
    var fontSize = LengthContext.initialFontSize
    var weight = 400
    var italic = false
    var fontFeatures = ""
    var lineHeight = ComputedLineHeight.normal
    var letterSpacing = 0.0
    var wordSpacing = 0.0
    var textAlign = TextAlign.start
    var textIndent = 0.0
    /// The part of the indent that is a percentage of the text's width.
    var textIndentPercent = 0.0
    var textTransform = TextTransform.none
    var decoration: ComputedDecoration?
    var whiteSpace = WhiteSpace.normal
    var wordBreak = WordBreak.normal
    var overflowWrap = OverflowWrap.normal
    var textWrap = TextWrap.wrap
    var tabSize = 8.0
    /// A tab's width in points, when given as a length.
    var tabWidth: Double?
    /// Shadows with their colours as computed: `currentColor` stays a keyword, so a text below
    /// draws it in its own colour.
    var shadows: [(offset: Size, radius: Double, color: StyleColor)] = []
    var strokeWidth = 0.0
    var strokeColor: StyleColor = .currentColor
    /// Whether line height `normal` and decorations use the font as Chromium does (CSS-styled
    /// texts), not as Pango does (texts with a style of their own, as before).
    var cssLineMetrics = true

    /// CSS's initial values, with sans-serif as the family.
    static let initial = ComputedText()

    /// A line height as inherited: a number stays a number, a length is points.
    enum ComputedLineHeight: Hashable, Sendable {
        case normal
        case multiple(Double)
        case points(Double)
    }

    /// The decoration drawn on the texts below the element that declared it.
    struct ComputedDecoration: Hashable, Sendable {
        var lines: TextDecorationLine
        var style: TextDecorationStyle
        var color: Color
        var thickness: Double?
    }

    /// The values for a child declaring `declared`, this being its parent's; `canvas` resolves
    /// `vw` and `vh`, and `rem` is CSS's initial 16 px (a document's root is a page's `body`).
    func inheriting(_ declared: TextProperties, canvas: Size) -> ComputedText {
        var c = self
        let parentSize = fontSize
        if let size = declared.fontSize {
            let context = LengthContext(fontSize: parentSize, canvasSize: canvas)
            c.fontSize = Self.clampFontSize(size.resolved(context, percentOf: parentSize))
        }
        let own = LengthContext(fontSize: c.fontSize, canvasSize: canvas)
        if let color = declared.color { c.color = color.resolved(currentColor: self.color) }
        if let family = declared.fontFamily, !family.isEmpty { c.fontFamily = family.joined(separator: ", ") }
        if let weight = declared.fontWeight { c.weight = Self.weight(weight, parent: self.weight) }
        if let style = declared.fontStyle { c.italic = style != .normal }
        if let features = declared.fontFeatureSettings { c.fontFeatures = features }
        if let lineHeight = declared.lineHeight {
            switch lineHeight {
            case .normal: c.lineHeight = .normal
            case .multiple(let n): c.lineHeight = .multiple(n)
            case .length(let length): c.lineHeight = .points(length.resolved(own, percentOf: c.fontSize))
            }
        }
        if let spacing = declared.letterSpacing { c.letterSpacing = spacing.resolved(own, percentOf: c.fontSize) }
        if let spacing = declared.wordSpacing { c.wordSpacing = spacing.resolved(own, percentOf: c.fontSize) }
        if let align = declared.textAlign { c.textAlign = align }
        if let indent = declared.textIndent {
            // Split into points and a percentage of the width (exact for sums; calc() is linear).
            c.textIndent = indent.resolved(own, percentOf: 0)
            c.textIndentPercent = indent.resolved(own, percentOf: 100) - c.textIndent
        }
        if let transform = declared.textTransform { c.textTransform = transform }
        if let whiteSpace = declared.whiteSpace { c.whiteSpace = whiteSpace }
        if let wordBreak = declared.wordBreak { c.wordBreak = wordBreak }
        if let overflowWrap = declared.overflowWrap { c.overflowWrap = overflowWrap }
        if let textWrap = declared.textWrap { c.textWrap = textWrap }
        switch declared.tabSize {
        case .spaces(let n)?: c.tabSize = n; c.tabWidth = nil
        case .length(let l)?: c.tabWidth = max(0, l.resolved(own, percentOf: 0))
        case nil: break
        }
        if let shadows = declared.textShadows {
            c.shadows = shadows.map { s in
                (Size(width: s.x.resolved(own, percentOf: 0), height: s.y.resolved(own, percentOf: 0)),
                 max(0, s.blur.resolved(own, percentOf: 0)), s.color)
            }
        }
        if let width = declared.textStrokeWidth { c.strokeWidth = max(0, width.resolved(own, percentOf: 0)) }
        if let color = declared.textStrokeColor { c.strokeColor = color }
        if declared.textDecorationLine != nil || declared.textDecorationStyle != nil
            || declared.textDecorationColor != nil || declared.textDecorationThickness != nil {
            // A decoration is not inherited but drawn over the texts below: the nearest
            // declaration is the one in effect, its currentColor the declaring element's colour.
            let lines = declared.textDecorationLine ?? []
            c.decoration = lines.isEmpty ? nil : ComputedDecoration(
                lines: lines,
                style: declared.textDecorationStyle ?? .solid,
                color: (declared.textDecorationColor ?? .currentColor).resolved(currentColor: c.color),
                thickness: declared.textDecorationThickness.map { max(0, $0.resolved(own, percentOf: c.fontSize)) })
        }
        return c
    }

    /// The Canvas style a text with these values is measured and drawn in.
    var textStyle: TextStyle {
        var style = TextStyle(fontFamily: fontFamily, size: fontSize, weight: FontWeight(weight), italic: italic, color: color,
                              letterSpacing: letterSpacing, alignment: textAlign.alignment)
        switch lineHeight {
        case .normal: style.lineHeight = nil
        case .multiple(let n): style.lineHeight = n > 0 ? n * fontSize : nil
        case .points(let p): style.lineHeight = p > 0 ? p : nil
        }
        if let decoration {
            style.underline = decoration.lines.contains(.underline)
            style.overline = decoration.lines.contains(.overline)
            style.strikethrough = decoration.lines.contains(.lineThrough)
            style.decorationStyle = decoration.style
            style.decorationColor = decoration.color
            style.decorationThickness = decoration.thickness
        }
        style.cssLineMetrics = cssLineMetrics
        style.wordSpacing = wordSpacing
        style.textTransform = textTransform
        style.fontFeatures = fontFeatures
        style.textIndent = textIndent
        style.textIndentPercent = textIndentPercent
        style.tabSize = tabSize
        style.tabWidth = tabWidth
        style.shadows = shadows.map { Shadow(offset: $0.offset, radius: $0.radius, color: $0.color.resolved(currentColor: color)) }
        if strokeWidth > 0 { style.stroke = TextStroke(width: strokeWidth, color: strokeColor.resolved(currentColor: color)) }
        return style
    }

    /// Where lines may break: `break-all` anywhere, `overflow-wrap` inside over-long words only,
    /// `keep-all` between words only (CJK too), otherwise between words.
    var lineBreakMode: LineBreakMode {
        if wordBreak == .breakAll { return .character }
        if overflowWrap != .normal || wordBreak == .breakWord { return .wordOrCharacter }
        if wordBreak == .keepAll { return .wordsOnly }
        return .word
    }

    /// Whether lines wrap at the box's width.
    var wraps: Bool { whiteSpace != .nowrap && whiteSpace != .pre && textWrap != .nowrap }

    /// A font size within what the Canvas draws: CSS clamps negative sizes at parse time; a
    /// size computed to 0 or less draws nothing visible, and a huge one stops at the maximum.
    static func clampFontSize(_ size: Double) -> Double {
        guard size.isFinite else { return LengthContext.initialFontSize }
        return min(max(size, 0.01), TextStyle.maxFontSize)
    }

    /// CSS Fonts 4 §2.2's bolder and lighter steps.
    static func weight(_ value: FontWeightValue, parent: Int) -> Int {
        switch value {
        case .weight(let w): w
        case .bolder: parent < 350 ? 400 : parent < 550 ? 700 : max(parent, 900)
        case .lighter: parent < 100 ? parent : parent < 550 ? 100 : parent < 750 ? 400 : 700
        }
    }
}

extension TextAlign {
    /// The Canvas alignment.
    var alignment: TextAlignment {
        switch self {
        case .start: .natural
        case .end: .end
        case .left: .left
        case .right: .right
        case .center: .center
        case .justify: .justified
        }
    }
}
