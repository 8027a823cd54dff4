/// An inline box in a text: space of a given size that lines wrap around like a glyph, for a
/// picture drawn there afterwards (CSS's inline replaced element: an emoji image, an icon).
public struct TextAttachment: Hashable, Sendable, Codable {
    /// Where the box sits against the line's baseline (CSS `vertical-align`).
    public enum VerticalAlignment: Hashable, Sendable, Codable {
        /// The bottom on the baseline.
        case baseline
        /// The middle at the baseline raised by half the font's x-height.
        case middle
        /// The top at the font's ascent.
        case textTop
        /// The bottom at the font's descent.
        case textBottom
        /// The bottom this many points above the baseline (below, when negative).
        case raised(Double)
        /// The top at the line box's top (CSS `top`): placed once the line's other content has
        /// set the line, which grows downwards for a taller box.
        case lineTop
        /// The bottom at the line box's bottom (CSS `bottom`); a taller box grows the line upwards.
        case lineBottom
    }

    /// The box's size in points.
    public var size: Size
    /// Where it sits in the line.
    public var verticalAlignment: VerticalAlignment
    /// Whether the box keeps to the text beside it: no line breaks before or after it (an inline
    /// element's padding edge), where a picture's box lets lines break around it.
    public var keepsWithNeighbours: Bool

    /// A box of `size` aligned as `verticalAlignment` says.
    public init(size: Size, verticalAlignment: VerticalAlignment = .baseline, keepsWithNeighbours: Bool = false) {
        self.size = size
        self.verticalAlignment = verticalAlignment
        self.keepsWithNeighbours = keepsWithNeighbours
    }

    /// Whether the box (one that keeps to its neighbours) ends an inline element: its character
    /// is then no white space, which a line may not let hang past its end as it does spaces.
    package var endsAnElement = false

    /// The character a segment holding this box is: U+FFFC, or for a box that keeps to its
    /// neighbours a no-break space (U+00A0: a line may break before it after a space), or at an
    /// element's end a word joiner (U+2060: no white space, so it never hangs).
    var character: String { keepsWithNeighbours ? (endsAnElement ? "\u{2060}" : "\u{00A0}") : "\u{FFFC}" }

    private enum CodingKeys: String, CodingKey { case size, verticalAlignment, keepsWithNeighbours }

    /// Decodes a box; `keepsWithNeighbours` may be missing (false).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(size: try c.decode(Size.self, forKey: .size),
                  verticalAlignment: try c.decode(VerticalAlignment.self, forKey: .verticalAlignment),
                  keepsWithNeighbours: try c.decodeIfPresent(Bool.self, forKey: .keepsWithNeighbours) ?? false)
    }
}
