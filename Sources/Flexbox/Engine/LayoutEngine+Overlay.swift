/// `display: overlay` (our extension, SwiftUI's ZStack / a one-cell grid): every in-flow child is
/// laid out in the whole content box, on top of the others. Horizontally `justifySelf` (else the
/// container's `justifyItems`) places it at start/center/end (logical: start is right in RTL) or
/// stretches an auto width; vertically `alignSelf`/`alignItems` (flex-start, center, flex-end,
/// stretch; baseline is flex-start). Auto margins count as 0. An auto-sized container is as large
/// as its largest child's outer size (clamped by its min/max).
extension LayoutEngine {
    /// Sizes an overlay container and, when `performLayout`, lays out and places its children.
    func layoutOverlay(_ n: Int, _ dir: LayoutDirection, _ availableWidth: Double, _ availableHeight: Double,
                                _ widthMode: SizingMode, _ heightMode: SizingMode,
                                _ ownerWidth: Double, _ ownerHeight: Double, performLayout: Bool) {
        let pbRow = paddingAndBorderForAxis(n, .row, dir, ownerWidth)
        let pbColumn = paddingAndBorderForAxis(n, .column, dir, ownerWidth)
        let innerWidth = availableInner(n, dir, true, availableWidth, pbRow, ownerWidth, ownerWidth)
        let innerHeight = availableInner(n, dir, false, availableHeight, pbColumn, ownerHeight, ownerWidth)
        // Pass 1: the container's size.
        var width = boundAxis(n, .row, dir, availableWidth, ownerWidth, ownerWidth)
        var height = boundAxis(n, .column, dir, availableHeight, ownerHeight, ownerWidth)
        if widthMode != .stretchFit || heightMode != .stretchFit {
            var maxWidth = 0.0, maxHeight = 0.0
            for c in children(n) where isInFlow(c) {
                layoutOverlayChild(n, c, dir, innerWidth, innerHeight, widthMode, heightMode, performLayout: false)
                maxWidth = Swift.max(maxWidth, dimensionWithMargin(c, .row, innerWidth))
                maxHeight = Swift.max(maxHeight, dimensionWithMargin(c, .column, innerWidth))
            }
            if widthMode != .stretchFit { width = boundAxis(n, .row, dir, maxWidth + pbRow, ownerWidth, ownerWidth) }
            if heightMode != .stretchFit { height = boundAxis(n, .column, dir, maxHeight + pbColumn, ownerHeight, ownerWidth) }
        }
        nodes[n].measuredWidth = width
        nodes[n].measuredHeight = height
        guard performLayout else { return }
        // Pass 2: children in the final content box.
        let contentWidth = Swift.max(0, width - pbRow), contentHeight = Swift.max(0, height - pbColumn)
        for c in children(n) where styles[c].display != .none {
            setInitialPosition(c, resolveDirection(c, dir), contentWidth, contentHeight)
            guard styles[c].position != .absolute else { continue }
            layoutOverlayChild(n, c, dir, contentWidth, contentHeight, .stretchFit, .stretchFit, performLayout: true)
            let outerWidth = dimensionWithMargin(c, .row, contentWidth)
            let outerHeight = dimensionWithMargin(c, .column, contentHeight)
            var horizontal = overlayPlacement(n, c, horizontal: true)
            if dir == .rtl, horizontal != .center { horizontal = horizontal == .start ? .end : .start }
            nodes[c][position: .left] += boxes[n].paddingAndBorder(.left) + offset(horizontal, contentWidth - outerWidth)
            nodes[c][position: .top] += boxes[n].paddingAndBorder(.top)
                + offset(overlayPlacement(n, c, horizontal: false), contentHeight - outerHeight)
        }
        layoutAbsoluteChildren(n, dir, widthMode)
    }

    private func offset(_ placement: StaticPlacement, _ free: Double) -> Double {
        switch placement {
        case .start: 0
        case .center: free / 2
        case .end: free
        }
    }

    /// Sizes one child in a content box: its own size, stretched when the box is exact, else fit-content.
    private func layoutOverlayChild(_ n: Int, _ c: Int, _ dir: LayoutDirection, _ innerWidth: Double,
                                             _ innerHeight: Double, _ widthMode: SizingMode, _ heightMode: SizingMode,
                                             performLayout: Bool) {
        let marginRow = marginForAxis(c, .row, innerWidth)
        let marginColumn = marginForAxis(c, .column, innerWidth)
        var w = Double.nan, h = Double.nan
        var wm = SizingMode.maxContent, hm = SizingMode.maxContent
        if hasDefiniteLength(c, true, innerWidth) {
            w = resolvedDimension(c, true, innerWidth, innerWidth, dir) + marginRow
            wm = .stretchFit
        } else if innerWidth.isDefined {
            w = innerWidth
            wm = widthMode == .stretchFit && overlayStretches(n, c, horizontal: true) ? .stretchFit : .fitContent
        }
        if hasDefiniteLength(c, false, innerHeight) {
            h = resolvedDimension(c, false, innerHeight, innerWidth, dir) + marginColumn
            hm = .stretchFit
        } else if innerHeight.isDefined {
            h = innerHeight
            hm = heightMode == .stretchFit && overlayStretches(n, c, horizontal: false) ? .stretchFit : .fitContent
        }
        if let ratio = styles[c].aspectRatio {
            if wm == .stretchFit, hm != .stretchFit {
                h = marginColumn + (w - marginRow) / ratio
                hm = .stretchFit
            } else if hm == .stretchFit, wm != .stretchFit {
                w = marginRow + (h - marginColumn) * ratio
                wm = .stretchFit
            }
        }
        constrainMaxSize(c, dir, .row, innerWidth, innerWidth, &wm, &w)
        constrainMaxSize(c, dir, .column, innerHeight, innerWidth, &hm, &h)
        layoutNode(c, w, h, dir, wm, hm, innerWidth, innerHeight, performLayout: performLayout)
    }

    /// Whether an overlay child stretches on an axis (auto size, alignment stretch).
    private func overlayStretches(_ n: Int, _ c: Int, horizontal: Bool) -> Bool {
        if horizontal {
            let j = styles[c].justifySelf == .auto ? styles[n].justifyItems : styles[c].justifySelf
            return j == .stretch || j == .auto
        }
        return childAlignment(n, c) == .stretch
    }

    /// Where an overlay child sits on an axis, logical (start is the inline start).
    func overlayPlacement(_ n: Int, _ c: Int, horizontal: Bool) -> StaticPlacement {
        if horizontal {
            switch styles[c].justifySelf == .auto ? styles[n].justifyItems : styles[c].justifySelf {
            case .auto, .start, .stretch: return .start
            case .center: return .center
            case .end: return .end
            }
        }
        switch childAlignment(n, c) {
        case .flexStart, .baseline, .stretch: return .start
        case .center: return .center
        case .flexEnd: return .end
        }
    }
}
