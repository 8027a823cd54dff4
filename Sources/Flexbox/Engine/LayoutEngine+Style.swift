/// Style queries resolved against sizes and directions (Yoga's `Style::compute*` helpers).
extension LayoutEngine {
    // MARK: Edges

    /// The margin on `edge` in points (auto and unknown percentages are 0).
    @inline(__always) func margin(_ n: Int, _ edge: Edge, _ dir: LayoutDirection, _ widthSize: Double) -> Double {
        let row = Int(styles[n].edgeIndex)
        if row < 0 { return 0 }
        if edgeTable[row].pointsOnly { return (dir == .rtl ? edgeTable[row].marginRTL : edgeTable[row].marginLTR)[edge] }
        let v = resolve(source(n).pointee.margin.value(edge, dir), widthSize)
        return v.isNaN ? 0 : v
    }

    /// Whether the margin on `edge` is `auto`.
    @inline(__always) func marginIsAuto(_ n: Int, _ edge: Edge, _ dir: LayoutDirection) -> Bool {
        styles[n].marginIsAuto(edge, dir)
    }

    /// Both margins of an axis.
    @inline(__always) func marginForAxis(_ n: Int, _ axis: Axis, _ widthSize: Double) -> Double {
        let row = Int(styles[n].edgeIndex)
        if row < 0 { return 0 }
        if edgeTable[row].pointsOnly {
            // Logical margins resolve in LTR for the sums, as Yoga does.
            let m = edgeTable[row].marginLTR
            return axis.isRow ? m.left + m.right : m.top + m.bottom
        }
        return axis.isRow ? margin(n, .left, .ltr, widthSize) + margin(n, .right, .ltr, widthSize)
            : margin(n, .top, .ltr, widthSize) + margin(n, .bottom, .ltr, widthSize)
    }

    /// The padding on `edge` (≥ 0).
    @inline(__always) func padding(_ n: Int, _ edge: Edge, _ dir: LayoutDirection, _ widthSize: Double) -> Double {
        let row = Int(styles[n].edgeIndex)
        if row < 0 { return 0 }
        if edgeTable[row].pointsOnly { return (dir == .rtl ? edgeTable[row].paddingRTL : edgeTable[row].paddingLTR)[edge] }
        let v = resolve(source(n).pointee.padding.value(edge, dir), widthSize)
        return v > 0 ? v : 0
    }

    /// The border width on `edge` (≥ 0).
    @inline(__always) func border(_ n: Int, _ edge: Edge, _ dir: LayoutDirection) -> Double {
        let row = Int(styles[n].edgeIndex)
        if row < 0 { return 0 }
        return (dir == .rtl ? edgeTable[row].borderRTL : edgeTable[row].borderLTR)[edge]
    }

    /// Padding plus border on `edge`.
    @inline(__always) func paddingAndBorder(_ n: Int, _ edge: Edge, _ dir: LayoutDirection, _ widthSize: Double) -> Double {
        padding(n, edge, dir, widthSize) + border(n, edge, dir)
    }

    /// Padding plus border on both edges of `axis`.
    @inline(__always) func paddingAndBorderForAxis(_ n: Int, _ axis: Axis, _ dir: LayoutDirection, _ widthSize: Double) -> Double {
        axis.isRow ? paddingAndBorder(n, .left, dir, widthSize) + paddingAndBorder(n, .right, dir, widthSize)
            : paddingAndBorder(n, .top, dir, widthSize) + paddingAndBorder(n, .bottom, dir, widthSize)
    }

    /// The inset on `edge`, NaN when auto or unset.
    @inline(__always) func inset(_ n: Int, _ edge: Edge, _ dir: LayoutDirection, _ axisSize: Double) -> Double {
        styles[n].hasInsets ? resolve(source(n).pointee.inset.value(edge, dir), axisSize) : .nan
    }

    /// Whether the inset on `edge` is set and not auto.
    @inline(__always) func isInsetDefined(_ n: Int, _ edge: Edge, _ dir: LayoutDirection) -> Bool {
        guard styles[n].hasInsets else { return false }
        return switch source(n).pointee.inset.value(edge, dir) {
        case .points, .percent: true
        default: false
        }
    }

