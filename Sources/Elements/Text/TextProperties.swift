public import Flexbox
public import Canvas

/// The CSS text properties an element declares (`nil`: not declared). The inherited ones apply
/// to every text below the element unless a nearer element declares them, as in CSS, so a card
/// sets its font once; see <doc:TextWithCSS>.
///
/// ```swift
/// var card = ElementStyle()
/// card.text.fontFamily = ["Inter", "sans-serif"]
/// card.text.fontSize = 14
/// card.text.color = .color(.white)
/// ```
public struct TextProperties: Hashable, Sendable {
    /// The text colour, inherited; `currentColor` in other properties resolves to it.
    public var color: StyleColor?
    /// Families tried in order, then fontconfig's fallbacks; the generic names (`sans-serif`,
    /// `serif`, `monospace`, `cursive`, `fantasy`, `system-ui`) are fontconfig's. Inherited.
    public var fontFamily: [String]?
    /// The font size; `em` and percentages are of the parent's font size, `rem` of the root's.
    /// Inherited.
    public var fontSize: StyleLength?
    /// The weight, or a step bolder or lighter than the parent's. Inherited.
    public var fontWeight: FontWeightValue?
    /// Italic (`oblique` draws the italic face too). Inherited.
    public var fontStyle: FontStyleValue?
    /// OpenType features in `font-feature-settings` syntax (`"tnum", "liga" 0`). Inherited.
    public var fontFeatureSettings: String?
    /// The height of a line box. Inherited.
    public var lineHeight: LineHeight?
    /// Extra space after every character (`normal` is 0); `em` of the element's font size. Inherited.
    public var letterSpacing: StyleLength?
    /// Extra space after every space; `em` of the element's font size. Inherited.
    public var wordSpacing: StyleLength?
    /// Where lines sit in the text's box. Inherited.
    public var textAlign: TextAlign?
    /// The first line's indent (negative: hanging); a percentage is of the text's width. Inherited.
    public var textIndent: StyleLength?
    /// Case changes. Inherited.
    public var textTransform: TextTransform?
    /// Which lines decorate the text. Not inherited, but drawn on the texts below (CSS propagates
    /// decorations to the element's descendants).
    public var textDecorationLine: TextDecorationLine?
    /// How the decoration lines are drawn.
    public var textDecorationStyle: TextDecorationStyle?
    /// The decoration lines' colour (initially `currentColor`: the declaring element's colour).
    public var textDecorationColor: StyleColor?
    /// The decoration lines' thickness (`nil` with the line declared: the font's own).
    public var textDecorationThickness: StyleLength?
    /// How spaces and line breaks in the text are kept and where lines may wrap. Inherited.
    public var whiteSpace: WhiteSpace?
    /// Where lines may break inside words. Inherited.
    public var wordBreak: WordBreak?
    /// Whether a word wider than the line may break. Inherited.
    public var overflowWrap: OverflowWrap?
    /// What marks text cut at the box's end: nothing, or an ellipsis (with `whiteSpace: nowrap`
    /// or ``lineClamp``). Not inherited.
    public var textOverflow: TextOverflow?
    /// The most lines shown, the last ending in an ellipsis when text remains (CSS `line-clamp`
    /// and `-webkit-line-clamp`); 0 for none. Not inherited.
    public var lineClamp: Int?
    /// What becomes of the lines past ``lineClamp`` (CSS Overflow 4 `continue`): discarded (the
    /// default, CSS `line-clamp`), or still laid out and drawn below the last kept line,
    /// overflowing the box unless `overflow` clips it, as Chromium draws `-webkit-line-clamp`
    /// (which the HTML front end sets). Not inherited.
    public var lineClampContinue: LineClampContinue?
    /// How lines are balanced. Inherited.
    public var textWrap: TextWrap?
    /// A tab's width, in spaces or as a length. Inherited.
    public var tabSize: TabSize?
    /// Shadows of the glyphs and their decorations, first on top. Inherited.
    public var textShadows: [TextShadow]?
    /// The width of an outline along the glyphs (`-webkit-text-stroke-width`). Inherited.
    public var textStrokeWidth: StyleLength?
    /// The outline's colour (`-webkit-text-stroke-color`, initially `currentColor`). Inherited.
    public var textStrokeColor: StyleColor?

    /// Nothing declared.
    public init() {}

    /// Whether nothing is declared.
    public var isEmpty: Bool { self == TextProperties() }
}

/// A `font-weight` value: a number from 1 to 1000 or a step relative to the parent's weight.
public enum FontWeightValue: Hashable, Sendable {
    /// This weight (`normal` is 400, `bold` 700).
    case weight(Int)
    /// One step bolder than the parent's, as CSS Fonts 4's table.
    case bolder
    /// One step lighter than the parent's.
    case lighter
}

