/// The base look of a text: font, size, weight, colour, spacing and alignment, as a plain value;
/// sizes are canvas points. See <doc:CanvasBasics> ("Text").
public struct TextStyle: Hashable, Sendable, Codable {
    /// A font family, or a comma-separated list tried in order, such as
    /// `"Noto Sans CJK SC, DejaVu Sans"`. Characters none of them has come from fontconfig's
    /// fallback fonts (colour emoji, for example); ``TextLayout/fontsUsed`` says which were used.
    public var fontFamily: String
    /// The text effects most texts leave at their defaults, behind one shared reference: a style
    /// is copied into every measurement, run and layout, and these would triple its size.
    private var effects = TextEffectsBox.initial
    /// The font size in points, `0 < size ≤ ` ``TextStyle/maxFontSize``.
    public var size: Double
    /// The weight, 100...1000.
    public var weight: FontWeight
    /// Whether to use the italic (or oblique) face.
    public var italic: Bool
    /// The colour of the glyphs and of any decoration. Colour emoji keep their own colours.
    public var color: Color
    /// The distance between the baselines of consecutive lines, in points, or `nil` for the
    /// font's own line spacing (ascent + descent).
    public var lineHeight: Double?
    /// Extra space added between characters, in points (negative values tighten).
    public var letterSpacing: Double
    /// How lines are placed within the layout width.
    public var alignment: TextAlignment
    /// Whether to draw a line under the text.
    public var underline: Bool
    /// Whether to draw a line through the text.
    public var strikethrough: Bool
    /// Whether to draw a line over the text (CSS `overline`).
    public var overline: Bool
    /// How the underline, overline and line-through are drawn.
    public var decorationStyle: TextDecorationStyle {
        get { effects.value.decorationStyle }
        set { if effects.value.decorationStyle != newValue { effects = TextEffectsBox.changing(effects.value, \.decorationStyle, newValue) } }
    }
    /// The decorations' colour, or `nil` for the text's ``color`` (CSS `currentcolor`).
    public var decorationColor: Color? {
        get { effects.value.decorationColor }
        set { if effects.value.decorationColor != newValue { effects = TextEffectsBox.changing(effects.value, \.decorationColor, newValue) } }
    }
    /// The decorations' thickness in points, or `nil` for the font's own (CSS `auto`).
    public var decorationThickness: Double? {
        get { effects.value.decorationThickness }
        set { if effects.value.decorationThickness != newValue { effects = TextEffectsBox.changing(effects.value, \.decorationThickness, newValue) } }
    }
    /// Extra space added after each word separator (space, no-break space), in points (CSS
    /// `word-spacing`).
    public var wordSpacing: Double {
        get { effects.value.wordSpacing }
        set { if effects.value.wordSpacing != newValue { effects = TextEffectsBox.changing(effects.value, \.wordSpacing, newValue) } }
    }
    /// Case changes applied before shaping.
    public var textTransform: TextTransform {
        get { effects.value.textTransform }
        set { if effects.value.textTransform != newValue { effects = TextEffectsBox.changing(effects.value, \.textTransform, newValue) } }
    }
    /// OpenType features in CSS `font-feature-settings` syntax (`"tnum", "liga" 0`), empty for
    /// the font's defaults.
    public var fontFeatures: String {
        get { effects.value.fontFeatures }
        set { if effects.value.fontFeatures != newValue { effects = TextEffectsBox.changing(effects.value, \.fontFeatures, newValue) } }
    }
    /// How far the first line of each paragraph is indented, in points; negative values hang
    /// it (the other lines are indented instead).
    public var textIndent: Double {
        get { effects.value.textIndent }
        set { if effects.value.textIndent != newValue { effects = TextEffectsBox.changing(effects.value, \.textIndent, newValue) } }
    }
    /// A tab's width, in widths of a space (CSS `tab-size`; 8 by default).
    public var tabSize: Double {
        get { effects.value.tabSize }
        set { if effects.value.tabSize != newValue { effects = TextEffectsBox.changing(effects.value, \.tabSize, newValue) } }
    }
    /// A tab's width in points, replacing ``tabSize`` when set (CSS `tab-size` as a length).
    public var tabWidth: Double? {
        get { effects.value.tabWidth }
        set { if effects.value.tabWidth != newValue { effects = TextEffectsBox.changing(effects.value, \.tabWidth, newValue) } }
    }
    /// A further first-line indent as a percentage of the layout's width (CSS `text-indent: 5%`).
    public var textIndentPercent: Double {
        get { effects.value.textIndentPercent }
        set { if effects.value.textIndentPercent != newValue { effects = TextEffectsBox.changing(effects.value, \.textIndentPercent, newValue) } }
    }
    /// Shadows drawn beneath the glyphs and their decorations, first on top (CSS
    /// `text-shadow`; a shadow's radius is CSS's blur radius).
    public var shadows: [Shadow] {
        get { effects.value.shadows }
        set { if effects.value.shadows != newValue { effects = TextEffectsBox.changing(effects.value, \.shadows, newValue) } }
    }
    /// An outline along the glyphs, drawn over their fill, or `nil`.
    public var stroke: TextStroke? {
        get { effects.value.stroke }
        set { if effects.value.stroke != newValue { effects = TextEffectsBox.changing(effects.value, \.stroke, newValue) } }
    }
    /// Whether the font's metrics are used as Chromium uses them for CSS: line height `normal` is
    /// the ascent and the descent each rounded to half a point, added; automatic decoration lines
    /// are a tenth of the size thick (to half a point), the underline at least a point below
    /// the baseline and the overline above the ascent. `false` (the default): Pango's own.
    public var cssLineMetrics: Bool

