/// The bounds an HTML document must stay within before anything is styled or laid out: every
/// count is checked while the tree is built, so an absurd document costs at most one parse.
public struct HTMLLimits: Hashable, Sendable {
    /// The document's size in UTF-8 bytes.
    public var maxBytes: Int
    /// Elements in the tree (`<html>`, `<head>` and `<body>` included).
    public var maxElements: Int
    /// Nesting depth below `<html>`. libxml2 stops parsing at 256 levels whatever this says.
    public var maxDepth: Int
    /// The characters of all texts together, in UTF-8 bytes (style sheets and inline SVG included).
    public var maxTextBytes: Int

    /// The defaults: 4 MiB, 100,000 elements, 200 levels, 4 MiB of text.
    public init(maxBytes: Int = 4 << 20, maxElements: Int = 100_000, maxDepth: Int = 200, maxTextBytes: Int = 4 << 20) {
        self.maxBytes = maxBytes
        self.maxElements = maxElements
        self.maxDepth = maxDepth
        self.maxTextBytes = maxTextBytes
    }
}
