/// §9.3: collecting items into flex lines and resolving their flexible lengths.
struct FlexLine {
    /// The line's children: `childList[first..<end]`, of which the in-flow ones are its items.
    var first = 0
    var end = 0
    /// The number of in-flow items.
    var count = 0
    /// The last in-flow item, -1 when none.
    var last = -1
    /// Σ outer hypothetical main sizes plus gaps.
    var sizeConsumed = 0.0
    /// Auto margins on the main axis.
    var autoMargins = 0
    var totalGrow = 0.0
    var totalShrinkScaled = 0.0
    var remainingFreeSpace = 0.0
    /// The line's main size (after justification) and cross size.
    var mainDim = 0.0
    var crossDim = 0.0
}

extension LayoutEngine {
    /// Collects the next line of items starting at child `start` (index into `children(n)`); returns it and the next start.
    func collectLine(_ n: Int, _ dir: LayoutDirection, _ mainAxis: Axis, _ ownerWidth: Double, _ mainOwnerSize: Double,
                              _ availableInnerWidth: Double, _ availableInnerMain: Double, from start: Int,
                              lineIndex: Int) -> (FlexLine, Int) {
        var line = FlexLine()
        let wraps = styles[n].flexWrap != .nowrap
        let gap = gap(n, mainAxis, availableInnerMain)
        var consumed = 0.0
        let kids = children(n)
        var i = start
        line.first = kids.startIndex + start
        while i < kids.count {
            let c = kids[kids.startIndex + i]
            if !isInFlow(c) {
                i += 1
                continue
            }
            let leadingGap = line.count == 0 ? 0 : gap
            let marginMain = marginForAxis(c, mainAxis, availableInnerWidth)
            let basis = boundWithinMinMax(c, dir, mainAxis, nodes[c].computedFlexBasis, mainOwnerSize, ownerWidth)
            if wraps, line.count > 0, consumed + basis + marginMain + leadingGap > availableInnerMain {
                break
            }
            if marginIsAuto(c, mainAxis.startEdge, dir) { line.autoMargins += 1 }
            if marginIsAuto(c, mainAxis.endEdge, dir) { line.autoMargins += 1 }
            nodes[c].lineIndex = Int32(lineIndex)
            consumed += basis + marginMain + leadingGap
            if isFlexible(c) {
                line.totalGrow += flexGrow(c)
                line.totalShrinkScaled += -flexShrink(c) * nodes[c].computedFlexBasis
            }
            line.count += 1
            line.last = c
            i += 1
        }
        line.end = kids.startIndex + i
        line.sizeConsumed = consumed
        if line.totalGrow > 0, line.totalGrow < 1 { line.totalGrow = 1 }
        if line.totalShrinkScaled > 0, line.totalShrinkScaled < 1 { line.totalShrinkScaled = 1 }
        return (line, i)
    }

    /// The automatic minimum main size of an item (CSS §4.5), NaN when none applies.
    func automaticMinimumMainSize(_ c: Int, _ mainAxis: Axis, _ dir: LayoutDirection,
                                           _ ownerMainSize: Double, _ ownerWidth: Double, _ ownerHeight: Double) -> Double {
        let isRow = mainAxis.isRow
        if (isRow ? styles[c].minWidth : styles[c].minHeight) != .auto { return .nan }
        if styles[c].overflow != .visible { return 0 }
        let specified = resolvedDimension(c, isRow, ownerMainSize, ownerWidth, dir)
        var transferred = Double.nan
        if let ratio = styles[c].aspectRatio {
            let cross = resolvedDimension(c, !isRow, isRow ? ownerHeight : ownerWidth, ownerWidth, dir)
            if cross.isDefined { transferred = isRow ? cross * ratio : cross / ratio }
        }
        var floor = minContentSize(c, mainAxis, dir, ownerWidth, ownerHeight)
        if specified.isDefined {
            if floor.isNaN || specified < floor { floor = specified }
        } else if transferred.isDefined {
            if floor.isNaN || transferred < floor { floor = transferred }
        }
        let mx = resolvedMax(c, isRow, ownerMainSize, ownerWidth, dir)
        if mx.isDefined, floor > mx { floor = mx }
        if floor.isNaN || floor < 0 { floor = 0 }
        return floor
    }

