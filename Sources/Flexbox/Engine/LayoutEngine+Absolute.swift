/// Absolutely positioned boxes (CSS Positioned Layout §4–5, Flexbox §4.1): sized and placed in the
/// padding box of their containing block, the nearest ancestor that is not `static`.
extension LayoutEngine {
    /// Lays out the absolutely positioned boxes whose containing block is `cb` (its own absolute
    /// children and those of its static in-flow descendants), after `cb`'s final layout.
    func layoutAbsoluteDescendants(of cb: Int) {
        collectAbsolute(in: cb, cb: cb, offsetX: 0, offsetY: 0)
    }

    /// Lays out the absolute children of `p` (at `offsetX`, `offsetY` in `cb`'s border box) and
    /// descends into its static in-flow children, whose absolute children are `cb`'s too.
    private func collectAbsolute(in p: Int, cb: Int, offsetX: Double, offsetY: Double) {
        for c in children(p) where styles[c].display != .none {
            if styles[c].position == .absolute {
                layoutAbsolute(c, parent: p, cb: cb, parentX: offsetX, parentY: offsetY)
            } else if styles[c].position == .static, nodes[c].laidOut {
                collectAbsolute(in: c, cb: cb, offsetX: offsetX + nodes[c].x, offsetY: offsetY + nodes[c].y)
            }
        }
    }

