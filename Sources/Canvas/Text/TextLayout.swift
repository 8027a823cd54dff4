/// A measured text: its size, its lines and their baselines, the rectangles of its links, and the
/// positioned glyphs that ``GraphicsContext/draw(_:at:)-(TextLayout,_)`` draws. Measured once, never
/// changed, drawn from any thread; see <doc:CanvasBasics> ("Text").
///
/// ```swift
/// let title = try TextLayout("Live from the Bund 🌃", style: TextStyle(size: 15, lineHeight: 20),
///                            options: TextLayoutOptions(maxWidth: 272, maxLines: 2))
/// let card = try Bitmap.render(size: Size(width: 288, height: 56), scale: 2) { context in
///     context.draw(title, at: Point(x: 8, y: 8))
/// }
/// ```
public struct TextLayout: Sendable {
    /// One line of a layout.
    public struct Line: Hashable, Sendable {
        /// The line's logical box in layout points: its x is where the line starts after alignment,
        /// its height is the line height (``TextStyle/lineHeight`` when set).
        public let rect: Rect
        /// The y of the baseline, in layout points from the layout's top.
        public let baseline: Double
        /// The UTF-16 offsets of the source text this line covers (see ``AttributedText``),
        /// including text hidden by an ellipsis on a truncated line.
        public let characterRange: Range<Int>
        /// Whether an ellipsis replaces part of this line's text.
        public let isTruncated: Bool
    }

    /// A link of the text and where it was laid out.
    public struct LinkArea: Hashable, Sendable {
        /// The link value given to the segments (``AttributedText/Segment/link``).
        public let value: String
        /// The UTF-16 offsets of the linked text.
        public let range: Range<Int>
        /// One rectangle per line piece of the link, in layout points: a link that wraps onto two
        /// lines has (at least) two. A link wholly in text cut off by truncation has none.
        public let rects: [Rect]
    }

    /// An inline box of the text (``AttributedText/Segment/attachment``) and where it was laid out.
    public struct AttachmentArea: Hashable, Sendable {
        /// The index of its segment in ``TextLayout/text``.
        public let segment: Int
        /// Its box in layout points.
        public let rect: Rect
    }

    /// The measured text.
    public var text: AttributedText { storage.text }
    /// The base style it was measured with.
    public var style: TextStyle { storage.style }
    /// The options it was measured with.
    public var options: TextLayoutOptions { storage.options }
    /// The logical size in points: the widest line by the total height of the lines.
    public var size: Size { storage.size }
    /// The logical bounds in layout points: ``size`` placed where the lines are (its x is more than
    /// zero when every line is aligned away from the left edge).
    public var bounds: Rect { storage.bounds }
    /// The lines, top to bottom (after truncation).
    public var lines: [Line] { storage.lines }
    /// Whether text was cut: an ellipsis was inserted or lines beyond ``TextLayoutOptions/maxLines``
    /// were dropped.
    public var isTruncated: Bool { storage.isTruncated }
    /// The links and their rectangles, in text order.
    public var links: [LinkArea] { storage.links }
    /// Where each segment of ``text`` lies: one rectangle per line it is on, as wide as its glyphs
    /// there (zero wide for a segment without glyphs, as a line break) and as high as its fonts'
    /// content area (a browser's inline box), an attachment's own box; in segment order, empty for
    /// a segment drawn nowhere (cut by truncation). Recorded only when ``TextLayoutOptions/recordsSegmentAreas`` is set,
    /// otherwise empty.
    public var segmentAreas: [[Rect]] { storage.segmentAreas }
    /// The text as it was given: ``text`` unless a CSS clamp (`line-clamp`, a one-line
    /// `text-overflow: ellipsis`) cut it and appended "…". Laying the source text out again
    /// without `maxLines` gives every line a browser lays out, the hidden ones included.
    public var sourceText: AttributedText { storage.sourceText ?? storage.text }

    /// This layout, remembering `source` as the text it was given.
    func given(_ source: AttributedText) -> TextLayout {
        TextLayout(text: text, style: style, options: options, size: size, bounds: bounds, lines: lines, isTruncated: isTruncated,
                   links: links, fontsUsed: fontsUsed, requestedFamiliesMissing: requestedFamiliesMissing, runs: storage.runs,
                   decorations: storage.decorations, attachments: attachments, backgrounds: storage.backgrounds, fontFiles: fontFiles,
                   segmentAreas: segmentAreas, sourceText: source)
    }
    /// The families of the fonts the glyphs actually came from, in order of first use, such as
    /// `["Noto Sans CJK SC", "Noto Color Emoji"]`.
    public var fontsUsed: [String] { storage.fontsUsed }
    /// The families named in the style or its overrides that no installed or registered font has;
    /// their text fell back to other fonts (see ``fontsUsed``).
    public var requestedFamiliesMissing: [String] { storage.requestedFamiliesMissing }
    /// The inline boxes that were laid out (not those cut by truncation), in text order: draw
    /// each one's picture at its rectangle.
    public var attachments: [AttachmentArea] { storage.attachments }
    /// The positioned glyphs, by line.
    var runs: [GlyphRun] { storage.runs }
    /// Underlines and strikethroughs.
    var decorations: [TextDecorationRect] { storage.decorations }
    /// Segment backgrounds, filled beneath everything else.
    var backgrounds: [TextDecorationRect] { storage.backgrounds }

