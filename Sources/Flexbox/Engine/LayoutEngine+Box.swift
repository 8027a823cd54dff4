/// Laying out one box: the per-call cache in front, then a measured leaf, an overlay, a block or a
/// flex container; and a box's min-content and max-content widths.
extension LayoutEngine {
    /// Lays out `n` with `input` and returns its border-box height and first baseline. A `final`
    /// layout also places its children and records the node's size (its position is its parent's
    /// to set); a measuring one only answers, from the cache when it can.
    func layoutBox(_ n: Int, _ input: BoxInput, parentDirection: LayoutDirection, final: Bool) -> BoxOutput {
        let dir = resolveDirection(n, parentDirection)
        nodes[n].direction = dir
        let key = cacheKey(n, input)
        if final {
            if nodes[n].laidOut, nodes[n].finalInput.matches(key) {
                return BoxOutput(height: nodes[n].height, baseline: nodes[n].finalBaseline)
            }
        } else if nodes[n].cacheBlock >= 0 {
            let block = Int(nodes[n].cacheBlock)
            for i in 0..<Int(nodes[n].cacheCount) where cache[block + i].input.matches(key) {
                return cache[block + i].output
            }
        }
        let output: BoxOutput
        if isMeasured[n] {
            output = layoutLeaf(n, dir, input, final: final)
        } else if styles[n].display == .overlay {
            output = layoutOverlay(n, dir, input, final: final)
        } else if styles[n].display == .block || styles[n].display == .flowRoot {
            output = layoutBlock(n, dir, input, final: final)
        } else {
            output = layoutFlex(n, dir, input, final: final)
        }
        if final {
            nodes[n].finalInput = key
            nodes[n].finalBaseline = output.baseline
            nodes[n].width = input.width
            nodes[n].height = output.height
            nodes[n].laidOut = true
            boxes[n].padding = paddings(n, dir, input.cbWidth)
            boxes[n].border = borders(n, dir)
            if styles[n].position != .static || n == root { layoutAbsoluteDescendants(of: n) }
        } else {
            if nodes[n].cacheBlock < 0 {
                nodes[n].cacheBlock = Int32(cacheUsed.pointee)
                cacheUsed.pointee += Self.cacheSlots
            }
            let slot = Int(nodes[n].nextCacheSlot)
            cache[Int(nodes[n].cacheBlock) + slot] = CacheEntry(input: key, output: output)
            nodes[n].nextCacheSlot = UInt8((slot + 1) % Self.cacheSlots)
            nodes[n].cacheCount = UInt8(Swift.min(Int(nodes[n].cacheCount) + 1, Self.cacheSlots))
        }
        return output
    }

    /// The input with what `n` does not depend on left out, so equal layouts share a cache entry:
    /// the containing block's width matters only for percentage padding, its height only for
    /// percentage min/max heights, definiteness only when a height is given.
    @inline(__always) func cacheKey(_ n: Int, _ input: BoxInput) -> BoxInput {
        var key = input
        if !hasPercentEdges(n) { key.cbWidth = 0 }
        if !isPercent(styles[n].minHeight), !isPercent(styles[n].maxHeight) { key.cbHeight = 0 }
        if key.height.isDefined { key.clampsHeight = true } else if styles[n].aspectRatio == nil { key.heightIsDefinite = false }
        if key.height.isDefined || styles[n].aspectRatio == nil { key.usesRatio = true }
        return key
    }

