public import Canvas

/// One node of an element tree: a value that describes a piece of a card (a box, an image, a
/// text, a gradient, a custom drawing) and its children.
///
/// An element is a struct holding a ``Kind`` plus the properties every kind shares, rather than
/// an indirect enum with the shared properties repeated in each case: the common box (frame,
/// background, corners, border, shadow, opacity, clipping, hidden, children) is written once, and
/// a kind can change without rebuilding the rest. Children are stored by value in an array, so a
/// tree cannot contain a cycle by construction, is `Sendable`, and is its own cache key
/// (`Hashable` for in-process tables, ``contentHash()`` for keys that must agree across processes).
public struct Element: Hashable, Sendable {
    /// What the element draws inside its box.
    public var kind: Kind
    /// An explicit frame relative to the parent's top-left corner (LNAsyncKit style). An element
    /// with a frame is placed there and takes no part in its parent's stack layout.
    public var frame: Rect?
    /// Size constraints, flexibility and padding used by stack layout.
    public var layout: LayoutProperties
    /// Background, corners, border, shadow, opacity, clipping and visibility.
    public var style: ElementStyle
    /// The children, drawn after (above) the element's own content, in order.
    public var children: [Element]

    /// Creates an element.
    public init(
        _ kind: Kind,
        frame: Rect? = nil,
        layout: LayoutProperties = LayoutProperties(),
        style: ElementStyle = ElementStyle(),
        children: [Element] = []
    ) {
        self.kind = kind
        self.frame = frame
        self.layout = layout
        self.style = style
        self.children = children
    }

    /// What an element draws, and how it places its children.
    public enum Kind: Hashable, Sendable {
        /// A plain box; children without a frame fill its content box (inside the padding).
        case view
        /// A box that lays its children out along an axis (or on top of each other).
        case stack(StackLayout)
        /// An image.
        case image(ImageContent)
        /// A text, measured by the Canvas during layout and drawn as measured.
        case text(TextContent)
        /// A gradient filling the element's shape.
        case gradient(GradientContent)
        /// A host-defined drawing.
        case custom(AnyCustomElement)
    }
}

extension Element {
    /// A plain box with children.
    public static func view(frame: Rect? = nil, layout: LayoutProperties = LayoutProperties(), style: ElementStyle = ElementStyle(), children: [Element] = []) -> Element {
        Element(.view, frame: frame, layout: layout, style: style, children: children)
    }

    /// A vertical stack.
    public static func vstack(spacing: Double = 0, alignment: StackAlignment = .stretch, justification: StackAlignment = .start, frame: Rect? = nil, layout: LayoutProperties = LayoutProperties(), style: ElementStyle = ElementStyle(), children: [Element]) -> Element {
        Element(.stack(StackLayout(axis: .vertical, spacing: spacing, alignment: alignment, justification: justification)), frame: frame, layout: layout, style: style, children: children)
    }

    /// A horizontal stack.
    public static func hstack(spacing: Double = 0, alignment: StackAlignment = .center, justification: StackAlignment = .start, frame: Rect? = nil, layout: LayoutProperties = LayoutProperties(), style: ElementStyle = ElementStyle(), children: [Element]) -> Element {
        Element(.stack(StackLayout(axis: .horizontal, spacing: spacing, alignment: alignment, justification: justification)), frame: frame, layout: layout, style: style, children: children)
    }

    /// An overlay stack: every child in the same content box, aligned on both axes.
    public static func overlay(alignment: StackAlignment = .stretch, frame: Rect? = nil, layout: LayoutProperties = LayoutProperties(), style: ElementStyle = ElementStyle(), children: [Element]) -> Element {
        Element(.stack(StackLayout(axis: .overlay, alignment: alignment)), frame: frame, layout: layout, style: style, children: children)
    }

    /// A text element.
    public static func text(_ text: AttributedText, style textStyle: TextStyle = TextStyle(), maxLines: Int = 0, frame: Rect? = nil, layout: LayoutProperties = LayoutProperties(), style: ElementStyle = ElementStyle()) -> Element {
        Element(.text(TextContent(text, style: textStyle, maxLines: maxLines)), frame: frame, layout: layout, style: style)
    }

    /// An image element; `blurRadius` is a Gaussian blur in points (σ, see ``ImageContent/blurRadius``).
    public static func image(_ source: ImageSource, contentMode: ContentMode = .aspectFill, blurRadius: Double = 0, frame: Rect? = nil, layout: LayoutProperties = LayoutProperties(), style: ElementStyle = ElementStyle()) -> Element {
        Element(.image(ImageContent(source, contentMode: contentMode, blurRadius: blurRadius)), frame: frame, layout: layout, style: style)
    }

    /// A gradient element.
    public static func gradient(_ content: GradientContent, frame: Rect? = nil, layout: LayoutProperties = LayoutProperties(), style: ElementStyle = ElementStyle()) -> Element {
        Element(.gradient(content), frame: frame, layout: layout, style: style)
    }

    /// A custom element.
    public static func custom(_ content: some CustomElement, frame: Rect? = nil, layout: LayoutProperties = LayoutProperties(), style: ElementStyle = ElementStyle()) -> Element {
        Element(.custom(AnyCustomElement(content)), frame: frame, layout: layout, style: style)
    }
}
