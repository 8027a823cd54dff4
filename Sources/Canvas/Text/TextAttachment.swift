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
    }

    /// The box's size in points.
    public var size: Size
    /// Where it sits in the line.
    public var verticalAlignment: VerticalAlignment

    /// A box of `size` aligned as `verticalAlignment` says.
    public init(size: Size, verticalAlignment: VerticalAlignment = .baseline) {
        self.size = size
        self.verticalAlignment = verticalAlignment
    }
}
