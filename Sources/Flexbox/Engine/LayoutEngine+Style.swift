/// Style queries resolved against a containing block: edges, sizes with box-sizing, min/max.
extension LayoutEngine {
    // MARK: Edges

    /// The margin on `edge` in points (auto and percentages of an unknown width are 0).
    @inline(__always) func margin(_ n: Int, _ edge: Edge, _ dir: LayoutDirection, _ cbWidth: Double) -> Double {
        let row = Int(styles[n].edgeIndex)
        if row < 0 { return 0 }
        if edgeTable[row].pointsOnly { return (dir == .rtl ? edgeTable[row].marginRTL : edgeTable[row].marginLTR)[edge] }
        let v = resolve(source(n).pointee.margin.value(edge, dir), cbWidth, unknownPercentIsZero: true)
        return v.isNaN ? 0 : v
    }

    /// Whether the margin on `edge` is `auto`.
    @inline(__always) func marginIsAuto(_ n: Int, _ edge: Edge, _ dir: LayoutDirection) -> Bool {
        styles[n].marginIsAuto(edge, dir)
    }

    /// All four margins (auto as 0).
    func margins(_ n: Int, _ dir: LayoutDirection, _ cbWidth: Double) -> ResolvedEdges {
        let row = Int(styles[n].edgeIndex)
        if row < 0 { return .zero }
        if edgeTable[row].pointsOnly { return dir == .rtl ? edgeTable[row].marginRTL : edgeTable[row].marginLTR }
        return ResolvedEdges(top: margin(n, .top, dir, cbWidth), left: margin(n, .left, dir, cbWidth),
                             bottom: margin(n, .bottom, dir, cbWidth), right: margin(n, .right, dir, cbWidth))
    }

    /// All four paddings (≥ 0; percentages of an unknown width are 0).
    func paddings(_ n: Int, _ dir: LayoutDirection, _ cbWidth: Double) -> ResolvedEdges {
        let row = Int(styles[n].edgeIndex)
        if row < 0 { return .zero }
        if edgeTable[row].pointsOnly { return dir == .rtl ? edgeTable[row].paddingRTL : edgeTable[row].paddingLTR }
        func one(_ edge: Edge) -> Double {
            let v = resolve(source(n).pointee.padding.value(edge, dir), cbWidth, unknownPercentIsZero: true)
            return v > 0 ? v : 0
        }
        return ResolvedEdges(top: one(.top), left: one(.left), bottom: one(.bottom), right: one(.right))
    }

    /// All four border widths.
    @inline(__always) func borders(_ n: Int, _ dir: LayoutDirection) -> ResolvedEdges {
        let row = Int(styles[n].edgeIndex)
        if row < 0 { return .zero }
        return dir == .rtl ? edgeTable[row].borderRTL : edgeTable[row].borderLTR
    }

    /// Padding plus border on every edge.
    @inline(__always) func paddingAndBorder(_ n: Int, _ dir: LayoutDirection, _ cbWidth: Double) -> ResolvedEdges {
        let row = Int(styles[n].edgeIndex)
        if row < 0 { return .zero }
        return paddings(n, dir, cbWidth) + borders(n, dir)
    }

    /// Whether any padding or margin of `n` is a percentage (its layout depends on its containing block's width).
    @inline(__always) func hasPercentEdges(_ n: Int) -> Bool {
        let row = Int(styles[n].edgeIndex)
        return row >= 0 && !edgeTable[row].pointsOnly
    }

    // MARK: Insets

    /// The inset on `edge` resolved against `axisSize`, NaN when auto or unset.
    @inline(__always) func inset(_ n: Int, _ edge: Edge, _ dir: LayoutDirection, _ axisSize: Double) -> Double {
        styles[n].hasInsets ? resolve(source(n).pointee.inset.value(edge, dir), axisSize) : .nan
    }

    /// Whether the inset on `edge` is set and not auto.
    @inline(__always) func isInsetSet(_ n: Int, _ edge: Edge, _ dir: LayoutDirection) -> Bool {
        guard styles[n].hasInsets else { return false }
        return switch source(n).pointee.inset.value(edge, dir) {
        case .points, .percent, .calc: true
        default: false
        }
    }

    /// A relatively positioned item's offset (CSS 2 §9.4.3): left wins over right in a left-to-right
    /// containing block (right in right-to-left), top over bottom; a percentage of an unknown size
    /// is auto.
    func relativeOffset(_ n: Int, _ cbDirection: LayoutDirection, _ cbWidth: Double, _ cbHeight: Double,
                        anyPosition: Bool = false) -> (Double, Double) {
        guard styles[n].hasInsets, styles[n].position == .relative || (anyPosition && styles[n].position != .static) else { return (0, 0) }
        let dir = nodes[n].direction
        let first: Edge = cbDirection == .rtl ? .right : .left
        var dx = 0.0
        let near = inset(n, first, dir, cbWidth), far = inset(n, first.opposite, dir, cbWidth)
        if near.isDefined {
            dx = first == .left ? near : -near
        } else if far.isDefined {
            dx = first == .left ? -far : far
        }
        let top = inset(n, .top, dir, cbHeight), bottom = inset(n, .bottom, dir, cbHeight)
        let dy = top.isDefined ? top : (bottom.isDefined ? -bottom : 0)
        return (dx, dy)
    }

    // MARK: Sizes