    /// The height a box's content gives it when its parent does not fix one: `content` (border
    /// box) clamped by its min/max heights (a keyword bound is the content height itself), or
    /// the height its aspect ratio gives its width, floored by the content unless the box scrolls.
    func contentHeight(_ n: Int, _ content: Double, _ input: BoxInput, _ pb: ResolvedEdges) -> Double {
        var h = content
        let fromRatio = input.usesRatio ? heightFromWidth(n, input.width, pb.horizontal, pb.vertical) : .nan
        if fromRatio.isDefined {
            // min-height: auto floors it by the content when its height is auto, or a length a
            // flex container asks the content height beside (its content size suggestion), not
            // when it is a percentage of an indefinite height (as Chromium); an intrinsic keyword
            // height is the larger of the two.
            let heightIsLength = !borderBox(styles[n].height, input.cbHeight, n, pb.vertical).isNaN
            // (Only with min-height auto: a min height of its own replaces the automatic minimum.)
            let floors = styles[n].minHeight == .auto && !isScrollContainer(n)
                && (styles[n].height == .auto || (!input.clampsHeight && heightIsLength) || isIntrinsicKeyword(styles[n].height))
            h = floors ? Swift.max(fromRatio, content) : fromRatio
        }
        guard input.clampsHeight else { return Swift.max(h, pb.vertical) }
        // A keyword bound is the content's height (a ratio box's: the height its ratio gives).
        let intrinsic = fromRatio.isDefined ? fromRatio : content
        let lower = isContentHeightBound(styles[n].minHeight) ? intrinsic : minSize(n, horizontal: false, input.cbHeight, pb.vertical)
        let upper = isContentHeightBound(styles[n].maxHeight) ? intrinsic : maxSize(n, horizontal: false, input.cbHeight, pb.vertical)
        return h.clamped(min: Swift.max(lower, pb.vertical), max: upper)
    }

    /// What an intrinsic keyword min or max height is for `n` at `width`: its content's height,
    /// measured at `basis` when that is the definite height it will have (its children's
    /// percentages resolve against it and its stretched items fill it, as Chromium measures it).
    func keywordHeightBound(_ n: Int, width: Double, basis: Double, cbWidth: Double, cbHeight: Double,
                            parentDirection: LayoutDirection) -> Double {
        var measure = BoxInput(width: width, height: .nan, heightIsDefinite: false, cbWidth: cbWidth, cbHeight: cbHeight,
                               clampsHeight: false)
        measure.percentBasis = basis
        return layoutBox(n, measure, parentDirection: parentDirection, final: false).height
    }

    /// A measured leaf (a text, an image): the measurer sizes its content box at the given width.
    func layoutLeaf(_ n: Int, _ dir: LayoutDirection, _ input: BoxInput, final: Bool) -> BoxOutput {
        let pb = paddingAndBorder(n, dir, input.cbWidth)
        let contentWidth = Swift.max(0, input.width - pb.horizontal)
        var height = input.height
        if height.isNaN {
            let size = measurer.pointee.measure(FlexTree.NodeID(n), width: contentWidth, widthMode: .exactly,
                                                height: .infinity, heightMode: .undefined)
            height = contentHeight(n, Self.sanitizeMeasured(size.height) + pb.vertical, input, pb)
        }
        let content = FlexSize(width: contentWidth, height: Swift.max(0, height - pb.vertical))
        var baseline = Double.nan
        if let b = measurer.pointee.baseline(FlexTree.NodeID(n), size: content), b.isFinite {
            baseline = pb.top + Swift.min(Swift.max(b, -StyleSanitizer.maxMagnitude), StyleSanitizer.maxMagnitude)
        }
        return BoxOutput(height: height, baseline: baseline)
    }

    /// A measured length made safe: non-finite or negative is 0, huge is clamped.
    static func sanitizeMeasured(_ v: Double) -> Double {
        v.isFinite && v > 0 ? Swift.min(v, StyleSanitizer.maxMagnitude) : 0
    }

    // MARK: Intrinsic widths