    /// The default family: fontconfig's generic `sans-serif` (DejaVu Sans with Debian's
    /// fonts-dejavu-core), as CSS's generic families; characters it lacks (CJK, emoji) come from
    /// fontconfig's fallback fonts. A card that needs a particular face names it.
    public static let defaultFontFamily = "sans-serif"
    /// The largest accepted font size, in points.
    public static let maxFontSize = 1000.0

    /// Creates a style; every parameter has a default.
    public init(
        fontFamily: String = TextStyle.defaultFontFamily,
        size: Double = 15,
        weight: FontWeight = .regular,
        italic: Bool = false,
        color: Color = .black,
        lineHeight: Double? = nil,
        letterSpacing: Double = 0,
        alignment: TextAlignment = .natural,
        underline: Bool = false,
        strikethrough: Bool = false,
        overline: Bool = false,
        decorationStyle: TextDecorationStyle = .solid,
        decorationColor: Color? = nil,
        decorationThickness: Double? = nil,
        wordSpacing: Double = 0,
        textTransform: TextTransform = .none,
        fontFeatures: String = "",
        textIndent: Double = 0,
        tabSize: Double = 8,
        shadows: [Shadow] = [],
        stroke: TextStroke? = nil,
        cssLineMetrics: Bool = false
    ) {
        self.fontFamily = fontFamily
        self.size = size
        self.weight = weight
        self.italic = italic
        self.color = color
        self.lineHeight = lineHeight
        self.letterSpacing = letterSpacing
        self.alignment = alignment
        self.underline = underline
        self.strikethrough = strikethrough
        self.overline = overline
        self.cssLineMetrics = cssLineMetrics
        self.decorationStyle = decorationStyle
        self.decorationColor = decorationColor
        self.decorationThickness = decorationThickness
        self.wordSpacing = wordSpacing
        self.textTransform = textTransform
        self.fontFeatures = fontFeatures
        self.textIndent = textIndent
        self.tabSize = tabSize
        self.shadows = shadows
        self.stroke = stroke
    }

    private enum CodingKeys: String, CodingKey {
        case fontFamily, size, weight, italic, color, lineHeight, letterSpacing, alignment, underline, strikethrough
        case overline, decorationStyle, decorationColor, decorationThickness, wordSpacing, textTransform, fontFeatures
        case textIndent, tabSize, shadows, stroke, cssLineMetrics, tabWidth, textIndentPercent
    }

