/// A physical box edge.
enum Edge: Int {
    case left = 0, top, right, bottom

    /// The edge across the box.
    var opposite: Edge {
        switch self {
        case .left: .right
        case .top: .bottom
        case .right: .left
        case .bottom: .top
        }
    }

    /// Whether the edge is on the horizontal axis (left or right).
    var isHorizontal: Bool { self == .left || self == .right }

    /// The inline start edge in `direction` (horizontal writing only).
    static func inlineStart(_ direction: LayoutDirection) -> Edge { direction == .rtl ? .right : .left }
}

/// The axes of a flex container in physical terms: whether the main axis is horizontal, and the
/// edges where its main and cross axes start (CSS flexbox §2: main-start and cross-start), with
/// the writing-mode start of each axis (where `start` alignment puts things).
struct Flow {
    /// The main axis is horizontal (a row).
    let isRow: Bool
    /// Where items start on the main axis.
    let mainStart: Edge
    /// Where lines start on the cross axis (`wrap-reverse` swaps it).
    let crossStart: Edge
    /// The writing mode's start of the main axis (`justify-content: start`).
    let mainWritingStart: Edge
    /// The writing mode's start of the cross axis (`align-*: start`).
    let crossWritingStart: Edge

    init(_ direction: FlexDirection, _ wrap: FlexWrap, _ layoutDirection: LayoutDirection) {
        let inline = Edge.inlineStart(layoutDirection)
        switch direction {
        case .row: (isRow, mainStart) = (true, inline)
        case .rowReverse: (isRow, mainStart) = (true, inline.opposite)
        case .column: (isRow, mainStart) = (false, .top)
        case .columnReverse: (isRow, mainStart) = (false, .bottom)
        }
        mainWritingStart = isRow ? inline : .top
        crossWritingStart = isRow ? .top : inline
        crossStart = wrap == .wrapReverse ? crossWritingStart.opposite : crossWritingStart
    }

    /// Where items end on the main axis.
    var mainEnd: Edge { mainStart.opposite }
    /// Where lines end on the cross axis.
    var crossEnd: Edge { crossStart.opposite }
}

extension ResolvedEdges {
    /// The value on `edge`.
    subscript(edge: Edge) -> Double {
        get {
            switch edge {
            case .left: left
            case .top: top
            case .right: right
            case .bottom: bottom
            }
        }
        set {
            switch edge {
            case .left: left = newValue
            case .top: top = newValue
            case .right: right = newValue
            case .bottom: bottom = newValue
            }
        }
    }

    /// Left plus right.
    var horizontal: Double { left + right }
    /// Top plus bottom.
    var vertical: Double { top + bottom }

    /// The sum on the horizontal (`true`) or vertical axis.
    func sum(horizontal isHorizontal: Bool) -> Double { isHorizontal ? horizontal : vertical }

    /// Each edge added.
    static func + (a: ResolvedEdges, b: ResolvedEdges) -> ResolvedEdges {
        ResolvedEdges(top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right)
    }
}

extension Edges {
    /// The value on a physical edge for a node laid out in `direction` (logical edges win).
    @inline(__always) func value(_ edge: Edge, _ direction: LayoutDirection) -> Value? {
        switch edge {
        case .left: resolvedLeft(direction)
        case .right: resolvedRight(direction)
        case .top: top
        case .bottom: bottom
        }
    }
}

/// NaN stands for "undefined" (auto, indefinite) inside the engine; these helpers keep that readable.
extension Double {
    /// Not NaN.
    @inline(__always) var isDefined: Bool { !isNaN }

    /// `self` clamped by a minimum and a maximum, either NaN for none; the minimum wins (CSS).
    @inline(__always) func clamped(min lower: Double, max upper: Double) -> Double {
        var v = self
        if upper.isDefined, v > upper { v = upper }
        if lower.isDefined, v < lower { v = lower }
        return v
    }
}

/// The larger of two values, ignoring an undefined one.
@inline(__always) func maxOrDefined(_ a: Double, _ b: Double) -> Double {
    if a.isNaN { return b }
    if b.isNaN { return a }
    return Swift.max(a, b)
}

/// Equal within 1e-4, or both undefined.
@inline(__always) func inexactEquals(_ a: Double, _ b: Double) -> Bool {
    if a.isNaN || b.isNaN { return a.isNaN && b.isNaN }
    return abs(a - b) < 0.0001
}

/// The same value, NaN included (cache keys).
@inline(__always) func sameValue(_ a: Double, _ b: Double) -> Bool {
    a == b || (a.isNaN && b.isNaN)
}
