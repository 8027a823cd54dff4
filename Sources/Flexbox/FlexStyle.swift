/// The layout style of one node: the CSS flexbox properties the engine implements, with CSS's
/// initial values as defaults except `boxSizing` (border-box, as in Yoga and React Native). A value:
/// two equal styles lay out the same. Any value lays out; the rules for bad input are in
/// <doc:FlexboxEngine>.
///
/// `FlexStyle()` has these initial values (a property left alone keeps its row's value):
///
/// | Property | Initial value | CSS initial value |
/// | --- | --- | --- |
/// | ``display`` | `.flex` | `inline` (elements here are flex boxes) |
/// | ``position`` | `.relative` | `static` |
/// | ``direction`` | `.inherit` | inherited, `ltr` at the root |
/// | ``overflow`` | `.visible` | `visible` |
/// | ``boxSizing`` | `.borderBox` | `content-box` |
/// | ``flexDirection`` | `.row` | `row` |
/// | ``flexWrap`` | `.nowrap` | `nowrap` |
/// | ``justifyContent`` | `.flexStart` | `normal` (as `flex-start`) |
/// | ``alignItems`` | `.stretch` | `normal` (as `stretch`) |
/// | ``alignContent`` | `.stretch` | `normal` (as `stretch`) |
/// | ``justifyItems`` | `.stretch` | `legacy` |
/// | ``rowGap``, ``columnGap`` | `.points(0)` | `normal` (0 in flexbox) |
/// | ``alignSelf``, ``justifySelf`` | `.auto` | `auto` |
/// | ``flexGrow`` | `0` | `0` |
/// | ``flexShrink`` | `1` | `1` |
/// | ``flexBasis`` | `.auto` | `auto` |
/// | ``order`` | `0` | `0` |
/// | ``safeAlignment`` | `[]` (unsafe) | unsafe |
/// | ``width``, ``height`` | `.auto` | `auto` |
/// | ``minWidth``, ``minHeight`` | `.auto` | `auto` |
/// | ``maxWidth``, ``maxHeight`` | `.auto` (none) | `none` |
/// | ``aspectRatio`` | `nil` | `auto` |
/// | ``margin``, ``padding``, ``border`` | ``Edges/unset`` (0) | `0` |
/// | ``inset`` | ``Edges/unset`` (auto) | `auto` |
public struct FlexStyle: Hashable, Sendable {
    // MARK: Box
    /// `display`: flex (default), block, flow-root, none, or the overlay extension.
    public var display: Display = .flex
    /// `position`: relative (default) or absolute.
    public var position: PositionType = .relative
    /// `direction`: inherited by default.
    public var direction: Direction = .inherit
    /// `overflow`: visible by default.
    public var overflow: Overflow = .visible
    /// `box-sizing`: border-box by default.
    public var boxSizing: BoxSizing = .borderBox

    // MARK: Container
    /// `flex-direction`: row by default.
    public var flexDirection: FlexDirection = .row
    /// `flex-wrap`: nowrap by default.
    public var flexWrap: FlexWrap = .nowrap
    /// `justify-content`: flex-start by default.
    public var justifyContent: JustifyContent = .flexStart
    /// `align-items`: stretch by default.
    public var alignItems: AlignItems = .stretch
    /// `align-content`: stretch by default (CSS's `normal`).
    public var alignContent: AlignContent = .stretch
    /// `justify-items`, for an overlay container: stretch by default.
    public var justifyItems: JustifyItems = .stretch
    /// `row-gap`: space between lines of a row container, between items of a column; points or percent.
    public var rowGap: Length = .points(0)
    /// `column-gap`: space between items of a row container, between lines of a column.
    public var columnGap: Length = .points(0)

    // MARK: Item
    /// `align-self`: the container's `alignItems` by default.
    public var alignSelf: AlignSelf = .auto
    /// `justify-self`, for a child of an overlay container.
    public var justifySelf: JustifyItems = .auto
    /// `flex-grow`: 0 by default.
    public var flexGrow: Double = 0
    /// `flex-shrink`: 1 by default.
    public var flexShrink: Double = 1
    /// `flex-basis`: auto by default.
    public var flexBasis: FlexBasis = .auto
    /// `order`: items are laid out in ascending order, document order among equals; 0 by default.
    public var order: Int = 0
    /// Which alignment properties say `safe` (an item that would overflow its container on the
    /// start side is aligned to the start instead); none by default (`unsafe`).
    public var safeAlignment: SafeAlignment = []

    // MARK: Size
    /// `width`.
    public var width: Length = .auto
    /// `height`.
    public var height: Length = .auto
    /// `min-width`; `auto` is CSS's automatic minimum size for flex items (min-content on the
    /// main axis unless the item is a scroll container), 0 otherwise.
    public var minWidth: Length = .auto
    /// `min-height`, as `minWidth`.
    public var minHeight: Length = .auto
    /// `max-width`; `auto` is none.
    public var maxWidth: Length = .auto
    /// `max-height`; `auto` is none.
    public var maxHeight: Length = .auto
    /// `aspect-ratio` as width ÷ height; `nil` is none.
    public var aspectRatio: Double?

    // MARK: Edges
    /// `margin-*`: points, percent (of the containing block's width) or `auto`; unset is 0.
    public var margin: Edges<Length> = .unset
    /// `padding-*`: points or percent (of the containing block's width); unset is 0.
    public var padding: Edges<Length> = .unset
    /// `border-*-width` in points, taking part in layout; unset is 0.
    public var border: Edges<Double> = .unset
    /// `top`/`right`/`bottom`/`left` (and logical `start`/`end`): points or percent; unset is auto.
    public var inset: Edges<Length> = .unset

    /// A style with every property at its default.
    public init() {}
}

extension FlexStyle {
    /// The CSS shorthand `flex: N` (grow N, shrink 1, basis 0 %).
    public mutating func setFlex(_ value: Double) {
        flexGrow = value
        flexShrink = 1
        flexBasis = .percent(0)
    }
}
