/// The engine's working copy of one node's style: the properties every sizing reads, packed into
/// two cache lines (a `FlexStyle` spans ten), built once per layout call from the sanitized style.
///
/// Layout is bound by memory traffic more than by arithmetic: each pass over a 10,000-node tree
/// touches every node's style, and the inset or margin of a `FlexStyle` sits lines away from its
/// size. Edges live in a side table (``NodeEdges``) for the nodes that have any; insets and
/// percentage edges are read from the full style, which only the nodes using them pay for.
struct NodeStyle {
    // Keywords, one byte each.
    var display: Display
    let position: PositionType
    let direction: Direction
    let overflow: Overflow
    let boxSizing: BoxSizing
    let flexDirection: FlexDirection
    let flexWrap: FlexWrap
    let justifyContent: JustifyContent
    let alignItems: AlignItems
    let alignContent: AlignContent
    let justifyItems: JustifyItems
    let alignSelf: AlignSelf
    let justifySelf: JustifyItems
    /// Bit `edge.rawValue` when the margin on that physical edge is `auto` in LTR; `4 +` in RTL.
    let autoMargins: UInt8
    /// Whether any inset (physical or logical) is set (then the full style answers inset queries).
    let hasInsets: Bool
    /// `safeAlignment`'s bits.
    let safe: SafeAlignment
    /// The units of the lengths below (`LengthUnit` raw values).
    private let units: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)
    /// The node's row in the edge table, -1 when its margin, padding and border are all unset.
    let edgeIndex: Int32
    /// The node's row in the engine's sanitized styles, -1 when the given style needed no sanitizing.
    let sanitizedIndex: Int32

    let flexGrow: Double
    let flexShrink: Double
    /// The values of flex-basis, width, height, min/max width/height, row and column gap.
    private let values: (Double, Double, Double, Double, Double, Double, Double, Double, Double)
    /// The aspect ratio, NaN when none.
    private let ratio: Double
    /// Whether a packed length is a `calc()` (then its value is read from ``calcSource``).
    let hasCalc: Bool
    /// The node's full style, for the nodes with a `calc()` in a packed length (set by the engine
    /// once its sanitized rows are in place; valid for the layout call).
    var calcSource: UnsafePointer<FlexStyle>?

    /// Packs a sanitized style; `edgeIndex` is its row in the edge table (or -1), `sanitizedIndex`
    /// its row among the sanitized styles (or -1).
    init(_ style: UnsafePointer<FlexStyle>, edgeIndex: Int32, sanitizedIndex: Int32) {
        display = style.pointee.display
        position = style.pointee.position
        direction = style.pointee.direction
        overflow = style.pointee.overflow
        boxSizing = style.pointee.boxSizing
        flexDirection = style.pointee.flexDirection
        flexWrap = style.pointee.flexWrap
        justifyContent = style.pointee.justifyContent
        alignItems = style.pointee.alignItems
        alignContent = style.pointee.alignContent
        justifyItems = style.pointee.justifyItems
        alignSelf = style.pointee.alignSelf
        justifySelf = style.pointee.justifySelf
        let m = style.pointee.margin
        func bit(_ d: Length?, _ edge: Edge, _ dir: LayoutDirection) -> UInt8 {
            d == .auto ? 1 << (edge.rawValue + (dir == .rtl ? 4 : 0)) : 0
        }
        autoMargins = bit(m.top, .top, .ltr) | bit(m.bottom, .bottom, .ltr) | bit(m.top, .top, .rtl)
            | bit(m.bottom, .bottom, .rtl) | bit(m.resolvedLeft(.ltr), .left, .ltr) | bit(m.resolvedRight(.ltr), .right, .ltr)
            | bit(m.resolvedLeft(.rtl), .left, .rtl) | bit(m.resolvedRight(.rtl), .right, .rtl)
        safe = style.pointee.safeAlignment
        let i = style.pointee.inset
        hasInsets = i.top != nil || i.left != nil || i.bottom != nil || i.right != nil || i.start != nil || i.end != nil
        let basis: (UInt8, Double) = switch style.pointee.flexBasis {
        case .auto: (LengthUnit.auto.rawValue, 0)
        case .content: (LengthUnit.content.rawValue, 0)
        case .minContent: (LengthUnit.minContent.rawValue, 0)
        case .maxContent: (LengthUnit.maxContent.rawValue, 0)
        case .fitContent: (LengthUnit.fitContent.rawValue, 0)
        case .points(let v): (LengthUnit.points.rawValue, v)
        case .percent(let v): (LengthUnit.percent.rawValue, v)
        case .calc: (LengthUnit.calc.rawValue, 0)
        }
        let w = Self.pack(style.pointee.width), h = Self.pack(style.pointee.height)
        let minW = Self.pack(style.pointee.minWidth), minH = Self.pack(style.pointee.minHeight)
        let maxW = Self.pack(style.pointee.maxWidth), maxH = Self.pack(style.pointee.maxHeight)
        let rg = Self.pack(style.pointee.rowGap), cg = Self.pack(style.pointee.columnGap)
        units = (basis.0, w.0, h.0, minW.0, minH.0, maxW.0, maxH.0, rg.0, cg.0)
        values = (basis.1, w.1, h.1, minW.1, minH.1, maxW.1, maxH.1, rg.1, cg.1)
        self.edgeIndex = edgeIndex
        self.sanitizedIndex = sanitizedIndex
        flexGrow = style.pointee.flexGrow
        flexShrink = style.pointee.flexShrink
        ratio = style.pointee.aspectRatio ?? .nan
        let c = LengthUnit.calc.rawValue
        hasCalc = units.0 == c || units.1 == c || units.2 == c || units.3 == c || units.4 == c || units.5 == c
            || units.6 == c || units.7 == c || units.8 == c
    }

    private static func pack(_ d: Length) -> (UInt8, Double) {
        switch d {
        case .auto: (LengthUnit.auto.rawValue, 0)
        case .minContent: (LengthUnit.minContent.rawValue, 0)
        case .maxContent: (LengthUnit.maxContent.rawValue, 0)
        case .fitContent: (LengthUnit.fitContent.rawValue, 0)
        case .points(let v): (LengthUnit.points.rawValue, v)
        case .percent(let v): (LengthUnit.percent.rawValue, v)
        case .calc: (LengthUnit.calc.rawValue, 0)
        }
    }

    @inline(__always) private static func dimension(_ unit: UInt8, _ value: Double) -> Length {
        switch unit {
        case LengthUnit.points.rawValue: .points(value)
        case LengthUnit.percent.rawValue: .percent(value)
        case LengthUnit.minContent.rawValue: .minContent
        case LengthUnit.maxContent.rawValue: .maxContent
        case LengthUnit.fitContent.rawValue: .fitContent
        default: .auto
        }
    }

    /// `flex-basis`.
    @inline(__always) var flexBasis: FlexBasis {
        switch units.0 {
        case LengthUnit.points.rawValue: .points(values.0)
        case LengthUnit.percent.rawValue: .percent(values.0)
        case LengthUnit.content.rawValue: .content
        case LengthUnit.minContent.rawValue: .minContent
        case LengthUnit.maxContent.rawValue: .maxContent
        case LengthUnit.fitContent.rawValue: .fitContent
        case LengthUnit.calc.rawValue: calcSource!.pointee.flexBasis
        default: .auto
        }
    }
    @inline(__always) var width: Length { units.1 == LengthUnit.calc.rawValue ? calcSource!.pointee.width : Self.dimension(units.1, values.1) }
    @inline(__always) var height: Length { units.2 == LengthUnit.calc.rawValue ? calcSource!.pointee.height : Self.dimension(units.2, values.2) }
    @inline(__always) var minWidth: Length { units.3 == LengthUnit.calc.rawValue ? calcSource!.pointee.minWidth : Self.dimension(units.3, values.3) }
    @inline(__always) var minHeight: Length { units.4 == LengthUnit.calc.rawValue ? calcSource!.pointee.minHeight : Self.dimension(units.4, values.4) }
    @inline(__always) var maxWidth: Length { units.5 == LengthUnit.calc.rawValue ? calcSource!.pointee.maxWidth : Self.dimension(units.5, values.5) }
    @inline(__always) var maxHeight: Length { units.6 == LengthUnit.calc.rawValue ? calcSource!.pointee.maxHeight : Self.dimension(units.6, values.6) }
    @inline(__always) var rowGap: Length { units.7 == LengthUnit.calc.rawValue ? calcSource!.pointee.rowGap : Self.dimension(units.7, values.7) }
    @inline(__always) var columnGap: Length { units.8 == LengthUnit.calc.rawValue ? calcSource!.pointee.columnGap : Self.dimension(units.8, values.8) }
    /// `aspect-ratio`, `nil` when none.
    @inline(__always) var aspectRatio: Double? { ratio.isNaN ? nil : ratio }

    /// Whether the margin on `edge` is `auto` for a node laid out in `dir`.
    @inline(__always) func marginIsAuto(_ edge: Edge, _ dir: LayoutDirection) -> Bool {
        autoMargins & (1 << (edge.rawValue + (dir == .rtl ? 4 : 0))) != 0
    }
}