    /// The min-content and max-content widths of `n`'s content box: its content alone (its own
    /// `width`, min/max, padding and border do not apply), percentages inside it as 0 (they are
    /// cyclic here). Cached for the call.
    func contentWidths(_ n: Int, _ parentDirection: LayoutDirection) -> IntrinsicWidths {
        if intrinsic[n].minContent.isDefined { return intrinsic[n] }
        let dir = resolveDirection(n, parentDirection)
        var result = IntrinsicWidths(minContent: 0, maxContent: 0)
        if isMeasured[n] {
            let least = measurer.pointee.measure(FlexTree.NodeID(n), width: 0, widthMode: .atMost, height: .infinity, heightMode: .undefined)
            let most = measurer.pointee.measure(FlexTree.NodeID(n), width: .infinity, widthMode: .undefined, height: .infinity, heightMode: .undefined)
            result.minContent = Self.sanitizeMeasured(least.width)
            result.maxContent = Swift.max(result.minContent, Self.sanitizeMeasured(most.width))
        } else if styles[n].display == .overlay {
            for c in children(n) where isInFlow(c) {
                let w = contribution(c, dir, inRow: false, wraps: false)
                result.minContent = Swift.max(result.minContent, w.minContent)
                result.maxContent = Swift.max(result.maxContent, w.maxContent)
            }
        } else if styles[n].display == .block || styles[n].display == .flowRoot {
            result = blockContentWidths(n, dir)
        } else {
            result = flexContentWidths(n, dir)
        }
        intrinsic[n] = result
        return result
    }

    /// The min-content and max-content widths of `n`'s border box, its padding and border
    /// resolved against `cbWidth` (percentages as 0 when NaN). A wrapping column's depend on its
    /// height: `ownHeight` when its parent knows it, else its own against `cbHeight`.
    func intrinsicWidths(_ n: Int, _ parentDirection: LayoutDirection, cbWidth: Double,
                         ownHeight: Double = .nan, cbHeight: Double = .nan) -> IntrinsicWidths {
        var content: IntrinsicWidths
        let isFlex = !isMeasured[n] && styles[n].display == .flex
        let isRow = styles[n].flexDirection == .row || styles[n].flexDirection == .rowReverse
        if isFlex, !isRow, styles[n].flexWrap != .nowrap,
           ownHeight.isDefined || (cbHeight.isDefined && (isPercent(styles[n].height) || isPercent(styles[n].maxHeight))) {
            content = heightedWidths(n, ownHeight: ownHeight, cbHeight: cbHeight, lineHeight: .nan) {
                columnWrapContentWidths(n, resolveDirection(n, parentDirection), ownHeight: ownHeight, cbHeight: cbHeight)
            }
        } else if isFlex, isRow, ownHeight.isDefined,
                  (styles[n].flexWrap == .nowrap && hasStretchedHeightDependentChild(n)) || hasPercentHeightDependentChild(n) {
            // A row of known height gives its stretched items that height (one line) and its
            // percentage heights a basis, which matters to the width of those whose width, or a
            // descendant's, can follow their height.
            let dir = resolveDirection(n, parentDirection)
            let line = Swift.max(0, ownHeight - paddingAndBorder(n, dir, .nan).vertical)
            content = heightedWidths(n, ownHeight: .nan, cbHeight: .nan, lineHeight: line) {
                flexContentWidths(n, dir, lineHeight: line)
            }
        } else if isFlex, !isRow, styles[n].flexWrap == .nowrap, ownHeight.isDefined, hasPercentHeightDependentChild(n) {
            // A single-line column of known height resolves its items' percentage heights, which
            // matters to the width of those whose width can follow their height.
            let dir = resolveDirection(n, parentDirection)
            let inner = Swift.max(0, ownHeight - paddingAndBorder(n, dir, .nan).vertical)
            content = heightedWidths(n, ownHeight: .nan, cbHeight: .nan, lineHeight: inner) {
                flexContentWidths(n, dir, lineHeight: inner)
            }
        } else {
            content = contentWidths(n, parentDirection)
        }
        let pb = paddingAndBorder(n, resolveDirection(n, parentDirection), cbWidth).horizontal
        return IntrinsicWidths(minContent: content.minContent + pb, maxContent: content.maxContent + pb)
    }

