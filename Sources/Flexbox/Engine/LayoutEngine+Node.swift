/// Sizing one node: the per-call cache in front, then leaves (measured or empty) or containers.
extension LayoutEngine {
    /// Sizes (and when `performLayout`, lays out) `n` under the given available size and modes,
    /// answering from the per-call cache when these inputs were seen before.
    /// Available sizes include the node's margins; NaN goes with `.maxContent`.
    func layoutNode(_ n: Int, _ availableWidth: Double, _ availableHeight: Double,
                             _ ownerDirection: LayoutDirection, _ widthMode: SizingMode, _ heightMode: SizingMode,
                             _ ownerWidth: Double, _ ownerHeight: Double, performLayout: Bool) {
        let firstVisit = !nodes[n].visited || nodes[n].direction != resolveDirection(n, ownerDirection)
        if firstVisit {
            nodes[n].visited = true
            nodes[n].cachedLayout = CacheEntry()
            nodes[n].nextCacheSlot = 0
            nodes[n].cacheCount = 0
        }
        var hit: CacheEntry?
        if !firstVisit {
            if performLayout {
                if nodes[n].cachedLayout.matches(availableWidth, availableHeight, widthMode, heightMode) {
                    hit = nodes[n].cachedLayout
                }
            } else {
                let marginRow = marginForAxis(n, .row, ownerWidth), marginColumn = marginForAxis(n, .column, ownerWidth)
                if nodes[n].cachedLayout.answers(availableWidth, availableHeight, widthMode, heightMode, marginRow, marginColumn) {
                    hit = nodes[n].cachedLayout
                } else {
                    let base = Int(nodes[n].cacheBlock)
                    for i in 0..<Int(nodes[n].cacheCount)
                    where cache[base + i].answers(availableWidth, availableHeight, widthMode, heightMode, marginRow, marginColumn) {
                        hit = cache[base + i]
                        break
                    }
                }
            }
        }
        if let hit {
            nodes[n].measuredWidth = hit.computedWidth
            nodes[n].measuredHeight = hit.computedHeight
        } else {
            layoutImpl(n, availableWidth, availableHeight, ownerDirection, widthMode, heightMode,
                       ownerWidth, ownerHeight, performLayout: performLayout)
            let entry = CacheEntry(availableWidth: availableWidth, availableHeight: availableHeight,
                                   widthMode: widthMode, heightMode: heightMode,
                                   computedWidth: nodes[n].measuredWidth, computedHeight: nodes[n].measuredHeight)
            if performLayout {
                nodes[n].cachedLayout = entry
            } else {
                if nodes[n].cacheBlock < 0 {
                    nodes[n].cacheBlock = Int32(cacheUsed.pointee)
                    cacheUsed.pointee += Self.cacheSlots
                }
                let slot = Int(nodes[n].nextCacheSlot)
                cache[Int(nodes[n].cacheBlock) + slot] = entry
                nodes[n].nextCacheSlot = UInt8((slot + 1) % Self.cacheSlots)
                nodes[n].cacheCount = UInt8(Swift.min(Int(nodes[n].cacheCount) + 1, Self.cacheSlots))
            }
        }
        if performLayout {
            nodes[n].width = nodes[n].measuredWidth
            nodes[n].height = nodes[n].measuredHeight
            nodes[n].laidOut = true
        }
    }