    /// Decodes a style; every missing key takes its default (so `{}` is the default style).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = TextStyle()
        self.init(
            fontFamily: try c.decodeIfPresent(String.self, forKey: .fontFamily) ?? d.fontFamily,
            size: try c.decodeIfPresent(Double.self, forKey: .size) ?? d.size,
            weight: try c.decodeIfPresent(FontWeight.self, forKey: .weight) ?? d.weight,
            italic: try c.decodeIfPresent(Bool.self, forKey: .italic) ?? d.italic,
            color: try c.decodeIfPresent(Color.self, forKey: .color) ?? d.color,
            lineHeight: try c.decodeIfPresent(Double.self, forKey: .lineHeight),
            letterSpacing: try c.decodeIfPresent(Double.self, forKey: .letterSpacing) ?? d.letterSpacing,
            alignment: try c.decodeIfPresent(TextAlignment.self, forKey: .alignment) ?? d.alignment,
            underline: try c.decodeIfPresent(Bool.self, forKey: .underline) ?? d.underline,
            strikethrough: try c.decodeIfPresent(Bool.self, forKey: .strikethrough) ?? d.strikethrough,
            overline: try c.decodeIfPresent(Bool.self, forKey: .overline) ?? d.overline,
            decorationStyle: try c.decodeIfPresent(TextDecorationStyle.self, forKey: .decorationStyle) ?? d.decorationStyle,
            decorationColor: try c.decodeIfPresent(Color.self, forKey: .decorationColor),
            decorationThickness: try c.decodeIfPresent(Double.self, forKey: .decorationThickness),
            wordSpacing: try c.decodeIfPresent(Double.self, forKey: .wordSpacing) ?? d.wordSpacing,
            textTransform: try c.decodeIfPresent(TextTransform.self, forKey: .textTransform) ?? d.textTransform,
            fontFeatures: try c.decodeIfPresent(String.self, forKey: .fontFeatures) ?? d.fontFeatures,
            textIndent: try c.decodeIfPresent(Double.self, forKey: .textIndent) ?? d.textIndent,
            tabSize: try c.decodeIfPresent(Double.self, forKey: .tabSize) ?? d.tabSize,
            shadows: try c.decodeIfPresent([Shadow].self, forKey: .shadows) ?? d.shadows,
            stroke: try c.decodeIfPresent(TextStroke.self, forKey: .stroke),
            cssLineMetrics: try c.decodeIfPresent(Bool.self, forKey: .cssLineMetrics) ?? false
        )
        tabWidth = try c.decodeIfPresent(Double.self, forKey: .tabWidth)
        textIndentPercent = try c.decodeIfPresent(Double.self, forKey: .textIndentPercent) ?? 0
    }

    /// Encodes the style: the keys of earlier versions always, the later ones where they differ
    /// from their defaults (so an earlier style encodes as it did).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(fontFamily, forKey: .fontFamily)
        try c.encode(size, forKey: .size)
        try c.encode(weight, forKey: .weight)
        try c.encode(italic, forKey: .italic)
        try c.encode(color, forKey: .color)
        try c.encodeIfPresent(lineHeight, forKey: .lineHeight)
        try c.encode(letterSpacing, forKey: .letterSpacing)
        try c.encode(alignment, forKey: .alignment)
        try c.encode(underline, forKey: .underline)
        try c.encode(strikethrough, forKey: .strikethrough)
        let d = TextStyle()
        if overline { try c.encode(overline, forKey: .overline) }
        if decorationStyle != d.decorationStyle { try c.encode(decorationStyle, forKey: .decorationStyle) }
        try c.encodeIfPresent(decorationColor, forKey: .decorationColor)
        try c.encodeIfPresent(decorationThickness, forKey: .decorationThickness)
        if wordSpacing != 0 { try c.encode(wordSpacing, forKey: .wordSpacing) }
        if textTransform != .none { try c.encode(textTransform, forKey: .textTransform) }
        if !fontFeatures.isEmpty { try c.encode(fontFeatures, forKey: .fontFeatures) }
        if textIndent != 0 { try c.encode(textIndent, forKey: .textIndent) }
        if tabSize != d.tabSize { try c.encode(tabSize, forKey: .tabSize) }
        if !shadows.isEmpty { try c.encode(shadows, forKey: .shadows) }
        try c.encodeIfPresent(stroke, forKey: .stroke)
        if cssLineMetrics { try c.encode(true, forKey: .cssLineMetrics) }
        try c.encodeIfPresent(tabWidth, forKey: .tabWidth)
        if textIndentPercent != 0 { try c.encode(textIndentPercent, forKey: .textIndentPercent) }
    }

    /// Whether any line (underline, overline, line-through) is drawn.
    var hasDecoration: Bool { underline || strikethrough || overline }

    /// This style with `overrides` applied on top.
    public func applying(_ overrides: TextStyleOverrides) -> TextStyle {
        var style = self
        if let family = overrides.fontFamily { style.fontFamily = family }
        if let size = overrides.size { style.size = size }
        if let weight = overrides.weight { style.weight = weight }
        if let italic = overrides.italic { style.italic = italic }
        if let color = overrides.color { style.color = color }
        if let letterSpacing = overrides.letterSpacing { style.letterSpacing = letterSpacing }
        if let underline = overrides.underline { style.underline = underline }
        if let strikethrough = overrides.strikethrough { style.strikethrough = strikethrough }
        if let overline = overrides.overline { style.overline = overline }
        if let decorationStyle = overrides.decorationStyle { style.decorationStyle = decorationStyle }
        if let decorationColor = overrides.decorationColor { style.decorationColor = decorationColor }
        if let textTransform = overrides.textTransform { style.textTransform = textTransform }
        return style
    }
}

