import AsyncLayerKit

/// A flexbox style with the v1 layout properties' names, on CSS's defaults: for stacks and leaves.
func flexLayout(width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, maxWidth: Double? = nil,
                minHeight: Double? = nil, maxHeight: Double? = nil, grow: Double = 0, shrink: Double = 1,
                padding: EdgeInsets = .zero) -> FlexStyle {
    var style = FlexStyle()
    style.apply(width: width, height: height, minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight,
                maxHeight: maxHeight, grow: grow, shrink: shrink, padding: padding)
    return style
}

/// As ``flexLayout(width:height:minWidth:maxWidth:minHeight:maxHeight:grow:shrink:padding:)`` on
/// ``Element/boxLayout`` (children fill the content box): for `.view`.
func boxLayout(width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, maxWidth: Double? = nil,
               minHeight: Double? = nil, maxHeight: Double? = nil, grow: Double = 0, shrink: Double = 1,
               padding: EdgeInsets = .zero) -> FlexStyle {
    var style = Element.boxLayout
    style.apply(width: width, height: height, minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight,
                maxHeight: maxHeight, grow: grow, shrink: shrink, padding: padding)
    return style
}

extension FlexStyle {
    fileprivate mutating func apply(width: Double?, height: Double?, minWidth: Double?, maxWidth: Double?,
                                    minHeight: Double?, maxHeight: Double?, grow: Double, shrink: Double, padding: EdgeInsets) {
        if let width { self.width = .points(width) }
        if let height { self.height = .points(height) }
        if let minWidth { self.minWidth = .points(minWidth) }
        if let maxWidth { self.maxWidth = .points(maxWidth) }
        if let minHeight { self.minHeight = .points(minHeight) }
        if let maxHeight { self.maxHeight = .points(maxHeight) }
        flexGrow = grow
        flexShrink = shrink
        if padding != .zero {
            self.padding = Edges(top: .points(padding.top), left: .points(padding.left),
                                 bottom: .points(padding.bottom), right: .points(padding.right))
        }
    }
}