    /// Height-dependent content widths, from the node's one cached answer when the heights match.
    @inline(__always) func heightedWidths(_ n: Int, ownHeight: Double, cbHeight: Double, lineHeight: Double,
                                          _ compute: () -> IntrinsicWidths) -> IntrinsicWidths {
        let cached = heightedIntrinsic[n]
        if sameValue(cached.ownHeight, ownHeight), sameValue(cached.cbHeight, cbHeight), sameValue(cached.lineHeight, lineHeight) {
            return cached.widths
        }
        let widths = compute()
        heightedIntrinsic[n] = HeightedWidths(ownHeight: ownHeight, cbHeight: cbHeight, lineHeight: lineHeight, widths: widths)
        return widths
    }

    /// A flex container's content widths, as Chromium computes them: a row sums its items'
    /// contributions (§9.9.3; the min-content of a wrapping row is its widest item's), a column
    /// takes the widest; the gaps between items count in a single line, and between items of a
    /// wrapping row only for the max-content width.
    func flexContentWidths(_ n: Int, _ dir: LayoutDirection, lineHeight: Double = .nan) -> IntrinsicWidths {
        let isRow = styles[n].flexDirection == .row || styles[n].flexDirection == .rowReverse
        let wraps = styles[n].flexWrap != .nowrap
        if !isRow, wraps { return columnWrapContentWidths(n, dir) }
        var result = IntrinsicWidths(minContent: 0, maxContent: 0)
        var count = 0
        for c in children(n) where isInFlow(c) {
            let w = contribution(c, dir, inRow: isRow, wraps: wraps, container: n, lineHeight: lineHeight)
            count += 1
            if !isRow {
                result.minContent = Swift.max(result.minContent, w.minContent)
                result.maxContent = Swift.max(result.maxContent, w.maxContent)
            } else {
                result.minContent = wraps ? Swift.max(result.minContent, w.minContent) : result.minContent + w.minContent
                result.maxContent += w.maxContent
            }
        }
        if isRow, count > 1 {
            let gaps = gap(n, horizontal: true, .nan) * Double(count - 1)
            result.maxContent += gaps
            if !wraps { result.minContent += gaps }
        }
        // No max-content narrower than the min-content (a wrapping row's negative margins).
        result.maxContent = Swift.max(result.maxContent, result.minContent)
        return result
    }

    /// A column line's content widths with its baseline-aligned items: their baselines,
    /// synthesized at their line-left edges, line up, so the line is as wide as the largest
    /// distance before the baseline plus the largest after it (as ``lineCrossSize(_:_:input:pb:)``).
    func columnBaselineWidths(_ n: Int, _ dir: LayoutDirection, _ widths: IntrinsicWidths) -> IntrinsicWidths {
        let flow = Flow(styles[n].flexDirection, styles[n].flexWrap, dir)
        var before = -Double.infinity, after = -Double.infinity
        var result = widths
        for kind in 0..<2 {
            before = -.infinity
            after = -.infinity
            for c in children(n) where isInFlow(c) {
                let cdir = resolveDirection(c, dir)
                guard resolveAlign(c, n, flow, cdir).0 == .baseline,
                      !marginIsAuto(c, .left, cdir), !marginIsAuto(c, .right, cdir) else { continue }
                let m = margins(c, cdir, .nan)
                let outer = kind == 0 ? contribution(c, dir, inRow: false, wraps: false).minContent
                    : contribution(c, dir, inRow: false, wraps: false).maxContent
                let width = outer - m.horizontal
                let start = flow.crossStart == .left ? m.left : m.right + width
                before = Swift.max(before, start)
                after = Swift.max(after, outer - start)
            }
            guard before.isFinite else { return widths }
            if kind == 0 { result.minContent = Swift.max(result.minContent, before + after) }
            else { result.maxContent = Swift.max(result.maxContent, before + after) }
        }
        return result
    }

