public import Canvas

/// How an element takes part in stack layout: fixed, minimum and maximum sizes, flexibility and
/// padding. Every size is in points; `nil` means "not constrained".
public struct LayoutProperties: Hashable, Sendable {
    /// A fixed width; otherwise the element's natural width. Either is clamped by min/max
    /// (`width: 100, maxWidth: 60` gives 60).
    public var width: Double?
    /// A fixed height; otherwise the element's natural height. Either is clamped by min/max.
    public var height: Double?
    /// The smallest width layout may give.
    public var minWidth: Double?
    /// The largest width layout may give.
    public var maxWidth: Double?
    /// The smallest height layout may give.
    public var minHeight: Double?
    /// The largest height layout may give.
    public var maxHeight: Double?
    /// The share of a stack's free main-axis space this element takes (0: none).
    public var grow: Double
    /// How much this element gives up, weighted by its natural size, when a stack overflows
    /// (0: never shrinks).
    public var shrink: Double
    /// Space between the element's edge and its content and children.
    public var padding: EdgeInsets

    /// Creates layout properties; by default unconstrained, not growing, shrinking (weight 1),
    /// without padding.
    public init(
        width: Double? = nil, height: Double? = nil,
        minWidth: Double? = nil, maxWidth: Double? = nil,
        minHeight: Double? = nil, maxHeight: Double? = nil,
        grow: Double = 0, shrink: Double = 1,
        padding: EdgeInsets = .zero
    ) {
        self.width = width
        self.height = height
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.maxHeight = maxHeight
        self.grow = grow
        self.shrink = shrink
        self.padding = padding
    }

    /// `value` clamped to the width constraints.
    func clampWidth(_ value: Double) -> Double {
        var v = value
        if let maxWidth { v = min(v, maxWidth) }
        if let minWidth { v = max(v, minWidth) }
        return max(v, 0)
    }

    /// `value` clamped to the height constraints.
    func clampHeight(_ value: Double) -> Double {
        var v = value
        if let maxHeight { v = min(v, maxHeight) }
        if let minHeight { v = max(v, minHeight) }
        return max(v, 0)
    }
}

/// How a stack places its children.
public struct StackLayout: Hashable, Sendable {
    /// The direction children follow.
    public enum Axis: String, Hashable, Sendable, Codable, CaseIterable {
        /// Left to right.
        case horizontal
        /// Top to bottom.
        case vertical
        /// On top of each other, each in the whole content box.
        case overlay
    }

    /// The axis.
    public var axis: Axis
    /// Space between neighbouring children on the main axis.
    public var spacing: Double
    /// Cross-axis alignment (both axes for an overlay).
    public var alignment: StackAlignment
    /// Where the children sit on the main axis when space is left over after grow, shrink and
    /// clamping (a growing child stopped by its maximum leaves some) — `stretch` is the same as
    /// `start`; ignored by an overlay.
    public var justification: StackAlignment

    /// Creates a stack layout.
    public init(axis: Axis, spacing: Double = 0, alignment: StackAlignment = .stretch, justification: StackAlignment = .start) {
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
        self.justification = justification
    }
}

/// Where a child sits on a stack's cross axis.
public enum StackAlignment: String, Hashable, Sendable, Codable, CaseIterable {
    /// Leading (horizontal) or top (vertical) edge.
    case start
    /// Centred.
    case center
    /// Trailing or bottom edge.
    case end
    /// Stretched to the whole cross size (unless the child has a fixed size there).
    case stretch
}
