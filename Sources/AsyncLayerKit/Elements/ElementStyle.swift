public import Canvas

/// The box properties every element shares: what is drawn behind and around its content.
public struct ElementStyle: Hashable, Sendable {
    /// The fill behind the content, inside the rounded shape. `nil`: none.
    public var background: Color?
    /// Per-corner radii of the element's shape (clamped to its size when drawn).
    public var cornerRadii: CornerRadii
    /// A border drawn inside the shape's edge, above the content and children. `nil`: none.
    public var border: Border?
    /// A drop shadow. `nil`: none.
    ///
    /// With a ``background``, the shadow is the background's rounded shape (the cheap path: one
    /// blurred shape). Without one, the element casts the shadow of whatever it draws — its
    /// content, children and border — as a `CALayer` with a clear background does: the element
    /// is drawn as one group and the group's alpha, blurred, is the shadow (an image's rounded
    /// corners, a text's glyphs). That costs a group and a blur over the drawn area.
    public var shadow: Shadow?
    /// 0...1; below 1 the element and its children are composited as one group.
    public var opacity: Double
    /// Whether children are clipped to the element's rounded shape.
    public var clipsToBounds: Bool
    /// Whether the element (and its children) is skipped when drawing. It still takes its place
    /// in layout, as a hidden view does.
    public var isHidden: Bool

    /// Creates a style; by default nothing is drawn.
    public init(
        background: Color? = nil,
        cornerRadii: CornerRadii = .zero,
        border: Border? = nil,
        shadow: Shadow? = nil,
        opacity: Double = 1,
        clipsToBounds: Bool = false,
        isHidden: Bool = false
    ) {
        self.background = background
        self.cornerRadii = cornerRadii
        self.border = border
        self.shadow = shadow
        self.opacity = opacity
        self.clipsToBounds = clipsToBounds
        self.isHidden = isHidden
    }
}

/// A border of a given width and colour, drawn inside an element's edge.
public struct Border: Hashable, Sendable, Codable {
    /// The width in points.
    public var width: Double
    /// The colour.
    public var color: Color

    /// Creates a border.
    public init(width: Double, color: Color) {
        self.width = width
        self.color = color
    }
}