    /// Whether `c` is an item of row `n` whose height follows the line's (a percentage height, or
    /// auto and stretched with no auto cross margin) and whose width, or a descendant's, can
    /// follow its height (``widthFollowsHeight(_:)``).
    func isStretchedHeightDependentItem(_ c: Int, in n: Int) -> Bool {
        guard n >= 0, isInFlow(c), widthFollowsHeight(c) || hasHeightDependentBelow(c) else { return false }
        if isPercent(styles[c].height) { return true }
        guard styles[c].height == .auto else { return false }
        let dir = nodes[c].direction
        let (align, _) = resolveAlign(c, n, Flow(styles[n].flexDirection, styles[n].flexWrap, dir), dir)
        return align == .stretch && !marginIsAuto(c, .top, dir) && !marginIsAuto(c, .bottom, dir)
    }

    /// Whether a box's width can depend on its height: it has an aspect ratio, or is a wrapping
    /// column (whose lines break at its height).
    @inline(__always) func widthFollowsHeight(_ n: Int) -> Bool {
        styles[n].aspectRatio != nil || (!isMeasured[n] && styles[n].display == .flex && styles[n].flexWrap != .nowrap
            && (styles[n].flexDirection == .column || styles[n].flexDirection == .columnReverse))
    }

    /// Whether an in-flow descendant of `n` ``widthFollowsHeight(_:)`` (found once per call).
    func hasHeightDependentBelow(_ n: Int) -> Bool {
        if nodes[n].heightDependentBelow >= 0 { return nodes[n].heightDependentBelow == 1 }
        var found = false
        for c in children(n) where isInFlow(c) {
            if widthFollowsHeight(c) || hasHeightDependentBelow(c) {
                found = true
                break
            }
        }
        nodes[n].heightDependentBelow = found ? 1 : 0
        return found
    }

    /// Whether `n` has an item with a percentage height (or min/max height) whose width, or a
    /// descendant's, can follow its height.
    func hasPercentHeightDependentChild(_ n: Int) -> Bool {
        children(n).contains {
            isInFlow($0) && (isPercent(styles[$0].height) || isPercent(styles[$0].minHeight) || isPercent(styles[$0].maxHeight))
                && (widthFollowsHeight($0) || hasHeightDependentBelow($0))
        }
    }

    /// Whether row `n` has an item ``isStretchedHeightDependentItem(_:in:)``.
    func hasStretchedHeightDependentChild(_ n: Int) -> Bool {
        children(n).contains { isStretchedHeightDependentItem($0, in: n) }
    }

