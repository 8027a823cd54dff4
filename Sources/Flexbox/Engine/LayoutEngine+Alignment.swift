/// §9.5–9.6: main-axis justification, cross-axis alignment, and multi-line (align-content) placement.
extension LayoutEngine {
    /// Places the line's items on the main axis (auto margins first, then `justifyContent`) and
    /// computes the line's main and cross sizes.
    func justifyMainAxis(_ n: Int, _ line: inout FlexLine, _ mainAxis: Axis, _ crossAxis: Axis,
                                  _ dir: LayoutDirection, _ mainMode: SizingMode, _ crossMode: SizingMode,
                                  _ mainOwnerSize: Double, _ ownerWidth: Double, _ availableInnerMain: Double,
                                  _ availableInnerCross: Double, _ availableInnerWidth: Double, _ baselineLayout: Bool,
                                  performLayout: Bool) {
        let leadingPB = boxes[n].paddingAndBorder(mainAxis.startEdge)
        let trailingPB = boxes[n].paddingAndBorder(mainAxis.endEdge)
        let gap = gap(n, mainAxis, availableInnerMain)
        // Content-sized on the main axis: no free space, unless a min size leaves some.
        if mainMode == .fitContent, line.remainingFreeSpace > 0 {
            let minMain = resolvedMin(n, mainAxis.isRow, mainOwnerSize, ownerWidth, dir)
            if minMain.isDefined {
                let minAvailable = minMain - leadingPB - trailingPB
                let occupied = availableInnerMain - line.remainingFreeSpace
                line.remainingFreeSpace = maxOrDefined(0, minAvailable - occupied)
            } else {
                line.remainingFreeSpace = 0
            }
        }
        var leading = 0.0
        var between = gap
        let free = line.remainingFreeSpace
        var justify = styles[n].justifyContent
        if !(free >= 0) {
            switch justify {
            case .spaceBetween, .spaceAround, .spaceEvenly: justify = .flexStart
            default: break
            }
        }
        let count = Double(line.count)
        if line.autoMargins == 0 {
            switch justify {
            case .flexStart: break
            case .center: leading = free / 2
            case .flexEnd: leading = free
            case .spaceBetween: if line.count > 1 { between += free / (count - 1) }
            case .spaceEvenly:
                leading = free / (count + 1)
                between += leading
            case .spaceAround:
                leading = 0.5 * free / count
                between += leading * 2
            default: break
            }
        }
        line.mainDim = leadingPB + leading
        line.crossDim = 0
        var maxAscent = 0.0, maxDescent = 0.0
        let lastItem = line.last
        for c in childList[line.first..<line.end] where isInFlow(c) {
            if marginIsAuto(c, mainAxis.startEdge, dir), line.remainingFreeSpace > 0 {
                line.mainDim += line.remainingFreeSpace / Double(line.autoMargins)
            }
            if performLayout {
                nodes[c][position: mainAxis.startEdge] += line.mainDim
            }
            if c != lastItem { line.mainDim += between }
            if marginIsAuto(c, mainAxis.endEdge, dir), line.remainingFreeSpace > 0 {
                line.mainDim += line.remainingFreeSpace / Double(line.autoMargins)
            }
            if !performLayout, crossMode == .stretchFit {
                // The flex step was skipped: use the clamped basis.
                line.mainDim += marginForAxis(c, mainAxis, availableInnerWidth)
                    + boundWithinMinMax(c, dir, mainAxis, nodes[c].computedFlexBasis, mainOwnerSize, ownerWidth)
                line.crossDim = availableInnerCross
            } else {
                line.mainDim += dimensionWithMargin(c, mainAxis, availableInnerWidth)
                if baselineLayout {
                    let ascent = baseline(c) + margin(c, Axis.column.startEdge, dir, availableInnerWidth)
                    let descent = nodes[c].measuredHeight + marginForAxis(c, .column, availableInnerWidth) - ascent
                    maxAscent = maxOrDefined(maxAscent, ascent)
                    maxDescent = maxOrDefined(maxDescent, descent)
                } else {
                    line.crossDim = maxOrDefined(line.crossDim, dimensionWithMargin(c, crossAxis, availableInnerWidth))
                }
            }
        }
        line.mainDim += trailingPB
        if baselineLayout { line.crossDim = maxAscent + maxDescent }
    }

