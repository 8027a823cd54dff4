public import Canvas

/// What an element paints around its content: background, corners, border colour, shadow,
/// opacity, paint order and visibility. Layout lives in ``Element/layout`` (the border's widths
/// too: ``/Flexbox/FlexStyle/border``).
public struct ElementStyle: Hashable, Sendable {
    /// The fill behind the content, inside the rounded shape. `nil`: none.
    public var background: Color?
    /// Per-corner radii of the element's shape (clamped to its size when drawn).
    public var cornerRadii: CornerRadii
    /// The border's colour, drawn inside the shape's edge with the layout's per-edge widths
    /// (``/Flexbox/FlexStyle/border``), above the content and children. `nil`: no border drawn
    /// (the widths still take part in layout).
    public var borderColor: Color?
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
    /// Paint order among siblings: children are drawn by ascending `zIndex`, equal values in
    /// document order, all above their parent's own content (a negative value does not go behind
    /// the parent). Layout order is unaffected.
    public var zIndex: Int
    /// Whether the element (and its children) is skipped when drawing — CSS `visibility: hidden`:
    /// it still takes its place in layout. Its images are not loaded.
    public var isHidden: Bool

    /// Creates a style; by default nothing is drawn.
    public init(
        background: Color? = nil,
        cornerRadii: CornerRadii = .zero,
        borderColor: Color? = nil,
        shadow: Shadow? = nil,
        opacity: Double = 1,
        zIndex: Int = 0,
        isHidden: Bool = false
    ) {
        self.background = background
        self.cornerRadii = cornerRadii
        self.borderColor = borderColor
        self.shadow = shadow
        self.opacity = opacity
        self.zIndex = zIndex
        self.isHidden = isHidden
    }
}