    /// A wrapping column's content widths, as Chromium computes them: the min-content width is its
    /// widest item's; for the max-content width its items are broken into columns at its height
    /// (a length, else its max height; one column when neither is), each item as tall as it is at
    /// its max-content width, and the columns' widest contributions are summed with the gaps.
    func columnWrapContentWidths(_ n: Int, _ dir: LayoutDirection, ownHeight: Double = .nan, cbHeight: Double = .nan) -> IntrinsicWidths {
        let pb = paddingAndBorder(n, dir, .nan)
        var limit = ownHeight.isDefined ? ownHeight : borderBox(styles[n].height, cbHeight, n, pb.vertical)
        if limit.isNaN { limit = borderBox(styles[n].maxHeight, cbHeight, n, pb.vertical) }
        limit = limit.isDefined ? Swift.max(0, limit - pb.vertical) : .infinity
        let rowGap = gap(n, horizontal: false, .nan), columnGap = gap(n, horizontal: true, .nan)
        var result = IntrinsicWidths(minContent: 0, maxContent: 0)
        var line = IntrinsicWidths(minContent: 0, maxContent: 0)
        var used = 0.0, inLine = 0, lines = 0
        let reference = limit.isFinite ? limit : .nan
        var widest = 0.0
        for c in children(n) where isInFlow(c) {
            let w = contribution(c, dir, inRow: false, wraps: false)
            widest = Swift.max(widest, w.minContent)
            let cdir = resolveDirection(c, dir)
            let cpb = paddingAndBorder(c, cdir, .nan)
            let m = margins(c, cdir, .nan)
            var h = Double.nan
            switch styles[c].flexBasis {
            case .points(let v): h = borderBox(.points(v), reference, c, cpb.vertical)
            case .percent(let v): h = borderBox(.percent(v), reference, c, cpb.vertical)
            case .calc(let e): h = borderBox(.calc(e), reference, c, cpb.vertical)
            case .auto: h = borderBox(styles[c].height, reference, c, cpb.vertical)
            default: break
            }
            if h.isNaN {
                h = layoutBox(c, BoxInput(width: Swift.max(0, w.maxContent - m.horizontal), height: .nan, heightIsDefinite: false,
                                          cbWidth: .nan, cbHeight: .nan, clampsHeight: false),
                              parentDirection: dir, final: false).height
            }
            h = h.clamped(min: minSize(c, horizontal: false, reference, cpb.vertical), max: maxSize(c, horizontal: false, reference, cpb.vertical))
            let outer = h + m.vertical
            if inLine > 0, used + rowGap + outer > limit + 1e-7 {
                result.minContent += line.minContent
                result.maxContent += line.maxContent
                lines += 1
                line = IntrinsicWidths(minContent: 0, maxContent: 0)
                used = 0
                inLine = 0
            }
            used += (inLine > 0 ? rowGap : 0) + outer
            inLine += 1
            line.minContent = Swift.max(line.minContent, w.minContent)
            line.maxContent = Swift.max(line.maxContent, w.maxContent)
        }
        if inLine > 0 {
            result.minContent += line.minContent
            result.maxContent += line.maxContent
            lines += 1
        }
        let gaps = columnGap * Double(Swift.max(0, lines - 1))
        var widths = IntrinsicWidths(minContent: widest, maxContent: Swift.max(widest, result.maxContent + gaps))
        // One column lines its baseline-aligned items up (Chromium lays a wrapping column out).
        if lines <= 1 { widths.maxContent = columnBaselineWidths(n, dir, widths).maxContent }
        return widths
    }

