public import Canvas
public import Flexbox

/// One node of an element tree: a value that describes a piece of a card (a box, an image, a
/// text, a gradient, a custom drawing) and its children.
///
/// An element is a struct holding a ``Kind`` plus the properties every kind shares, rather than
/// an indirect enum with the shared properties repeated in each case: the layout (CSS flexbox,
/// ``/Flexbox/FlexStyle``) and the paint (``ElementStyle``) are written once, and a kind can change
/// without rebuilding the rest. Children are stored by value in an array, so a tree cannot contain
/// a cycle by construction, is `Sendable`, and is its own cache key (`Hashable` for in-process
/// tables, ``contentHash()`` for keys that must agree across processes).
public struct Element: Hashable, Sendable {
    /// What the element draws inside its box.
    public var kind: Kind
    /// Every layout property, with CSS flexbox semantics (see ``ElementLayout``).
    public var layout: FlexStyle
    /// What is painted: background, corners, border colour, shadow, opacity, z-index, visibility.
    public var style: ElementStyle
    /// The children, drawn after (above) the element's own content, ordered by
    /// ``ElementStyle/zIndex`` (stable: equal indices keep their order).
    public var children: [Element]

    /// Creates an element; `layout` defaults to CSS's initial values (a flex row).
    public init(_ kind: Kind, layout: FlexStyle = FlexStyle(), style: ElementStyle = ElementStyle(), children: [Element] = []) {
        self.kind = kind
        self.layout = layout
        self.style = style
        self.children = children
    }

    /// What an element draws.
    public enum Kind: Hashable, Sendable {
        /// A plain box.
        case view
        /// An image, sized by its intrinsic size unless the layout says otherwise.
        case image(ImageContent)
        /// A text, measured by the Canvas during layout and drawn as measured.
        case text(TextContent)
        /// A gradient filling the element's shape.
        case gradient(GradientContent)
        /// A host-defined drawing.
        case custom(AnyCustomElement)
    }
}

/// Where a stack's children sit on an axis (the stack sugar's alignment and justification).
public enum StackAlignment: String, Hashable, Sendable, Codable, CaseIterable {
    /// Leading (horizontal) or top (vertical) edge.
    case start
    /// Centred.
    case center
    /// Trailing or bottom edge.
    case end
    /// Stretched to the whole cross size (unless the child has a fixed size there); as `start`
    /// for a justification.
    case stretch
}

// MARK: Sugar: the v1 constructors, mapped onto flexbox.

extension Element {
    /// The layout ``view(frame:layout:style:children:)`` uses by default: an overlay
    /// (``/Flexbox/Display/overlay``) that stretches every child over its content box, as a plain
    /// box did before flexbox.
    public static var boxLayout: FlexStyle {
        var style = FlexStyle()
        style.display = .overlay
        return style
    }

    /// `layout` with an explicit frame applied: `position: absolute` at `frame`'s origin (from
    /// the parent's padding box) with its width and height. `nil` leaves `layout` as it is.
    public static func absolute(_ layout: FlexStyle, frame: Rect?) -> FlexStyle {
        guard let frame else { return layout }
        var style = layout
        style.position = .absolute
        style.inset.left = .points(frame.minX)
        style.inset.top = .points(frame.minY)
        style.width = .points(frame.width)
        style.height = .points(frame.height)
        return style
    }

    /// A plain box with children; by default (``boxLayout``) each child fills its content box.
    public static func view(frame: Rect? = nil, layout: FlexStyle = Element.boxLayout, style: ElementStyle = ElementStyle(), children: [Element] = []) -> Element {
        Element(.view, layout: Element.absolute(layout, frame: frame), style: style, children: children)
    }