    /// The min-content size of `n` along `axis`: a measured leaf asked for its narrowest size,
    /// a container summing its items along its main axis and taking the largest across.
    /// Cached per node and axis for the call (percent margins resolve against the first asker's
    /// size), so the walks of all items together stay linear in the tree.
    func minContentSize(_ n: Int, _ axis: Axis, _ ownerDirection: LayoutDirection,
                                 _ ownerWidth: Double, _ ownerHeight: Double) -> Double {
        let wantRow = axis.isRow
        let cached = wantRow ? minContent[n].width : minContent[n].height
        if cached.isDefined { return cached }
        let value = computeMinContentSize(n, axis, ownerDirection, ownerWidth, ownerHeight)
        if wantRow { minContent[n].width = value } else { minContent[n].height = value }
        return value
    }

    private func computeMinContentSize(_ n: Int, _ axis: Axis, _ ownerDirection: LayoutDirection,
                                                _ ownerWidth: Double, _ ownerHeight: Double) -> Double {
        let wantRow = axis.isRow
        if isMeasured[n] {
            let size = measurer.pointee.measure(FlexTree.NodeID(n), width: wantRow ? 0 : .infinity, widthMode: wantRow ? .atMost : .undefined,
                                        height: wantRow ? .infinity : 0, heightMode: wantRow ? .undefined : .atMost)
            return Self.sanitizeMeasured(wantRow ? size.width : size.height)
        }
        if children(n).isEmpty { return 0 }
        let dir = resolveDirection(n, ownerDirection)
        let main = Axis(styles[n].flexDirection, dir)
        let cross = main.cross(dir)
        var mainTotal = 0.0, crossMax = 0.0
        for c in children(n) where isInFlow(c) {
            let cm = minContentSize(c, main, dir, ownerWidth, ownerHeight) + marginForAxis(c, main, ownerWidth)
            let cc = minContentSize(c, cross, dir, ownerWidth, ownerHeight) + marginForAxis(c, cross, ownerWidth)
            mainTotal += cm
            crossMax = Swift.max(crossMax, cc)
        }
        mainTotal += paddingAndBorderForAxis(n, main, dir, ownerWidth)
        crossMax += paddingAndBorderForAxis(n, cross, dir, ownerWidth)
        return main.isRow == wantRow ? mainTotal : crossMax
    }

    /// `boundAxis` with the item's automatic minimum as a further floor.
    func boundWithAutoMin(_ c: Int, _ axis: Axis, _ dir: LayoutDirection, _ value: Double, _ axisSize: Double, _ widthSize: Double) -> Double {
        var v = boundAxis(c, axis, dir, value, axisSize, widthSize)
        let autoMin = flex[c].autoMinMain
        if autoMin.isDefined, v < autoMin { v = autoMin }
        return v
    }