    /// The min-content and max-content contributions of `c` to its parent's width, margins
    /// included (percentages as 0): its `width` when that is a length, else its content widths (a
    /// ratio and a fixed height give the width they imply), clamped by its min/max widths. As an
    /// item of a row (`inRow`, §9.9.3 as Chromium applies it): a length `flex-basis` caps it
    /// unless it can grow and floors it unless it can shrink, and a min width of auto is the
    /// automatic minimum; in a wrapping row the min-content contribution stays the plain one.
    func contribution(_ c: Int, _ parentDirection: LayoutDirection, inRow: Bool, wraps: Bool,
                      container: Int = -1, lineHeight: Double = .nan) -> IntrinsicWidths {
        let dir = resolveDirection(c, parentDirection)
        let pb = paddingAndBorder(c, dir, .nan)
        var height = borderBox(styles[c].height, lineHeight, c, pb.vertical)
        if height.isNaN, lineHeight.isDefined, styles[c].height == .auto, container >= 0, isSingleLineRow(container),
           isStretchedHeightDependentItem(c, in: container) {
            height = lineHeight - margins(c, dir, .nan).vertical
        }
        let content = ratioWidths(c, intrinsicWidths(c, parentDirection, cbWidth: .nan, ownHeight: height, cbHeight: lineHeight), height: height,
                                  minHeight: Swift.max(minSize(c, horizontal: false, lineHeight, pb.vertical), pb.vertical),
                                  maxHeight: maxSize(c, horizontal: false, lineHeight, pb.vertical), pb: pb)
        let fitsContent = styles[c].width == .fitContent
        let preferred = fitsContent ? .nan : keywordWidth(styles[c].width, content, available: .nan) ?? borderBox(styles[c].width, .nan, c, pb.horizontal)
        let specified = preferred
        var result: IntrinsicWidths
        // A fit-content bound is the min-content width for the min-content contribution and the
        // max-content width for the max-content one.
        // A fit-content min width fits the item's flex basis (as Chromium).
        var basisSpace = content.maxContent
        if case .points(let v) = styles[c].flexBasis { basisSpace = borderBox(.points(v), .nan, c, pb.horizontal) }
        if styles[c].flexBasis == .auto, preferred.isDefined { basisSpace = preferred }
        var lower = keywordWidth(styles[c].minWidth, content, available: inRow ? basisSpace : .infinity)
            ?? borderBox(styles[c].minWidth, .nan, c, pb.horizontal)
        let upper = keywordWidth(styles[c].maxWidth, content, available: .nan) ?? borderBox(styles[c].maxWidth, .nan, c, pb.horizontal)
        let lowerForMin = styles[c].minWidth == .fitContent ? content.minContent : lower
        let upperForMin = styles[c].maxWidth == .fitContent ? content.minContent : upper
        if inRow {
            result = preferred.isDefined ? IntrinsicWidths(minContent: preferred, maxContent: preferred) : content
            // A wrapping row's min-content contribution is the plain one (Chromium).
            let plainMinimum = preferred.isDefined ? preferred : content.minContent
            if case .points(let v) = styles[c].flexBasis {
                let basis = Swift.max(borderBox(.points(v), .nan, c, pb.horizontal), pb.horizontal)
                if !(styles[c].flexGrow > 0) {
                    result.minContent = Swift.min(result.minContent, basis)
                    result.maxContent = Swift.min(result.maxContent, basis)
                }
                if !(styles[c].flexShrink > 0) {
                    result.minContent = Swift.max(result.minContent, basis)
                    result.maxContent = Swift.max(result.maxContent, basis)
                }
            }
            if styles[c].minWidth == .auto, !isScrollContainer(c) {
                lower = specified.isDefined ? Swift.min(specified, content.minContent) : content.minContent
                if upper.isDefined { lower = Swift.min(lower, upper) }
            }
            if wraps {
                let explicitLower = styles[c].minWidth == .auto ? Double.nan : lowerForMin
                result.minContent = plainMinimum.clamped(min: explicitLower, max: upperForMin)
                result.maxContent = result.maxContent.clamped(min: lower, max: upper)
                let m = margins(c, dir, .nan)
                return IntrinsicWidths(minContent: result.minContent + m.horizontal, maxContent: result.maxContent + m.horizontal)
            }
        } else if preferred.isDefined {
            result = IntrinsicWidths(minContent: preferred, maxContent: preferred)
        } else {
            result = content
        }
        result.minContent = result.minContent.clamped(min: styles[c].minWidth == .auto ? lower : lowerForMin, max: upperForMin)
        result.maxContent = result.maxContent.clamped(min: lower, max: upper)
        let m = margins(c, dir, .nan)
        result.minContent += m.horizontal
        result.maxContent += m.horizontal
        return result
    }

    /// A box's content widths (border box) with its aspect ratio: with a definite `height`, the
    /// width it gives (no narrower than the min-content width unless the box scrolls); within the
    /// widths its min/max heights give (CSS Sizing 4 §5).
    func ratioWidths(_ n: Int, _ content: IntrinsicWidths, height: Double, minHeight: Double, maxHeight: Double,
                     pb: ResolvedEdges) -> IntrinsicWidths {
        guard styles[n].aspectRatio != nil else { return content }
        if height.isDefined {
            // The width the height gives, no narrower than the min-content width (its automatic
            // minimum, which wins over the max height's transferred width) unless it scrolls (as Chromium).
            var w = widthFromHeight(n, height.clamped(min: minHeight, max: maxHeight), pb.horizontal, pb.vertical)
            if !isScrollContainer(n), styles[n].minWidth == .auto { w = Swift.max(w, content.minContent) }
            return IntrinsicWidths(minContent: w, maxContent: w)
        }
        var result = content
        let lower = widthFromHeight(n, minHeight, pb.horizontal, pb.vertical)
        let upper = maxHeight.isDefined ? widthFromHeight(n, maxHeight, pb.horizontal, pb.vertical) : Double.nan
        result.minContent = result.minContent.clamped(min: lower, max: upper)
        result.maxContent = result.maxContent.clamped(min: lower, max: upper)
        return result
    }