    /// Whether any horizontal inset is set.
    func horizontalInsetsDefined(_ n: Int) -> Bool {
        guard styles[n].hasInsets else { return false }
        let i = source(n).pointee.inset
        return i.left != nil || i.right != nil || i.start != nil || i.end != nil
    }

    /// Whether any vertical inset is set.
    func verticalInsetsDefined(_ n: Int) -> Bool {
        styles[n].hasInsets && (source(n).pointee.inset.top != nil || source(n).pointee.inset.bottom != nil)
    }

    /// The relative offset on `axis`: the start inset, else minus the end inset.
    func relativePosition(_ n: Int, _ axis: Axis, _ dir: LayoutDirection, _ axisSize: Double) -> Double {
        guard styles[n].hasInsets else { return 0 }
        let start = axis.inlineStartEdge(dir)
        if isInsetDefined(n, start, dir) {
            let v = inset(n, start, dir, axisSize)
            return v.isNaN ? 0 : v
        }
        let v = inset(n, axis.inlineEndEdge(dir), dir, axisSize)
        return v.isNaN ? 0 : -v
    }

    /// The gap between items along `axis` (column-gap on rows, row-gap on columns).
    func gap(_ n: Int, _ axis: Axis, _ ownerSize: Double) -> Double {
        let v = resolve(axis.isRow ? styles[n].columnGap : styles[n].rowGap, ownerSize)
        return v > 0 ? v : 0
    }

    // MARK: Sizes

    /// Padding and border on a dimension, added to content-box sizes.
    @inline(__always) func boxSizingExtra(_ n: Int, _ isWidth: Bool, _ dir: LayoutDirection, _ ownerWidth: Double) -> Double {
        styles[n].boxSizing == .borderBox ? 0 : paddingAndBorderForAxis(n, isWidth ? .row : .column, dir, ownerWidth)
    }

    /// The style width or height.
    @inline(__always) func styleDimension(_ n: Int, _ isWidth: Bool) -> Dimension {
        isWidth ? styles[n].width : styles[n].height
    }

    /// Whether the width/height resolves to a definite non-negative length.
    @inline(__always) func hasDefiniteLength(_ n: Int, _ isWidth: Bool, _ ownerSize: Double) -> Bool {
        let v = resolve(styleDimension(n, isWidth), ownerSize)
        return v.isDefined && v >= 0
    }

    /// The border-box width/height from the style, NaN when auto.
    @inline(__always) func resolvedDimension(_ n: Int, _ isWidth: Bool, _ reference: Double, _ ownerWidth: Double,
                                             _ dir: LayoutDirection) -> Double {
        let v = resolve(styleDimension(n, isWidth), reference)
        if v.isNaN || styles[n].boxSizing == .borderBox { return v }
        return v + boxSizingExtra(n, isWidth, dir, ownerWidth)
    }

    /// The border-box min size, NaN when none.
    @inline(__always) func resolvedMin(_ n: Int, _ isWidth: Bool, _ reference: Double, _ ownerWidth: Double,
                                       _ dir: LayoutDirection) -> Double {
        let v = resolve(isWidth ? styles[n].minWidth : styles[n].minHeight, reference)
        if v.isNaN || styles[n].boxSizing == .borderBox { return v }
        return v + boxSizingExtra(n, isWidth, dir, ownerWidth)
    }

    /// The border-box max size, NaN when none.
    @inline(__always) func resolvedMax(_ n: Int, _ isWidth: Bool, _ reference: Double, _ ownerWidth: Double,
                                       _ dir: LayoutDirection) -> Double {
        let v = resolve(isWidth ? styles[n].maxWidth : styles[n].maxHeight, reference)
        if v.isNaN || styles[n].boxSizing == .borderBox { return v }
        return v + boxSizingExtra(n, isWidth, dir, ownerWidth)
    }