    /// Sizes and places one absolutely positioned box `c`, child of `p` (whose border box is at
    /// `parentX`, `parentY` in `cb`'s), in its inset-modified containing block (CSS Positioned
    /// Layout §4): the containing block's padding box less the set insets, or, on an axis whose
    /// insets are both auto, the static-position rectangle (`p`'s content box). A width of auto
    /// stretches between two set insets, else fits its content in that space; a height of auto
    /// stretches between top and bottom (unless `align-self` says otherwise), else comes from the
    /// content. Auto margins share positive free space; otherwise the box is aligned in the
    /// space (start, or `align-self` vertically) and, when it overflows it, kept within the union
    /// of that space and the containing block. On an axis with no insets the box sits at its
    /// static position.
    func layoutAbsolute(_ c: Int, parent p: Int, cb: Int, parentX: Double, parentY: Double) {
        let cbBorder = boxes[cb].border
        let cbWidth = Swift.max(0, nodes[cb].width - cbBorder.horizontal)
        let cbHeight = Swift.max(0, nodes[cb].height - cbBorder.vertical)
        let cbDirection = nodes[cb].direction
        let parentDirection = nodes[p].direction
        let dir = resolveDirection(c, parentDirection)
        nodes[c].direction = dir
        var m = margins(c, dir, cbWidth)
        let pb = paddingAndBorder(c, dir, cbWidth)
        let left = inset(c, .left, dir, cbWidth), right = inset(c, .right, dir, cbWidth)
        let top = inset(c, .top, dir, cbHeight), bottom = inset(c, .bottom, dir, cbHeight)
        let ppb = boxes[p].padding + boxes[p].border
        let horizontalStatic = left.isNaN && right.isNaN, verticalStatic = top.isNaN && bottom.isNaN
        // The inset-modified containing block, in the containing block's border box: between the
        // set insets (an auto one at the padding edge; insets that overlap leave nothing, at the
        // start edge), or, with both insets auto, from the static position's side of `p`'s content
        // box to the far padding edge.
        let cbRight = cbBorder.left + cbWidth, cbBottom = cbBorder.top + cbHeight
        var imcbLeft = cbBorder.left + left.orZero, imcbRight = cbRight - right.orZero
        // With no insets on an axis: from the side of `p`'s content box the box is placed at, to the
        // far edge of the containing block (all of it when centred).
        let placement = staticPlacement(c, parent: p)
        if horizontalStatic {
            if placement.horizontal == 0 { imcbLeft = parentX + ppb.left }
            if placement.horizontal == 1 { imcbRight = parentX + nodes[p].width - ppb.right }
        }
        var imcbTop = cbBorder.top + top.orZero
        var imcbBottom = cbBottom - bottom.orZero
        // In block flow the static position's top is where the box would be in flow.
        let staticTop = isBlockContainer(p) ? nodes[c].staticY : ppb.top
        if verticalStatic {
            if placement.vertical == 0 { imcbTop = parentY + staticTop }
            if placement.vertical == 1 { imcbBottom = parentY + nodes[p].height - ppb.bottom }
        }
        if imcbRight < imcbLeft {
            if cbDirection == .rtl { imcbLeft = imcbRight } else { imcbRight = imcbLeft }
        }
        let imcbWidth = imcbRight - imcbLeft, imcbHeight = Swift.max(0, imcbBottom - imcbTop)
        let verticalAlign = absoluteAlignment(c)

        // Sizes, as Chromium resolves them (CSS Positioned Layout §5, CSS Sizing 4 §5): the height
        // is known without layout when it is a length, or auto between two insets and stretched
        // (explicitly, or `normal` with no width to follow through the aspect ratio); the width
        // is its own, else stretched between two insets, else fits its content (a ratio box's:
        // the width its known height gives, at least its min-content width).
        let minHeight = Swift.max(minSize(c, horizontal: false, cbHeight, pb.vertical), pb.vertical)
        let maxHeight = maxSize(c, horizontal: false, cbHeight, pb.vertical)
        let ownHeight = preferredSize(c, horizontal: false, cbHeight, pb.vertical)
        let hasRatio = styles[c].aspectRatio != nil
        let heightIsAuto = styles[c].height == .auto
        let alignSelf = styles[c].alignSelf
        let normalAlign = alignSelf == .auto || alignSelf == .normal
        let autoBlockInset = top.isNaN || bottom.isNaN
        let keywordHeights = isIntrinsicKeyword(styles[c].height) || isIntrinsicKeyword(styles[c].minHeight)
            || isIntrinsicKeyword(styles[c].maxHeight)
        func heightWithoutLayout(knowingWidth: Bool, keywords: Bool = true) -> Bool {
            if keywords, keywordHeights { return false }
            guard heightIsAuto else { return true }
            if autoBlockInset { return false }
            if alignSelf == .stretch { return true }
            if !normalAlign { return false }
            return !(hasRatio && knowingWidth)
        }
        let fixedHeight = (ownHeight.isDefined ? ownHeight : Swift.max(pb.vertical, imcbHeight - m.vertical))
            .clamped(min: minHeight, max: maxHeight)
        let available = Swift.max(0, imcbWidth - m.horizontal)
        let heightFirst = heightWithoutLayout(knowingWidth: false)
        let stretchesWidth = left.isDefined && right.isDefined
        let heightIsExplicit = !heightIsAuto || (!autoBlockInset && alignSelf == .stretch)
        // (Chromium lets a ratio box's width follow its height even when intrinsic min or max
        // heights keep that height from being known without layout.)
        let followsRatio = hasRatio && heightWithoutLayout(knowingWidth: false, keywords: false) && (!stretchesWidth || heightIsExplicit)
        // The content's widths, at the height known without layout when there is one; found only
        // when a width needs them (an auto or keyword width or bound: a box placed by a frame
        // does not measure its content).
        let needsContent = styles[c].width == .auto || isIntrinsicKeyword(styles[c].width)
            || isIntrinsicKeyword(styles[c].minWidth) || isIntrinsicKeyword(styles[c].maxWidth)
        var content = IntrinsicWidths(minContent: 0, maxContent: 0)
        if needsContent, hasRatio, heightFirst || ownHeight.isDefined {
            // (With an intrinsic min or max height, its length height gives the width alone.)
            let w = widthFromHeight(c, heightFirst ? fixedHeight : ownHeight.clamped(min: minHeight, max: maxHeight), pb.horizontal, pb.vertical)
            content = IntrinsicWidths(minContent: w, maxContent: w)
        } else if needsContent {
            content = intrinsicWidths(c, parentDirection, cbWidth: cbWidth, ownHeight: heightFirst ? fixedHeight : .nan, cbHeight: cbHeight)
        }
        var width = keywordWidth(styles[c].width, content, available: available) ?? borderBox(styles[c].width, cbWidth, c, pb.horizontal)
        if width.isNaN {
            width = stretchesWidth && !followsRatio ? Swift.max(pb.horizontal, available) : content.fitting(available)
        }
        var lowerWidth = keywordWidth(styles[c].minWidth, content, available: available) ?? borderBox(styles[c].minWidth, cbWidth, c, pb.horizontal)
        var upperWidth = keywordWidth(styles[c].maxWidth, content, available: available) ?? borderBox(styles[c].maxWidth, cbWidth, c, pb.horizontal)
        lowerWidth = Swift.max(lowerWidth.orZero, pb.horizontal)
        if upperWidth.isNaN { upperWidth = .infinity }
        if followsRatio, styles[c].minWidth == .auto, !isScrollContainer(c) {
            // The automatic minimum of a ratio box: its content's min-content width.
            lowerWidth = Swift.min(intrinsicWidths(c, parentDirection, cbWidth: cbWidth).minContent, upperWidth)
        }
        if hasRatio, styles[c].width == .auto {
            // Min and max heights transferred through the ratio (CSS Sizing 4 §5.1).
            let initialMin = isIntrinsicKeyword(styles[c].minHeight) ? 0 : minSize(c, horizontal: false, cbHeight, pb.vertical)
            let initialMax = isIntrinsicKeyword(styles[c].maxHeight) ? Double.nan : maxHeight
            let transferredMin = initialMin > 0 ? widthFromHeight(c, initialMin, pb.horizontal, pb.vertical) : 0
            var transferredMax = initialMax.isDefined
                ? widthFromHeight(c, Swift.max(initialMax, initialMin), pb.horizontal, pb.vertical) : Double.infinity
            transferredMax = Swift.max(transferredMax, transferredMin)
            lowerWidth = Swift.max(lowerWidth, Swift.min(transferredMin, upperWidth))
            upperWidth = Swift.min(upperWidth, transferredMax)
        }
        width = Swift.max(lowerWidth, Swift.min(width, Swift.max(upperWidth, lowerWidth)))

        var height = Double.nan
        if heightWithoutLayout(knowingWidth: true) {
            height = fixedHeight
        } else if ownHeight.isDefined || (heightIsAuto && !hasRatio && !autoBlockInset && (normalAlign || alignSelf == .stretch)) {
            // A length height, or one stretched between the insets, with an intrinsic min or max
            // height: those bounds are the content's height.
            let preferred = ownHeight.isDefined ? ownHeight : Swift.max(pb.vertical, imcbHeight - m.vertical)
            var lower = minHeight, upper = maxHeight
            let content = keywordHeightBound(c, width: width, basis: preferred, cbWidth: cbWidth, cbHeight: cbHeight,
                                             parentDirection: parentDirection)
            if isContentHeightBound(styles[c].minHeight) { lower = content }
            if isContentHeightBound(styles[c].maxHeight) { upper = content }
            height = preferred.clamped(min: lower, max: upper)
        }

        // Its height is definite for its children when it has one, or its ratio gives one.
        let out = layoutBox(c, BoxInput(width: width, height: height, heightIsDefinite: height.isDefined || hasRatio,
                                        cbWidth: cbWidth, cbHeight: cbHeight),
                            parentDirection: parentDirection, final: true)
        height = out.height

        var x: Double, y: Double
        if horizontalStatic {
            let free = nodes[p].width - ppb.horizontal - width - m.horizontal
            x = parentX + ppb.left + m.left + free * placement.horizontal
        } else if left.isDefined, right.isDefined {
            let start: AbsoluteAlign = cbDirection == .rtl ? .end : .start
            x = place(imcbLeft, imcbWidth, size: width, &m.left, &m.right, autoStart: marginIsAuto(c, .left, dir),
                      autoEnd: marginIsAuto(c, .right, dir), align: start, explicit: false, region: (cbBorder.left, cbRight))
        } else if left.isDefined {
            x = cbBorder.left + left + m.left
        } else {
            x = cbRight - right - m.right - width
        }
        if verticalStatic {
            let free = nodes[p].height - ppb.vertical - height - m.vertical
            y = parentY + staticTop + m.top + free * placement.vertical
        } else if top.isDefined, bottom.isDefined {
            y = place(imcbTop, imcbHeight, size: height, &m.top, &m.bottom, autoStart: marginIsAuto(c, .top, dir),
                      autoEnd: marginIsAuto(c, .bottom, dir), align: verticalAlign, explicit: styles[c].alignSelf != .auto && styles[c].alignSelf != .normal,
                      region: (cbBorder.top, cbBottom), vertical: true,
                      safe: styles[c].alignSelf != .auto && styles[c].safe.contains(.alignSelf))
        } else if top.isDefined {
            y = imcbTop + m.top
        } else {
            y = cbBottom - bottom - m.bottom - height
        }
        nodes[c].x = x - parentX
        nodes[c].y = y - parentY
        boxes[c].margin = m
    }