    /// §9.7 Resolving flexible lengths: the spec's freeze loop. Items whose factor is 0, or whose
    /// min/max already clamp their base size the way the line flexes, are frozen at their
    /// hypothetical size; then, until every item is frozen, the remaining free space is shared
    /// (grow ∝ flex-grow, shrink ∝ flex-shrink × inner base size; a factor sum below 1 shares
    /// only that fraction), sizes are clamped by min/max (and the automatic minimum), and the
    /// min violators (total violation > 0), max violators (< 0) or all items (0) are frozen.
    /// Each round freezes at least one item, so the loop ends. Then each item is laid out.
    func resolveFlexibleLengths(_ n: Int, _ line: inout FlexLine, _ mainAxis: Axis, _ crossAxis: Axis,
                                         _ dir: LayoutDirection, _ ownerWidth: Double, _ mainOwnerSize: Double,
                                         _ availableInnerMain: Double, _ availableInnerCross: Double,
                                         _ availableInnerWidth: Double, _ availableInnerHeight: Double,
                                         _ mainAxisOverflows: Bool, _ crossMode: SizingMode, performLayout: Bool) {
        let free = line.remainingFreeSpace
        let items = childList[line.first..<line.end]
        let growing = free > 0
        let flexing = free.isDefined && free != 0
        var sumHypothetical = 0.0
        for c in items where isInFlow(c) {
            // The automatic minimum only matters when the line shrinks.
            flex[c].autoMinMain = automaticMinimum && flexing && !growing
                ? automaticMinimumMainSize(c, mainAxis, dir, mainOwnerSize, availableInnerWidth, availableInnerHeight)
                : .nan
            let base = nodes[c].computedFlexBasis
            let hypothetical = boundWithinMinMax(c, dir, mainAxis, base, mainOwnerSize, ownerWidth)
            flex[c].hypothetical = hypothetical
            flex[c].target = hypothetical
            sumHypothetical += hypothetical
            flex[c].frozen = true
            guard flexing else { continue }
            let factor = growing ? flexGrow(c) : flexShrink(c)
            let clampedAway = growing ? base > hypothetical : base < hypothetical
            flex[c].frozen = !(factor > 0) || clampedAway
        }
        if flexing {
            // The space the items may take: inner main size minus margins and gaps.
            let space = free + sumHypothetical
            var initialFree = space
            var unfrozen = 0
            for c in items where isInFlow(c) {
                initialFree -= flex[c].frozen ? flex[c].target : nodes[c].computedFlexBasis
                if !flex[c].frozen { unfrozen += 1 }
            }
            while unfrozen > 0 {
                var remaining = space
                var sumFactors = 0.0
                var sumScaledShrink = 0.0
                for c in items where isInFlow(c) {
                    if flex[c].frozen {
                        remaining -= flex[c].target
                        continue
                    }
                    remaining -= nodes[c].computedFlexBasis
                    if growing {
                        sumFactors += flexGrow(c)
                    } else {
                        sumFactors += flexShrink(c)
                        sumScaledShrink += flexShrink(c) * innerBase(c, nodes[c].computedFlexBasis, mainAxis, dir, ownerWidth)
                    }
                }
                if sumFactors < 1 {
                    let scaled = initialFree * sumFactors
                    if abs(scaled) < abs(remaining) { remaining = scaled }
                }
                var totalViolation = 0.0
                for c in items where isInFlow(c) && !flex[c].frozen {
                    let base = nodes[c].computedFlexBasis
                    var size = base
                    if growing {
                        if sumFactors > 0 { size += remaining * flexGrow(c) / sumFactors }
                    } else if sumScaledShrink > 0 {
                        size += remaining * flexShrink(c) * innerBase(c, base, mainAxis, dir, ownerWidth) / sumScaledShrink
                    }
                    let clamped = boundWithAutoMin(c, mainAxis, dir, size, availableInnerMain, availableInnerWidth)
                    let violation = clamped.isDefined && size.isDefined ? clamped - size : 0
                    flex[c].violation = violation
                    flex[c].target = clamped.isDefined ? clamped : base
                    totalViolation += violation
                }
                for c in items where isInFlow(c) && !flex[c].frozen {
                    let v = flex[c].violation
                    if totalViolation == 0 || (totalViolation > 0 && v > 0) || (totalViolation < 0 && v < 0) {
                        flex[c].frozen = true
                        unfrozen -= 1
                    }
                }
            }
        }
        let wraps = styles[n].flexWrap != .nowrap
        var distributed = 0.0
        for c in items where isInFlow(c) {
            let target = flex[c].target
            distributed += target - flex[c].hypothetical
            layoutFlexedItem(n, c, target, mainAxis, crossAxis, dir, availableInnerMain, availableInnerCross,
                             availableInnerWidth, availableInnerHeight, wraps && mainAxisOverflows, crossMode,
                             performLayout: performLayout)
        }
        line.remainingFreeSpace = free.isDefined ? free - distributed : free
    }

