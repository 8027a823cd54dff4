public import Canvas

/// Builds an element's children from a list of statements, with `if`, `switch` and `for`:
///
/// ```swift
/// let card = Element.vstack(spacing: 8) {
///     Element.text("Title", style: TextStyle(size: 17, weight: .bold))
///     if let subtitle {
///         Element.text(AttributedText(subtitle)).padding(EdgeInsets(top: 2))
///     }
///     for tag in tags {
///         Element.text(AttributedText(tag)).background(.gray).cornerRadius(3)
///     }
/// }
/// .padding(EdgeInsets(all: 12))
/// .background(.white)
/// .cornerRadius(12)
/// ```
@resultBuilder
public enum ElementBuilder {
    /// One element.
    public static func buildExpression(_ element: Element) -> [Element] { [element] }
    /// Several elements made elsewhere.
    public static func buildExpression(_ elements: [Element]) -> [Element] { elements }
    /// The statements of a block, in order.
    public static func buildBlock(_ parts: [Element]...) -> [Element] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [Element]?) -> [Element] { part ?? [] }
    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first part: [Element]) -> [Element] { part }
    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second part: [Element]) -> [Element] { part }
    /// A `for` loop.
    public static func buildArray(_ parts: [[Element]]) -> [Element] { parts.flatMap { $0 } }
    /// An `if #available` block.
    public static func buildLimitedAvailability(_ part: [Element]) -> [Element] { part }
}

extension Element {
    /// A vertical stack whose children a builder lists.
    public static func vstack(spacing: Double = 0, alignment: StackAlignment = .stretch, justification: StackAlignment = .start,
                              @ElementBuilder _ children: () -> [Element]) -> Element {
        vstack(spacing: spacing, alignment: alignment, justification: justification, children: children())
    }

    /// A horizontal stack whose children a builder lists.
    public static func hstack(spacing: Double = 0, alignment: StackAlignment = .center, justification: StackAlignment = .start,
                              @ElementBuilder _ children: () -> [Element]) -> Element {
        hstack(spacing: spacing, alignment: alignment, justification: justification, children: children())
    }

    /// An overlay stack whose children a builder lists.
    public static func overlay(alignment: StackAlignment = .stretch, @ElementBuilder _ children: () -> [Element]) -> Element {
        overlay(alignment: alignment, children: children())
    }

    /// A plain box whose children (usually with frames) a builder lists.
    public static func view(frame: Rect? = nil, @ElementBuilder _ children: () -> [Element]) -> Element {
        view(frame: frame, children: children())
    }
}

// MARK: Modifiers: each returns a copy with one property changed.

extension Element {
    private func with(_ change: (inout Element) -> Void) -> Element {
        var copy = self
        change(&copy)
        return copy
    }

    /// Places the element at an explicit frame in its parent: `position: absolute` at the frame's
    /// origin (from the parent's padding box), with its width and height.
    public func frame(_ frame: Rect) -> Element { with { $0.layout = Element.absolute($0.layout, frame: frame) } }
    /// Fixes the width and/or height, in points.
    public func size(width: Double? = nil, height: Double? = nil) -> Element {
        with { e in
            if let width { e.layout.width = .points(width) }
            if let height { e.layout.height = .points(height) }
        }
    }
    /// Bounds the width and height, in points.
    public func clamp(minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil) -> Element {
        with { e in
            if let minWidth { e.layout.minWidth = .points(minWidth) }
            if let maxWidth { e.layout.maxWidth = .points(maxWidth) }
            if let minHeight { e.layout.minHeight = .points(minHeight) }
            if let maxHeight { e.layout.maxHeight = .points(maxHeight) }
        }
    }
    /// Sets the share of free space the element takes in a stack (`flexGrow`).
    public func grow(_ weight: Double = 1) -> Element { with { $0.layout.flexGrow = weight } }
    /// CSS `flex: N`: grows by `N`, shrinks by 1, from a basis of 0 — the element takes a share
    /// of the space its siblings leave rather than starting from its content size.
    public func flex(_ value: Double) -> Element { with { $0.layout.setFlex(value) } }
    /// Sets how much the element gives up when a stack overflows (`flexShrink`).
    public func shrink(_ weight: Double) -> Element { with { $0.layout.flexShrink = weight } }
    /// Sets the padding, in points.
    public func padding(_ insets: EdgeInsets) -> Element { with { $0.layout.padding = Edges(insets) } }
    /// Sets the same padding on every side.
    public func padding(_ inset: Double) -> Element { padding(EdgeInsets(all: inset)) }
    /// Sets the background colour.
    public func background(_ color: Color) -> Element { with { $0.style.background = color } }
    /// Rounds every corner by `radius`.
    public func cornerRadius(_ radius: Double) -> Element { with { $0.style.cornerRadii = CornerRadii(all: radius) } }
    /// Rounds each corner by its own radius.
    public func cornerRadii(_ radii: CornerRadii) -> Element { with { $0.style.cornerRadii = radii } }
    /// Gives every edge a border `width` points wide (taking part in layout, as CSS's
    /// `border-width`) drawn in `color`.
    public func border(width: Double, color: Color) -> Element {
        with { e in
            e.layout.border = Edges(all: width)
            e.style.borderColor = color
        }
    }
    /// Casts a drop shadow from the background.
    public func shadow(_ shadow: Shadow) -> Element { with { $0.style.shadow = shadow } }
    /// Sets the group opacity.
    public func opacity(_ opacity: Double) -> Element { with { $0.style.opacity = opacity } }
    /// Clips the children to the element's rounded shape (`overflow: hidden`).
    public func clipped(_ clips: Bool = true) -> Element { with { $0.layout.overflow = clips ? .hidden : .visible } }
    /// Sets the paint order among siblings (see ``ElementStyle/zIndex``).
    public func zIndex(_ index: Int) -> Element { with { $0.style.zIndex = index } }
    /// Hides the element (it keeps its place in layout).
    public func hidden(_ hidden: Bool = true) -> Element { with { $0.style.isHidden = hidden } }
}
