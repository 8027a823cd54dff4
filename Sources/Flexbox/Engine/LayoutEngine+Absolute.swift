/// Absolutely positioned children: sized and placed against the parent's padding box, by their
/// insets, or without insets at their static position (the parent's justify/align, as Yoga).
extension LayoutEngine {
    /// Lays out every absolute child of `n` (after `n`'s own size is known).
    func layoutAbsoluteChildren(_ n: Int, _ dir: LayoutDirection, _ widthMode: SizingMode) {
        for c in children(n) where styles[c].display != .none && styles[c].position == .absolute {
            let cbWidth = nodes[n].measuredWidth - boxes[n].border.left - boxes[n].border.right
            let cbHeight = nodes[n].measuredHeight - boxes[n].border.top - boxes[n].border.bottom
            layoutAbsoluteChild(n, c, cbWidth, cbHeight, widthMode, dir)
            let mainAxis = styles[n].display == .overlay ? Axis(.row, dir) : Axis(styles[n].flexDirection, dir)
            let crossAxis = mainAxis.cross(dir)
            if mainAxis.isReverse { setTrailingPosition(n, c, mainAxis) }
            if crossAxis.isReverse { setTrailingPosition(n, c, crossAxis) }
        }
    }

    /// Sizes one absolute child (fixed, from opposite insets, from its ratio, or by content) and positions it.
    func layoutAbsoluteChild(_ n: Int, _ c: Int, _ cbWidth: Double, _ cbHeight: Double,
                                      _ widthMode: SizingMode, _ dir: LayoutDirection) {
        let overlay = styles[n].display == .overlay
        let mainAxis = overlay ? Axis(.row, dir) : Axis(styles[n].flexDirection, dir)
        let crossAxis = mainAxis.cross(dir)
        var childWidth = Double.nan, childHeight = Double.nan
        let marginRow = marginForAxis(c, .row, cbWidth)
        let marginColumn = marginForAxis(c, .column, cbWidth)
        let row = Axis(.row, .ltr)
        if hasDefiniteLength(c, true, cbWidth) {
            childWidth = resolvedDimension(c, true, cbWidth, cbWidth, dir) + marginRow
        } else if isInsetDefined(c, row.startEdge, dir), isInsetDefined(c, row.endEdge, dir) {
            childWidth = nodes[n].measuredWidth - boxes[n].border.left - boxes[n].border.right
                - (inset(c, .left, dir, cbWidth) + inset(c, .right, dir, cbWidth))
            childWidth = boundAxis(c, .row, dir, childWidth, cbWidth, cbWidth)
        }
        if hasDefiniteLength(c, false, cbHeight) {
            childHeight = resolvedDimension(c, false, cbHeight, cbWidth, dir) + marginColumn
        } else if isInsetDefined(c, .top, dir), isInsetDefined(c, .bottom, dir) {
            childHeight = nodes[n].measuredHeight - boxes[n].border.top - boxes[n].border.bottom
                - (inset(c, .top, dir, cbHeight) + inset(c, .bottom, dir, cbHeight))
            childHeight = boundAxis(c, .column, dir, childHeight, cbHeight, cbWidth)
        }
        if childWidth.isNaN != childHeight.isNaN, let ratio = styles[c].aspectRatio {
            if childWidth.isNaN {
                childWidth = marginRow + (childHeight - marginColumn) * ratio
            } else {
                childHeight = marginColumn + (childWidth - marginRow) / ratio
            }
        }
        if childWidth.isNaN || childHeight.isNaN {
            var wm: SizingMode = childWidth.isNaN ? .maxContent : .stretchFit
            let hm: SizingMode = childHeight.isNaN ? .maxContent : .stretchFit
            if !mainAxis.isRow, childWidth.isNaN, widthMode != .maxContent, cbWidth.isDefined, cbWidth > 0 {
                childWidth = cbWidth
                wm = .fitContent
            }
            layoutNode(c, childWidth, childHeight, dir, wm, hm, cbWidth, cbHeight, performLayout: false)
            childWidth = nodes[c].measuredWidth + marginForAxis(c, .row, cbWidth)
            childHeight = nodes[c].measuredHeight + marginForAxis(c, .column, cbWidth)
        }
        layoutNode(c, childWidth, childHeight, dir, .stretchFit, .stretchFit, cbWidth, cbHeight, performLayout: true)
        positionAbsolute(n, c, dir, mainAxis, isMain: true, cbWidth, cbHeight)
        positionAbsolute(n, c, dir, crossAxis, isMain: false, cbWidth, cbHeight)
    }

