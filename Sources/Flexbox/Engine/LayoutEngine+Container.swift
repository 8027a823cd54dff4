/// The flex container algorithm (CSS §9, in Yoga's step order).
extension LayoutEngine {
    /// Sizes a flex container and, when `performLayout`, places its children.
    /// `availableWidth`/`availableHeight` exclude the node's margins.
    func layoutContainer(_ n: Int, _ dir: LayoutDirection, _ availableWidth: Double, _ availableHeight: Double,
                                  _ widthMode: SizingMode, _ heightMode: SizingMode,
                                  _ ownerWidth: Double, _ ownerHeight: Double, performLayout: Bool) {
        // STEP 1: axes and edges.
        let mainAxis = Axis(styles[n].flexDirection, dir)
        let crossAxis = mainAxis.cross(dir)
        let isRow = mainAxis.isRow
        let wraps = styles[n].flexWrap != .nowrap
        let mainOwnerSize = isRow ? ownerWidth : ownerHeight
        let crossOwnerSize = isRow ? ownerHeight : ownerWidth
        let pbMain = paddingAndBorderForAxis(n, mainAxis, dir, ownerWidth)
        let pbCross = paddingAndBorderForAxis(n, crossAxis, dir, ownerWidth)
        let leadingPBCross = boxes[n].paddingAndBorder(crossAxis.startEdge)
        var mainMode = isRow ? widthMode : heightMode
        let crossMode = isRow ? heightMode : widthMode
        let pbRow = isRow ? pbMain : pbCross
        let pbColumn = isRow ? pbCross : pbMain

        // STEP 2: available inner sizes.
        let availableInnerWidth = availableInner(n, dir, true, availableWidth, pbRow, ownerWidth, ownerWidth)
        let availableInnerHeight = availableInner(n, dir, false, availableHeight, pbColumn, ownerHeight, ownerWidth)
        var availableInnerMain = isRow ? availableInnerWidth : availableInnerHeight
        let availableInnerCross = isRow ? availableInnerHeight : availableInnerWidth

        // STEP 3: flex bases.
        var totalMain = computeFlexBases(n, dir, mainAxis, availableInnerWidth, availableInnerHeight,
                                         availableInnerWidth, availableInnerHeight, widthMode, heightMode,
                                         performLayout: performLayout)
        let childCount = children(n).count
        if childCount > 1 { totalMain += gap(n, mainAxis, availableInnerMain) * Double(childCount - 1) }
        let mainAxisOverflows = mainMode != .maxContent && totalMain > availableInnerMain
        if wraps, mainAxisOverflows, mainMode == .fitContent { mainMode = .stretchFit }

        // STEP 4-7: lines.
        var start = 0
        var lineCount = 0
        var totalLineCross = 0.0
        let crossGap = gap(n, crossAxis, availableInnerCross)
        var maxLineMain = 0.0
        let baselineLayout = isBaselineLayout(n)
        var lines: [FlexLine] = []
        while start < childCount {
            var (line, next) = collectLine(n, dir, mainAxis, ownerWidth, mainOwnerSize, availableInnerWidth,
                                           availableInnerMain, from: start, lineIndex: lineCount)
            start = next
            let canSkipFlex = !performLayout && crossMode == .stretchFit

            // STEP 5: free space.
            var sizeBasedOnContent = false
            if mainMode != .stretchFit {
                let minInnerW = resolvedMin(n, true, ownerWidth, ownerWidth, dir) - pbRow
                let maxInnerW = resolvedMax(n, true, ownerWidth, ownerWidth, dir) - pbRow
                let minInnerH = resolvedMin(n, false, ownerHeight, ownerWidth, dir) - pbColumn
                let maxInnerH = resolvedMax(n, false, ownerHeight, ownerWidth, dir) - pbColumn
                let minInnerMain = isRow ? minInnerW : minInnerH
                let maxInnerMain = isRow ? maxInnerW : maxInnerH
                if minInnerMain.isDefined, line.sizeConsumed < minInnerMain {
                    availableInnerMain = minInnerMain
                } else if maxInnerMain.isDefined, line.sizeConsumed > maxInnerMain {
                    availableInnerMain = maxInnerMain
                } else {
                    if line.totalGrow == 0 || flexGrow(n) == 0 {
                        availableInnerMain = line.sizeConsumed
                    }
                    sizeBasedOnContent = true
                }
            }
            if !sizeBasedOnContent, availableInnerMain.isDefined {
                line.remainingFreeSpace = availableInnerMain - line.sizeConsumed
            } else if line.sizeConsumed < 0 {
                line.remainingFreeSpace = -line.sizeConsumed
            }
            if !canSkipFlex {
                resolveFlexibleLengths(n, &line, mainAxis, crossAxis, dir, ownerWidth, mainOwnerSize,
                                       availableInnerMain, availableInnerCross, availableInnerWidth, availableInnerHeight,
                                       mainAxisOverflows, crossMode, performLayout: performLayout)
            }

            // STEP 6: justify and line cross size.
            justifyMainAxis(n, &line, mainAxis, crossAxis, dir, mainMode, crossMode, mainOwnerSize, ownerWidth,
                            availableInnerMain, availableInnerCross, availableInnerWidth, baselineLayout,
                            performLayout: performLayout)
            var containerCross = availableInnerCross
            if crossMode != .stretchFit {
                containerCross = boundAxis(n, crossAxis, dir, line.crossDim + pbCross, crossOwnerSize, ownerWidth) - pbCross
            }
            if !wraps, crossMode == .stretchFit { line.crossDim = availableInnerCross }
            if !wraps {
                line.crossDim = boundAxis(n, crossAxis, dir, line.crossDim + pbCross, crossOwnerSize, ownerWidth) - pbCross
            }

            // STEP 7: cross-axis alignment within the line.
            if performLayout {
                alignCross(n, line, mainAxis, crossAxis, dir, isRow, wraps, leadingPBCross, containerCross,
                           totalLineCross, availableInnerMain, availableInnerCross, availableInnerWidth, availableInnerHeight)
            }
            totalLineCross += line.crossDim + (lineCount != 0 ? crossGap : 0)
            maxLineMain = maxOrDefined(maxLineMain, line.mainDim)
            if performLayout, wraps || baselineLayout { lines.append(line) }
            lineCount += 1
        }

        // STEP 8: multi-line alignment.
        if performLayout, wraps || baselineLayout {
            alignContent(n, lines, mainAxis, crossAxis, dir, isRow, crossMode, leadingPBCross, pbCross, crossGap,
                         totalLineCross, crossOwnerSize, ownerWidth, availableInnerCross,
                         availableInnerWidth, availableInnerHeight)
        }

        // STEP 9: the container's own size.
        let width = boundAxis(n, .row, dir, availableWidth, ownerWidth, ownerWidth)
        let height = boundAxis(n, .column, dir, availableHeight, ownerHeight, ownerWidth)
        nodes[n].measuredWidth = width
        nodes[n].measuredHeight = height
        let scrolls = styles[n].overflow == .scroll
        if mainMode == .maxContent || (!scrolls && mainMode == .fitContent) {
            setMeasured(n, mainAxis, boundAxis(n, mainAxis, dir, maxLineMain, mainOwnerSize, ownerWidth))
        } else if mainMode == .fitContent, scrolls {
            setMeasured(n, mainAxis, maxOrDefined(minOrDefined(availableInnerMain + pbMain,
                                                               boundWithinMinMax(n, dir, mainAxis, maxLineMain, mainOwnerSize, ownerWidth)),
                                                  pbMain))
        }
        if crossMode == .maxContent || (!scrolls && crossMode == .fitContent) {
            setMeasured(n, crossAxis, boundAxis(n, crossAxis, dir, totalLineCross + pbCross, crossOwnerSize, ownerWidth))
        } else if crossMode == .fitContent, scrolls {
            setMeasured(n, crossAxis, maxOrDefined(minOrDefined(availableInnerCross + pbCross,
                                                                boundWithinMinMax(n, dir, crossAxis, totalLineCross + pbCross,
                                                                                  crossOwnerSize, ownerWidth)),
                                                   pbCross))
        }

        guard performLayout else { return }
        // wrap-reverse: lines were stacked forwards; mirror them on the cross axis.
        if styles[n].flexWrap == .wrapReverse {
            let size = nodes[n].measured(crossAxis)
            for c in children(n) where isInFlow(c) {
                nodes[c][position: crossAxis.startEdge] = size - nodes[c][position: crossAxis.startEdge] - nodes[c].measured(crossAxis)
            }
        }
        // STEP 10: reversed axes measure from the far edge; derive the near one.
        if mainAxis.isReverse || crossAxis.isReverse {
            for c in children(n) where isInFlow(c) {
                if mainAxis.isReverse { setTrailingPosition(n, c, mainAxis) }
                if crossAxis.isReverse { setTrailingPosition(n, c, crossAxis) }
            }
        }
        // STEP 11: absolute children.
        layoutAbsoluteChildren(n, dir, isRow ? mainMode : crossMode)
    }

    /// Sets the measured size on `axis`.
    @inline(__always) func setMeasured(_ n: Int, _ axis: Axis, _ value: Double) {
        if axis.isRow { nodes[n].measuredWidth = value } else { nodes[n].measuredHeight = value }
    }

    /// Sets the child's position on the far edge of `axis` from its position on the near one.
    func setTrailingPosition(_ n: Int, _ c: Int, _ axis: Axis) {
        nodes[c][position: axis.endEdge] = nodes[n].measured(axis) - nodes[c].measured(axis) - nodes[c][position: axis.startEdge]
    }
}
