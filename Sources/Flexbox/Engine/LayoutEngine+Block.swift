/// CSS normal flow for `display: block` and `flow-root` (CSS 2.1 §9.4.1, §10.3.3, §10.6.3, §8.3.1),
/// in Chromium's model (LayoutNG's block layout): children stack from the top of the content box;
/// an `auto` width fills the content box less the margins; vertical margins collapse into margin
/// struts (``MarginStrut``) that a block container hands to its parent through its top and
/// bottom edges unless it establishes a block formatting context.
extension LayoutEngine {
    /// Whether `n` is a block container (`display: block` or `flow-root`, not a measured leaf).
    @inline(__always) func isBlockContainer(_ n: Int) -> Bool {
        !isMeasured[n] && (styles[n].display == .block || styles[n].display == .flowRoot)
    }

    /// Whether block container `n` establishes a block formatting context (CSS 2.1 §9.4.1): it is
    /// `flow-root`, the layout root, a flex or overlay item, absolutely positioned, or not
    /// `overflow: visible`. Its margins then never collapse with its children's.
    @inline(__always) func establishesFormattingContext(_ n: Int) -> Bool {
        nodes[n].independent || styles[n].display == .flowRoot || styles[n].overflow != .visible
            || styles[n].position == .absolute
    }

    /// Whether `n` is a block container whose margins collapse with its children's (§8.3.1): its
    /// layout reports the margins adjoining its top and bottom edges (``BoxOutput/marginTop``).
    @inline(__always) func collapsesWithChildren(_ n: Int) -> Bool {
        isBlockContainer(n) && !establishesFormattingContext(n)
    }

    /// What child `c` of block container `n` is laid out with, its used margins (auto margins as
    /// the space they took, §10.3.3) and its border box's left edge in `n`'s border box.
    struct BlockChild {
        var input: BoxInput
        var margin: ResolvedEdges
        var x: Double
    }