    /// Aligns each item of a line on the cross axis; stretched items are laid out again at the line's size.
    func alignCross(_ n: Int, _ line: FlexLine, _ mainAxis: Axis, _ crossAxis: Axis, _ dir: LayoutDirection,
                             _ isRow: Bool, _ wraps: Bool, _ leadingPBCross: Double, _ containerCross: Double,
                             _ totalLineCross: Double, _ availableInnerMain: Double, _ availableInnerCross: Double,
                             _ availableInnerWidth: Double, _ availableInnerHeight: Double) {
        for c in childList[line.first..<line.end] where isInFlow(c) {
            var leadingCross = leadingPBCross
            let align = childAlignment(n, c)
            let autoStart = marginIsAuto(c, crossAxis.startEdge, dir)
            let autoEnd = marginIsAuto(c, crossAxis.endEdge, dir)
            if align == .stretch, !autoStart, !autoEnd {
                if !hasDefiniteLength(c, crossAxis.isRow, availableInnerCross) {
                    var childMain = nodes[c].measured(mainAxis)
                    var childCross: Double
                    if let ratio = styles[c].aspectRatio {
                        childCross = marginForAxis(c, crossAxis, availableInnerWidth) + (isRow ? childMain / ratio : childMain * ratio)
                    } else {
                        childCross = line.crossDim
                    }
                    childMain += marginForAxis(c, mainAxis, availableInnerWidth)
                    var mainChildMode = SizingMode.stretchFit, crossChildMode = SizingMode.stretchFit
                    constrainMaxSize(c, dir, mainAxis, availableInnerMain, availableInnerWidth, &mainChildMode, &childMain)
                    constrainMaxSize(c, dir, crossAxis, availableInnerCross, availableInnerWidth, &crossChildMode, &childCross)
                    let w = isRow ? childMain : childCross
                    let h = isRow ? childCross : childMain
                    let crossDoesNotGrow = styles[n].alignContent != .stretch && wraps
                    let wm: SizingMode = w.isNaN || (!isRow && crossDoesNotGrow) ? .maxContent : .stretchFit
                    let hm: SizingMode = h.isNaN || (isRow && crossDoesNotGrow) ? .maxContent : .stretchFit
                    layoutNode(c, w, h, dir, wm, hm, availableInnerWidth, availableInnerHeight, performLayout: true)
                }
            } else {
                let remaining = containerCross - dimensionWithMargin(c, crossAxis, availableInnerWidth)
                if autoStart, autoEnd {
                    leadingCross += maxOrDefined(0, remaining / 2)
                } else if autoEnd {
                } else if autoStart {
                    leadingCross += maxOrDefined(0, remaining)
                } else if align == .flexStart {
                } else if align == .center {
                    leadingCross += remaining / 2
                } else {
                    leadingCross += remaining
                }
            }
            nodes[c][position: crossAxis.startEdge] += totalLineCross + leadingCross
        }
    }