    /// The values, shared by every copy: a layout is copied into caches, layout results and
    /// drawing, and one reference is cheaper to copy than a dozen arrays and strings.
    private let storage: Storage

    private final class Storage: Sendable {
        let text: AttributedText
        let style: TextStyle
        let options: TextLayoutOptions
        let size: Size
        let bounds: Rect
        let lines: [Line]
        let isTruncated: Bool
        let links: [LinkArea]
        let fontsUsed: [String]
        let requestedFamiliesMissing: [String]
        let attachments: [AttachmentArea]
        let runs: [GlyphRun]
        let decorations: [TextDecorationRect]
        let backgrounds: [TextDecorationRect]
        let segmentAreas: [[Rect]]
        /// The text before a clamp cut it and appended "…" (`nil`: ``text`` is the text given).
        let sourceText: AttributedText?
        /// The font set whose files the runs' fonts were read from, kept while the layout lives:
        /// Cairo may close a font's FreeType face and open its file again to draw a glyph.
        let fontFiles: PreparedFontSet?

        init(fontFiles: PreparedFontSet?, segmentAreas: [[Rect]], sourceText: AttributedText?, _ values: (text: AttributedText, style: TextStyle, options: TextLayoutOptions, size: Size, bounds: Rect, lines: [Line],
                        isTruncated: Bool, links: [LinkArea], fontsUsed: [String], requestedFamiliesMissing: [String],
                        attachments: [AttachmentArea], runs: [GlyphRun], decorations: [TextDecorationRect], backgrounds: [TextDecorationRect])) {
            (text, style, options, size, bounds, lines, isTruncated, links, fontsUsed, requestedFamiliesMissing, attachments, runs, decorations, backgrounds) = values
            self.fontFiles = fontFiles
            self.segmentAreas = segmentAreas
            self.sourceText = sourceText
        }
    }

    init(
        text: AttributedText,
        style: TextStyle,
        options: TextLayoutOptions,
        size: Size,
        bounds: Rect,
        lines: [Line],
        isTruncated: Bool,
        links: [LinkArea],
        fontsUsed: [String],
        requestedFamiliesMissing: [String],
        runs: [GlyphRun],
        decorations: [TextDecorationRect],
        attachments: [AttachmentArea] = [],
        backgrounds: [TextDecorationRect] = [],
        fontFiles: PreparedFontSet? = nil,
        segmentAreas: [[Rect]] = [],
        sourceText: AttributedText? = nil
    ) {
        storage = Storage(fontFiles: fontFiles, segmentAreas: segmentAreas, sourceText: sourceText, (text, style, options, size, bounds, lines, isTruncated, links, fontsUsed, requestedFamiliesMissing,
                                                 attachments, runs, decorations, backgrounds))
    }

    /// The render fonts' files this layout's glyphs come from (kept alive with it), or `nil`.
    var fontFiles: PreparedFontSet? { storage.fontFiles }

    /// The number of lines.
    public var lineCount: Int { lines.count }

    /// About how many bytes the layout holds (its text, glyphs, lines and links), for caches
    /// that budget by bytes. The fonts it retains are shared and not counted.
    public var estimatedByteCount: Int {
        let glyphs = runs.reduce(0) { $0 + $1.glyphs.count } * 24  // a cairo_glyph_t: index, x, y
        let runOverhead = runs.count * (MemoryLayout<GlyphRun>.stride + 32)
        let lineBytes = lines.count * MemoryLayout<Line>.stride
        let linkBytes = links.reduce(0) { $0 + 64 + $1.rects.count * MemoryLayout<Rect>.stride }
        return 256 + text.utf8Count + glyphs + runOverhead + lineBytes + linkBytes
    }

    /// Whether there is nothing to draw (empty text).
    public var isEmpty: Bool { lines.isEmpty }

    /// The link under `point` (in layout points), or `nil`: the hit test of a tappable label.
    public func link(at point: Point) -> LinkArea? {
        links.first { link in link.rects.contains { $0.contains(point) } }
    }

    /// The source text of a line (including any text its ellipsis hides).
    public func text(of line: Line) -> Substring {
        text.substring(utf16Range: line.characterRange)
    }
}
