/// A physical flex axis after the writing direction is applied (Yoga's resolved flex direction):
/// `row` runs left to right, `rowReverse` right to left, `column` top to bottom.
enum Axis {
    case row, rowReverse, column, columnReverse

    /// Horizontal.
    var isRow: Bool { self == .row || self == .rowReverse }

    /// The main axis of `direction` in a node laid out in `layoutDirection`: rows mirror in RTL.
    init(_ direction: FlexDirection, _ layoutDirection: LayoutDirection) {
        switch direction {
        case .row: self = layoutDirection == .rtl ? .rowReverse : .row
        case .rowReverse: self = layoutDirection == .rtl ? .row : .rowReverse
        case .column: self = .column
        case .columnReverse: self = .columnReverse
        }
    }

    /// The cross axis of a main axis: a column's cross axis is the inline row.
    func cross(_ layoutDirection: LayoutDirection) -> Axis {
        isRow ? .column : Axis(.row, layoutDirection)
    }

    /// The edge where items start (left of a row, right of a reversed row).
    var startEdge: Edge {
        switch self {
        case .row: .left
        case .rowReverse: .right
        case .column: .top
        case .columnReverse: .bottom
        }
    }

    /// The edge where items end.
    var endEdge: Edge {
        switch self {
        case .row: .right
        case .rowReverse: .left
        case .column: .bottom
        case .columnReverse: .top
        }
    }

    /// The logical start edge of this axis (left in LTR, right in RTL; top for columns).
    func inlineStartEdge(_ direction: LayoutDirection) -> Edge {
        isRow ? (direction == .ltr ? .left : .right) : .top
    }

    /// The logical end edge of this axis.
    func inlineEndEdge(_ direction: LayoutDirection) -> Edge {
        isRow ? (direction == .ltr ? .right : .left) : .bottom
    }

    /// Whether positions on this axis are measured from the far edge (then mirrored at the end).
    var isReverse: Bool { self == .rowReverse || self == .columnReverse }
}

/// A physical box edge.
enum Edge: Int {
    case left = 0, top, right, bottom
}

/// How a node is sized on one axis (Yoga's sizing modes, CSS's available space).
enum SizingMode: UInt8 {
    /// Exactly the given size (a definite size, or stretched).
    case stretchFit
    /// At most the given size (fit-content).
    case fitContent
    /// Unconstrained (max-content); the size is NaN.
    case maxContent

    /// The measurer's mode.
    var measureMode: MeasureMode {
        switch self {
        case .stretchFit: .exactly
        case .fitContent: .atMost
        case .maxContent: .undefined
        }
    }
}

/// `align-items`/`align-self` after `auto` is resolved.
enum Align {
    case flexStart, center, flexEnd, stretch, baseline
}

/// NaN stands for "undefined" inside the engine, as in Yoga; these helpers keep that readable.
extension Double {
    /// Not NaN.
    @inline(__always) var isDefined: Bool { !isNaN }
}

/// The larger of two values, ignoring an undefined one.
@inline(__always) func maxOrDefined(_ a: Double, _ b: Double) -> Double {
    if a.isNaN { return b }
    if b.isNaN { return a }
    return Swift.max(a, b)
}

/// The smaller of two values, ignoring an undefined one.
@inline(__always) func minOrDefined(_ a: Double, _ b: Double) -> Double {
    if a.isNaN { return b }
    if b.isNaN { return a }
    return Swift.min(a, b)
}

/// Equal within 1e-4, or both undefined (Yoga's `inexactEquals`).
@inline(__always) func inexactEquals(_ a: Double, _ b: Double) -> Bool {
    if a.isNaN || b.isNaN { return a.isNaN && b.isNaN }
    return abs(a - b) < 0.0001
}