    /// Places the lines of a multi-line (or baseline-aligned) container by `alignContent`, and
    /// re-aligns each item within its final line.
    func alignContent(_ n: Int, _ lines: [FlexLine], _ mainAxis: Axis, _ crossAxis: Axis, _ dir: LayoutDirection,
                               _ isRow: Bool, _ crossMode: SizingMode, _ leadingPBCross: Double, _ pbCross: Double,
                               _ crossGap: Double, _ totalLineCross: Double, _ crossOwnerSize: Double, _ ownerWidth: Double,
                               _ availableInnerCross: Double, _ availableInnerWidth: Double, _ availableInnerHeight: Double) {
        var leadPerLine = 0.0
        var currentLead = leadingPBCross
        var extraPerLine = 0.0
        let unclamped: Double
        if crossMode == .stretchFit {
            unclamped = availableInnerCross + pbCross
        } else if hasDefiniteLength(n, crossAxis.isRow, crossOwnerSize) {
            unclamped = resolvedDimension(n, crossAxis.isRow, crossOwnerSize, ownerWidth, dir)
        } else {
            unclamped = totalLineCross + pbCross
        }
        let innerCross = boundAxis(n, crossAxis, dir, unclamped, crossOwnerSize, ownerWidth) - pbCross
        let remaining = innerCross - totalLineCross
        let lineCount = Double(lines.count)
        var alignContent = styles[n].alignContent
        if !(remaining >= 0) {
            switch alignContent {
            case .spaceBetween, .stretch, .spaceAround, .spaceEvenly: alignContent = .flexStart
            default: break
            }
        }
        switch alignContent {
        case .flexStart: break
        case .flexEnd: currentLead += remaining
        case .center: currentLead += remaining / 2
        case .stretch: extraPerLine = remaining / lineCount
        case .spaceAround:
            currentLead += remaining / (2 * lineCount)
            leadPerLine = remaining / lineCount
        case .spaceEvenly:
            currentLead += remaining / (lineCount + 1)
            leadPerLine = remaining / (lineCount + 1)
        case .spaceBetween:
            if lines.count > 1 { leadPerLine = remaining / (lineCount - 1) }
        default: break
        }
        for (i, line) in lines.enumerated() {
            var lineHeight = 0.0
            var maxAscent = 0.0, maxDescent = 0.0
            for c in childList[line.first..<line.end] where isInFlow(c) {
                if isLayoutDimensionDefined(c, crossAxis) {
                    lineHeight = maxOrDefined(lineHeight, dimensionWithMargin(c, crossAxis, availableInnerWidth))
                }
                if childAlignment(n, c) == .baseline {
                    let ascent = baseline(c) + margin(c, Axis.column.startEdge, dir, availableInnerWidth)
                    let descent = nodes[c].measuredHeight + marginForAxis(c, .column, availableInnerWidth) - ascent
                    maxAscent = maxOrDefined(maxAscent, ascent)
                    maxDescent = maxOrDefined(maxDescent, descent)
                    lineHeight = maxOrDefined(lineHeight, maxAscent + maxDescent)
                }
            }
            currentLead += i != 0 ? crossGap : 0
            lineHeight += extraPerLine
            for c in childList[line.first..<line.end] where isInFlow(c) {
                switch childAlignment(n, c) {
                case .flexStart:
                    nodes[c][position: crossAxis.startEdge] = currentLead + margin(c, crossAxis.startEdge, dir, availableInnerWidth)
                case .flexEnd:
                    nodes[c][position: crossAxis.startEdge] = currentLead + lineHeight
                        - margin(c, crossAxis.endEdge, dir, availableInnerWidth) - nodes[c].measured(crossAxis)
                case .center:
                    nodes[c][position: crossAxis.startEdge] = currentLead + (lineHeight - nodes[c].measured(crossAxis)) / 2
                case .stretch:
                    nodes[c][position: crossAxis.startEdge] = currentLead + margin(c, crossAxis.startEdge, dir, availableInnerWidth)
                    if !hasDefiniteLength(c, crossAxis.isRow, availableInnerCross) {
                        let w = isRow ? nodes[c].measuredWidth + marginForAxis(c, mainAxis, availableInnerWidth) : leadPerLine + lineHeight
                        let h = !isRow ? nodes[c].measuredHeight + marginForAxis(c, crossAxis, availableInnerWidth) : leadPerLine + lineHeight
                        if !(inexactEquals(w, nodes[c].measuredWidth) && inexactEquals(h, nodes[c].measuredHeight)) {
                            layoutNode(c, w, h, dir, .stretchFit, .stretchFit, availableInnerWidth, availableInnerHeight,
                                       performLayout: true)
                        }
                    }
                case .baseline:
                    nodes[c][position: .top] = currentLead + maxAscent - baseline(c)
                        + flexStartInset(c, .column, dir, availableInnerCross)
                }
            }
            currentLead += leadPerLine + lineHeight
        }
    }

    /// The inset on the start edge of `axis`, 0 when auto.
    func flexStartInset(_ c: Int, _ axis: Axis, _ dir: LayoutDirection, _ axisSize: Double) -> Double {
        let v = inset(c, axis.startEdge, dir, axisSize)
        return v.isNaN ? 0 : v
    }
}