    /// The content-box part of a border-box flex base size (the weight of shrinking).
    private func innerBase(_ c: Int, _ base: Double, _ axis: Axis, _ dir: LayoutDirection, _ ownerWidth: Double) -> Double {
        Swift.max(0, base - paddingAndBorderForAxis(c, axis, dir, ownerWidth))
    }

    /// Lays out one item at its flexed main size, its cross size stretched, from its ratio, or measured.
    func layoutFlexedItem(_ n: Int, _ c: Int, _ mainSize: Double, _ mainAxis: Axis, _ crossAxis: Axis,
                                   _ dir: LayoutDirection, _ availableInnerMain: Double, _ availableInnerCross: Double,
                                   _ availableInnerWidth: Double, _ availableInnerHeight: Double,
                                   _ wrappedOverflow: Bool, _ crossMode: SizingMode, performLayout: Bool) {
        let isRow = mainAxis.isRow
        let marginMain = marginForAxis(c, mainAxis, availableInnerWidth)
        let marginCross = marginForAxis(c, crossAxis, availableInnerWidth)
        var childCross = Double.nan
        var childMain = mainSize + marginMain
        var crossChildMode: SizingMode
        var mainChildMode = SizingMode.stretchFit
        let crossDefinite = hasDefiniteLength(c, crossAxis.isRow, availableInnerCross)
        let autoCrossMargin = marginIsAuto(c, crossAxis.startEdge, dir) || marginIsAuto(c, crossAxis.endEdge, dir)
        let stretch = childAlignment(n, c) == .stretch
        if let ratio = styles[c].aspectRatio {
            childCross = (isRow ? (childMain - marginMain) / ratio : (childMain - marginMain) * ratio) + marginCross
            crossChildMode = .stretchFit
        } else if availableInnerCross.isDefined, !crossDefinite, crossMode == .stretchFit, !wrappedOverflow,
                  stretch, !autoCrossMargin {
            childCross = availableInnerCross
            crossChildMode = .stretchFit
        } else if !crossDefinite {
            childCross = availableInnerCross
            crossChildMode = childCross.isNaN ? .maxContent : .fitContent
        } else {
            childCross = resolvedDimension(c, crossAxis.isRow, availableInnerCross, availableInnerWidth, dir) + marginCross
            let loosePercent: Bool
            if case .percent = styleDimension(c, crossAxis.isRow) { loosePercent = crossMode != .stretchFit } else { loosePercent = false }
            crossChildMode = childCross.isNaN || loosePercent ? .maxContent : .stretchFit
        }
        constrainMaxSize(c, dir, mainAxis, availableInnerMain, availableInnerWidth, &mainChildMode, &childMain)
        constrainMaxSize(c, dir, crossAxis, availableInnerCross, availableInnerWidth, &crossChildMode, &childCross)
        var requiresStretch = !crossDefinite && stretch && !autoCrossMargin
        // A single line in an exact cross size stretches items to exactly the size given here: lay
        // them out now, and the stretch pass finds this layout in the cache.
        if requiresStretch, styles[n].flexWrap == .nowrap, crossMode == .stretchFit, crossChildMode == .stretchFit,
           styles[c].aspectRatio == nil, inexactEquals(childCross, availableInnerCross) {
            requiresStretch = false
        }
        let w = isRow ? childMain : childCross, h = isRow ? childCross : childMain
        let wm = isRow ? mainChildMode : crossChildMode, hm = isRow ? crossChildMode : mainChildMode
        layoutNode(c, w, h, dir, wm, hm, availableInnerWidth, availableInnerHeight,
                   performLayout: performLayout && !requiresStretch)
    }
}
