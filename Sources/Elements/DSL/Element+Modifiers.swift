public import Canvas
public import Flexbox

// Layout modifiers. Each returns a copy of the element with its `layout` (a `FlexStyle`) changed
// as its comment says; the element it is called on is a value and stays as it was.

extension Element {
    /// A copy with `change` applied.
    func with(_ change: (inout Element) -> Void) -> Element {
        var copy = self
        change(&copy)
        return copy
    }

    /// Changes any layout property directly: `.flexStyle { $0.width = .percent(50) }`.
    public func flexStyle(_ change: (inout FlexStyle) -> Void) -> Element { with { change(&$0.layout) } }

    // MARK: Size

    /// Places the element at an explicit frame in its parent: `position: absolute` at the frame's
    /// origin (`left`/`top`, from the parent's padding box), with its `width` and `height`.
    public func frame(_ frame: Rect) -> Element { with { $0.layout = Element.absolute($0.layout, frame: frame) } }

    /// Fixes the size, as SwiftUI's `.frame(width:height:alignment:)`: `width`/`height` in points
    /// (`nil` leaves that axis as it was).
    ///
    /// Without `alignment` the element itself gets the size. With one, the element is wrapped in
    /// a box of that size (`display: overlay`, aligned by `alignment`) that takes the element's
    /// place in its parent (see ``overlay(alignment:_:)-swift.method`` for what moves to the box); the element
    /// keeps its own size inside.
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment? = nil) -> Element {
        let set: (inout FlexStyle) -> Void = { style in
            if let width { style.width = Element.length(width) }
            if let height { style.height = Element.length(height) }
        }
        guard let alignment else { return flexStyle(set) }
        var box = alignment.overlay()
        set(&box)
        return wrapped(in: box) { [$0] }
    }

    /// Bounds the size, as SwiftUI's `.frame(minWidth:maxWidth:minHeight:maxHeight:alignment:)`:
    /// `minWidth`, `maxWidth`, `minHeight`, `maxHeight` in points; `.infinity` as a maximum is
    /// none (CSS `max-width: none`). CSS's rule applies when they contradict: the minimum wins.
    ///
    /// An infinite maximum does not make the element greedy as in SwiftUI (an element does not
    /// know its parent's axis): fill a stack's main axis with `.flex(grow: 1)` and its cross axis
    /// with `.alignSelf(.stretch)`. `alignment` wraps the element as
    /// ``frame(width:height:alignment:)`` does, the bounds going to the box.
    public func frame(minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil,
                      alignment: Alignment? = nil) -> Element {
        let set: (inout FlexStyle) -> Void = { style in
            if let minWidth { style.minWidth = Element.length(minWidth) }
            if let maxWidth { style.maxWidth = Element.length(maxWidth) }
            if let minHeight { style.minHeight = Element.length(minHeight) }
            if let maxHeight { style.maxHeight = Element.length(maxHeight) }
        }
        guard let alignment else { return flexStyle(set) }
        var box = alignment.overlay()
        set(&box)
        return wrapped(in: box) { [$0] }
    }

    /// Fixes the width and/or height, in points: `width`, `height` (as `frame(width:height:)`).
    public func size(width: Double? = nil, height: Double? = nil) -> Element { frame(width: width, height: height) }

    /// Bounds the width and height, in points: `minWidth`, `maxWidth`, `minHeight`, `maxHeight`.
    public func clamp(minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil) -> Element {
        frame(minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight, maxHeight: maxHeight)
    }

    /// Keeps width ÷ height at `ratio` (CSS `aspect-ratio`), as SwiftUI's `.aspectRatio(_:contentMode:)`:
    /// with one side known (set, stretched or flexed) the other follows. `contentMode`, for an
    /// image, is how its pixels fill the box (``ImageContent/contentMode``); other kinds ignore it.
    /// Texture's `ASRatioLayoutSpec` ratio is height ÷ width: its `ratio: r` is `aspectRatio(1 / r)`.
    public func aspectRatio(_ ratio: Double? = nil, contentMode: ContentMode? = nil) -> Element {
        with { e in
            if let ratio { e.layout.aspectRatio = ratio }
            if let contentMode, case .image(var content) = e.kind {
                content.contentMode = contentMode
                e.kind = .image(content)
            }
        }
    }

    // MARK: Flex item

    /// Sets the share of free space the element takes in a stack (`flexGrow`).
    public func grow(_ weight: Double = 1) -> Element { with { $0.layout.flexGrow = weight } }
    /// Sets how much the element gives up when a stack overflows (`flexShrink`).
    public func shrink(_ weight: Double) -> Element { with { $0.layout.flexShrink = weight } }
    /// CSS `flex: N`: grows by `value`, shrinks by 1, from a basis of 0 %, so that siblings with
    /// `flex` share the space in proportion to their values whatever their content.
    public func flex(_ value: Double) -> Element { with { $0.layout.setFlex(value) } }

    /// Sets `flexGrow`, `flexShrink` and `flexBasis` (each `nil` left as it was).
    public func flex(grow: Double? = nil, shrink: Double? = nil, basis: FlexBasis? = nil) -> Element {
        with { e in
            if let grow { e.layout.flexGrow = grow }
            if let shrink { e.layout.flexShrink = shrink }
            if let basis { e.layout.flexBasis = basis }
        }
    }

    /// Overrides the parent's cross-axis alignment for this element (`alignSelf`): across a row
    /// it is vertical, across a column horizontal, and vertical in a ``ZStack(alignment:_:)``.
    public func alignSelf(_ alignment: AlignSelf) -> Element { with { $0.layout.alignSelf = alignment } }

    /// Overrides a ``ZStack(alignment:_:)``'s horizontal alignment for this element (`justifySelf`).
    public func justifySelf(_ alignment: JustifyItems) -> Element { with { $0.layout.justifySelf = alignment } }

    // MARK: Edges

    /// Sets the padding on all four edges, in points (`padding-top/left/bottom/right`). Padding is
    /// set, not added as SwiftUI's nested paddings are: each element has one padding box.
    public func padding(_ insets: EdgeInsets) -> Element { with { $0.layout.padding = Edges(insets) } }
    /// Sets the same padding on every side, in points.
    public func padding(_ inset: Double) -> Element { padding(EdgeInsets(all: inset)) }
    /// Sets the padding of `edges` to `length` points, as SwiftUI's `.padding(.horizontal, 8)`;
    /// leading and trailing are `padding-inline-start`/`-end`; the other edges keep theirs.
    public func padding(_ edges: Edge.Set, _ length: Double) -> Element {
        with { $0.layout.padding = $0.layout.padding.setting(edges, to: Element.length(length)) }
    }

    /// Sets the margin on all four edges (CSS `margin: value`): points, percent of the parent's
    /// width, or `.auto` (which takes free space: `.margin(.leading, .auto)` pushes an item to the
    /// end of a row).
    public func margin(_ value: Length) -> Element { with { $0.layout.margin = Edges(all: value) } }
    /// Sets the margin of `edges` (leading and trailing as `margin-inline-start`/`-end`); the
    /// other edges keep theirs.
    public func margin(_ edges: Edge.Set, _ value: Length) -> Element {
        with { $0.layout.margin = $0.layout.margin.setting(edges, to: value) }
    }
    /// Sets the margin on all four physical edges, in points.
    public func margin(_ insets: EdgeInsets) -> Element { with { $0.layout.margin = Edges(insets) } }

    // MARK: Position

    /// Takes the element out of flow at `x`, `y` in its parent: `position: absolute; left: x;
    /// top: y` (from the parent's padding box). Unlike SwiftUI's `.position`, which places the
    /// centre, this places the top-left corner, as CSS and Texture's `layoutPosition` do; the
    /// size is the element's own (set it with ``frame(width:height:alignment:)``).
    public func position(x: Double, y: Double) -> Element {
        with { e in
            e.layout.position = .absolute
            e.layout.inset.left = Element.length(x)
            e.layout.inset.top = Element.length(y)
        }
    }

    /// Takes the element out of flow, pinned to the edges given: `position: absolute` with `top`,
    /// `bottom` and `inset-inline-start`/`-end` (leading, trailing), in points or percent of the
    /// parent's padding box. `.absolute(top: 8, trailing: 8)` pins a badge 8 pt from the top
    /// trailing corner; opposite edges both set stretch the element between them.
    public func absolute(top: Length? = nil, leading: Length? = nil, bottom: Length? = nil,
                         trailing: Length? = nil) -> Element {
        with { e in
            e.layout.position = .absolute
            if let top { e.layout.inset.top = top }
            if let leading { e.layout.inset.start = leading }
            if let bottom { e.layout.inset.bottom = bottom }
            if let trailing { e.layout.inset.end = trailing }
        }
    }

    /// Moves the drawn element by `x`, `y` points without moving its siblings, as SwiftUI's
    /// `.offset`: CSS `position: relative` insets (`left`, `top`), added to those already in
    /// points. On an absolute element it moves it from where its `left`/`top` put it.
    public func offset(x: Double = 0, y: Double = 0) -> Element {
        with { e in
            e.layout.inset.left = Element.shifted(e.layout.inset.left, by: x)
            e.layout.inset.top = Element.shifted(e.layout.inset.top, by: y)
        }
    }

    /// Sets the writing direction of the element and its subtree (`direction`), as SwiftUI's
    /// `.environment(\.layoutDirection, …)`: rows run right to left in `.rtl`, leading is the
    /// right edge, texts align and run right to left.
    public func direction(_ direction: Direction) -> Element { with { $0.layout.direction = direction } }

    /// Points, or `auto` for a non-finite value (`.infinity` as a maximum is none).
    static func length(_ value: Double) -> Length { value.isFinite ? .points(value) : .auto }

    /// An inset moved by `delta` points: added to points, else `delta` points.
    private static func shifted(_ inset: Length?, by delta: Double) -> Length? {
        if delta == 0 { return inset }
        if case .points(let value)? = inset { return .points(value + delta) }
        return .points(delta)
    }
}