    /// The border-box size a length resolves to: points, or a percentage of `reference` (NaN when
    /// `reference` is), with box-sizing applied (`pb` is the padding and border on that axis);
    /// NaN for `auto` and the intrinsic keywords.
    @inline(__always) func borderBox(_ d: Length, _ reference: Double, _ n: Int, _ pb: Double) -> Double {
        let v: Double
        switch d {
        case .points(let p): v = p
        case .percent(let p): v = p * reference / 100
        case .calc(let e):
            // A size's calc() is clamped to 0 or more where it is used (CSS Values 4 §10.12).
            let r = resolveCalc(e, reference)
            v = r < 0 ? 0 : r
        default: return .nan
        }
        if v.isNaN { return v }
        return styles[n].boxSizing == .contentBox ? v + pb : Swift.max(v, pb)
    }

    /// The node's `width` or `height` as a border-box length (NaN when auto, a keyword, or a
    /// percentage of an indefinite size).
    @inline(__always) func preferredSize(_ n: Int, horizontal: Bool, _ reference: Double, _ pb: Double) -> Double {
        borderBox(horizontal ? styles[n].width : styles[n].height, reference, n, pb)
    }

    /// The node's min size on an axis as a border-box length; 0 for auto and what cannot resolve.
    @inline(__always) func minSize(_ n: Int, horizontal: Bool, _ reference: Double, _ pb: Double) -> Double {
        let d = horizontal ? styles[n].minWidth : styles[n].minHeight
        let v = borderBox(d, reference, n, pb)
        return v.isNaN ? 0 : v
    }

    /// The node's max size on an axis as a border-box length; NaN for none and what cannot resolve.
    @inline(__always) func maxSize(_ n: Int, horizontal: Bool, _ reference: Double, _ pb: Double) -> Double {
        borderBox(horizontal ? styles[n].maxWidth : styles[n].maxHeight, reference, n, pb)
    }

    /// The aspect ratio (width ÷ height) of the node's border box, given its padding and border
    /// per axis: `aspect-ratio` applies to the box box-sizing names (the content box by default in CSS).
    /// Converts a width to the height it gives.
    @inline(__always) func heightFromWidth(_ n: Int, _ width: Double, _ pbH: Double, _ pbV: Double) -> Double {
        guard let ratio = styles[n].aspectRatio else { return .nan }
        if styles[n].boxSizing == .contentBox { return Swift.max(0, width - pbH) / ratio + pbV }
        return Swift.max(width / ratio, pbV)
    }

    /// Converts a height to the width the aspect ratio gives (see ``heightFromWidth(_:_:_:_:)``).
    @inline(__always) func widthFromHeight(_ n: Int, _ height: Double, _ pbH: Double, _ pbV: Double) -> Double {
        guard let ratio = styles[n].aspectRatio else { return .nan }
        if styles[n].boxSizing == .contentBox { return Swift.max(0, height - pbV) * ratio + pbH }
        return Swift.max(height * ratio, pbH)
    }

    /// The gap between items along the main axis (`column-gap` in a row) or between lines
    /// (`row-gap` in a row), resolved against the content box on that axis (0 when it is indefinite).
    @inline(__always) func gap(_ n: Int, horizontal: Bool, _ reference: Double) -> Double {
        let v = resolve(horizontal ? styles[n].columnGap : styles[n].rowGap, reference, unknownPercentIsZero: true)
        return v > 0 ? v : 0
    }

    // MARK: Kinds

    /// The node's direction: its own, or its parent's.
    @inline(__always) func resolveDirection(_ n: Int, _ parent: LayoutDirection) -> LayoutDirection {
        switch styles[n].direction {
        case .inherit: parent
        case .ltr: .ltr
        case .rtl: .rtl
        }
    }

    /// Whether `n` is laid out (not `display: none`) and in flow (not absolutely positioned).
    @inline(__always) func isInFlow(_ n: Int) -> Bool {
        styles[n].display != .none && styles[n].position != .absolute
    }

    /// Whether `n` is a scroll container (its automatic minimum size is 0).
    @inline(__always) func isScrollContainer(_ n: Int) -> Bool { styles[n].overflow != .visible }
}

/// Resolves a length against a reference size: NaN for `auto`, keywords, `nil`, or a percent of an
/// unknown size. A `calc()` holding a percentage of an unknown size is NaN too, unless
/// `unknownPercentIsZero` (margins, paddings, gaps): then that percentage counts as 0 and the rest
/// of the expression stands, as Chromium resolves `calc(10px + 20%)`.
@inline(__always) func resolve(_ d: Length?, _ reference: Double, unknownPercentIsZero: Bool = false) -> Double {
    switch d {
    case .points(let v): v
    case .percent(let p): p * reference / 100
    case .calc(let e): resolveCalc(e, unknownPercentIsZero && reference.isNaN ? 0 : reference)
    default: .nan
    }
}

/// A `calc()` resolved against a reference size: NaN when it holds a percentage of an unknown size
/// or overflows, else clamped to the engine's magnitude. Font and viewport units were replaced by
/// the sanitizer.
@inline(never) func resolveCalc(_ e: StyleLength, _ reference: Double) -> Double {
    if reference.isNaN, e.usesPercent { return .nan }
    let v = e.value(percentOf: reference, fontSize: StyleSanitizer.defaultFontSize, rootFontSize: StyleSanitizer.defaultFontSize,
                    viewportWidth: 0, viewportHeight: 0)
    guard v.isFinite else { return .nan }
    return Swift.min(Swift.max(v, -StyleSanitizer.maxMagnitude), StyleSanitizer.maxMagnitude)
}