    /// A vertical stack: a column with `spacing` between children (`rowGap`), `alignment` as
    /// `alignItems` and `justification` as `justifyContent`.
    public static func vstack(spacing: Double = 0, alignment: StackAlignment = .stretch, justification: StackAlignment = .start, frame: Rect? = nil, layout: FlexStyle = FlexStyle(), style: ElementStyle = ElementStyle(), children: [Element]) -> Element {
        var flex = layout
        flex.flexDirection = .column
        flex.rowGap = .points(spacing)
        flex.alignItems = alignment.alignItems
        flex.justifyContent = justification.justifyContent
        return Element(.view, layout: Element.absolute(flex, frame: frame), style: style, children: children)
    }

    /// A horizontal stack: a row with `spacing` between children (`columnGap`), `alignment` as
    /// `alignItems` and `justification` as `justifyContent`.
    public static func hstack(spacing: Double = 0, alignment: StackAlignment = .center, justification: StackAlignment = .start, frame: Rect? = nil, layout: FlexStyle = FlexStyle(), style: ElementStyle = ElementStyle(), children: [Element]) -> Element {
        var flex = layout
        flex.flexDirection = .row
        flex.columnGap = .points(spacing)
        flex.alignItems = alignment.alignItems
        flex.justifyContent = justification.justifyContent
        return Element(.view, layout: Element.absolute(flex, frame: frame), style: style, children: children)
    }

    /// An overlay: every child in the same content box, aligned on both axes by `alignment`.
    public static func overlay(alignment: StackAlignment = .stretch, frame: Rect? = nil, layout: FlexStyle = FlexStyle(), style: ElementStyle = ElementStyle(), children: [Element]) -> Element {
        var flex = layout
        flex.display = .overlay
        flex.alignItems = alignment.alignItems
        flex.justifyItems = alignment.justifyItems
        return Element(.view, layout: Element.absolute(flex, frame: frame), style: style, children: children)
    }

    /// A text element.
    public static func text(_ text: AttributedText, style textStyle: TextStyle = TextStyle(), maxLines: Int = 0, frame: Rect? = nil, layout: FlexStyle = FlexStyle(), style: ElementStyle = ElementStyle()) -> Element {
        Element(.text(TextContent(text, style: textStyle, maxLines: maxLines)), layout: Element.absolute(layout, frame: frame), style: style)
    }

    /// An image element; `blurRadius` is a Gaussian blur in points (σ, see ``ImageContent/blurRadius``),
    /// `placeholder` what is drawn if the picture fails to load or decode (see ``ImageContent/placeholder``).
    public static func image(_ source: ImageSource, contentMode: ContentMode = .aspectFill, blurRadius: Double = 0, placeholder: ImagePlaceholder? = nil,
                             frame: Rect? = nil, layout: FlexStyle = FlexStyle(), style: ElementStyle = ElementStyle()) -> Element {
        Element(.image(ImageContent(source, contentMode: contentMode, blurRadius: blurRadius, placeholder: placeholder)),
                layout: Element.absolute(layout, frame: frame), style: style)
    }

    /// A gradient element.
    public static func gradient(_ content: GradientContent, frame: Rect? = nil, layout: FlexStyle = FlexStyle(), style: ElementStyle = ElementStyle()) -> Element {
        Element(.gradient(content), layout: Element.absolute(layout, frame: frame), style: style)
    }

    /// A custom element.
    public static func custom(_ content: some CustomElement, frame: Rect? = nil, layout: FlexStyle = FlexStyle(), style: ElementStyle = ElementStyle()) -> Element {
        Element(.custom(AnyCustomElement(content)), layout: Element.absolute(layout, frame: frame), style: style)
    }
}

extension StackAlignment {
    /// As a cross-axis alignment.
    var alignItems: AlignItems {
        switch self {
        case .start: .flexStart
        case .center: .center
        case .end: .flexEnd
        case .stretch: .stretch
        }
    }

    /// As a main-axis justification (`stretch` is `start`).
    var justifyContent: JustifyContent {
        switch self {
        case .start, .stretch: .flexStart
        case .center: .center
        case .end: .flexEnd
        }
    }

    /// As an overlay's horizontal alignment.
    var justifyItems: JustifyItems {
        switch self {
        case .start: .start
        case .center: .center
        case .end: .end
        case .stretch: .stretch
        }
    }
}
