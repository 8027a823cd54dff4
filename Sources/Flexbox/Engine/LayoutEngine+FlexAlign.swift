/// §9.4–9.6: cross sizes, main-axis justification, cross-axis alignment, align-content, and
/// the items' final layout and position.
extension LayoutEngine {
    /// §9.4 step 7: item `i`'s hypothetical cross size at its target main size (a row item's
    /// height from its layout when it has no definite one; a column item's width was fitted
    /// before, or follows its height through its aspect ratio), and a row item's baseline.
    func hypotheticalCross(_ i: Int, _ x: ItemContext) {
        let item = items.buffer + i
        let c = item.pointee.node
        if !x.flow.isRow, styles[c].aspectRatio != nil, isIntrinsicKeyword(styles[c].minWidth) || isIntrinsicKeyword(styles[c].maxWidth),
           x.percentHeight.isDefined || item.pointee.mainIsDefinite {
            // A ratio item's keyword min or max width is the width its definite flexed height gives.
            let pb = paddingAndBorder(c, nodes[c].direction, x.innerWidth)
            let w = widthFromHeight(c, item.pointee.target, pb.horizontal, pb.vertical)
            if isIntrinsicKeyword(styles[c].minWidth) { item.pointee.minCross = Swift.max(w, item.pointee.pbCross) }
            if isIntrinsicKeyword(styles[c].maxWidth) { item.pointee.maxCross = w }
        }
        if x.flow.isRow {
            // Keyword min/max heights are the content's height at the item's width.
            if isContentHeightBound(styles[c].minHeight) || isContentHeightBound(styles[c].maxHeight) {
                let pb = paddingAndBorder(c, nodes[c].direction, x.innerWidth)
                var content = heightFromWidth(c, item.pointee.target, pb.horizontal, pb.vertical)
                if content.isNaN {
                    content = keywordHeightBound(c, width: item.pointee.target, basis: item.pointee.definiteCross,
                                                 cbWidth: x.innerWidth, cbHeight: x.percentHeight, parentDirection: x.direction)
                }
                if isContentHeightBound(styles[c].minHeight) { item.pointee.minCross = content }
                if isContentHeightBound(styles[c].maxHeight) { item.pointee.maxCross = content }
                if item.pointee.definiteCross.isDefined {
                    item.pointee.unclampedCross = item.pointee.definiteCross
                    item.pointee.definiteCross = item.pointee.definiteCross.clamped(min: item.pointee.minCross, max: item.pointee.maxCross)
                }
            }
            let definite = item.pointee.definiteCross.isDefined
            let input = BoxInput(width: item.pointee.target, height: item.pointee.definiteCross, heightIsDefinite: definite,
                                 cbWidth: x.innerWidth, cbHeight: x.percentHeight)
            if definite {
                item.pointee.cross = item.pointee.definiteCross
                if item.pointee.isBaselineAligned {
                    item.pointee.ascent = layoutBox(c, input, parentDirection: x.direction, final: false).baseline
                }
            } else {
                let out = layoutBox(c, input, parentDirection: x.direction, final: false)
                item.pointee.cross = out.height
                item.pointee.contentCross = out.height
                item.pointee.ascent = out.baseline
            }
        } else if styles[c].aspectRatio != nil, isIntrinsicKeyword(styles[c].width) {
            // A keyword width of a ratio box: the width its flexed height gives.
            let pb = paddingAndBorder(c, nodes[c].direction, x.innerWidth)
            items.buffer[i].cross = widthFromHeight(c, item.pointee.target, pb.horizontal, pb.vertical)
                .clamped(min: item.pointee.minCross, max: item.pointee.maxCross)
            items.buffer[i].definiteCross = items.buffer[i].cross
        } else if item.pointee.definiteCross.isNaN, styles[c].width == .auto, !item.pointee.stretches || x.multiLine,
                  styles[c].aspectRatio != nil {
            let pb = paddingAndBorder(c, nodes[c].direction, x.innerWidth)
            var width = widthFromHeight(c, item.pointee.target, pb.horizontal, pb.vertical)
            if !item.pointee.stretches || x.multiLine, styles[c].minWidth == .auto, !isScrollContainer(c),
               !preferredSize(c, horizontal: false, x.percentHeight, pb.vertical).isNaN {
                width = Swift.max(width, intrinsicWidths(c, x.direction, cbWidth: x.innerWidth).minContent)
            }
            items.buffer[i].cross = width.clamped(min: item.pointee.minCross, max: item.pointee.maxCross)
        } else if isIntrinsicKeyword(styles[c].width)
                    || (item.pointee.definiteCross.isNaN && styles[c].width == .auto && (!item.pointee.stretches || x.multiLine)),
                  x.percentHeight.isDefined || item.pointee.mainIsDefinite, widthFollowsHeight(c) || hasHeightDependentBelow(c) {
            // A definite flexed height reaches the widths of ratio boxes and wrapping columns
            // inside: an auto or keyword width is its content's as laid out at that height (as Chromium).
            let available = x.innerWidth - item.pointee.marginCrossStart - item.pointee.marginCrossEnd
            let content = intrinsicWidths(c, x.direction, cbWidth: x.innerWidth, ownHeight: item.pointee.target, cbHeight: x.percentHeight)
            let width = (keywordWidth(styles[c].width, content, available: available) ?? content.fitting(available))
                .clamped(min: item.pointee.minCross, max: item.pointee.maxCross)
            items.buffer[i].cross = width
            if isIntrinsicKeyword(styles[c].width) { items.buffer[i].definiteCross = width }
        }
    }

