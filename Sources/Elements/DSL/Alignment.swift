import Flexbox
/// Where children sit horizontally, as SwiftUI's `HorizontalAlignment`: `leading` and `trailing`
/// are logical (the right edge first in a right-to-left box), plus flexbox's `stretch`.
public enum HorizontalAlignment: Hashable, Sendable, CaseIterable {
    /// At the leading edge: CSS `flex-start` in a column, `start` in an overlay.
    case leading
    /// Centred: CSS `center`.
    case center
    /// At the trailing edge: CSS `flex-end` in a column, `end` in an overlay.
    case trailing
    /// Stretched to the whole width when the width is `auto`: CSS `stretch`.
    case stretch

    /// As a column's `alignItems` (its cross axis is horizontal).
    var alignItems: AlignItems {
        switch self {
        case .leading: .flexStart
        case .center: .center
        case .trailing: .flexEnd
        case .stretch: .stretch
        }
    }

    /// As an overlay's `justifyItems`.
    var justifyItems: JustifyItems {
        switch self {
        case .leading: .start
        case .center: .center
        case .trailing: .end
        case .stretch: .stretch
        }
    }

    /// As a row's `justifyContent` (`stretch` is `flex-start`: flexbox does not stretch items
    /// along the main axis; `flexGrow` does).
    var justifyContent: JustifyContent {
        switch self {
        case .leading, .stretch: .flexStart
        case .center: .center
        case .trailing: .flexEnd
        }
    }
}

/// Where children sit vertically, as SwiftUI's `VerticalAlignment`, plus flexbox's `stretch`.
public enum VerticalAlignment: Hashable, Sendable, CaseIterable {
    /// At the top: CSS `flex-start`.
    case top
    /// Centred: CSS `center`.
    case center
    /// At the bottom: CSS `flex-end`.
    case bottom
    /// Along the first text baselines of a row's items: CSS `baseline` (in an overlay, `top`).
    case firstTextBaseline
    /// Stretched to the whole height when the height is `auto`: CSS `stretch`.
    case stretch

    /// As a row's or an overlay's `alignItems`.
    var alignItems: AlignItems {
        switch self {
        case .top: .flexStart
        case .center: .center
        case .bottom: .flexEnd
        case .firstTextBaseline: .baseline
        case .stretch: .stretch
        }
    }
}

/// A horizontal and a vertical alignment, as SwiftUI's `Alignment`: where a ``ZStack(alignment:_:)``'s children
/// or an ``Element/overlay(alignment:_:)-swift.method``'s content sit in the box.
public struct Alignment: Hashable, Sendable {
    /// The horizontal alignment: an overlay's `justifyItems`.
    public var horizontal: HorizontalAlignment
    /// The vertical alignment: an overlay's `alignItems`.
    public var vertical: VerticalAlignment

    /// An alignment from its two axes.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Top leading corner.
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    /// Top edge, centred horizontally.
    public static let top = Alignment(horizontal: .center, vertical: .top)
    /// Top trailing corner.
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    /// Leading edge, centred vertically.
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    /// Centred on both axes.
    public static let center = Alignment(horizontal: .center, vertical: .center)
    /// Trailing edge, centred vertically.
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    /// Bottom leading corner.
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    /// Bottom edge, centred horizontally.
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    /// Bottom trailing corner.
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
    /// Stretched over the whole box on both axes (not in SwiftUI, whose colours and shapes are
    /// greedy: an element with no content has no size of its own, so filling is asked for).
    public static let fill = Alignment(horizontal: .stretch, vertical: .stretch)

    /// `style` made an overlay container (`display: overlay`) aligning its children this way.
    func overlay(_ style: FlexStyle = FlexStyle()) -> FlexStyle {
        var style = style
        style.display = .overlay
        style.justifyItems = horizontal.justifyItems
        style.alignItems = vertical.alignItems
        return style
    }
}