    /// §10.3.3 (§10.3.4 for a replaced leaf) and §10.6.3 for child `c` of `n`: its border-box
    /// width (its own, else from its height through its aspect ratio, else filling `innerWidth`
    /// less its margins; a replaced leaf's intrinsic width), clamped by its min/max widths; its
    /// height when its style gives one (a percentage of a definite `percentHeight`), clamped;
    /// its horizontal margins: auto margins share the free space (0 when it is negative), and an
    /// over-constrained box keeps its start margin (margin-left in LTR, margin-right in RTL).
    func blockChild(_ c: Int, of n: Int, _ dir: LayoutDirection, innerWidth: Double, percentHeight: Double,
                    pb: ResolvedEdges) -> BlockChild {
        let cdir = resolveDirection(c, dir)
        nodes[c].direction = cdir
        var m = margins(c, cdir, innerWidth)
        let cpb = paddingAndBorder(c, cdir, innerWidth)
        var height = preferredSize(c, horizontal: false, percentHeight, cpb.vertical)
        let lowerHeight = Swift.max(minSize(c, horizontal: false, percentHeight, cpb.vertical), cpb.vertical)
        let upperHeight = maxSize(c, horizontal: false, percentHeight, cpb.vertical)
        let available = Swift.max(0, innerWidth - m.horizontal)
        var width = Double.nan
        let widthIsAuto = styles[c].width == .auto
        if styles[c].aspectRatio != nil {
            // CSS Sizing 4 §5: the box's content widths through its ratio (with a definite height,
            // the width it gives, no narrower than the min-content width: its automatic minimum;
            // else within the widths its min/max heights give) answer its intrinsic keywords; an
            // auto width is the width a definite height gives, else stretches within the widths
            // its min/max heights give.
            let content = intrinsicWidths(c, dir, cbWidth: innerWidth)
            let ratioContent = ratioWidths(c, content, height: height.isDefined ? height.clamped(min: lowerHeight, max: upperHeight) : .nan,
                                           minHeight: lowerHeight, maxHeight: upperHeight, pb: cpb)
            if let keyword = keywordWidth(styles[c].width, ratioContent, available: available) {
                width = keyword
            } else if widthIsAuto, height.isDefined {
                width = ratioContent.maxContent
            } else if widthIsAuto {
                width = available
                let transferredMin = lowerHeight > 0 ? widthFromHeight(c, lowerHeight, cpb.horizontal, cpb.vertical) : 0
                width = Swift.max(width, transferredMin)
                if upperHeight.isDefined { width = Swift.min(width, Swift.max(widthFromHeight(c, upperHeight, cpb.horizontal, cpb.vertical), transferredMin)) }
            } else {
                width = preferredSize(c, horizontal: true, innerWidth, cpb.horizontal)
            }
            if width.isDefined {
                let lower = keywordWidth(styles[c].minWidth, ratioContent, available: available)
                    ?? borderBox(styles[c].minWidth, innerWidth, c, cpb.horizontal)
                let upper = keywordWidth(styles[c].maxWidth, ratioContent, available: available)
                    ?? borderBox(styles[c].maxWidth, innerWidth, c, cpb.horizontal)
                width = width.clamped(min: Swift.max(lower.orZero, cpb.horizontal), max: upper)
            }
        } else if widthIsAuto, isMeasured[c], measurer.pointee.isReplaced(FlexTree.NodeID(c)) {
            // §10.3.4: a replaced box's auto width is its intrinsic width.
            width = contentWidths(c, dir).maxContent + cpb.horizontal
            let lower = widthBound(c, styles[c].minWidth, innerWidth, cpb.horizontal, dir: dir, isMax: false, available: available)
            let upper = widthBound(c, styles[c].maxWidth, innerWidth, cpb.horizontal, dir: dir, isMax: true, available: available)
            width = width.clamped(min: Swift.max(lower.orZero, cpb.horizontal), max: upper)
        }
        if width.isNaN {
            width = usedWidth(c, available: available, reference: innerWidth, pb: cpb.horizontal, dir: dir, stretch: true)
        }
        if height.isDefined {
            var lower = lowerHeight, upper = upperHeight
            if isContentHeightBound(styles[c].minHeight) || isContentHeightBound(styles[c].maxHeight) {
                let content = keywordHeightBound(c, width: width, basis: height, cbWidth: innerWidth, cbHeight: percentHeight,
                                                 parentDirection: dir)
                if isContentHeightBound(styles[c].minHeight) { lower = Swift.max(content, cpb.vertical) }
                if isContentHeightBound(styles[c].maxHeight) { upper = content }
            }
            height = height.clamped(min: lower, max: upper)
        }
        // §10.3.3: the free space goes to the auto margins when it is positive; otherwise (or with
        // none) the box is over-constrained and its end margin gives way.
        let free = innerWidth - width - m.horizontal
        let autoLeft = marginIsAuto(c, .left, cdir), autoRight = marginIsAuto(c, .right, cdir)
        if free > 0, autoLeft || autoRight {
            if autoLeft, autoRight {
                m.left += free / 2
                m.right += free / 2
            } else if autoLeft {
                m.left += free
            } else {
                m.right += free
            }
        }
        let x = dir == .rtl ? pb.left + innerWidth - m.right - width : pb.left + m.left
        let input = BoxInput(width: width, height: height, heightIsDefinite: height.isDefined,
                             cbWidth: innerWidth, cbHeight: percentHeight)
        return BlockChild(input: input, margin: m, x: x)
    }

