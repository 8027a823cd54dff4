/// The flex container algorithm (CSS Flexible Box Layout §9), for a container whose width is known.
extension LayoutEngine {
    /// Lays out flex container `n` at `input` and returns its height and first baseline; a final
    /// layout also lays out and places its items.
    func layoutFlex(_ n: Int, _ dir: LayoutDirection, _ input: BoxInput, final: Bool) -> BoxOutput {
        let style = styles[n]
        let flow = Flow(style.flexDirection, style.flexWrap, dir)
        let isRow = flow.isRow
        let multiLine = style.flexWrap != .nowrap
        let pb = paddingAndBorder(n, dir, input.cbWidth)
        let innerWidth = Swift.max(0, input.width - pb.horizontal)
        let givenInnerHeight = input.height.isDefined ? Swift.max(0, input.height - pb.vertical) : Double.nan
        var percentHeight = input.heightIsDefinite ? givenInnerHeight : .nan
        var stretchHeight = percentHeight
        // The height the aspect ratio gives, when no definite height is given.
        let ratioHeight = (input.height.isNaN || !input.heightIsDefinite) && input.usesRatio
            ? heightFromWidth(n, input.width, pb.horizontal, pb.vertical) : Double.nan
        // A height from the aspect ratio is definite: items stretch to it and percentages resolve
        // against it, though the content may still make the box taller (as Chromium).
        if input.clampsHeight, ratioHeight.isDefined {
            percentHeight = Swift.max(0, ratioHeight.clamped(min: minSize(n, horizontal: false, input.cbHeight, pb.vertical),
                                                             max: maxSize(n, horizontal: false, input.cbHeight, pb.vertical)) - pb.vertical)
            stretchHeight = percentHeight
        }
        if input.percentBasis.isDefined {
            percentHeight = Swift.max(0, input.percentBasis - pb.vertical)
            stretchHeight = percentHeight
        }
        let context = ItemContext(container: n, direction: dir, flow: flow, multiLine: multiLine, innerWidth: innerWidth,
                                  innerHeight: givenInnerHeight, percentHeight: percentHeight, stretchHeight: stretchHeight)

        // Gaps: between items on the main axis, between lines on the cross axis; a percentage of an
        // indefinite height is 0.
        let mainGap = isRow ? gap(n, horizontal: true, innerWidth) : gap(n, horizontal: false, percentHeight)
        let crossGap = isRow ? gap(n, horizontal: false, percentHeight) : gap(n, horizontal: true, innerWidth)

        // §9.1–9.2: items, flex base sizes, hypothetical main sizes.
        var count = 0
        for c in children(n) where isInFlow(c) { count += 1 }
        let first = items.push(count)
        defer { items.pop(to: first) }
        let end = first + count
        var index = first
        for c in children(n) where isInFlow(c) {
            resolveItem(index, c, context)
            index += 1
        }

        // §9.3: lines, in the inner main size (a column of unknown height breaks at its max height).
        var innerMain = isRow ? innerWidth : givenInnerHeight
        // A column of unknown height breaks at the height its style or ratio gives, else its max height.
        var limit = preferredSize(n, horizontal: false, input.cbHeight, pb.vertical)
        if limit.isNaN { limit = maxSize(n, horizontal: false, input.cbHeight, pb.vertical) }
        // (Asked for its content height, a ratio box still breaks at the height its ratio gives.)
        var ratioMain = stretchHeight
        if !isRow, ratioMain.isNaN, input.height.isNaN, ratioHeight.isDefined { ratioMain = Swift.max(0, ratioHeight - pb.vertical) }
        let breakAt = innerMain.isDefined ? innerMain
            : (ratioMain.isDefined ? ratioMain : (limit.isDefined ? Swift.max(0, limit - pb.vertical) : .infinity))
        let lineFirst = lines.push(Swift.max(count, 1))
        defer { lines.pop(to: lineFirst) }
        let lineCount = collectLines(first, end, lineFirst: lineFirst, multiLine: multiLine, available: breakAt, gap: mainGap)
        let lineEnd = lineFirst + lineCount

        // §9.2 step 4: a column's main size from its content when its height is not given.
        if innerMain.isNaN {
            var content = 0.0
            for l in lineFirst..<lineEnd { content = Swift.max(content, hypotheticalLength(lines.buffer[l], gap: mainGap)) }
            innerMain = contentHeight(n, content + pb.vertical, input, pb) - pb.vertical
        }

        // §9.7, then §9.4 step 7: flexible lengths and hypothetical cross sizes.
        for l in lineFirst..<lineEnd {
            resolveFlexibleLengths(lines.buffer[l], innerMain: innerMain, gap: mainGap, context)
        }
        for i in first..<end { hypotheticalCross(i, context) }

        // §9.4 steps 8–9 and 15: line cross sizes, the container's cross size, align-content: stretch.
        for l in lineFirst..<lineEnd { lineCrossSize(l, context, input: input, pb: pb) }
        if !isRow, multiLine {
            for l in lineFirst..<lineEnd { refitToLine(lines.buffer[l], context) }
        }
        var innerCross = isRow ? givenInnerHeight : innerWidth
        if innerCross.isNaN {
            var content = 0.0
            for l in lineFirst..<lineEnd { content += lines.buffer[l].cross }
            content += crossGap * Double(Swift.max(0, lineCount - 1))
            innerCross = contentHeight(n, content + pb.vertical, input, pb) - pb.vertical
        }
        if multiLine {
            distributeLines(n, flow, lineFirst, lineEnd, innerCross: innerCross, gap: crossGap, start: pb[flow.crossStart])
        } else if lineCount > 0 {
            lines.buffer[lineFirst].position = pb[flow.crossStart]
        }

        // §9.4 step 11, §9.5–9.6: stretched cross sizes, main-axis and cross-axis alignment.
        for l in lineFirst..<lineEnd {
            let line = lines.buffer[l]
            for i in line.first..<line.end where items.buffer[i].stretches {
                let item = items.buffer + i
                items.buffer[i].cross = ((line.stretchCross < 0 ? line.stretchCross : line.cross) - item.pointee.marginCrossStart - item.pointee.marginCrossEnd)
                    .clamped(min: Swift.max(item.pointee.minCross, item.pointee.pbCross), max: item.pointee.maxCross)
            }
            justify(n, flow, line, innerMain: innerMain, gap: mainGap, start: pb[flow.mainStart])
            alignInLine(line, flow)
        }

        let width = input.width
        let height = isRow ? innerCross + pb.vertical : innerMain + pb.vertical
        var baseline = Double.nan
        if final {
            for i in first..<end { placeItem(i, context, width: width, height: height) }
        }
        if count > 0 { baseline = containerBaseline(lineFirst, lineEnd, context, width: width, height: height, final: final) }
        return BoxOutput(height: height, baseline: baseline)
    }
}
