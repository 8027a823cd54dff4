/// §9.2 step 3: each item's flex basis (Yoga's `computeFlexBasisForChild[ren]`).
extension LayoutEngine {
    /// Computes every in-flow child's flex basis and returns the sum of the outer bases.
    /// Also places children at their initial positions and zeroes `display: none` subtrees.
    func computeFlexBases(_ n: Int, _ dir: LayoutDirection, _ mainAxis: Axis,
                                   _ availableInnerWidth: Double, _ availableInnerHeight: Double,
                                   _ ownerWidth: Double, _ ownerHeight: Double,
                                   _ widthMode: SizingMode, _ heightMode: SizingMode, performLayout: Bool) -> Double {
        var total = 0.0
        var singleFlexChild = -1
        let mainMode = mainAxis.isRow ? widthMode : heightMode
        // One child that both grows and shrinks in an exact container: its basis can be 0.
        if mainMode == .stretchFit {
            for c in children(n) {
                guard isFlexible(c) else { continue }
                if singleFlexChild != -1 || inexactEquals(flexGrow(c), 0) || inexactEquals(flexShrink(c), 0) {
                    singleFlexChild = -1
                    break
                }
                singleFlexChild = c
            }
        }
        for c in children(n) {
            if styles[c].display == .none { continue }
            if performLayout {
                setInitialPosition(c, resolveDirection(c, dir), availableInnerWidth, availableInnerHeight)
            }
            if styles[c].position == .absolute { continue }
            if c == singleFlexChild {
                nodes[c].computedFlexBasis = 0
            } else {
                computeFlexBasis(n, c, dir, mainAxis, availableInnerWidth, widthMode, availableInnerHeight, heightMode,
                                 ownerWidth, ownerHeight)
            }
            total += nodes[c].computedFlexBasis + marginForAxis(c, mainAxis, availableInnerWidth)
        }
        return total
    }

    /// The flex basis of one child: a definite basis or main size, else the child measured at max-content.
    func computeFlexBasis(_ n: Int, _ c: Int, _ dir: LayoutDirection, _ mainAxis: Axis,
                                   _ width: Double, _ widthMode: SizingMode, _ height: Double, _ heightMode: SizingMode,
                                   _ ownerWidth: Double, _ ownerHeight: Double) {
        let isRow = mainAxis.isRow
        let mainSize = isRow ? width : height
        let mainOwnerSize = isRow ? ownerWidth : ownerHeight
        let basis = resolvedFlexBasis(c, dir, mainAxis, mainOwnerSize, ownerWidth)
        let contentBasis = styles[c].flexBasis == .content
        // `flex-basis: content` ignores the main size.
        let rowDefined = hasDefiniteLength(c, true, ownerWidth) && !(contentBasis && isRow)
        let columnDefined = hasDefiniteLength(c, false, ownerHeight) && !(contentBasis && !isRow)

        // A definite positive basis is used even in a content-sized container (Yoga's
        // FixFlexBasisFitContent, which is what Chrome does).
        if basis.isDefined, mainSize.isDefined || basis > 0 {
            if nodes[c].computedFlexBasis.isNaN {
                let newBasis = maxOrDefined(basis, paddingAndBorderForAxis(c, mainAxis, dir, ownerWidth))
                nodes[c].computedFlexBasis = newBasis
            }
            return
        }
        if isRow, rowDefined {
            let newBasis = maxOrDefined(resolvedDimension(c, true, ownerWidth, ownerWidth, dir),
                                        paddingAndBorderForAxis(c, .row, dir, ownerWidth))
            nodes[c].computedFlexBasis = newBasis
            return
        }
        if !isRow, columnDefined {
            let newBasis = maxOrDefined(resolvedDimension(c, false, ownerHeight, ownerWidth, dir),
                                        paddingAndBorderForAxis(c, .column, dir, ownerWidth))
            nodes[c].computedFlexBasis = newBasis
            return
        }
        var childWidth = Double.nan, childHeight = Double.nan
        var childWidthMode = SizingMode.maxContent, childHeightMode = SizingMode.maxContent
        let marginRow = marginForAxis(c, .row, ownerWidth)
        let marginColumn = marginForAxis(c, .column, ownerWidth)
        if rowDefined {
            childWidth = resolvedDimension(c, true, ownerWidth, ownerWidth, dir) + marginRow
            childWidthMode = .stretchFit
        }
        if columnDefined {
            childHeight = resolvedDimension(c, false, ownerHeight, ownerWidth, dir) + marginColumn
            childHeightMode = .stretchFit
        }
        // A scroll container measures its children without a main-axis limit.
        let overflow = styles[n].overflow
        if (!isRow && overflow == .scroll) || overflow != .scroll {
            if childWidth.isNaN, width.isDefined {
                childWidth = width
                childWidthMode = .fitContent
            }
        }
        if (isRow || overflow != .scroll), childHeight.isNaN, height.isDefined {
            childHeight = height
            childHeightMode = .fitContent
        }
        if let ratio = styles[c].aspectRatio {
            if !isRow, childWidthMode == .stretchFit {
                childHeight = marginColumn + (childWidth - marginRow) / ratio
                childHeightMode = .stretchFit
            } else if isRow, childHeightMode == .stretchFit {
                childWidth = marginRow + (childHeight - marginColumn) * ratio
                childWidthMode = .stretchFit
            }
        }
        // A stretched child with an auto cross size is measured at the container's exact cross size.
        let stretches = childAlignment(n, c) == .stretch
        if !isRow, !rowDefined, width.isDefined, widthMode == .stretchFit, stretches, childWidthMode != .stretchFit {
            childWidth = width
            childWidthMode = .stretchFit
            if let ratio = styles[c].aspectRatio {
                childHeight = (childWidth - marginRow) / ratio
                childHeightMode = .stretchFit
            }
        }
        if isRow, !columnDefined, height.isDefined, heightMode == .stretchFit, stretches, childHeightMode != .stretchFit {
            childHeight = height
            childHeightMode = .stretchFit
            if let ratio = styles[c].aspectRatio {
                childWidth = (childHeight - marginColumn) * ratio
                childWidthMode = .stretchFit
            }
        }
        constrainMaxSize(c, dir, .row, ownerWidth, ownerWidth, &childWidthMode, &childWidth)
        constrainMaxSize(c, dir, .column, ownerHeight, ownerWidth, &childHeightMode, &childHeight)
        layoutNode(c, childWidth, childHeight, dir, childWidthMode, childHeightMode, ownerWidth, ownerHeight,
                   performLayout: false)
        let newBasis = maxOrDefined(nodes[c].measured(mainAxis), paddingAndBorderForAxis(c, mainAxis, dir, ownerWidth))
        nodes[c].computedFlexBasis = newBasis
    }
}
