public import Canvas

/// The text of a text element and how it is laid out.
///
/// A text is styled in one of two ways. With ``style`` `nil` (what a JSON text without a `style`
/// key decodes to), the CSS text properties of the element and its ancestors
/// (``ElementStyle/text``) style it, from CSS's initial values: 16 px sans-serif, and lines that
/// break between words. With a ``style`` (the form of earlier versions, and of
/// ``Element/text(_:style:maxLines:frame:layout:style:)``), that style is the text's own in full:
/// ancestors' text properties do not reach it, and the properties the element itself declares
/// replace its fields.
public struct TextContent: Hashable, Sendable {
    /// The text with its style runs.
    public var text: AttributedText
    /// The text's own style in full, or `nil` to be styled by CSS text properties.
    public var style: TextStyle?
    /// The most lines shown; 0 for no limit. A `lineClamp` the element declares replaces it.
    public var maxLines: Int
    /// Where lines break, for a text with a ``style``; a CSS-styled text breaks as its
    /// `wordBreak` and `overflowWrap` say.
    public var lineBreakMode: LineBreakMode
    /// Where the ellipsis goes when the text is cut.
    public var truncation: TextTruncation
    /// Whether lines wrap at the box's width (`false`: CSS `white-space: nowrap` or `pre`; the
    /// width still places an ellipsis).
    public var wrapsLines: Bool
    /// Whether the lines are balanced (CSS `text-wrap: balance`): broken at the narrowest width
    /// that keeps their number, then aligned in the box's width.
    public var balancesLines: Bool
    /// Whether the lines past ``maxLines`` are still laid out and drawn below the kept ones
    /// (a `continue: -webkit-legacy` clamp), overflowing the box.
    var drawsLinesPastClamp = false
    /// The paragraph as CSS runs (spans and inline images); when there are any, they are the text
    /// and ``text`` is made from them as the text is laid out.
    public var runs: [InlineRun] = []
    /// Whether the layout records where each run lies (``/Canvas/TextLayout/segmentAreas``, one
    /// segment per run), for tools that report where each piece of a paragraph is drawn (an HTML
    /// card's inline elements, in the HTML module). Not part of the JSON form; default `false`.
    public var recordsRunAreas = false
    /// The boxes the paragraph's inline elements paint behind its text (the HTML front end's),
    /// drawn from where the layout put their runs (it records them when there are any).
    package var inlineBoxes: [InlineBoxPaint] = []
    /// Whether the text is a list item's outside marker (CSS Lists 3 §3.1): an absolutely
    /// positioned text beside its parent, which the layout moves down or up until its first
    /// baseline sits on its parent's first line baseline (where its own insets put it when the
    /// parent has no line). JSON: `"outsideMarker": true`.
    public var isOutsideMarker = false

    /// Creates text content.
    public init(_ text: AttributedText, style: TextStyle? = TextStyle(), maxLines: Int = 0,
                lineBreakMode: LineBreakMode = .wordOrCharacter, truncation: TextTruncation = .tail,
                wrapsLines: Bool = true, balancesLines: Bool = false) {
        self.text = text
        self.style = style
        self.maxLines = maxLines
        self.lineBreakMode = lineBreakMode
        self.truncation = truncation
        self.wrapsLines = wrapsLines
        self.balancesLines = balancesLines
    }

    /// A paragraph of CSS runs, styled by CSS text properties (``style`` `nil`).
    public init(runs: [InlineRun]) {
        self.init(AttributedText(segments: []), style: nil)
        self.runs = runs
    }

    /// The text's length in UTF-8 bytes, its runs' included.
    var utf8Count: Int {
        runs.reduce(text.utf8Count) { total, run in
            if case .text(let string) = run.content { return total + string.utf8.count }
            return total + 3
        }
    }

    /// The Canvas options for a box `width` points wide (`nil`: unbounded).
    func options(maxWidth width: Double?, limits: ElementLimits) -> TextLayoutOptions {
        let w = width.flatMap { $0.isFinite && $0 > 0 ? min($0, TextLayoutOptions.maxSupportedWidth) : nil }
        var options = TextLayoutOptions(maxWidth: w, maxLines: maxLines, lineBreakMode: lineBreakMode,
                                        truncation: truncation, maxUTF8Bytes: max(1, limits.maxTextUTF8Bytes),
                                        wrapsLines: wrapsLines, balancesLines: balancesLines)
        options.recordsSegmentAreas = recordsRunAreas || !inlineBoxes.isEmpty
        return options
    }
}

/// An image and how it fits its box.
public struct ImageContent: Hashable, Sendable {
    /// Where the pixels come from.
    public var source: ImageSource
    /// How the image fits the element's content box.
    public var contentMode: ContentMode
    /// A Gaussian blur of the image, in points; 0 (the default) for none.
    ///
    /// CSS `filter: blur(blurRadius)` semantics: the radius is the Gaussian's standard deviation σ
    /// (unlike ``ElementStyle/shadow``, whose radius is 2σ as in CSS `box-shadow`). The blur is
    /// applied once, off the loop, to the image decoded at its display size, so its cost is
    /// bounded by the display size and it is cached with the decoded image; an in-memory bitmap
    /// source is blurred in the points it is drawn at. The image's edges are extended, so a
    /// blurred photo does not fade at its border (see ``/Canvas/Bitmap/blurred(radius:)``).
    ///
    /// It must be a finite number from 0 to ``/Canvas/Bitmap/maxBlurRadius`` (1000); another
    /// value fails the render with ``ElementError/canvas(_:)``, and a JSON document with one
    /// fails to decode.
    public var blurRadius: Double
    /// What is drawn when the picture cannot be had: `nil` (the default) makes a failed load or
    /// decode fail the render with its typed error (``ElementError/imageLoadFailed(name:detail:)``,
    /// ``ElementError/canvas(_:)``…); a placeholder is drawn instead. Cancellation and the render
    /// deadline still end the render.
    public var placeholder: ImagePlaceholder?

    /// Creates image content.
    public init(_ source: ImageSource, contentMode: ContentMode = .aspectFill, blurRadius: Double = 0,
                placeholder: ImagePlaceholder? = nil) {
        self.source = source
        self.contentMode = contentMode
        self.blurRadius = blurRadius
        self.placeholder = placeholder
    }
}

/// What an image draws in place of a picture that failed to load or decode (a 404 avatar, a
/// refused URL, a corrupt file), so a card still renders. JSON: `"placeholder": "none"` or a CSS
/// colour (`"#E5E7EB"`, `"rgb(0 0 0 / 10%)"`, `"currentColor"`).
public enum ImagePlaceholder: Hashable, Sendable {
    /// Nothing: the image's box stays as its background left it.
    case none
    /// The image's content box filled with this colour, clipped as the picture would have been
    /// (to the rounded content box of an element with a border radius).
    case color(StyleColor)

    /// A placeholder of one colour.
    public static func color(_ color: Color) -> ImagePlaceholder { .color(.color(color)) }
}

/// A gradient filling an element's shape; points are in unit coordinates of the element's box
/// (0,0 top-left, 1,1 bottom-right).
public enum GradientContent: Hashable, Sendable {
    /// A linear gradient from `start` (location 0) to `end` (location 1).
    case linear(Gradient, start: Point, end: Point)
    /// A radial gradient around `center`, reaching location 1 at `radius` × the box's shorter side.
    case radial(Gradient, center: Point, radius: Double)
}