    /// The uncached sizing of `n`: resolves its edges, then measures a leaf or runs the container algorithm.
    func layoutImpl(_ n: Int, _ availableWidth: Double, _ availableHeight: Double,
                             _ ownerDirection: LayoutDirection, _ widthMode: SizingMode, _ heightMode: SizingMode,
                             _ ownerWidth: Double, _ ownerHeight: Double, performLayout: Bool) {
        let dir = resolveDirection(n, ownerDirection)
        nodes[n].direction = dir
        var m = ResolvedEdges.zero, p = ResolvedEdges.zero, b = ResolvedEdges.zero
        let row = Int(styles[n].edgeIndex)
        if row >= 0 {
            let rtl = dir == .rtl
            b = rtl ? edgeTable[row].borderRTL : edgeTable[row].borderLTR
            if edgeTable[row].pointsOnly {
                m = rtl ? edgeTable[row].marginRTL : edgeTable[row].marginLTR
                p = rtl ? edgeTable[row].paddingRTL : edgeTable[row].paddingLTR
            } else {
                m = ResolvedEdges(top: margin(n, .top, dir, ownerWidth), left: margin(n, .left, dir, ownerWidth),
                                  bottom: margin(n, .bottom, dir, ownerWidth), right: margin(n, .right, dir, ownerWidth))
                p = ResolvedEdges(top: padding(n, .top, dir, ownerWidth), left: padding(n, .left, dir, ownerWidth),
                                  bottom: padding(n, .bottom, dir, ownerWidth), right: padding(n, .right, dir, ownerWidth))
            }
        }
        boxes[n] = NodeBox(margin: m, padding: p, border: b)
        let marginRow = m.left + m.right, marginColumn = m.top + m.bottom

        if isMeasured[n] {
            measureLeaf(n, dir, availableWidth - marginRow, availableHeight - marginColumn, widthMode, heightMode,
                        ownerWidth, ownerHeight)
            if performLayout, !children(n).isEmpty {
                // A measured node's children are laid out inside the measured box, without sizing it.
                let w = nodes[n].measuredWidth, h = nodes[n].measuredHeight
                layoutContainer(n, dir, w, h, .stretchFit, .stretchFit, ownerWidth, ownerHeight, performLayout: true)
                nodes[n].measuredWidth = w
                nodes[n].measuredHeight = h
            }
            return
        }
        if children(n).isEmpty {
            measureEmpty(n, dir, availableWidth - marginRow, availableHeight - marginColumn, widthMode, heightMode,
                         ownerWidth, ownerHeight)
            return
        }
        if !performLayout, measureFixed(n, dir, availableWidth - marginRow, availableHeight - marginColumn,
                                        widthMode, heightMode, ownerWidth, ownerHeight) {
            return
        }
        if styles[n].display == .overlay {
            layoutOverlay(n, dir, availableWidth - marginRow, availableHeight - marginColumn, widthMode, heightMode,
                          ownerWidth, ownerHeight, performLayout: performLayout)
        } else {
            layoutContainer(n, dir, availableWidth - marginRow, availableHeight - marginColumn, widthMode, heightMode,
                            ownerWidth, ownerHeight, performLayout: performLayout)
        }
    }

    /// Sizes a measured leaf through the measurer (content box in, border box out).
    func measureLeaf(_ n: Int, _ dir: LayoutDirection, _ availableWidth: Double, _ availableHeight: Double,
                              _ widthMode: SizingMode, _ heightMode: SizingMode, _ ownerWidth: Double, _ ownerHeight: Double) {
        let aw = widthMode == .maxContent ? Double.nan : availableWidth
        let ah = heightMode == .maxContent ? Double.nan : availableHeight
        let pbRow = boxes[n].paddingAndBorder(.left) + boxes[n].paddingAndBorder(.right)
        let pbColumn = boxes[n].paddingAndBorder(.top) + boxes[n].paddingAndBorder(.bottom)
        if widthMode == .stretchFit, heightMode == .stretchFit {
            let width = boundAxis(n, .row, dir, aw, ownerWidth, ownerWidth)
            let height = boundAxis(n, .column, dir, ah, ownerHeight, ownerWidth)
            nodes[n].measuredWidth = width
            nodes[n].measuredHeight = height
            return
        }
        let innerW = aw.isNaN ? Double.infinity : Swift.max(0, aw - pbRow)
        let innerH = ah.isNaN ? Double.infinity : Swift.max(0, ah - pbColumn)
        let size = measurer.pointee.measure(FlexTree.NodeID(n), width: innerW, widthMode: widthMode.measureMode,
                                    height: innerH, heightMode: heightMode.measureMode)
        let mw = Self.sanitizeMeasured(size.width), mh = Self.sanitizeMeasured(size.height)
        let width = boundAxis(n, .row, dir, widthMode == .stretchFit ? aw : mw + pbRow, ownerWidth, ownerWidth)
        let height = boundAxis(n, .column, dir, heightMode == .stretchFit ? ah : mh + pbColumn, ownerHeight, ownerWidth)
        nodes[n].measuredWidth = width
        nodes[n].measuredHeight = height
    }

    /// A measured length made safe: non-finite or negative is 0, huge is clamped.
    static func sanitizeMeasured(_ v: Double) -> Double {
        v.isFinite && v > 0 ? Swift.min(v, StyleSanitizer.maxMagnitude) : 0
    }