    /// What item `i` is laid out with once its line is placed: its main size and its cross size (a
    /// row item's height only when it is definite or stretched; otherwise its content decides, as
    /// it did for its hypothetical cross size).
    func itemInput(_ i: Int, _ x: ItemContext) -> BoxInput {
        let item = items.buffer + i
        if x.flow.isRow {
            // A ratio box stretched to the height its own layout gave keeps that layout (Chromium
            // lays it out again only when the stretch changes its size).
            if item.pointee.stretches, item.pointee.definiteCross.isNaN, styles[item.pointee.node].aspectRatio != nil,
               item.pointee.cross == item.pointee.contentCross {
                return BoxInput(width: item.pointee.target, height: .nan, heightIsDefinite: false,
                                cbWidth: x.innerWidth, cbHeight: x.percentHeight)
            }
            let fixed = item.pointee.definiteCross.isDefined || item.pointee.stretches
            var input = BoxInput(width: item.pointee.target, height: fixed ? item.pointee.cross : .nan, heightIsDefinite: fixed,
                                 cbWidth: x.innerWidth, cbHeight: x.percentHeight)
            if item.pointee.definiteCross.isDefined { input.percentBasis = item.pointee.unclampedCross }
            return input
        }
        // A flexed height is definite when the container's height is (§9.8), or the item's own is.
        return BoxInput(width: item.pointee.cross, height: item.pointee.target, heightIsDefinite: x.percentHeight.isDefined || item.pointee.mainIsDefinite,
                        cbWidth: x.innerWidth, cbHeight: x.percentHeight)
    }

    /// An item's distance from its cross-start margin edge to its baseline. In a row, its first
    /// baseline (synthesized at the bottom border edge when it has none); in a column, whose
    /// items have no baseline across it, one synthesized at the line-left border edge (as Chromium).
    func baselineDistance(_ item: UnsafeMutablePointer<FlexItem>, _ flow: Flow) -> Double {
        let ascent = flow.isRow ? (item.pointee.ascent.isDefined ? item.pointee.ascent : item.pointee.cross) : 0
        let fromNearEdge = flow.crossStart == .top || flow.crossStart == .left
        return item.pointee.marginCrossStart + (fromNearEdge ? ascent : item.pointee.cross - ascent)
    }

