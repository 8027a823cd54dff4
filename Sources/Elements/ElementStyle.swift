public import Canvas

/// What an element paints around its content: background, corners, border colour, shadow,
/// opacity, paint order and visibility. Layout lives in ``Element/layout`` (the border's widths
/// too: ``/Flexbox/FlexStyle/border``).
public struct ElementStyle: Hashable, Sendable {
    /// The fill behind the content, inside the rounded shape. `nil`: none.
    public var background: Color?
    /// The corners' radii (CSS `border-radius`): elliptical, in lengths or percentages, scaled
    /// down together where they overlap when drawn.
    public var borderRadius: BorderRadius
    /// The box the background colour is clipped to (CSS: the bottom layer's `background-clip`;
    /// with layers, it is theirs).
    public var backgroundClip: BoxArea = .borderBox
    /// The background layers (gradients), first on top, drawn over ``background`` as CSS's
    /// `background-image` with its size, position, repeat, origin and clip.
    public var backgroundLayers: [BackgroundLayer]
    /// The border's sides: colour and line style of each, drawn with the layout's per-edge widths
    /// (``/Flexbox/FlexStyle/border``) inside the shape's edge, above the content and children.
    /// ``BorderSides/none`` draws nothing (the widths still take part in layout).
    public var border: BorderSides
    /// The box shadows, first on top, as CSS's `box-shadow`: outer ones beneath the background,
    /// outside the border box; inset ones above the background, inside the padding box.
    public var boxShadows: [BoxShadow]
    /// A drop shadow of what the element draws (the ``/Canvas/Shadow`` of a `CALayer`), not a
    /// CSS `box-shadow` (that is ``boxShadows``). `nil`: none.
    ///
    /// With a ``background``, the shadow is the background's rounded shape (the cheap path: one
    /// blurred shape). Without one, the element casts the shadow of whatever it draws — its
    /// content, children and border — as a `CALayer` with a clear background does: the element
    /// is drawn as one group and the group's alpha, blurred, is the shadow (an image's rounded
    /// corners, a text's glyphs). That costs a group and a blur over the drawn area.
    public var shadow: Shadow?
    /// CSS `transform`: 2D functions applied in order about ``transformOrigin``, to the element
    /// and its children as drawn (layout is unchanged, as in CSS).
    public var transform: [TransformFunction] = []
    /// The point the transform is applied about, in the border box (initially its centre).
    public var transformOrigin: BoxPosition = .center
    /// CSS `mix-blend-mode`: how the element, drawn as one group, combines with what is beneath.
    public var blendMode: BlendMode = .normal
    /// CSS `isolation: isolate`: the element's children blend within it, not with what is beneath.
    public var isolates = false
    /// CSS `filter`: functions the element and its children pass through, in order.
    public var filters: [StyleFilter] = []
    /// CSS `backdrop-filter`: functions what is drawn beneath the element passes through, within
    /// its border box's shape, before the element draws.
    public var backdropFilters: [StyleFilter] = []
    /// CSS `clip-path`: the element and its children are drawn only inside this shape.
    public var clipPath: ClipShape?
    /// CSS `mask-image` and its `mask-size`, `mask-position`, `mask-repeat`: the alpha of these
    /// layers masks the element.
    public var maskLayers: [BackgroundLayer] = []
    /// CSS `outline`: drawn outside the border box over the element, taking no space.
    public var outline: Outline?
    /// CSS `object-fit` of an image element (`nil`: the image's own content mode).
    public var objectFit: ObjectFit?
    /// CSS `object-position` of an image element: where it sits in its content box.
    public var objectPosition: BoxPosition = .center
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
        backgroundLayers: [BackgroundLayer] = [],
        boxShadows: [BoxShadow] = [],
        opacity: Double = 1,
        zIndex: Int = 0,
        isHidden: Bool = false
    ) {
        self.background = background
        self.borderRadius = BorderRadius(cornerRadii)
        self.border = borderColor.map { BorderSides(all: BorderSide(color: .color($0), style: .solid)) } ?? .none
        self.shadow = shadow
        self.backgroundLayers = backgroundLayers
        self.boxShadows = boxShadows
        self.opacity = opacity
        self.zIndex = zIndex
        self.isHidden = isHidden
    }

    /// Circular radii in points per corner (``borderRadius`` in its simplest form). Reading it
    /// gives each corner's horizontal radius where it is in points (0 where it is a percentage
    /// or another unit); setting it makes every corner circular.
    public var cornerRadii: CornerRadii {
        get {
            if let points = borderRadius.circularPoints { return points }
            func h(_ c: CornerRadius) -> Double { if case .points(let v) = c.horizontal { v } else { 0 } }
            return CornerRadii(topLeft: h(borderRadius.topLeft), topRight: h(borderRadius.topRight),
                               bottomRight: h(borderRadius.bottomRight), bottomLeft: h(borderRadius.bottomLeft))
        }
        set { borderRadius = BorderRadius(newValue) }
    }

    /// One solid colour on every side, or `nil` when the border is not drawn or its sides differ:
    /// the border of earlier versions. Setting it draws every side solid in that colour (`nil`:
    /// no border).
    public var borderColor: Color? {
        get {
            guard case .color(let color) = border.top.color, border.top.style == .solid,
                  border.all.allSatisfy({ $0 == border.top }) else { return nil }
            return color
        }
        set { border = newValue.map { BorderSides(all: BorderSide(color: .color($0), style: .solid)) } ?? .none }
    }

    /// Whether any transform, blend, filter, clip, mask or outline is set: the painter's fast
    /// path skips them all otherwise.
    var hasCompositing: Bool {
        !transform.isEmpty || blendMode != .normal || isolates || !filters.isEmpty || !backdropFilters.isEmpty
            || clipPath != nil || !maskLayers.isEmpty || outline != nil
    }
}
