import Flexbox

/// One tree of the differential layout bench (`scripts/layout-diff`): a flex tree in CSS terms,
/// the viewport it is laid out in, and, when Chromium has laid it out, Chromium's frames.
public struct CorpusCase: Codable, Sendable {
    /// The case's name (`random-17`, `card-40`): its profile and generator seed.
    public var id: String
    /// The generator profile that made it.
    public var profile: String?
    /// The root's containing block.
    public var viewport: Viewport
    /// The root's direction, `ltr` or `rtl`.
    public var direction: String
    /// The root node.
    public var tree: CorpusNode
    /// Chromium's border boxes, `[x, y, width, height]` per node in pre-order, relative to the
    /// root's border box; `nil` for a node Chromium does not render (`display: none`).
    public var frames: [[Double]?]?

    /// The root's containing block: a width, and a height or none (the root is then content-sized).
    public struct Viewport: Codable, Sendable {
        /// The width in CSS px.
        public var width: Double
        /// The height in CSS px, or `nil`.
        public var height: Double?
    }
}

/// A node of a ``CorpusCase``: CSS properties by name, then children or a text.
public struct CorpusNode: Codable, Sendable {
    /// CSS properties, kebab-case names and CSS values (`"flex-basis": "50%"`).
    public var style: [String: String]
    /// The children, in document order (empty for a fixed-size or empty leaf).
    public var children: [CorpusNode]?
    /// A text leaf's text, set in the LayoutBlock font at 10 px per character and line.
    public var text: String?

    /// Creates a node.
    public init(style: [String: String] = [:], children: [CorpusNode]? = nil, text: String? = nil) {
        self.style = style
        self.children = children
        self.text = text
    }

    /// The number of nodes in this subtree.
    public var count: Int { 1 + (children ?? []).reduce(0) { $0 + $1.count } }
}
