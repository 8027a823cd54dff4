/// Whether a wrapped line may break only between words, anywhere between characters, or between
/// words first and between characters when a single word does not fit.
public enum LineBreakMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// Break at word boundaries only; a word wider than the line overflows it.
    case word
    /// Break between any two characters (grapheme clusters).
    case character
    /// Break at word boundaries, and between characters inside a word that is wider than the line
    /// (Pango's `PANGO_WRAP_WORD_CHAR`; the reference card's rule).
    case wordOrCharacter
    /// Break at word boundaries only, and treat a run of CJK or Hangul characters between spaces
    /// as one word, which ``word`` breaks between any two characters (CSS `word-break: keep-all`).
    case wordsOnly
}

/// Where text that does not fit is cut and replaced by an ellipsis ("…").
public enum TextTruncation: String, Hashable, Sendable, Codable, CaseIterable {
    /// Never insert an ellipsis. Lines beyond ``TextLayoutOptions/maxLines`` are still dropped and
    /// the layout reports ``TextLayout/isTruncated``, but nothing marks the cut.
    case none
    /// Keep the end of the last line, replacing its start with "…".
    case head
    /// Keep the start and the end of the last line, replacing its middle with "…".
    case middle
    /// Keep the start of the last line, replacing its end with "…" (the usual choice).
    case tail
}

/// How a text is broken into lines and cut: the width to wrap at, the number of lines to keep, the
/// break and truncation rules, and the size limit.
///
/// ```swift
/// let options = TextLayoutOptions(maxWidth: 272, maxLines: 2)   // wrap at 272 pt, "…" on line 2
/// ```
public struct TextLayoutOptions: Hashable, Sendable, Codable {
    /// The width to wrap (and truncate) at, in points, or `nil` for no limit: each paragraph is then
    /// one line.
    public var maxWidth: Double?
    /// The most lines to keep; `0` keeps every line.
    ///
    /// With a ``maxWidth`` and a ``truncation`` other than ``TextTruncation/none``, the last kept
    /// line ends (or starts, or is cut in the middle) with an ellipsis when text remains; otherwise
    /// the lines beyond are dropped without a mark. Either way ``TextLayout/isTruncated`` is `true`.
    public var maxLines: Int
    /// Where lines may break.
    public var lineBreakMode: LineBreakMode
    /// Where the ellipsis goes when the text does not fit in ``maxLines``.
    public var truncation: TextTruncation
    /// The longest accepted text in UTF-8 bytes; a longer one throws ``CanvasError/textTooLong(utf8Bytes:limit:)``
    /// before any layout work starts. Default 256 KiB.
    public var maxUTF8Bytes: Int
    /// The paragraphs' base direction: from their first strong character (the default) or fixed.
    public var baseDirection: TextDirection
    /// Whether lines wrap at ``maxWidth`` (`false`: CSS `white-space: nowrap`). Without wrapping
    /// the width still aligns lines that fit in it and places the ellipsis of a one-line cut.
    public var wrapsLines: Bool
    /// Whether wrapped lines are balanced (CSS `text-wrap: balance`): broken at the narrowest
    /// width that keeps their number, then aligned within ``maxWidth``.
    public var balancesLines: Bool
    /// Device pixels per point of the bitmap the text is drawn into, for CSS-styled texts
    /// (``TextStyle/cssLineMetrics``): Chromium rounds a font's ascent and descent, and the
    /// leading above a line's text, to whole device pixels, so where lines and baselines fall
    /// depends on it. Other texts ignore it. In `0 < pixelScale ≤ 64`; default 1.
    public var pixelScale: Double
    /// Fonts for this text besides the system's and the registered ones (``FontRegistry``): a
    /// render's own faces and a service's (see ``FontSet``). `nil`, the default, measures with
    /// the system's and registered fonts only. Not encoded (a set holds font data).
    public var fonts: FontSet?
    /// Whether the layout records where each segment of the text lies
    /// (``TextLayout/segmentAreas``), for tools that report where each run of a paragraph is
    /// drawn (an HTML card's inline elements). Costs a pass over each line's runs; default
    /// `false`. Not encoded.
    public var recordsSegmentAreas = false