    /// How an absolutely positioned box is aligned in its inset-modified containing block.
    enum AbsoluteAlign { case start, center, end, stretch }

    /// `align-self` for an absolutely positioned box (auto is normal: stretch).
    func absoluteAlignment(_ c: Int) -> AbsoluteAlign {
        switch styles[c].alignSelf {
        case .auto, .normal, .stretch: .stretch
        case .flexStart, .start, .selfStart, .baseline: .start
        case .center: .center
        case .flexEnd, .end, .selfEnd: .end
        }
    }

    /// The start of a box of `size` on one axis of its inset-modified containing block at
    /// `start` (`length`, 0 when the insets overlap): one auto margin takes the free space, two
    /// share it when it is positive; else the box is aligned. With an `explicit` alignment (not `normal`), a margin box that
    /// overflows the space is moved back within the union of the space and the containing
    /// block's `region` when it fits there, and put at the union's start when it does not (as
    /// Chromium); `normal` keeps CSS 2's rule, the start inset wins.
    private func place(_ start: Double, _ length: Double, size: Double, _ marginStart: inout Double, _ marginEnd: inout Double,
                       autoStart: Bool, autoEnd: Bool, align: AbsoluteAlign, explicit: Bool, region: (Double, Double),
                       vertical: Bool = false, safe: Bool = false) -> Double {
        let free = length - size - marginStart - marginEnd
        // Two auto margins share negative space too on the vertical (block) axis (as Chromium).
        if autoStart != autoEnd || (autoStart && (free > 0 || vertical)) {
            if autoStart, autoEnd {
                marginStart += free / 2
                marginEnd += free / 2
            } else if autoStart {
                marginStart += free
            } else {
                marginEnd += free
            }
            return start + marginStart
        }
        var position = switch align {
        case .start, .stretch: start + marginStart
        case .center: start + marginStart + free / 2
        case .end: start + marginStart + free
        }
        // `safe` alignment that would overflow aligns to the start instead.
        if free < 0, safe { return start + marginStart }
        if free < 0, explicit {
            let low = Swift.min(start, region.0), high = Swift.max(start + length, region.1)
            if size + marginStart + marginEnd <= high - low {
                position = Swift.min(position, high - size - marginEnd)
                position = Swift.max(position, low + marginStart)
            } else {
                position = low + marginStart
            }
        }
        return position
    }

