/// The resolved writing direction of a node: which way rows run and what `start` means.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
    /// Left to right.
    case ltr
    /// Right to left: rows mirror, `start` is the right edge.
    case rtl
}

/// A node's own `direction` style: inherited from its parent unless set.
public enum Direction: String, Hashable, Sendable, CaseIterable {
    /// The parent's direction (the root: the direction passed to the layout).
    case inherit
    /// Left to right.
    case ltr
    /// Right to left.
    case rtl
}

/// CSS `flex-direction`: the main axis and its direction.
public enum FlexDirection: String, Hashable, Sendable, CaseIterable {
    /// Inline axis, in the node's direction (left to right in LTR).
    case row
    /// Inline axis, reversed.
    case rowReverse = "row-reverse"
    /// Top to bottom.
    case column
    /// Bottom to top.
    case columnReverse = "column-reverse"
}

/// CSS `flex-wrap`.
public enum FlexWrap: String, Hashable, Sendable, CaseIterable {
    /// One line; items shrink (or overflow).
    case nowrap
    /// Items break onto new lines along the cross axis.
    case wrap
    /// As `wrap`, with lines stacked in the opposite cross direction.
    case wrapReverse = "wrap-reverse"
}

/// CSS `justify-content`: where items sit on the main axis when space is left.
public enum JustifyContent: String, Hashable, Sendable, CaseIterable {
    /// At the main start.
    case flexStart = "flex-start"
    /// Centred.
    case center
    /// At the main end.
    case flexEnd = "flex-end"
    /// First and last at the edges, the rest spread evenly between.
    case spaceBetween = "space-between"
    /// Equal space around each item (half at the edges).
    case spaceAround = "space-around"
    /// Equal space between items and at the edges.
    case spaceEvenly = "space-evenly"
    /// At the start of the main axis in the container's writing direction (`flex-start`
    /// unless the direction is reversed).
    case start
    /// At the end of the main axis in the container's writing direction.
    case end
    /// At the physical left of a row (the start of a column).
    case left
    /// At the physical right of a row (the start of a column).
    case right
}

/// CSS `align-items` / `align-self`: where an item sits on its line's cross axis.
public enum AlignItems: String, Hashable, Sendable, CaseIterable {
    /// At the cross start.
    case flexStart = "flex-start"
    /// Centred.
    case center
    /// At the cross end.
    case flexEnd = "flex-end"
    /// Stretched to the line (when its cross size is `auto` and it has no auto cross margin).
    case stretch
    /// Aligned by first baselines (rows); as `flexStart` in a column.
    case baseline
    /// At the start of the cross axis in the container's writing direction (the top of a row;
    /// `flex-start` unless the lines wrap in reverse).
    case start
    /// At the end of the cross axis in the container's writing direction.
    case end
    /// At the start of the cross axis in the item's own writing direction.
    case selfStart = "self-start"
    /// At the end of the cross axis in the item's own writing direction.
    case selfEnd = "self-end"
}

/// CSS `align-self`: an item's own alignment, or its container's `alignItems`.
public enum AlignSelf: String, Hashable, Sendable, CaseIterable {
    /// The container's `alignItems` (for an absolutely positioned box: `normal`).
    case auto
    /// As `stretch` for a flex item; an absolutely positioned box keeps CSS 2's placement (its
    /// top inset wins), where an explicit alignment would move an overflowing box back into its
    /// containing block.
    case normal
    /// At the cross start.
    case flexStart = "flex-start"
    /// Centred.
    case center
    /// At the cross end.
    case flexEnd = "flex-end"
    /// Stretched to the line.
    case stretch
    /// Aligned by first baselines.
    case baseline
    /// At the start of the cross axis in the container's writing direction.
    case start
    /// At the end of the cross axis in the container's writing direction.
    case end
    /// At the start of the cross axis in the item's own writing direction.
    case selfStart = "self-start"
    /// At the end of the cross axis in the item's own writing direction.
    case selfEnd = "self-end"
}