    /// The default size limit, 256 KiB.
    public static let defaultMaxUTF8Bytes = 256 * 1024
    /// The widest accepted ``maxWidth``, in points.
    public static let maxSupportedWidth = 1_000_000.0

    /// Creates options; every parameter has a default (no width limit, every line kept, breaks
    /// between words and inside over-long words, tail truncation, 256 KiB, automatic direction,
    /// wrapping, unbalanced, pixel scale 1, system and registered fonts only).
    public init(
        maxWidth: Double? = nil,
        maxLines: Int = 0,
        lineBreakMode: LineBreakMode = .wordOrCharacter,
        truncation: TextTruncation = .tail,
        maxUTF8Bytes: Int = TextLayoutOptions.defaultMaxUTF8Bytes,
        baseDirection: TextDirection = .auto,
        wrapsLines: Bool = true,
        balancesLines: Bool = false,
        pixelScale: Double = 1,
        fonts: FontSet? = nil
    ) {
        self.maxWidth = maxWidth
        self.maxLines = maxLines
        self.lineBreakMode = lineBreakMode
        self.truncation = truncation
        self.maxUTF8Bytes = maxUTF8Bytes
        self.baseDirection = baseDirection
        self.wrapsLines = wrapsLines
        self.balancesLines = balancesLines
        self.pixelScale = pixelScale
        self.fonts = fonts
    }

    private enum CodingKeys: String, CodingKey {
        case maxWidth, maxLines, lineBreakMode, truncation, maxUTF8Bytes, baseDirection, wrapsLines, balancesLines, pixelScale
    }

    /// Decodes options; every missing key takes its default (so `{}` is the default options).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = TextLayoutOptions()
        self.init(
            maxWidth: try c.decodeIfPresent(Double.self, forKey: .maxWidth),
            maxLines: try c.decodeIfPresent(Int.self, forKey: .maxLines) ?? d.maxLines,
            lineBreakMode: try c.decodeIfPresent(LineBreakMode.self, forKey: .lineBreakMode) ?? d.lineBreakMode,
            truncation: try c.decodeIfPresent(TextTruncation.self, forKey: .truncation) ?? d.truncation,
            maxUTF8Bytes: try c.decodeIfPresent(Int.self, forKey: .maxUTF8Bytes) ?? d.maxUTF8Bytes,
            baseDirection: try c.decodeIfPresent(TextDirection.self, forKey: .baseDirection) ?? d.baseDirection,
            wrapsLines: try c.decodeIfPresent(Bool.self, forKey: .wrapsLines) ?? d.wrapsLines,
            balancesLines: try c.decodeIfPresent(Bool.self, forKey: .balancesLines) ?? d.balancesLines,
            pixelScale: try c.decodeIfPresent(Double.self, forKey: .pixelScale) ?? d.pixelScale
        )
    }

    /// Throws unless every option is usable.
    func validate() throws(CanvasError) {
        if let width = maxWidth {
            guard width.isFinite, width > 0, width <= TextLayoutOptions.maxSupportedWidth else {
                throw .invalidArgument("text max width \(width): expected a finite number in 0 < width ≤ \(Int(TextLayoutOptions.maxSupportedWidth))")
            }
        }
        guard maxLines >= 0 else {
            throw .invalidArgument("text max lines \(maxLines): expected 0 (no limit) or more")
        }
        guard pixelScale.isFinite, pixelScale > 0, pixelScale <= 64 else {
            throw .invalidArgument("text pixel scale \(pixelScale): expected a finite number in 0 < scale ≤ 64")
        }
        guard maxUTF8Bytes > 0 else {
            throw .invalidArgument("text size limit \(maxUTF8Bytes): expected more than 0 bytes")
        }
    }
}