    /// An intrinsic keyword resolved from border-box content widths (fit-content in `available`,
    /// max-content when that is NaN); `nil` for any other length.
    func keywordWidth(_ d: Length, _ content: IntrinsicWidths, available: Double) -> Double? {
        switch d {
        case .minContent: content.minContent
        case .maxContent: content.maxContent
        case .fitContent: available.isDefined ? content.fitting(available) : content.maxContent
        default: nil
        }
    }

    /// A min or max width as a border-box length: a length, a percentage of `reference`, or an
    /// intrinsic keyword (the content's widths plus `pb`; fit-content of `available`); NaN for
    /// auto/none and what cannot resolve.
    func widthBound(_ n: Int, _ d: Length, _ reference: Double, _ pb: Double, dir: LayoutDirection,
                    isMax: Bool, available: Double = .nan) -> Double {
        switch d {
        case .minContent: return contentWidths(n, dir).minContent + pb
        case .maxContent: return contentWidths(n, dir).maxContent + pb
        case .fitContent:
            let w = contentWidths(n, dir)
            let least = w.minContent + pb, most = w.maxContent + pb
            return available.isDefined ? Swift.max(least, Swift.min(most, available)) : most
        default: return borderBox(d, reference, n, pb)
        }
    }

    /// A `width` as a border-box length: a length, a percentage of `reference`, or an intrinsic
    /// keyword (fit-content of `available`); NaN for auto and what cannot resolve.
    func widthProperty(_ n: Int, _ reference: Double, _ pb: Double, dir: LayoutDirection, available: Double) -> Double {
        widthBound(n, styles[n].width, reference, pb, dir: dir, isMax: false, available: available)
    }

    /// `width` fitted to `available` and clamped: a length or keyword as it resolves, `auto` as
    /// fit-content (`stretch`: the available width itself), then the min/max widths. `pb` is the
    /// box's horizontal padding and border, resolved against `reference`.
    func usedWidth(_ n: Int, available: Double, reference: Double, pb: Double, dir: LayoutDirection, stretch: Bool) -> Double {
        var w = widthProperty(n, reference, pb, dir: dir, available: available)
        if w.isNaN {
            if stretch, available.isDefined {
                w = available
            } else {
                let content = contentWidths(n, dir)
                let least = content.minContent + pb, most = content.maxContent + pb
                w = available.isDefined ? Swift.max(least, Swift.min(most, available)) : most
            }
        }
        let lower = widthBound(n, styles[n].minWidth, reference, pb, dir: dir, isMax: false, available: available)
        let upper = widthBound(n, styles[n].maxWidth, reference, pb, dir: dir, isMax: true, available: available)
        return w.clamped(min: Swift.max(lower.isNaN ? 0 : lower, pb), max: upper)
    }
}

/// Whether a length is a percentage, or a `calc()` holding one.
@inline(__always) func isPercent(_ d: Length) -> Bool {
    switch d {
    case .percent: true
    case .calc(let e): e.usesPercent
    default: false
    }
}

/// Whether a min or max height is the content's height (an intrinsic keyword).
@inline(__always) func isContentHeightBound(_ d: Length) -> Bool { isIntrinsicKeyword(d) }

/// Whether a length is `min-content`, `max-content` or `fit-content`.
@inline(__always) func isIntrinsicKeyword(_ d: Length) -> Bool {
    switch d {
    case .minContent, .maxContent, .fitContent: true
    default: false
    }
}