    /// Places an absolute child on one axis: by its start inset, else its end inset, else at its static position.
    func positionAbsolute(_ n: Int, _ c: Int, _ dir: LayoutDirection, _ axis: Axis, isMain: Bool,
                                   _ cbWidth: Double, _ cbHeight: Double) {
        let cbSize = axis.isRow ? cbWidth : cbHeight
        let inlineStart = axis.inlineStartEdge(dir), inlineEnd = axis.inlineEndEdge(dir)
        if isInsetDefined(c, inlineStart, dir) {
            let fromInlineStart = inset(c, inlineStart, dir, cbSize) + border(n, inlineStart, dir)
                + margin(c, inlineStart, dir, cbSize)
            nodes[c][position: axis.startEdge] = inlineStart != axis.startEdge
                ? nodes[n].measured(axis) - nodes[c].measured(axis) - fromInlineStart : fromInlineStart
        } else if isInsetDefined(c, inlineEnd, dir) {
            let fromInlineStart = nodes[n].measured(axis) - nodes[c].measured(axis) - border(n, inlineEnd, dir)
                - margin(c, inlineEnd, dir, cbSize) - inset(c, inlineEnd, dir, cbSize)
            nodes[c][position: axis.startEdge] = inlineStart != axis.startEdge
                ? nodes[n].measured(axis) - nodes[c].measured(axis) - fromInlineStart : fromInlineStart
        } else {
            let placement = staticPlacement(n, c, axis, isMain: isMain)
            let startMargin = margin(c, axis.startEdge, dir, cbWidth)
            let endMargin = margin(c, axis.endEdge, dir, cbWidth)
            let lead = boxes[n].paddingAndBorder(axis.startEdge), trail = boxes[n].paddingAndBorder(axis.endEdge)
            switch placement {
            case .start:
                nodes[c][position: axis.startEdge] = startMargin + lead
            case .end:
                let fromEnd = trail + endMargin
                nodes[c][position: axis.startEdge] = nodes[n].measured(axis) - nodes[c].measured(axis) - fromEnd
            case .center:
                let content = nodes[n].measured(axis) - lead - trail
                let outer = nodes[c].measured(axis) + marginForAxis(c, axis, cbWidth)
                nodes[c][position: axis.startEdge] = (content - outer) / 2 + lead + startMargin
            }
        }
    }

    /// Where an absolute child without insets sits on an axis.
    enum StaticPlacement { case start, center, end }

    /// The static position: the parent's `justifyContent` on the main axis, the child's alignment on the cross axis
    /// (flipped by wrap-reverse); in an overlay, `justifySelf` horizontally and `alignSelf` vertically.
    func staticPlacement(_ n: Int, _ c: Int, _ axis: Axis, isMain: Bool) -> StaticPlacement {
        if styles[n].display == .overlay {
            return overlayPlacement(n, c, horizontal: axis.isRow)
        }
        if isMain {
            switch styles[n].justifyContent {
            case .flexStart, .spaceBetween: return .start
            case .flexEnd: return .end
            case .center, .spaceAround, .spaceEvenly: return .center
            default: return .start
            }
        }
        var align = childAlignment(n, c)
        if styles[n].flexWrap == .wrapReverse {
            if align == .flexEnd { align = .flexStart } else if align != .center { align = .flexEnd }
        }
        switch align {
        case .flexStart, .baseline, .stretch: return .start
        case .flexEnd: return .end
        case .center: return .center
        }
    }
}
