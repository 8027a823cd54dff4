import Flexbox
// Texture's overlay and background specs, as SwiftUI's `.overlay { }` and `.background { }`: the
// element sizes a box and the layer is laid out over exactly that box.

extension Element {
    /// Draws `content` over the element, laid out in exactly the element's box, as Texture's
    /// `ASOverlayLayoutSpec` and SwiftUI's `.overlay(alignment:content:)`.
    ///
    /// The element is wrapped in a box (`display: overlay`) that takes its place in the parent:
    /// what places the element there moves to the box (`position`, insets, margins, `flexGrow`,
    /// `flexShrink`, `flexBasis`, `alignSelf`, `justifySelf`, `display: none`, `zIndex`), and so
    /// do its sizes (`width`, `height`, their minimums and maximums, `aspectRatio`), so the box is
    /// exactly as large as the element, which fills it; padding, border and paint stay on it. The layer is an absolute child
    /// with every inset 0 (CSS `position: absolute; inset: 0`, so it never changes the box's size),
    /// itself an overlay placing `content` by `alignment` (``Alignment/fill``: stretched over the box).
    public func overlay(alignment: Alignment = .fill, @ElementBuilder _ content: () -> [Element]) -> Element {
        let layer = Element.layer(alignment, content())
        return wrapped(in: Element.boxLayout, movingSize: true) { [$0, layer] }
    }

    /// Draws `content` behind the element, laid out in exactly the element's box, as Texture's
    /// `ASBackgroundLayoutSpec` and SwiftUI's `.background(alignment:content:)`: as
    /// ``overlay(alignment:_:)-swift.method``, with the layer first so it is painted first.
    public func background(alignment: Alignment = .fill, @ElementBuilder _ content: () -> [Element]) -> Element {
        let layer = Element.layer(alignment, content())
        return wrapped(in: Element.boxLayout, movingSize: true) { [layer, $0] }
    }

    /// An absolute overlay filling its parent's padding box (`inset: 0`), aligning `children`.
    private static func layer(_ alignment: Alignment, _ children: [Element]) -> Element {
        var style = alignment.overlay()
        style.position = .absolute
        style.inset = Edges(all: .points(0))
        return Element(.view, layout: style, children: children)
    }

    /// The element inside a new `.view` laid out by `container`, whose children `children` lists
    /// given the element. The properties that place the element in its parent move to the box so
    /// the box takes its place (see ``overlay(alignment:_:)-swift.method``); with `movingSize`, its size
    /// properties too (border-box sizes only: a content-box size would lose its padding), so the
    /// element fills a box exactly its size; the element keeps the rest.
    func wrapped(in container: FlexStyle, movingSize: Bool = false, children: (Element) -> [Element]) -> Element {
        var inner = self
        var box = container
        let initial = FlexStyle()
        if movingSize, inner.layout.boxSizing == .borderBox {
            box.width = inner.layout.width
            box.height = inner.layout.height
            box.minWidth = inner.layout.minWidth
            box.minHeight = inner.layout.minHeight
            box.maxWidth = inner.layout.maxWidth
            box.maxHeight = inner.layout.maxHeight
            box.aspectRatio = inner.layout.aspectRatio
            inner.layout.width = initial.width
            inner.layout.height = initial.height
            inner.layout.minWidth = initial.minWidth
            inner.layout.minHeight = initial.minHeight
            inner.layout.maxWidth = initial.maxWidth
            inner.layout.maxHeight = initial.maxHeight
            inner.layout.aspectRatio = initial.aspectRatio
        }
        box.position = inner.layout.position
        box.inset = inner.layout.inset
        box.margin = inner.layout.margin
        box.flexGrow = inner.layout.flexGrow
        box.flexShrink = inner.layout.flexShrink
        box.flexBasis = inner.layout.flexBasis
        box.alignSelf = inner.layout.alignSelf
        box.justifySelf = inner.layout.justifySelf
        if inner.layout.display == .none { box.display = .none }
        inner.layout.position = initial.position
        inner.layout.inset = initial.inset
        inner.layout.margin = initial.margin
        inner.layout.flexGrow = initial.flexGrow
        inner.layout.flexShrink = initial.flexShrink
        inner.layout.flexBasis = initial.flexBasis
        inner.layout.alignSelf = initial.alignSelf
        inner.layout.justifySelf = initial.justifySelf
        var boxStyle = ElementStyle()
        boxStyle.zIndex = inner.style.zIndex
        inner.style.zIndex = 0
        return Element(.view, layout: box, style: boxStyle, children: children(inner))
    }
}