/// Changes to a ``TextStyle`` for one part of an ``AttributedText``. `nil` fields keep the base style.
///
/// Alignment belongs to whole paragraphs, so it is not overridable; a segment's own line height
/// is the height of its inline box, centred on its font (CSS's half-leading), which a line holds
/// besides the paragraph's.
public struct TextStyleOverrides: Hashable, Sendable, Codable {
    /// Another family (or comma-separated list).
    public var fontFamily: String?
    /// Another size in points.
    public var size: Double?
    /// Another weight.
    public var weight: FontWeight?
    /// Italic on or off.
    public var italic: Bool?
    /// Another colour.
    public var color: Color?
    /// Another letter spacing in points.
    public var letterSpacing: Double?
    /// Underline on or off.
    public var underline: Bool?
    /// Strikethrough on or off.
    public var strikethrough: Bool?
    /// Overline on or off.
    public var overline: Bool?
    /// Another decoration style.
    public var decorationStyle: TextDecorationStyle?
    /// Another decoration colour.
    public var decorationColor: Color?
    /// A colour filled behind the segment's glyphs, from its font's ascent to its descent on each
    /// line it covers (a CSS inline box's background).
    public var backgroundColor: Color?
    /// How far ``backgroundColor`` reaches above the font's ascent and below its descent, in
    /// points (a CSS inline element's top and bottom padding and border; the line does not grow).
    public var backgroundOutsets: (top: Double, bottom: Double)? {
        get { backgroundTop.map { ($0, backgroundBottom ?? 0) } }
        set { (backgroundTop, backgroundBottom) = (newValue?.top, newValue?.bottom) }
    }
    var backgroundTop: Double?
    var backgroundBottom: Double?
    /// The segment's own line height in points (a CSS inline element's `line-height`).
    public var lineHeight: Double?
    /// How far the segment's baseline is raised above the line's, in points (lowered when
    /// negative): CSS `vertical-align` with a length, `sub` or `super`. The line grows to hold it.
    public var baselineShift: Double?
    /// Where the segment's inline box sits against the paragraph's font when not on the
    /// baseline: `.middle` (its middle half the paragraph's x-height above the baseline),
    /// `.textTop` or `.textBottom` (its top at the paragraph font's ascent, its bottom at its
    /// descent), as CSS `vertical-align` places a span; the box is the segment's line height
    /// centred on its primary font. `.raised` is ``baselineShift``. The line grows to hold it.
    public var verticalAlignment: TextAttachment.VerticalAlignment?
    /// `false`: no line breaks inside the segment (a CSS inline element with `white-space:
    /// nowrap`); a line may still break before it, unless the segment before allows none either.
    public var allowsLineBreaks: Bool?
    /// Another case transformation (a CSS inline element's `text-transform`).
    public var textTransform: TextTransform?
    /// Where the segment is drawn, this far right and down of where it is laid out (a CSS inline
    /// element with `position: relative`): its glyphs, decorations, background, inline boxes
    /// and area move; the lines and the other segments stay.
    public var relativeOffset: Point?
    /// The inline boxes around the segment (a CSS inline element's ancestors that are inline
    /// elements too), as overrides of the base style of which their font and line height count:
    /// in CSS line metrics each adds its box, its line height centred on its primary font, to
    /// every line the segment is on (CSS 2.1 §10.8), as the segment's own font does.
    package var enclosingBoxes: [TextStyleOverrides]?
    /// `true`: the segment's line height is `normal` (its fonts' ascent and descent, fallbacks
    /// included) in a paragraph whose own is a length: ``lineHeight`` cannot say so.
    package var normalLineHeight: Bool?