    /// §9.4 step 8: line `l`'s cross size: a single line in a container of known cross size
    /// takes it; otherwise the largest outer hypothetical cross size, or the baseline group's
    /// ascent plus descent; a single line is clamped by the container's min/max cross size.
    func lineCrossSize(_ l: Int, _ x: ItemContext, input: BoxInput, pb: ResolvedEdges) {
        var line = lines.buffer[l]
        // A baseline group's ascent and descent may be negative (a baseline below the box).
        var maxOuter = -Double.infinity, maxAscent = -Double.infinity, maxDescent = -Double.infinity
        for i in line.first..<line.end {
            let item = items.buffer + i
            if item.pointee.isBaselineAligned {
                let a = baselineDistance(item, x.flow)
                maxAscent = Swift.max(maxAscent, a)
                maxDescent = Swift.max(maxDescent, item.pointee.outerCross - a)
            } else {
                maxOuter = Swift.max(maxOuter, item.pointee.outerCross)
            }
        }
        let group = maxAscent.isFinite ? maxAscent + maxDescent : -Double.infinity
        line.maxAscent = maxAscent.isFinite ? maxAscent : 0
        // Negative margins can make it negative (an empty line is 0).
        if !maxOuter.isFinite, !maxAscent.isFinite { maxOuter = 0 }
        if !x.multiLine, x.knownCross.isDefined {
            line.cross = x.knownCross
        } else {
            line.cross = Swift.max(maxOuter, group)
            if !x.multiLine, x.flow.isRow {
                line.cross = contentHeight(x.container, line.cross + pb.vertical, input, pb) - pb.vertical
            }
        }
        // A single line keeps a negative size for its stretched items; lines of a multi-line
        // container take no less than 0 (as Chromium).
        line.stretchCross = x.multiLine ? 0 : Swift.min(line.cross, 0)
        line.cross = Swift.max(line.cross, 0)
        lines.buffer[l] = line
    }

    /// In a multi-line column, an item whose width fits its content is fitted again in its line's
    /// cross size rather than the container's width (as Chromium; the line does not grow).
    func refitToLine(_ line: FlexLine, _ x: ItemContext) {
        for i in line.first..<line.end {
            let item = items.buffer + i
            let c = item.pointee.node
            // (A fit-content width, too, fits the line.)
            let fits = styles[c].width == .fitContent || (item.pointee.definiteCross.isNaN && styles[c].width == .auto)
            guard !item.pointee.stretches, fits, styles[c].aspectRatio == nil else { continue }
            // (At its flexed height when that is definite, as ``hypotheticalCross(_:_:)``.)
            let knownHeight = x.percentHeight.isDefined || item.pointee.mainIsDefinite ? item.pointee.target : Double.nan
            let content = intrinsicWidths(c, x.direction, cbWidth: x.innerWidth, ownHeight: knownHeight, cbHeight: x.percentHeight)
            let available = line.cross - item.pointee.marginCrossStart - item.pointee.marginCrossEnd
            items.buffer[i].cross = content.fitting(available)
                .clamped(min: item.pointee.minCross, max: item.pointee.maxCross)
            if item.pointee.definiteCross.isDefined { items.buffer[i].definiteCross = items.buffer[i].cross }
        }
    }

    /// §9.4 step 9 and §9.6 step 16: `align-content` in a multi-line container: stretches the
    /// lines into free space, then places them (space-between falls back to flex-start when
    /// there is one line or the lines overflow, space-around and space-evenly to safe center; `safe`
    /// aligns overflowing lines to the start).
    func distributeLines(_ n: Int, _ flow: Flow, _ lineFirst: Int, _ lineEnd: Int, innerCross: Double, gap: Double, start: Double) {
        let count = lineEnd - lineFirst
        guard count > 0 else { return }
        var total = gap * Double(count - 1)
        for l in lineFirst..<lineEnd { total += lines.buffer[l].cross }
        var free = innerCross - total
        let alignContent = styles[n].alignContent
        if alignContent == .stretch, free > 0 {
            for l in lineFirst..<lineEnd { lines.buffer[l].cross += free / Double(count) }
            free = 0
        }
        var lead = 0.0, between = gap
        let k = Double(count)
        let writingStart = flow.crossWritingStart == flow.crossStart ? 0 : free
        switch alignContent {
        case .flexStart, .stretch: break
        case .flexEnd: lead = free
        case .center: lead = free / 2
        case .spaceBetween: if free > 0, count > 1 { between += free / (k - 1) }
        case .spaceAround: if free > 0 { lead = free / k / 2; between += free / k }
        case .spaceEvenly: if free > 0 { lead = free / (k + 1); between += free / (k + 1) }
        case .start: lead = writingStart
        case .end: lead = flow.crossWritingStart == flow.crossStart ? free : 0
        }
        // Overflowing lines: space-between falls back to flex-start, space-around and space-evenly
        // to safe center, and safe aligns to the start.
        if free < 0, alignContent == .spaceBetween {
            lead = 0
        } else if free < 0, styles[n].safe.contains(.alignContent) || alignContent == .spaceAround || alignContent == .spaceEvenly {
            lead = writingStart
            between = gap
        }
        var position = start + lead
        for l in lineFirst..<lineEnd {
            lines.buffer[l].position = position
            position += lines.buffer[l].cross + between
        }
    }