    /// Where an absolutely positioned child of `p` sits when it has no insets (Flexbox §4.1; in a
    /// block container, CSS 2.1 §10.3.7 and §10.6.4: at the inline-start content edge, its top
    /// where it would be in flow, ``NodeState/staticY``): as
    /// the sole item of `p` (its auto margins 0): `justify-content` on the main axis (distributed
    /// values as flex-start or center), `align-self` on the cross axis (stretch and baseline as
    /// flex-start); in an overlay, as an overlay child. The share of the free space before the
    /// box on each physical axis: 0 at the left (top) of `p`'s content box, 1 at its right (bottom).
    func staticPlacement(_ c: Int, parent p: Int) -> (horizontal: Double, vertical: Double) {
        let dir = nodes[p].direction
        // In block flow: at the inline-start content edge, on the line it would take in flow.
        if isBlockContainer(p) { return (dir == .rtl ? 1 : 0, 0) }
        if styles[p].display == .overlay {
            func share(_ placement: OverlayPlacement) -> Double { placement.offset(1) }
            return (share(overlayPlacement(p, c, horizontal: true, dir)), share(overlayPlacement(p, c, horizontal: false, dir)))
        }
        let flow = Flow(styles[p].flexDirection, styles[p].flexWrap, dir)
        let writingStartIsMainStart = flow.mainWritingStart == flow.mainStart
        // The share measured from the main-start (cross-start) edge.
        let main: Double = switch styles[p].justifyContent {
        case .flexStart, .spaceBetween: 0
        case .flexEnd: 1
        case .center, .spaceAround, .spaceEvenly: 0.5
        case .start: writingStartIsMainStart ? 0 : 1
        case .end: writingStartIsMainStart ? 1 : 0
        case .left: flow.isRow ? (flow.mainStart == .left ? 0 : 1) : (writingStartIsMainStart ? 0 : 1)
        case .right: flow.isRow ? (flow.mainStart == .left ? 1 : 0) : (writingStartIsMainStart ? 0 : 1)
        }
        let cross: Double = switch resolveAlign(c, p, flow, nodes[c].direction).0 {
        case .start, .stretch: 0
        case .baseline: flow.crossWritingStart == flow.crossStart ? 0 : 1
        case .end: 1
        case .center: 0.5
        }
        func physical(_ share: Double, from edge: Edge) -> Double { edge == .left || edge == .top ? share : 1 - share }
        return flow.isRow ? (physical(main, from: flow.mainStart), physical(cross, from: flow.crossStart))
            : (physical(cross, from: flow.crossStart), physical(main, from: flow.mainStart))
    }
}