    /// The line height CSS line metrics give the segment's box in a paragraph of `paragraph`'s
    /// (`nil`: `normal`).
    package func cssLineHeight(in paragraph: Double?) -> Double? {
        normalLineHeight == true ? nil : lineHeight ?? paragraph
    }

    /// Creates overrides; fields left `nil` keep the base style.
    public init(
        fontFamily: String? = nil,
        size: Double? = nil,
        weight: FontWeight? = nil,
        italic: Bool? = nil,
        color: Color? = nil,
        letterSpacing: Double? = nil,
        underline: Bool? = nil,
        strikethrough: Bool? = nil,
        overline: Bool? = nil,
        decorationStyle: TextDecorationStyle? = nil,
        decorationColor: Color? = nil,
        backgroundColor: Color? = nil,
        lineHeight: Double? = nil,
        baselineShift: Double? = nil,
        verticalAlignment: TextAttachment.VerticalAlignment? = nil,
        allowsLineBreaks: Bool? = nil,
        textTransform: TextTransform? = nil,
        relativeOffset: Point? = nil
    ) {
        self.fontFamily = fontFamily
        self.size = size
        self.weight = weight
        self.italic = italic
        self.color = color
        self.letterSpacing = letterSpacing
        self.underline = underline
        self.strikethrough = strikethrough
        self.overline = overline
        self.decorationStyle = decorationStyle
        self.decorationColor = decorationColor
        self.backgroundColor = backgroundColor
        self.lineHeight = lineHeight
        self.baselineShift = baselineShift
        self.verticalAlignment = verticalAlignment
        self.allowsLineBreaks = allowsLineBreaks
        self.textTransform = textTransform
        self.relativeOffset = relativeOffset
    }

    /// No change.
    public static let none = TextStyleOverrides()

    /// Whether every field is `nil`.
    public var isEmpty: Bool { self == .none }
}

/// The boxed effects of a ``TextStyle``.
struct TextEffects: Hashable, Sendable {
    var decorationStyle = TextDecorationStyle.solid
    var decorationColor: Color?
    var decorationThickness: Double?
    var wordSpacing = 0.0
    var textTransform = TextTransform.none
    var fontFeatures = ""
    var textIndent = 0.0
    var tabSize = 8.0
    var tabWidth: Double?
    var textIndentPercent = 0.0
    var shadows: [Shadow] = []
    var stroke: TextStroke?
}

/// An immutable box of ``TextEffects``, shared by copies of a style; a change makes a new box.
final class TextEffectsBox: Hashable, Sendable {
    /// The effects.
    let value: TextEffects

    /// The box every style starts with.
    static let initial = TextEffectsBox(TextEffects())

    init(_ value: TextEffects) { self.value = value }

    /// A copy of `base` with one field changed (``initial`` itself when that is all defaults, so
    /// a box equal to the initial one is the initial one).
    static func changing<T>(_ base: TextEffects, _ keyPath: WritableKeyPath<TextEffects, T>, _ newValue: T) -> TextEffectsBox {
        var value = base
        value[keyPath: keyPath] = newValue
        return value == initial.value ? initial : TextEffectsBox(value)
    }

    static func == (lhs: TextEffectsBox, rhs: TextEffectsBox) -> Bool { lhs === rhs || lhs.value == rhs.value }

    /// The initial box hashes as one flag: most styles have it, and a style is hashed into every
    /// text measurement's cache key.
    func hash(into hasher: inout Hasher) {
        if self === TextEffectsBox.initial {
            hasher.combine(false)
        } else {
            hasher.combine(true)
            hasher.combine(value)
        }
    }
}
