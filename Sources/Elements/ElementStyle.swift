public import Canvas
internal import Flexbox

/// What an element paints around its content: background, corners, border colour, shadow,
/// opacity, paint order and visibility. Layout lives in ``Element/layout`` (the border's widths
/// too: ``/Flexbox/FlexStyle/border``).
public struct ElementStyle: Hashable, Sendable {
    /// The CSS paint properties most elements leave at their initial values, behind one
    /// reference: an element is copied often while a tree is laid out and drawn, and these
    /// would make it several hundred bytes and a dozen reference counts to copy.
    private var paint = PaintBox.initial

    /// The fill behind the content, inside the rounded shape. `nil`: none.
    public var background: Color?
    /// The corners' radii (CSS `border-radius`): elliptical, in lengths or percentages, scaled
    /// down together where they overlap when drawn.
    public var borderRadius: BorderRadius {
        get { paint.value.borderRadius }
        set { if paint.value.borderRadius != newValue { paint = PaintBox(paint.value, \.borderRadius, newValue) } }
    }
    /// The box the background colour is clipped to (CSS: the bottom layer's `background-clip`;
    /// with layers, it is theirs).
    public var backgroundClip: BoxArea {
        get { paint.value.backgroundClip }
        set { if paint.value.backgroundClip != newValue { paint = PaintBox(paint.value, \.backgroundClip, newValue) } }
    }
    /// The background layers (gradients), first on top, drawn over ``background`` as CSS's
    /// `background-image` with its size, position, repeat, origin and clip.
    public var backgroundLayers: [BackgroundLayer] {
        get { paint.value.backgroundLayers }
        set { if paint.value.backgroundLayers != newValue { paint = PaintBox(paint.value, \.backgroundLayers, newValue) } }
    }
    /// The border's sides: colour and line style of each, drawn with the layout's per-edge widths
    /// (``/Flexbox/FlexStyle/border``) inside the shape's edge, above the content and children.
    /// ``BorderSides/none`` draws nothing (the widths still take part in layout).
    public var border: BorderSides {
        get { paint.value.border }
        set { if paint.value.border != newValue { paint = PaintBox(paint.value, \.border, newValue) } }
    }
    /// The box shadows, first on top, as CSS's `box-shadow`: outer ones beneath the background,
    /// outside the border box; inset ones above the background, inside the padding box.
    public var boxShadows: [BoxShadow] {
        get { paint.value.boxShadows }
        set { if paint.value.boxShadows != newValue { paint = PaintBox(paint.value, \.boxShadows, newValue) } }
    }
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
    public var transform: [TransformFunction] {
        get { paint.value.transform }
        set { if paint.value.transform != newValue { paint = PaintBox(paint.value, \.transform, newValue) } }
    }
    /// The point the transform is applied about, in the border box (initially its centre).
    public var transformOrigin: BoxPosition {
        get { paint.value.transformOrigin }
        set { if paint.value.transformOrigin != newValue { paint = PaintBox(paint.value, \.transformOrigin, newValue) } }
    }
    /// CSS `mix-blend-mode`: how the element, drawn as one group, combines with what is beneath.
    public var blendMode: BlendMode {
        get { paint.value.blendMode }
        set { if paint.value.blendMode != newValue { paint = PaintBox(paint.value, \.blendMode, newValue) } }
    }
    /// CSS `isolation: isolate`: the element's children blend within it, not with what is beneath.
    public var isolates: Bool {
        get { paint.value.isolates }
        set { if paint.value.isolates != newValue { paint = PaintBox(paint.value, \.isolates, newValue) } }
    }
    /// CSS `filter`: functions the element and its children pass through, in order.
    public var filters: [StyleFilter] {
        get { paint.value.filters }
        set { if paint.value.filters != newValue { paint = PaintBox(paint.value, \.filters, newValue) } }
    }
    /// CSS `backdrop-filter`: functions what is drawn beneath the element passes through, within
    /// its border box's shape, before the element draws.
    public var backdropFilters: [StyleFilter] {
        get { paint.value.backdropFilters }
        set { if paint.value.backdropFilters != newValue { paint = PaintBox(paint.value, \.backdropFilters, newValue) } }
    }
    /// CSS `clip-path`: the element and its children are drawn only inside this shape.
    public var clipPath: ClipShape? {
        get { paint.value.clipPath }
        set { if paint.value.clipPath != newValue { paint = PaintBox(paint.value, \.clipPath, newValue) } }
    }
    /// CSS `mask-image` and its `mask-size`, `mask-position`, `mask-repeat`: the alpha of these
    /// layers masks the element.
    public var maskLayers: [BackgroundLayer] {
        get { paint.value.maskLayers }
        set { if paint.value.maskLayers != newValue { paint = PaintBox(paint.value, \.maskLayers, newValue) } }
    }
    /// CSS `outline`: drawn outside the border box over the element, taking no space.
    public var outline: Outline? {
        get { paint.value.outline }
        set { if paint.value.outline != newValue { paint = PaintBox(paint.value, \.outline, newValue) } }
    }
    /// CSS `object-fit` of an image element (`nil`: the image's own content mode).
    public var objectFit: ObjectFit? {
        get { paint.value.objectFit }
        set { if paint.value.objectFit != newValue { paint = PaintBox(paint.value, \.objectFit, newValue) } }
    }
    /// CSS `object-position` of an image element: where it sits in its content box.
    public var objectPosition: BoxPosition {
        get { paint.value.objectPosition }
        set { if paint.value.objectPosition != newValue { paint = PaintBox(paint.value, \.objectPosition, newValue) } }
    }
    /// The CSS text properties the element declares: its own text's style, and (the inherited
    /// ones) the style of every text below it that does not declare its own.
    public var text: TextProperties {
        get { paint.value.text }
        set { if paint.value.text != newValue { paint = PaintBox(paint.value, \.text, newValue) } }
    }
    /// 0...1; below 1 the element and its children are composited as one group.
    public var opacity: Double
    /// Paint order among siblings: children are drawn by ascending `zIndex`, equal values in
    /// document order, all above their parent's own content (a negative value does not go behind
    /// the parent). Layout order is unaffected.
    public var zIndex: Int
    /// CSS `visibility`, an inherited property: ``ElementVisibility/hidden`` skips the element
    /// (and the descendants that do not set ``ElementVisibility/visible``) when drawing, while it
    /// keeps its place in layout and its images are not loaded.
    public var visibility: ElementVisibility
    /// Whether the element declares `visibility: hidden`; setting `false` makes it inherit.
    public var isHidden: Bool {
        get { visibility == .hidden }
        set { visibility = newValue ? .hidden : .inherit }
    }

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
        if cornerRadii != .zero || borderColor != nil || !backgroundLayers.isEmpty || !boxShadows.isEmpty {
            var paint = PaintProperties()
            paint.borderRadius = BorderRadius(cornerRadii)
            paint.border = borderColor.map { BorderSides(all: BorderSide(color: .color($0), style: .solid)) } ?? .none
            paint.backgroundLayers = backgroundLayers
            paint.boxShadows = boxShadows
            self.paint = PaintBox(paint)
        }
        self.shadow = shadow
        self.opacity = opacity
        self.zIndex = zIndex
        self.visibility = isHidden ? .hidden : .inherit
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

