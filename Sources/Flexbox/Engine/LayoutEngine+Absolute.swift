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
        if horizontalStatic {
            if parentDirection == .rtl { imcbRight = parentX + nodes[p].width - ppb.right } else { imcbLeft = parentX + ppb.left }
        }
        var imcbTop = cbBorder.top + top.orZero
        let imcbBottom = cbBottom - bottom.orZero
        if verticalStatic { imcbTop = parentY + ppb.top }
        if imcbRight < imcbLeft {
            if cbDirection == .rtl { imcbLeft = imcbRight } else { imcbRight = imcbLeft }
        }
        let imcbWidth = imcbRight - imcbLeft, imcbHeight = Swift.max(0, imcbBottom - imcbTop)
        let verticalAlign = absoluteAlignment(c)

        // Sizes: a width or height of its own wins, then one the other gives through the aspect
        // ratio, then one stretched between two insets, then the content's.
        let minHeight = Swift.max(minSize(c, horizontal: false, cbHeight, pb.vertical), pb.vertical)
        let maxHeight = maxSize(c, horizontal: false, cbHeight, pb.vertical)
        let ownHeight = preferredSize(c, horizontal: false, cbHeight, pb.vertical)
        let hasRatio = styles[c].aspectRatio != nil
        let available = imcbWidth - m.horizontal
        let content = ratioWidths(c, intrinsicWidths(c, parentDirection, cbWidth: cbWidth), height: ownHeight,
                                  minHeight: minHeight, maxHeight: maxHeight, pb: pb)
        var width = keywordWidth(styles[c].width, content, available: available) ?? borderBox(styles[c].width, cbWidth, c, pb.horizontal)
        if width.isNaN {
            if hasRatio, ownHeight.isDefined {
                width = widthFromHeight(c, ownHeight.clamped(min: minHeight, max: maxHeight), pb.horizontal, pb.vertical)
            } else if left.isDefined, right.isDefined {
                width = available
            } else {
                width = Swift.min(content.maxContent, Swift.max(content.minContent, available))
            }
        }
        let lowerWidth = keywordWidth(styles[c].minWidth, content, available: available) ?? borderBox(styles[c].minWidth, cbWidth, c, pb.horizontal)
        let upperWidth = keywordWidth(styles[c].maxWidth, content, available: available) ?? borderBox(styles[c].maxWidth, cbWidth, c, pb.horizontal)
        width = width.clamped(min: Swift.max(lowerWidth.orZero, pb.horizontal), max: upperWidth)
        var height = ownHeight
        if height.isNaN, !hasRatio, top.isDefined, bottom.isDefined, styles[c].height == .auto, verticalAlign == .stretch {
            height = imcbHeight - m.vertical
        }
        if height.isDefined { height = height.clamped(min: minHeight, max: maxHeight) }

        let out = layoutBox(c, BoxInput(width: width, height: height, heightIsDefinite: height.isDefined,
                                        cbWidth: cbWidth, cbHeight: cbHeight),
                            parentDirection: parentDirection, final: true)
        height = out.height

        let staticOrigin = staticPosition(c, parent: p, width: width, height: height, margins: m)
        var x: Double, y: Double
        if horizontalStatic {
            x = parentX + staticOrigin.0
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
            y = parentY + staticOrigin.1
        } else if top.isDefined, bottom.isDefined {
            y = place(imcbTop, imcbHeight, size: height, &m.top, &m.bottom, autoStart: marginIsAuto(c, .top, dir),
                      autoEnd: marginIsAuto(c, .bottom, dir), align: verticalAlign, explicit: styles[c].alignSelf != .auto,
                      region: (cbBorder.top, cbBottom))
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
        case .auto, .stretch: .stretch
        case .flexStart, .start, .selfStart, .baseline: .start
        case .center: .center
        case .flexEnd, .end, .selfEnd: .end
        }
    }

    /// The start of a box of `size` on one axis of its inset-modified containing block at
    /// `start` (`length`, 0 when the insets overlap): auto margins take positive free space,
    /// else the box is aligned. With an `explicit` alignment (not `normal`), a margin box that
    /// overflows the space is moved back within the union of the space and the containing
    /// block's `region` when it fits there, and put at the union's start when it does not (as
    /// Chromium); `normal` keeps CSS 2's rule, the start inset wins.
    private func place(_ start: Double, _ length: Double, size: Double, _ marginStart: inout Double, _ marginEnd: inout Double,
                       autoStart: Bool, autoEnd: Bool, align: AbsoluteAlign, explicit: Bool, region: (Double, Double)) -> Double {
        let free = length - size - marginStart - marginEnd
        if free > 0, autoStart || autoEnd {
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

    /// Where an absolutely positioned child of `p` sits when it has no insets (Flexbox §4.1): as
    /// the sole item of `p` (its auto margins 0): `justify-content` on the main axis (distributed
    /// values as flex-start or center), `align-self` on the cross axis (stretch and baseline as
    /// flex-start). In an overlay, as an overlay child. Relative to `p`'s border box.
    func staticPosition(_ c: Int, parent p: Int, width: Double, height: Double, margins m: ResolvedEdges) -> (Double, Double) {
        let dir = nodes[p].direction
        let pb = boxes[p].padding + boxes[p].border
        let innerWidth = nodes[p].width - pb.horizontal, innerHeight = nodes[p].height - pb.vertical
        let outerWidth = width + m.horizontal, outerHeight = height + m.vertical
        if styles[p].display == .overlay {
            let h = overlayPlacement(p, c, horizontal: true, dir)
            let v = overlayPlacement(p, c, horizontal: false, dir)
            return (pb.left + m.left + h.offset(innerWidth - outerWidth), pb.top + m.top + v.offset(innerHeight - outerHeight))
        }
        let flow = Flow(styles[p].flexDirection, styles[p].flexWrap, dir)
        let mainFree = (flow.isRow ? innerWidth - outerWidth : innerHeight - outerHeight)
        let crossFree = (flow.isRow ? innerHeight - outerHeight : innerWidth - outerWidth)
        let writingStartIsMainStart = flow.mainWritingStart == flow.mainStart
        let mainLead: Double = switch styles[p].justifyContent {
        case .flexStart, .spaceBetween: 0
        case .flexEnd: mainFree
        case .center, .spaceAround, .spaceEvenly: mainFree / 2
        case .start: writingStartIsMainStart ? 0 : mainFree
        case .end: writingStartIsMainStart ? mainFree : 0
        case .left: !flow.isRow || flow.mainStart == .left ? 0 : mainFree
        case .right: flow.isRow && flow.mainStart == .left ? mainFree : 0
        }
        let (align, _) = resolveAlign(c, p, flow, nodes[c].direction)
        let crossLead: Double = switch align {
        case .start, .stretch, .baseline: 0
        case .end: crossFree
        case .center: crossFree / 2
        }
        let mainOffset = pb[flow.mainStart] + mainLead + m[flow.mainStart]
        let crossOffset = pb[flow.crossStart] + crossLead + m[flow.crossStart]
        if flow.isRow {
            return (physical(mainOffset, from: flow.mainStart, size: width, containerSize: nodes[p].width),
                    physical(crossOffset, from: flow.crossStart, size: height, containerSize: nodes[p].height))
        }
        return (physical(crossOffset, from: flow.crossStart, size: width, containerSize: nodes[p].width),
                physical(mainOffset, from: flow.mainStart, size: height, containerSize: nodes[p].height))
    }
}