/// How a packed length is measured.
enum LengthUnit: UInt8 {
    case auto, points, percent, content, minContent, maxContent, fitContent, calc
}

/// A node's margin, padding and border resolved to physical points for both directions (a row of
/// the engine's edge table, for the nodes that set any of them).
struct NodeEdges {
    var marginLTR = ResolvedEdges.zero
    var marginRTL = ResolvedEdges.zero
    var paddingLTR = ResolvedEdges.zero
    var paddingRTL = ResolvedEdges.zero
    var borderLTR = ResolvedEdges.zero
    var borderRTL = ResolvedEdges.zero
    /// Whether the margin and padding hold no percentage: then the margins and paddings above
    /// are the answer; otherwise they resolve during layout against the containing block.
    var pointsOnly = true

    /// The row for `s`, or `nil` when its margin, padding and border are all unset.
    init?(_ style: UnsafePointer<FlexStyle>) {
        let m = style.pointee.margin, p = style.pointee.padding, b = style.pointee.border
        func unset<V>(_ e: Edges<V>) -> Bool {
            e.top == nil && e.left == nil && e.bottom == nil && e.right == nil && e.start == nil && e.end == nil
        }
        if unset(m), unset(p), unset(b) { return nil }
        func isPercent(_ d: Length?) -> Bool {
            switch d {
            case .percent?, .calc?: true
            default: false
            }
        }
        func hasPercent(_ e: Edges<Length>) -> Bool {
            isPercent(e.top) || isPercent(e.left) || isPercent(e.bottom) || isPercent(e.right)
                || isPercent(e.start) || isPercent(e.end)
        }
        pointsOnly = !hasPercent(m) && !hasPercent(p)
        func points(_ d: Length?) -> Double {
            if case .points(let v) = d { v } else { 0 }
        }
        func margins(_ dir: LayoutDirection) -> ResolvedEdges {
            ResolvedEdges(top: points(m.top), left: points(m.resolvedLeft(dir)),
                          bottom: points(m.bottom), right: points(m.resolvedRight(dir)))
        }
        // A padding is never negative (as `LayoutEngine.padding`).
        func paddings(_ dir: LayoutDirection) -> ResolvedEdges {
            func nonNegative(_ d: Length?) -> Double { let v = points(d); return v > 0 ? v : 0 }
            return ResolvedEdges(top: nonNegative(p.top), left: nonNegative(p.resolvedLeft(dir)),
                                 bottom: nonNegative(p.bottom), right: nonNegative(p.resolvedRight(dir)))
        }
        func borders(_ dir: LayoutDirection) -> ResolvedEdges {
            ResolvedEdges(top: b.top ?? 0, left: b.resolvedLeft(dir) ?? 0, bottom: b.bottom ?? 0, right: b.resolvedRight(dir) ?? 0)
        }
        marginLTR = margins(.ltr)
        marginRTL = margins(.rtl)
        paddingLTR = paddings(.ltr)
        paddingRTL = paddings(.rtl)
        borderLTR = borders(.ltr)
        borderRTL = borders(.rtl)
    }
}