/// A `font-style` value.
public enum FontStyleValue: String, Hashable, Sendable, CaseIterable {
    /// Upright.
    case normal
    /// The italic face.
    case italic
    /// Slanted; drawn with the italic (or fontconfig's synthesised oblique) face.
    case oblique
}

/// A `line-height` value.
public enum LineHeight: Hashable, Sendable {
    /// The font's own line spacing (ascent plus descent plus gap).
    case normal
    /// A multiple of the font size of each text it reaches (inherited as the number).
    case multiple(Double)
    /// A length (`%` and `em` of the declaring element's font size).
    case length(StyleLength)
}

/// A `text-align` value.
public enum TextAlign: String, Hashable, Sendable, CaseIterable {
    /// The start edge of the paragraph's direction.
    case start
    /// The end edge of the paragraph's direction.
    case end
    /// The left edge.
    case left
    /// The right edge.
    case right
    /// Centred.
    case center
    /// Lines but the last stretched to both edges.
    case justify
}

/// The lines of a `text-decoration-line`.
public struct TextDecorationLine: OptionSet, Hashable, Sendable {
    /// The bits.
    public var rawValue: UInt8
    /// A set from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Under the text.
    public static let underline = TextDecorationLine(rawValue: 1)
    /// Over the text.
    public static let overline = TextDecorationLine(rawValue: 2)
    /// Through the text.
    public static let lineThrough = TextDecorationLine(rawValue: 4)
}

/// A `white-space` value: whether spaces collapse, whether line breaks are kept, whether lines wrap.
public enum WhiteSpace: String, Hashable, Sendable, CaseIterable {
    /// Spaces and line breaks collapse to one space; lines wrap.
    case normal
    /// As `normal`, without wrapping.
    case nowrap
    /// Spaces and line breaks kept; no wrapping.
    case pre
    /// Spaces and line breaks kept; lines wrap.
    case preWrap = "pre-wrap"
    /// Spaces collapse, line breaks kept; lines wrap.
    case preLine = "pre-line"
}

/// A `word-break` value.
public enum WordBreak: String, Hashable, Sendable, CaseIterable {
    /// Lines break between words.
    case normal
    /// Lines may break between any two letters.
    case breakAll = "break-all"
    /// Lines break only at spaces, also in CJK text (Pango breaks CJK as `normal`).
    case keepAll = "keep-all"
    /// As `normal` with `overflow-wrap: anywhere` (deprecated in CSS, still drawn).
    case breakWord = "break-word"
}

/// An `overflow-wrap` value.
public enum OverflowWrap: String, Hashable, Sendable, CaseIterable {
    /// A word wider than the line overflows it.
    case normal
    /// A word wider than the line breaks between letters.
    case breakWord = "break-word"
    /// As `break-word`; also narrows the text's min-content width to a letter.
    case anywhere
}

/// A `text-overflow` value.
public enum TextOverflow: String, Hashable, Sendable, CaseIterable {
    /// Cut text is not marked.
    case clip
    /// Cut text ends in "…".
    case ellipsis
}

/// A `continue` value: what a line clamp does with the lines past it.
public enum LineClampContinue: String, Hashable, Sendable, CaseIterable {
    /// They are not drawn (CSS `line-clamp`).
    case discard
    /// They are laid out and drawn after the clamped line, overflowing the box (Chromium's
    /// `-webkit-line-clamp` in a `-webkit-box`).
    case webkitLegacy = "-webkit-legacy"
}

/// A `text-wrap` value.
public enum TextWrap: String, Hashable, Sendable, CaseIterable {
    /// Greedy line breaking.
    case wrap
    /// No wrapping (as `white-space: nowrap`).
    case nowrap
    /// Lines of about equal width: the narrowest width that keeps the line count.
    case balance
    /// Chromium avoids a very short last line; drawn as `wrap` here.
    case pretty
    /// As `wrap`.
    case stable
}

/// A `tab-size` value.
public enum TabSize: Hashable, Sendable {
    /// This many widths of a space (with its letter and word spacing).
    case spaces(Double)
    /// This length.
    case length(StyleLength)
}

/// One `text-shadow`.
public struct TextShadow: Hashable, Sendable {
    /// The horizontal offset.
    public var x: StyleLength
    /// The vertical offset.
    public var y: StyleLength
    /// The blur radius (2σ, as `box-shadow`'s).
    public var blur: StyleLength
    /// The colour (initially `currentColor`).
    public var color: StyleColor

    /// A shadow; by default no offset, no blur, in the text's colour.
    public init(x: StyleLength = 0, y: StyleLength = 0, blur: StyleLength = 0, color: StyleColor = .currentColor) {
        self.x = x
        self.y = y
        self.blur = blur
        self.color = color
    }
}