/// CSS `align-content`: where the lines of a wrapping container sit on the cross axis.
public enum AlignContent: String, Hashable, Sendable, CaseIterable {
    /// At the cross start.
    case flexStart = "flex-start"
    /// Centred.
    case center
    /// At the cross end.
    case flexEnd = "flex-end"
    /// Lines grow equally to fill the container (CSS's `normal`).
    case stretch
    /// First and last lines at the edges.
    case spaceBetween = "space-between"
    /// Equal space around each line.
    case spaceAround = "space-around"
    /// Equal space between lines and at the edges.
    case spaceEvenly = "space-evenly"
    /// At the start of the cross axis in the container's writing direction (the top of a row).
    case start
    /// At the end of the cross axis in the container's writing direction.
    case end
}

/// CSS alignment's overflow keywords: which of a style's alignment properties are `safe`.
/// `unsafe` (the default) keeps the requested alignment even when the item or line overflows
/// its container; `safe` aligns an overflowing item or line to the start instead.
public struct SafeAlignment: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt8
    /// Wraps bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// `justify-content: safe …`.
    public static let justifyContent = SafeAlignment(rawValue: 1)
    /// `align-items: safe …` (inherited by items whose `align-self` is `auto`).
    public static let alignItems = SafeAlignment(rawValue: 2)
    /// `align-self: safe …`.
    public static let alignSelf = SafeAlignment(rawValue: 4)
    /// `align-content: safe …`.
    public static let alignContent = SafeAlignment(rawValue: 8)
}

/// CSS `position`.
public enum PositionType: String, Hashable, Sendable, CaseIterable {
    /// In flow; insets offset the laid-out box without moving its siblings, and it is the
    /// containing block of its absolute descendants (the default here, as in Yoga).
    case relative
    /// Out of flow, placed by its insets in the padding box of its nearest ancestor that is not
    /// `static` (its containing block).
    case absolute
    /// In flow; insets are ignored, and it is not a containing block: its absolute descendants
    /// are placed in a further ancestor (CSS's initial value).
    case `static`
}

/// CSS `display`, the values this engine lays out.
public enum Display: String, Hashable, Sendable, CaseIterable {
    /// A flex container.
    case flex
    /// Not laid out and not drawn: the node and its subtree get zero frames.
    case none
    /// Not CSS: every in-flow child is laid out in the whole content box, on top of the others
    /// (like a one-cell grid, or SwiftUI's `ZStack`); `justifyItems`/`justifySelf` align children
    /// horizontally, `alignItems`/`alignSelf` vertically. The container is as large as its largest child.
    case overlay
    /// A block container in CSS normal flow (CSS 2.1 §9.4.1, §10.3.3, §10.6.3): its in-flow children
    /// stack vertically, each as wide as the content box unless its width is set, and vertical
    /// margins collapse (§8.3.1) between siblings, and between the container and its first or
    /// last child unless the container establishes a block formatting context (a flex or overlay
    /// item, the layout root, an absolutely positioned box, or one whose `overflow` is not visible).
    /// Children are block-level: a measured child is a block with inline content (a text), or a
    /// replaced box when the measurer says so (``FlexMeasurer/isReplaced(_:)``).
    case block
    /// As ``block``, and always a block formatting context root (CSS Display 3 `flow-root`): its
    /// children's margins never collapse with its own.
    case flowRoot = "flow-root"
}

/// CSS `overflow`.
public enum Overflow: String, Hashable, Sendable, CaseIterable {
    /// Children may draw outside.
    case visible
    /// Children are clipped to the box; as a scroll container, its automatic minimum size is 0.
    case hidden
    /// As `hidden`, and children are measured without a main-axis limit.
    case scroll
}

/// CSS `box-sizing`: what `width`/`height` (and their min/max) measure.
public enum BoxSizing: String, Hashable, Sendable, CaseIterable {
    /// The size includes padding and border (the default here, as in Yoga and React Native).
    case borderBox = "border-box"
    /// The size is the content box; padding and border are added to it (CSS's initial value).
    case contentBox = "content-box"
}

/// How an overlay child sits horizontally (`justifyItems` / `justifySelf`), for ``Display/overlay``.
public enum JustifyItems: String, Hashable, Sendable, CaseIterable {
    /// The container's `justifyItems` (for `justifySelf` only; as `stretch` on a container).
    case auto
    /// At the start edge (left in LTR).
    case start
    /// Centred.
    case center
    /// At the end edge.
    case end
    /// Stretched to the content box when the width is `auto`.
    case stretch
}
