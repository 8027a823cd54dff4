public import Canvas

/// Builds an element's children from a list of statements, with `if`, `switch` and `for`. See
/// <doc:LayoutInSwift>.
///
/// ```swift
/// let card = Element.vstack(spacing: 8) {
///     Element.text("Title", style: TextStyle(size: 17, weight: .bold))
///     if let subtitle { Element.text(AttributedText(subtitle)) }
///     for tag in tags { Element.text(AttributedText(tag)).background(.gray) }
/// }
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