    /// `value` clamped by the min/max sizes on `axis` (min wins over max).
    func boundWithinMinMax(_ n: Int, _ dir: LayoutDirection, _ axis: Axis, _ value: Double,
                           _ axisSize: Double, _ widthSize: Double) -> Double {
        let mx = resolvedMax(n, axis.isRow, axisSize, widthSize, dir)
        let mn = resolvedMin(n, axis.isRow, axisSize, widthSize, dir)
        var v = value
        if mx >= 0, v > mx { v = mx }
        if mn >= 0, v < mn { v = mn }
        return v
    }

    /// `value` clamped by min/max and never below the padding and border.
    func boundAxis(_ n: Int, _ axis: Axis, _ dir: LayoutDirection, _ value: Double,
                   _ axisSize: Double, _ widthSize: Double) -> Double {
        maxOrDefined(boundWithinMinMax(n, dir, axis, value, axisSize, widthSize),
                     paddingAndBorderForAxis(n, axis, dir, widthSize))
    }

    // MARK: Flex item properties

    /// The grow factor (0 for the layout root).
    @inline(__always) func flexGrow(_ n: Int) -> Double { n == root ? 0 : styles[n].flexGrow }

    /// The shrink factor (0 for the layout root).
    @inline(__always) func flexShrink(_ n: Int) -> Double { n == root ? 0 : styles[n].flexShrink }

    /// Whether the item can grow or shrink.
    @inline(__always) func isFlexible(_ n: Int) -> Bool {
        styles[n].position != .absolute && (flexGrow(n) != 0 || flexShrink(n) != 0)
    }

    /// The flex basis from the style (border box), NaN for auto/content.
    func resolvedFlexBasis(_ n: Int, _ dir: LayoutDirection, _ mainAxis: Axis, _ reference: Double, _ ownerWidth: Double) -> Double {
        let v: Double
        switch styles[n].flexBasis {
        case .points(let p): v = p
        case .percent(let p): v = p * reference / 100
        default: return .nan
        }
        if v.isNaN || styles[n].boxSizing == .borderBox { return v }
        return v + paddingAndBorderForAxis(n, mainAxis, dir, ownerWidth)
    }

    /// The alignment of `child` in `node`: `alignSelf`, else the container's `alignItems`;
    /// baseline in a column container is flex-start.
    func childAlignment(_ node: Int, _ child: Int) -> Align {
        let a: Align
        switch styles[child].alignSelf {
        case .auto:
            switch styles[node].alignItems {
            case .flexStart: a = .flexStart
            case .center: a = .center
            case .flexEnd: a = .flexEnd
            case .stretch: a = .stretch
            case .baseline: a = .baseline
            case .start: a = .flexStart
            case .end: a = .flexEnd
            case .selfStart: a = .flexStart
            case .selfEnd: a = .flexEnd
            }
        case .flexStart: a = .flexStart
        case .center: a = .center
        case .flexEnd: a = .flexEnd
        case .stretch: a = .stretch
        case .baseline: a = .baseline
        case .start, .selfStart: a = .flexStart
        case .end, .selfEnd: a = .flexEnd
        }
        if a == .baseline, styles[node].display != .overlay,
           styles[node].flexDirection == .column || styles[node].flexDirection == .columnReverse {
            return .flexStart
        }
        return a
    }

    /// The node's direction: its own, or its owner's.
    @inline(__always) func resolveDirection(_ n: Int, _ owner: LayoutDirection) -> LayoutDirection {
        switch styles[n].direction {
        case .inherit: owner
        case .ltr: .ltr
        case .rtl: .rtl
        }
    }

    /// The size along `axis` plus the margins.
    @inline(__always) func dimensionWithMargin(_ n: Int, _ axis: Axis, _ widthSize: Double) -> Double {
        nodes[n].measured(axis) + marginForAxis(n, axis, widthSize)
    }

    /// Whether the measured size along `axis` is known and non-negative.
    @inline(__always) func isLayoutDimensionDefined(_ n: Int, _ axis: Axis) -> Bool {
        let v = nodes[n].measured(axis)
        return v.isDefined && v >= 0
    }

    /// Whether `n` is laid out (not `display: none`) and in flow (not absolute).
    @inline(__always) func isInFlow(_ n: Int) -> Bool {
        styles[n].display != .none && styles[n].position != .absolute
    }
}