    /// §9.5: places a line's items on the main axis: positive free space goes to auto margins,
    /// else `justify-content` shares it (space-between falls back to flex-start, space-around and space-evenly to safe center, when it is negative; `safe` aligns an overflowing line to the start).
    func justify(_ n: Int, _ flow: Flow, _ line: FlexLine, innerMain: Double, gap: Double, start: Double) {
        let count = line.end - line.first
        guard count > 0 else { return }
        var used = gap * Double(count - 1)
        var autoMargins = 0
        for i in line.first..<line.end {
            let item = items.buffer + i
            used += item.pointee.outerTarget
            if item.pointee.autoMainStart { autoMargins += 1 }
            if item.pointee.autoMainEnd { autoMargins += 1 }
        }
        let free = innerMain - used
        var lead = 0.0, between = gap
        if free > 0, autoMargins > 0 {
            let share = free / Double(autoMargins)
            for i in line.first..<line.end {
                if items.buffer[i].autoMainStart { items.buffer[i].marginMainStart += share }
                if items.buffer[i].autoMainEnd { items.buffer[i].marginMainEnd += share }
            }
        } else {
            let writingStartIsMainStart = flow.mainWritingStart == flow.mainStart
            switch styles[n].justifyContent {
            case .flexStart: break
            case .flexEnd: lead = free
            case .center: lead = free / 2
            case .spaceBetween, .spaceAround, .spaceEvenly: (lead, between) = distribute(styles[n].justifyContent, free, count, gap)
            case .start: lead = writingStartIsMainStart ? 0 : free
            case .end: lead = writingStartIsMainStart ? free : 0
            // On a column's main axis, left and right are start.
            case .left: lead = flow.isRow ? (flow.mainStart == .left ? 0 : free) : (writingStartIsMainStart ? 0 : free)
            case .right: lead = flow.isRow ? (flow.mainStart == .left ? free : 0) : (writingStartIsMainStart ? 0 : free)
            }
            // An overflowing line: space-between falls back to flex-start, space-around and
            // space-evenly to safe center, and safe aligns to the start.
            let justifyContent = styles[n].justifyContent
            if free < 0, styles[n].safe.contains(.justifyContent) || justifyContent == .spaceAround || justifyContent == .spaceEvenly {
                lead = writingStartIsMainStart ? 0 : free
                between = gap
            }
        }
        var position = start + lead
        for i in line.first..<line.end {
            position += items.buffer[i].marginMainStart
            items.buffer[i].mainPosition = position
            position += items.buffer[i].target + items.buffer[i].marginMainEnd + between
        }
    }

    /// The leading space and the space between `count` items of space-between, space-around or
    /// space-evenly in `free` positive space (one item: space-between is flex-start, the others center).
    func distribute(_ j: JustifyContent, _ free: Double, _ count: Int, _ gap: Double) -> (Double, Double) {
        guard free > 0 else { return (0, gap) }
        let k = Double(count)
        switch j {
        case .spaceBetween: return (0, count > 1 ? gap + free / (k - 1) : gap)
        case .spaceAround: return (free / k / 2, gap + free / k)
        default: return (free / (k + 1), gap + free / (k + 1))
        }
    }

    /// §9.6 steps 13–14: places each item of a line on the cross axis: positive free space goes
    /// to auto cross margins (an overflowing item with an auto cross-start margin sits at the
    /// start), else `align-self` (stretched items were sized to the line).
    func alignInLine(_ line: FlexLine, _ flow: Flow) {
        for i in line.first..<line.end {
            let item = items.buffer + i
            let free = line.cross - item.pointee.outerCross
            var offset: Double
            if item.pointee.autoCrossStart || item.pointee.autoCrossEnd {
                if free > 0 {
                    if item.pointee.autoCrossStart, item.pointee.autoCrossEnd {
                        item.pointee.marginCrossStart += free / 2
                        item.pointee.marginCrossEnd += free / 2
                    } else if item.pointee.autoCrossStart {
                        item.pointee.marginCrossStart += free
                    } else {
                        item.pointee.marginCrossEnd += free
                    }
                }
                offset = item.pointee.marginCrossStart
            } else {
                switch item.pointee.align {
                case .start, .stretch: offset = item.pointee.marginCrossStart
                case .end: offset = line.cross - item.pointee.cross - item.pointee.marginCrossEnd
                case .center: offset = item.pointee.marginCrossStart + free / 2
                case .baseline: offset = line.maxAscent - baselineDistance(item, flow) + item.pointee.marginCrossStart
                }
                if item.pointee.safe, free < 0 { offset = item.pointee.marginCrossStart }
            }
            item.pointee.crossPosition = line.position + offset
        }
    }
}

