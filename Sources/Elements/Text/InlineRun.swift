public import Flexbox
internal import Canvas

/// One piece of a paragraph written with CSS: a run of text with its own text properties (a
/// `<span>`), or an inline image (an `<img>`: an emoji picture, an icon) that wraps with the
/// words around it. Runs inherit the text element's properties as a span inherits its parent's.
///
/// ```swift
/// let post = TextContent(runs: [
///     InlineRun("Shipped "),
///     InlineRun("v2.0", style: { $0.fontWeight = .weight(700); $0.color = .color(.blue) }, link: "https://example.com"),
///     InlineRun(image: InlineImage(.named("party"), verticalAlign: .middle)),
/// ])
/// ```
public struct InlineRun: Hashable, Sendable {
    /// What a run holds.
    public enum Content: Hashable, Sendable {
        /// Words.
        case text(String)
        /// A picture laid out as one glyph.
        case image(InlineImage)
        /// One of the text element's children laid out as an atomic inline box (an
        /// `inline-block`): shrunk to fit the line, its baseline on the line's.
        case box(InlineBox)
        /// Empty space this wide (`em` of the run's font) that keeps to the runs beside it — no
        /// line break on either side: an inline element's margin, border and padding at its start
        /// and end edges. A negative width (a negative margin) pulls its neighbours closer.
        case spacing(StyleLength)
    }

    /// The words or the picture.
    public var content: Content
    /// The run's own text properties (its colour, weight, decoration…), over the text element's.
    public var style: TextProperties
    /// The text properties of the inline elements around the run but its own (outermost
    /// first), from the HTML front end: each one's inline box adds its font and line height to
    /// every line the run is on (CSS 2.1 §10.8). Not part of the JSON form.
    package var enclosingStyles: [TextProperties] = []
    /// A space run at an inline element's end (its end padding, border or margin), which must not
    /// hang past a line's end as white space does. Not part of the JSON form.
    package var endsAnElement = false
    /// A colour behind the run's glyphs, from the font's ascent to its descent on every line.
    public var backgroundColor: StyleColor?
    /// The link value hit testing reports for the run (``/Canvas/TextLayout/links``).
    public var link: String?
    /// A text run's top padding (and border): its background reaches this far above its
    /// font's ascent, as a CSS inline element's does; the line does not grow.
    public var paddingTop: StyleLength?
    /// A text run's bottom padding (and border), below its font's descent.
    public var paddingBottom: StyleLength?
    /// How far right a text, image or box run is drawn from where it is laid out (CSS `left` on
    /// an inline element with `position: relative`); the lines do not move.
    public var left: StyleLength?
    /// How far down a text, image or box run is drawn from where it is laid out (CSS `top` with
    /// `position: relative`).
    public var top: StyleLength?
    /// Where a text run sits: its baseline raised by a length (a percentage is of its line
    /// height), `sub` or `super`, or its inline box's middle, top or bottom against the
    /// paragraph's font (`middle`, `text-top`, `text-bottom`); `baseline` by default. (An image
    /// or a box has its own alignment.)
    public var verticalAlign: VerticalAlign = .baseline

    /// A run of `text`.
    public init(_ text: String, style: TextProperties = TextProperties(), backgroundColor: StyleColor? = nil, link: String? = nil,
                verticalAlign: VerticalAlign = .baseline) {
        self.content = .text(text)
        self.style = style
        self.backgroundColor = backgroundColor
        self.link = link
        self.verticalAlign = verticalAlign
    }

    /// A run of `text` whose properties `change` sets.
    public init(_ text: String, style change: (inout TextProperties) -> Void, backgroundColor: StyleColor? = nil, link: String? = nil) {
        var style = TextProperties()
        change(&style)
        self.init(text, style: style, backgroundColor: backgroundColor, link: link)
    }

    /// An inline image.
    public init(image: InlineImage, link: String? = nil) {
        self.content = .image(image)
        self.style = TextProperties()
        self.link = link
    }

    /// Empty space `width` wide that keeps to its neighbours (negative: they overlap by as much).
    public init(spacing width: StyleLength, link: String? = nil) {
        self.content = .spacing(width)
        self.style = TextProperties()
        self.link = link
    }

    /// An atomic inline box: the text element's child `box.child`.
    public init(box: InlineBox, link: String? = nil) {
        self.content = .box(box)
        self.style = TextProperties()
        self.link = link
    }
}

/// A child of a text element placed in its lines as one unbreakable box, as CSS lays out an
/// `inline-block` or `inline-flex` element (CSS 2.1 §10.3.9, §10.8.1): its width shrinks to fit
/// the line (min(max(min-content, available), max-content), its own width when it has one), its
/// height is its content's at that width, and its baseline is that of its last line box (its
/// first, for a flex container; its bottom margin edge when it has none or clips its content).
/// Its frame and its children's are the layout's like any element's; it is drawn above the text.
///
/// ```swift
/// let line = Element(.text(TextContent(runs: [InlineRun("Status: "), InlineRun(box: InlineBox(child: 0))])),
///                    children: [pill])
/// ```
public struct InlineBox: Hashable, Sendable {
    /// The index of the child among the text element's children (each child placed once).
    public var child: Int
    /// Where it sits in the line: `baseline` puts its baseline on the line's; the others place
    /// its margin box as they place an image.
    public var verticalAlign: VerticalAlign

    /// The text element's child `child`, aligned as `verticalAlign` says.
    public init(child: Int, verticalAlign: VerticalAlign = .baseline) {
        self.child = child
        self.verticalAlign = verticalAlign
    }
}

/// A picture in a line of text: its source, its size (1em square unless given; one side alone
/// makes a square) and where it sits against the baseline. It is stretched to its box, as an
/// `<img>` with a width and a height is.
public struct InlineImage: Hashable, Sendable {
    /// Where the pixels come from (named sources through the renderer's image loader).
    public var source: ImageSource
    /// The width (`em` of the text's font size).
    public var width: StyleLength?
    /// The height.
    public var height: StyleLength?
    /// Where it sits in the line.
    public var verticalAlign: VerticalAlign
    /// What is drawn in the image's box when its picture fails to load or decode; `nil`: the
    /// failure fails the render (see ``ImageContent/placeholder``).
    public var placeholder: ImagePlaceholder?

    /// An inline image.
    public init(_ source: ImageSource, width: StyleLength? = nil, height: StyleLength? = nil, verticalAlign: VerticalAlign = .baseline,
                placeholder: ImagePlaceholder? = nil) {
        self.source = source
        self.width = width
        self.height = height
        self.verticalAlign = verticalAlign
        self.placeholder = placeholder
    }
}

/// A `vertical-align` value for an inline image.
public enum VerticalAlign: Hashable, Sendable {
    /// The bottom on the baseline.
    case baseline
    /// The middle at the baseline raised by half the x-height.
    case middle
    /// The top at the font's ascent.
    case textTop
    /// The bottom at the font's descent.
    case textBottom
    /// CSS `top`: an image's or inline box's top at the line box's top (a text run's top is
    /// drawn at the font's ascent, as `text-top`).
    case top
    /// CSS `bottom`: an image's or inline box's bottom at the line box's bottom (a text run's
    /// at the font's descent, as `text-bottom`).
    case bottom
    /// The bottom raised by a length (a percentage is of the line height), lowered when negative.
    case length(StyleLength)
    /// CSS `sub`: lowered by a fifth of the paragraph's font size, as Chromium does.
    case `subscript`
    /// CSS `super`: raised by a third of the paragraph's font size and a point, as Chromium does.
    case superscript
}
