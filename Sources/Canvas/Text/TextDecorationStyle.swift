/// How a text's underline, overline and line-through are drawn (CSS `text-decoration-style`).
public enum TextDecorationStyle: String, Hashable, Sendable, Codable, CaseIterable {
    /// One straight line.
    case solid
    /// Two parallel lines, each of the decoration's thickness, a thickness apart.
    case double
    /// Square dots as long as the line is thick, a dot apart.
    case dotted
    /// Dashes two thicknesses long, a thickness apart.
    case dashed
    /// A wave hanging below the line's position.
    case wavy
}

/// How letters change case before shaping (CSS `text-transform`). Offsets reported back (links,
/// line ranges) stay those of the text as given.
public enum TextTransform: String, Hashable, Sendable, Codable, CaseIterable {
    /// As written.
    case none
    /// Every letter in capitals.
    case uppercase
    /// Every letter in lower case.
    case lowercase
    /// The first letter of every word in capitals.
    case capitalize
}

/// An outline drawn along the glyphs' edges, over their fill (CSS `-webkit-text-stroke`).
public struct TextStroke: Hashable, Sendable, Codable {
    /// The line's width in points, centred on the glyph outline.
    public var width: Double
    /// The line's colour.
    public var color: Color

    /// A stroke `width` points wide in `color`.
    public init(width: Double, color: Color) {
        self.width = width
        self.color = color
    }
}