/// The items' final layout and position, and the container's baseline.
extension LayoutEngine {
    /// Lays item `i` out for good and places its border box in the container (of border-box
    /// `width` × `height`), moved by its relative offset.
    func placeItem(_ i: Int, _ x: ItemContext, width: Double, height: Double) {
        let input = itemInput(i, x)
        let out = layoutBox(items.buffer[i].node, input, parentDirection: x.direction, final: true)
        items.buffer[i].ascent = out.baseline
        let item = items.buffer + i
        let c = item.pointee.node
        let flow = x.flow
        let (px, py) = physicalOrigin(item, flow, width: width, height: height)
        let (dx, dy) = relativeOffset(c, x.direction, x.innerWidth, x.percentHeight)
        nodes[c].x = px + dx
        nodes[c].y = py + dy
        var m = ResolvedEdges.zero
        m[flow.mainStart] = item.pointee.marginMainStart
        m[flow.mainEnd] = item.pointee.marginMainEnd
        m[flow.crossStart] = item.pointee.marginCrossStart
        m[flow.crossEnd] = item.pointee.marginCrossEnd
        boxes[c].margin = m
    }

    /// An item's border-box origin in the container's border box, from its flow offsets.
    func physicalOrigin(_ item: UnsafeMutablePointer<FlexItem>, _ flow: Flow, width: Double, height: Double) -> (Double, Double) {
        let w = flow.isRow ? item.pointee.target : item.pointee.cross
        let h = flow.isRow ? item.pointee.cross : item.pointee.target
        if flow.isRow {
            return (physical(item.pointee.mainPosition, from: flow.mainStart, size: w, containerSize: width),
                    physical(item.pointee.crossPosition, from: flow.crossStart, size: h, containerSize: height))
        }
        return (physical(item.pointee.crossPosition, from: flow.crossStart, size: w, containerSize: width),
                physical(item.pointee.mainPosition, from: flow.mainStart, size: h, containerSize: height))
    }

    /// §8.5: the container's first baseline, from its top line (Chromium takes the first in block
    /// order): the shared baseline of its baseline-aligned items, else its topmost item's baseline
    /// (synthesized at its bottom border edge when it has none).
    func containerBaseline(_ lineFirst: Int, _ lineEnd: Int, _ x: ItemContext, width: Double, height: Double, final: Bool) -> Double {
        // The line at the top (wrap-reverse rows start at the bottom) and its first item in the
        // writing direction (a reversed main axis starts from its last).
        let line = lines.buffer[x.flow.isRow && x.flow.crossStart == .bottom ? lineEnd - 1 : lineFirst]
        var chosen = x.flow.mainStart != x.flow.mainWritingStart ? line.end - 1 : line.first
        if x.flow.isRow {
            for i in line.first..<line.end where items.buffer[i].isBaselineAligned {
                chosen = i
                break
            }
        }
        if !final {
            items.buffer[chosen].ascent = layoutBox(items.buffer[chosen].node, itemInput(chosen, x),
                                                    parentDirection: x.direction, final: false).baseline
        }
        let item = items.buffer + chosen
        let (_, top) = physicalOrigin(item, x.flow, width: width, height: height)
        let ascent = item.pointee.ascent.isDefined ? item.pointee.ascent : (x.flow.isRow ? item.pointee.cross : item.pointee.target)
        return top + ascent
    }

    /// Whether `n` is a flex container laid out as one row.
    func isSingleLineRow(_ n: Int) -> Bool {
        !isMeasured[n] && styles[n].display == .flex && styles[n].flexWrap == .nowrap
            && (styles[n].flexDirection == .row || styles[n].flexDirection == .rowReverse)
    }
}

/// The offset of a box's left (or top) edge in its container, from its offset along an axis that
/// starts at `edge`.
@inline(__always) func physical(_ offset: Double, from edge: Edge, size: Double, containerSize: Double) -> Double {
    edge == .left || edge == .top ? offset : containerSize - offset - size
}
