public import Canvas
public import Flexbox

// SwiftUI-like containers. Each is a function returning a plain `Element` (a `.view` with a
// flexbox style), so it nests in a builder, takes every modifier and renders as is.

/// A vertical stack, as SwiftUI's `VStack`: a column (`flexDirection: column`) with `spacing`
/// between children (`rowGap`) and `alignment` across it (`alignItems`: leading = `flex-start`,
/// center, trailing = `flex-end`, stretch). Children keep their own size on the main axis; a
/// ``Spacer(minLength:)`` or `.flex(grow: 1)` takes the free height.
///
/// As in SwiftUI the default alignment is `center`; ``Element/vstack(spacing:alignment:justification:_:)``
/// keeps flexbox's `stretch`. The default spacing is 0 (SwiftUI's is platform-defined).
public func VStack(alignment: HorizontalAlignment = .center, spacing: Double = 0,
                   @ElementBuilder _ content: () -> [Element]) -> Element {
    var style = FlexStyle()
    style.flexDirection = .column
    style.rowGap = .points(spacing)
    style.alignItems = alignment.alignItems
    return Element(.view, layout: style, children: content())
}

/// A horizontal stack, as SwiftUI's `HStack`: a row (`flexDirection: row`, so it runs right to
/// left in a right-to-left box) with `spacing` between children (`columnGap`) and `alignment`
/// across it (`alignItems`: top = `flex-start`, center, bottom = `flex-end`, firstTextBaseline =
/// `baseline`, stretch).
public func HStack(alignment: VerticalAlignment = .center, spacing: Double = 0,
                   @ElementBuilder _ content: () -> [Element]) -> Element {
    var style = FlexStyle()
    style.flexDirection = .row
    style.columnGap = .points(spacing)
    style.alignItems = alignment.alignItems
    return Element(.view, layout: style, children: content())
}

/// ``VStack(alignment:spacing:_:)`` with its arguments in ``Element/vstack(spacing:alignment:justification:_:)``'s
/// order, both given.
public func VStack(spacing: Double, alignment: HorizontalAlignment, @ElementBuilder _ content: () -> [Element]) -> Element {
    VStack(alignment: alignment, spacing: spacing, content)
}

/// ``HStack(alignment:spacing:_:)`` with its arguments in ``Element/hstack(spacing:alignment:justification:_:)``'s
/// order, both given.
public func HStack(spacing: Double, alignment: VerticalAlignment, @ElementBuilder _ content: () -> [Element]) -> Element {
    HStack(alignment: alignment, spacing: spacing, content)
}

/// An overlay stack, as SwiftUI's `ZStack`: every child in the same box (`display: overlay`),
/// later children drawn on top, each placed by `alignment` (`justifyItems` horizontally,
/// `alignItems` vertically; ``Alignment/fill`` stretches them). The stack is as large as its
/// largest child unless its parent or its own size says otherwise.
public func ZStack(alignment: Alignment = .center, @ElementBuilder _ content: () -> [Element]) -> Element {
    Element(.view, layout: alignment.overlay(), children: content())
}

/// Flexible space, as SwiftUI's `Spacer`: `flexGrow: 1, flexShrink: 0, flexBasis: minLength`.
///
/// An element does not know its parent, so the spacer says nothing about width or height: the
/// basis is a length along whichever main axis its parent has, so the same spacer pushes its
/// siblings apart in an ``HStack(alignment:spacing:_:)`` (a row) and in a ``VStack(alignment:spacing:_:)`` (a column), never shrinks below
/// `minLength`, and shares the free space equally with other spacers. Across the axis it has no
/// size of its own (it draws nothing). In a ``ZStack(alignment:_:)`` it has no effect.
public func Spacer(minLength: Double = 0) -> Element {
    var style = FlexStyle()
    style.flexGrow = 1
    style.flexShrink = 0
    style.flexBasis = .points(minLength.isFinite ? max(0, minLength) : 0)
    return Element(.view, layout: style)
}

/// A flow of items that wraps onto new lines, for tags and chips: a row with `flexWrap: wrap`,
/// `spacing` between items (`columnGap`) and `lineSpacing` between lines (`rowGap`; `nil`: as
/// `spacing`). `alignment` places each line's items (`justifyContent`), `itemAlignment` places
/// items within their line (`alignItems`); lines pack at the top (`alignContent: flex-start`).
public func Wrap(spacing: Double = 8, lineSpacing: Double? = nil, alignment: HorizontalAlignment = .leading,
                 itemAlignment: VerticalAlignment = .top, @ElementBuilder _ content: () -> [Element]) -> Element {
    var style = FlexStyle()
    style.flexDirection = .row
    style.flexWrap = .wrap
    style.columnGap = .points(spacing)
    style.rowGap = .points(lineSpacing ?? spacing)
    style.justifyContent = alignment.justifyContent
    style.alignItems = itemAlignment.alignItems
    style.alignContent = .flexStart
    return Element(.view, layout: style, children: content())
}

/// A flex container with every container property of CSS flexbox, as Texture's
/// `ASStackLayoutSpec`: `spacing` is the gap between items on the main axis, `lineSpacing` the gap
/// between wrapped lines (`columnGap`/`rowGap` for a row, the other way round for a column).
public func Flex(direction: FlexDirection = .row, wrap: FlexWrap = .nowrap, justifyContent: JustifyContent = .flexStart,
                 alignItems: AlignItems = .stretch, alignContent: AlignContent = .stretch,
                 spacing: Double = 0, lineSpacing: Double = 0, @ElementBuilder _ content: () -> [Element]) -> Element {
    var style = FlexStyle()
    style.flexDirection = direction
    style.flexWrap = wrap
    style.justifyContent = justifyContent
    style.alignItems = alignItems
    style.alignContent = alignContent
    let isRow = direction == .row || direction == .rowReverse
    style.columnGap = .points(isRow ? spacing : lineSpacing)
    style.rowGap = .points(isRow ? lineSpacing : spacing)
    return Element(.view, layout: style, children: content())
}

/// A text, as SwiftUI's `Text`: ``Element/text(_:style:maxLines:frame:layout:style:)`` sized by
/// its measured text.
public func Text(_ text: AttributedText, style: TextStyle = TextStyle(), maxLines: Int = 0) -> Element {
    Element.text(text, style: style, maxLines: maxLines)
}

/// An image, as SwiftUI's `Image`: ``Element/image(_:contentMode:blurRadius:placeholder:frame:layout:style:)``
/// sized by its intrinsic size when its source carries one (encoded bytes, a bitmap); a named
/// image needs a size or an aspect ratio (`.frame(width:height:)`, `.aspectRatio(_:contentMode:)`).
public func Image(_ source: ImageSource, contentMode: ContentMode = .aspectFill) -> Element {
    Element.image(source, contentMode: contentMode)
}