    /// Whether the element declares any text property (without copying them).
    var declaresText: Bool { paint.declaresText }

    /// Whether any transform, blend, filter, clip, mask or outline is set: the painter's fast
    /// path skips them all otherwise.
    var hasCompositing: Bool {
        !transform.isEmpty || blendMode != .normal || isolates || !filters.isEmpty || !backdropFilters.isEmpty
            || clipPath != nil || !maskLayers.isEmpty || outline != nil
    }
}

/// The boxed paint properties of an ``ElementStyle``.
struct PaintProperties: Hashable, Sendable {
    var borderRadius: BorderRadius = .zero
    var backgroundClip: BoxArea = .borderBox
    var backgroundLayers: [BackgroundLayer] = []
    var border: BorderSides = .none
    var boxShadows: [BoxShadow] = []
    var isolates = false
    var transform: [TransformFunction] = []
    var transformOrigin: BoxPosition = .center
    var blendMode: BlendMode = .normal
    var filters: [StyleFilter] = []
    var backdropFilters: [StyleFilter] = []
    var clipPath: ClipShape?
    var maskLayers: [BackgroundLayer] = []
    var outline: Outline?
    var objectFit: ObjectFit?
    var objectPosition: BoxPosition = .center
    var text = TextProperties()
}

/// An immutable box of ``PaintProperties``, shared by copies of a style; a change makes a new box.
final class PaintBox: Hashable, Sendable {
    /// The properties.
    let value: PaintProperties
    /// Whether `value` declares any text property.
    let declaresText: Bool

    /// The box every style starts with: initial values, shared.
    static let initial = PaintBox(PaintProperties())

    /// A box of `value`.
    init(_ value: PaintProperties) {
        self.value = value
        self.declaresText = !value.text.isEmpty
    }

    /// A copy of `base` with one property changed.
    convenience init<T>(_ base: PaintProperties, _ keyPath: WritableKeyPath<PaintProperties, T>, _ newValue: T) {
        var value = base
        value[keyPath: keyPath] = newValue
        self.init(value)
    }

    static func == (lhs: PaintBox, rhs: PaintBox) -> Bool { lhs === rhs || lhs.value == rhs.value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// An element's CSS `visibility`.
public enum ElementVisibility: UInt8, Hashable, Sendable {
    /// The parent's (visible at the root): CSS's inheritance when the property is not set.
    case inherit
    /// Drawn, even under a hidden ancestor.
    case visible
    /// Not drawn; still laid out.
    case hidden
}