    /// Lays out block container `n` at `input` and returns its height, first baseline and the
    /// margins collapsing through its edges; a final layout also lays out and places its children
    /// and records its absolutely positioned children's static positions.
    ///
    /// §10.6.3 and §8.3.1 as Chromium applies them: the children stack from the content box's
    /// top, each at the collapsed margin of the struts between it and the previous in-flow box.
    /// Until something separates them (top padding or border, a child that does not collapse
    /// through, or a box of its own that establishes a formatting context) the struts join the
    /// container's own top margin. The auto height reaches the bottom border edge of the last
    /// child, plus the trailing strut when the container has bottom padding or border or
    /// establishes a formatting context; otherwise the strut collapses through its bottom, unless
    /// its height is given or its min/max height changed it. A container with no content
    /// separating its edges and a zero height collapses through (its margins adjoin).
    func layoutBlock(_ n: Int, _ dir: LayoutDirection, _ input: BoxInput, final: Bool) -> BoxOutput {
        let pb = paddingAndBorder(n, dir, input.cbWidth)
        let innerWidth = Swift.max(0, input.width - pb.horizontal)
        let givenInnerHeight = input.height.isDefined ? Swift.max(0, input.height - pb.vertical) : Double.nan
        var percentHeight = input.heightIsDefinite ? givenInnerHeight : .nan
        // A height from the aspect ratio is definite for the children's percentages (as in flex layout).
        if input.clampsHeight, input.usesRatio, input.height.isNaN || !input.heightIsDefinite {
            let ratioHeight = heightFromWidth(n, input.width, pb.horizontal, pb.vertical)
            if ratioHeight.isDefined {
                percentHeight = Swift.max(0, ratioHeight.clamped(min: minSize(n, horizontal: false, input.cbHeight, pb.vertical),
                                                                 max: maxSize(n, horizontal: false, input.cbHeight, pb.vertical)) - pb.vertical)
            }
        }
        if input.percentBasis.isDefined { percentHeight = Swift.max(0, input.percentBasis - pb.vertical) }
        let collapses = collapsesWithChildren(n)
        // The container's own top margin and what collapses into it while nothing separates them.
        var topStrut = collapses ? MarginStrut(margin(n, .top, dir, input.cbWidth)) : MarginStrut()
        // Whether the container's top is separated from what follows (Chromium: its BFC offset is resolved).
        var separated = !collapses || pb.top > 0
        var pending = MarginStrut()
        var cursor = pb.top
        var baseline = Double.nan
        for c in children(n) where styles[c].display != .none {
            if styles[c].position == .absolute {
                // Its static position: where it would be in flow, the pending margins included once
                // the container's top is separated (as Chromium).
                if final { nodes[c].staticY = separated ? cursor + pending.sum : cursor }
                continue
            }
            let child = blockChild(c, of: n, dir, innerWidth: innerWidth, percentHeight: percentHeight, pb: pb)
            let out = layoutBox(c, child.input, parentDirection: dir, final: final)
            let through = collapsesWithChildren(c)
            let childTop = through ? out.marginTop : MarginStrut(child.margin.top)
            let childBottom = through ? out.marginBottom : MarginStrut(child.margin.bottom)
            let joined = pending.joined(childTop)
            let y: Double
            if through, out.collapsesThrough {
                // §8.3.1: its top border edge is where it would be with a bottom border.
                y = separated ? cursor + joined.sum : cursor
                pending = joined.joined(childBottom)
            } else {
                if separated {
                    y = cursor + joined.sum
                } else {
                    topStrut.join(joined)
                    separated = true
                    y = cursor
                }
                cursor = y + out.height
                pending = childBottom
            }
            if baseline.isNaN, out.baseline.isDefined { baseline = y + out.baseline }
            if final {
                let (dx, dy) = relativeOffset(c, dir, innerWidth, percentHeight)
                nodes[c].x = child.x + dx
                nodes[c].y = y + dy
                boxes[c].margin = child.margin
            }
        }
        // §10.6.3: the content's height, with the trailing margins when they cannot leave.
        var intrinsic: Double
        var endStrut = MarginStrut()
        if !collapses || pb.bottom > 0 {
            if separated {
                intrinsic = Swift.max(pb.top, cursor + pending.sum)
            } else {
                // Bottom padding or border separates the top at last: the margins collapsed
                // through every child leave through the top.
                topStrut.join(pending)
                separated = true
                intrinsic = cursor
            }
        } else {
            intrinsic = Swift.max(pb.top, cursor)
            endStrut = pending
        }
        intrinsic += pb.bottom
        let height = input.height.isDefined ? input.height : contentHeight(n, intrinsic, input, pb)
        var output = BoxOutput(height: height, baseline: baseline)
        guard collapses else { return output }
        let ownBottom = MarginStrut(margin(n, .bottom, dir, input.cbWidth))
        if !separated, height == 0 {
            // Nothing separates its top from its bottom: its margins collapse through it.
            topStrut.join(pending)
            output.collapsesThrough = true
            output.marginTop = topStrut
            output.marginBottom = ownBottom.joined(topStrut)
            return output
        }
        if !separated {
            // A height of its own separates them: the children's margins leave through the top.
            topStrut.join(pending)
            endStrut = MarginStrut()
        }
        // The trailing margins stay inside when the height is given (by its style or its aspect
        // ratio) or min/max changed it (Chromium).
        if input.height.isDefined || height != intrinsic || (input.usesRatio && styles[n].aspectRatio != nil) {
            endStrut = MarginStrut()
        }
        output.marginTop = topStrut
        output.marginBottom = ownBottom.joined(endStrut)
        return output
    }

    /// A block container's content widths: the widest in-flow child's min-content and
    /// max-content contributions, margins included (auto margins and percentages as 0).
    func blockContentWidths(_ n: Int, _ dir: LayoutDirection) -> IntrinsicWidths {
        var result = IntrinsicWidths(minContent: 0, maxContent: 0)
        for c in children(n) where isInFlow(c) {
            let w = contribution(c, dir, inRow: false, wraps: false)
            result.minContent = Swift.max(result.minContent, w.minContent)
            result.maxContent = Swift.max(result.maxContent, w.maxContent)
        }
        return result
    }
}