    /// Sizes a node without children: the available size if exact, else its padding and border.
    func measureEmpty(_ n: Int, _ dir: LayoutDirection, _ availableWidth: Double, _ availableHeight: Double,
                               _ widthMode: SizingMode, _ heightMode: SizingMode, _ ownerWidth: Double, _ ownerHeight: Double) {
        var w = availableWidth
        if widthMode != .stretchFit { w = boxes[n].paddingAndBorder(.left) + boxes[n].paddingAndBorder(.right) }
        var h = availableHeight
        if heightMode != .stretchFit { h = boxes[n].paddingAndBorder(.top) + boxes[n].paddingAndBorder(.bottom) }
        let width = boundAxis(n, .row, dir, w, ownerWidth, ownerWidth)
        let height = boundAxis(n, .column, dir, h, ownerHeight, ownerWidth)
        nodes[n].measuredWidth = width
        nodes[n].measuredHeight = height
    }

    /// When both axes are exact (or at most ≤ 0), a measurement needs no work.
    func measureFixed(_ n: Int, _ dir: LayoutDirection, _ availableWidth: Double, _ availableHeight: Double,
                               _ widthMode: SizingMode, _ heightMode: SizingMode, _ ownerWidth: Double, _ ownerHeight: Double) -> Bool {
        func fixed(_ d: Double, _ mode: SizingMode) -> Bool {
            mode == .stretchFit || (d.isDefined && mode == .fitContent && d <= 0)
        }
        guard fixed(availableWidth, widthMode), fixed(availableHeight, heightMode) else { return false }
        let w = availableWidth.isNaN || (widthMode == .fitContent && availableWidth < 0) ? 0 : availableWidth
        let h = availableHeight.isNaN || (heightMode == .fitContent && availableHeight < 0) ? 0 : availableHeight
        let width = boundAxis(n, .row, dir, w, ownerWidth, ownerWidth)
        let height = boundAxis(n, .column, dir, h, ownerHeight, ownerWidth)
        nodes[n].measuredWidth = width
        nodes[n].measuredHeight = height
        return true
    }

    /// Sets a node's initial position from its margins and relative offsets, on all four edges.
    func setInitialPosition(_ n: Int, _ dir: LayoutDirection, _ ownerWidth: Double, _ ownerHeight: Double) {
        let relativeDirection: LayoutDirection = n == root ? .ltr : dir
        let horizontal = relativePosition(n, Axis(.row, relativeDirection), relativeDirection, ownerWidth)
        let vertical = relativePosition(n, .column, relativeDirection, ownerHeight)
        nodes[n][position: .left] = margin(n, .left, dir, ownerWidth) + horizontal
        nodes[n][position: .right] = margin(n, .right, dir, ownerWidth) + horizontal
        nodes[n][position: .top] = margin(n, .top, dir, ownerWidth) + vertical
        nodes[n][position: .bottom] = margin(n, .bottom, dir, ownerWidth) + vertical
    }

    /// Caps a size by the node's max size (plus margins); an unconstrained axis becomes fit-content.
    func constrainMaxSize(_ n: Int, _ dir: LayoutDirection, _ axis: Axis, _ ownerAxisSize: Double, _ ownerWidth: Double,
                          _ mode: inout SizingMode, _ size: inout Double) {
        let maxSize = resolvedMax(n, axis.isRow, ownerAxisSize, ownerWidth, dir) + marginForAxis(n, axis, ownerWidth)
        switch mode {
        case .stretchFit, .fitContent:
            if maxSize.isDefined, !(size < maxSize) { size = maxSize }
        case .maxContent:
            if maxSize.isDefined {
                mode = .fitContent
                size = maxSize
            }
        }
    }

    /// The available inner size on a dimension, clamped by the node's min/max.
    func availableInner(_ n: Int, _ dir: LayoutDirection, _ isWidth: Bool, _ available: Double,
                        _ paddingAndBorder: Double, _ ownerSize: Double, _ ownerWidth: Double) -> Double {
        var inner = available - paddingAndBorder
        if inner.isDefined {
            let mn = resolvedMin(n, isWidth, ownerSize, ownerWidth, dir)
            let mx = resolvedMax(n, isWidth, ownerSize, ownerWidth, dir)
            let minInner = mn.isNaN ? 0 : mn - paddingAndBorder
            let maxInner = mx.isNaN ? Double.greatestFiniteMagnitude : mx - paddingAndBorder
            inner = maxOrDefined(minOrDefined(inner, maxInner), minInner)
        }
        return inner
    }
}

