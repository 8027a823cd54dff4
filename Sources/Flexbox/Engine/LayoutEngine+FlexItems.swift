/// §9.1–9.2 and §4.5: a flex item's margins, sizes, flex base size, automatic minimum size and
/// hypothetical main size.
extension LayoutEngine {
    /// The containing block an item's percentages resolve against, and the container's flow.
    struct ItemContext {
        let container: Int
        let direction: LayoutDirection
        let flow: Flow
        let multiLine: Bool
        /// The container's content-box width (definite) and height (NaN when not known).
        let innerWidth: Double
        let innerHeight: Double
        /// The content-box height percentages resolve against (NaN when indefinite).
        let percentHeight: Double
        /// The content-box height a single line's stretched items take before the line is known:
        /// `percentHeight`, or the height the container's aspect ratio gives.
        let stretchHeight: Double

        /// The container's inner cross size when it is known before its lines (a row's given height, a column's width).
        var knownCross: Double { flow.isRow ? innerHeight : innerWidth }
    }

    /// Fills item `i` for child `c`: margins, padding and border, min/max, the cross size it has
    /// before its line is known, its flex base size and hypothetical main size.
    func resolveItem(_ i: Int, _ c: Int, _ x: ItemContext) {
        let flow = x.flow
        let isRow = flow.isRow
        let cdir = resolveDirection(c, x.direction)
        nodes[c].direction = cdir
        let m = margins(c, cdir, x.innerWidth)
        let cpb = paddingAndBorder(c, cdir, x.innerWidth)
        let pbH = cpb.horizontal, pbV = cpb.vertical
        var item = FlexItem()
        item.node = c
        item.marginMainStart = m[flow.mainStart]
        item.marginMainEnd = m[flow.mainEnd]
        item.marginCrossStart = m[flow.crossStart]
        item.marginCrossEnd = m[flow.crossEnd]
        item.autoMainStart = marginIsAuto(c, flow.mainStart, cdir)
        item.autoMainEnd = marginIsAuto(c, flow.mainEnd, cdir)
        item.autoCrossStart = marginIsAuto(c, flow.crossStart, cdir)
        item.autoCrossEnd = marginIsAuto(c, flow.crossEnd, cdir)
        item.pbMain = isRow ? pbH : pbV
        item.pbCross = isRow ? pbV : pbH
        let marginsH = m.horizontal, marginsV = m.vertical

        // Sizes (border box): widths against the container's width, heights against its definite height.
        let availableWidth = x.innerWidth - marginsH
        let height = preferredSize(c, horizontal: false, x.percentHeight, pbV)
        let minHeight = Swift.max(minSize(c, horizontal: false, x.percentHeight, pbV), pbV)
        let maxHeight = maxSize(c, horizontal: false, x.percentHeight, pbV)
        let (align, safe) = resolveAlign(c, x.container, flow, cdir)
        item.align = align
        item.safe = safe
        // Stretching needs a computed cross size of `auto` (a percentage that cannot resolve is not).
        let crossIsAuto = (isRow ? styles[c].height : styles[c].width) == .auto
        item.stretches = align == .stretch && crossIsAuto && !item.autoCrossStart && !item.autoCrossEnd
        let stretchesDefinitely = item.stretches && !x.multiLine
        // A row item's height before its line is known (§9.4 step 7, §9.8): its own, or stretched to a
        // single line of definite cross size.
        if isRow {
            if height.isDefined {
                item.definiteCross = height.clamped(min: minHeight, max: maxHeight)
            } else if stretchesDefinitely, x.stretchHeight.isDefined {
                item.definiteCross = (x.stretchHeight - marginsV).clamped(min: minHeight, max: maxHeight)
            }
        }
        // Content widths, through the aspect ratio with a definite height (CSS Sizing 4 §5), found
        // only when something here needs them (an item's intrinsic widths can be a deep walk).
        let hasRatio = styles[c].aspectRatio != nil
        let widthIsAuto = styles[c].width == .auto || (isPercent(styles[c].width) && x.innerWidth.isNaN)
        let contentBasis: Bool = switch styles[c].flexBasis {
        case .content, .minContent, .maxContent, .fitContent: true
        case .auto: widthIsAuto
        case .points, .percent, .calc: false
        }
        let needsContent = hasRatio || isIntrinsicKeyword(styles[c].width) || isIntrinsicKeyword(styles[c].minWidth)
            || isIntrinsicKeyword(styles[c].maxWidth) || (isRow ? contentBasis : widthIsAuto && !stretchesDefinitely)
        let rawContent = needsContent ? intrinsicWidths(c, x.direction, cbWidth: x.innerWidth,
                                                        ownHeight: isRow ? item.definiteCross : height, cbHeight: x.percentHeight)
            : IntrinsicWidths(minContent: .nan, maxContent: .nan)
        // A column ratio item's own height gives its width, unless an intrinsic min or max height
        // makes that height depend on the width (as Chromium).
        let keywordBounded = isContentHeightBound(styles[c].minHeight) || isContentHeightBound(styles[c].maxHeight)
        let ownRatioHeight = isRow ? item.definiteCross : (keywordBounded ? .nan : height)
        let content = needsContent ? ratioWidths(c, rawContent, height: ownRatioHeight,
                                                 minHeight: minHeight, maxHeight: maxHeight, pb: cpb) : rawContent
        // With a definite height, a ratio box's intrinsic keywords are the width that height gives.
        var keywords = content
        var widthKeywords = content
        if hasRatio, ownRatioHeight.isDefined {
            let w = widthFromHeight(c, ownRatioHeight, pbH, pbV)
            keywords = IntrinsicWidths(minContent: w, maxContent: w)
            widthKeywords = keywords
            // Its automatic minimum width applies to a keyword width on the cross axis (CSS Sizing 4
            // §5.1; on the main axis, the flex automatic minimum replaces it).
            if !isRow, styles[c].minWidth == .auto, !isScrollContainer(c) {
                let floored = Swift.max(w, rawContent.minContent)
                widthKeywords = IntrinsicWidths(minContent: floored, maxContent: floored)
            }
        }
        let width = keywordWidth(styles[c].width, widthKeywords, available: availableWidth) ?? borderBox(styles[c].width, x.innerWidth, c, pbH)
        let mainSize = isRow ? width : height
        var rowBasis = Double.nan
        if isRow { rowBasis = flexBasis(c, item, content: content, mainSize: mainSize, available: availableWidth, x) }
        let minWidth = Swift.max((keywordWidth(styles[c].minWidth, keywords, available: availableWidth)
            ?? borderBox(styles[c].minWidth, x.innerWidth, c, pbH)).orZero, pbH)
        let maxWidth = keywordWidth(styles[c].maxWidth, keywords, available: availableWidth)
            ?? borderBox(styles[c].maxWidth, x.innerWidth, c, pbH)
        item.minCross = isRow ? minHeight : minWidth
        item.maxCross = isRow ? maxHeight : maxWidth
        let minMainGiven = isRow ? minWidth : minHeight
        item.maxMain = isRow ? maxWidth : maxHeight

        // A column item's width, needed to lay it out: its own, stretched, from its ratio and a
        // definite height, or fitted to the container.
        var columnWidth = Double.nan
        if !isRow {
            if width.isDefined {
                item.definiteCross = width.clamped(min: minWidth, max: maxWidth)
                columnWidth = item.definiteCross
            } else if stretchesDefinitely {
                item.definiteCross = availableWidth.clamped(min: minWidth, max: maxWidth)
                columnWidth = item.definiteCross
            } else if height.isDefined, styles[c].aspectRatio != nil, !keywordBounded {
                columnWidth = widthFromHeight(c, height.clamped(min: minHeight, max: maxHeight), pbH, pbV)
                    .clamped(min: minWidth, max: maxWidth)
            } else {
                columnWidth = content.fitting(availableWidth)
                    .clamped(min: minWidth, max: maxWidth)
            }
        }

        // §9.2 step 3: the flex base size.
        item.basis = isRow ? rowBasis : flexBasis(c, item, content: content, mainSize: mainSize, available: availableWidth,
                                                 x, columnWidth: columnWidth)

        // §4.5: the automatic minimum size, for `min-*: auto` on the main axis. An item whose flex
        // basis is its definite main size is at least its automatic minimum already, which then
        // matters only when its line shrinks: it is found then (``resolveAutomaticMinimum(_:_:)``).
        if !isRow, isContentHeightBound(styles[c].maxHeight) {
            item.maxMain = columnKeywordHeight(c, columnWidth, x)
        }
        let minMainStyle = isRow ? styles[c].minWidth : styles[c].minHeight
        item.specifiedMain = mainSize
        if !isRow, hasRatio, isIntrinsicKeyword(styles[c].height) {
            // A ratio column item's keyword height is the height its width gives (as Chromium).
            item.specifiedMain = heightFromWidth(c, columnWidth, pbH, pbV)
        }
        item.contentMin = isRow ? content.minContent : .nan
        if isRow, hasRatio, item.definiteCross.isDefined {
            // A row ratio item of definite height: the width that height gives, or its content's
            // min-content width when wider; its min and max heights do not cap it (as Chromium).
            item.contentMin = Swift.max(widthFromHeight(c, item.definiteCross, pbH, pbV), rawContent.minContent)
        }
        if minMainStyle == .auto, !isScrollContainer(c) {
            // A column item's content height; with an aspect ratio, at its definite width, else at
            // its width fitted to the container (not the one its height gives).
            item.suggestionWidth = !hasRatio ? columnWidth
                : (item.definiteCross.isDefined ? item.definiteCross
                   : rawContent.fitting(availableWidth).clamped(min: minWidth, max: maxWidth))
            item.minMain = item.pbMain
            item.automaticMinimumPending = true
            if !(styles[c].flexBasis == .auto && mainSize.isDefined) || hasRatio { resolveAutomaticMinimum(&item, x) }
        } else if !isRow, isContentHeightBound(minMainStyle) {
            item.minMain = Swift.max(columnKeywordHeight(c, columnWidth, x), item.pbMain)
        } else {
            item.minMain = minMainGiven
        }
        item.hypothetical = item.basis.clamped(min: item.minMain, max: item.maxMain)
        if !isRow { item.cross = columnWidth }
        // Its flexed main size is definite when its own main size or flex basis is, or its ratio
        // gives it from a definite cross size (a column item's width always is; as Chromium).
        item.mainIsDefinite = (mainSize.isDefined && styles[c].flexBasis == .auto)
            || (styles[c].aspectRatio != nil && (!isRow || item.definiteCross.isDefined))
            || isDefiniteBasis(styles[c].flexBasis, isRow ? x.innerWidth : x.percentHeight)
        items.buffer[i] = item
    }

    /// §4.5: an item's automatic minimum main size: its content size suggestion (a row item's
    /// min-content width; a column item's content height at its width), capped by its specified
    /// main size and max main size, floored by its padding and border.
    func resolveAutomaticMinimum(_ item: inout FlexItem, _ x: ItemContext) {
        guard item.automaticMinimumPending else { return }
        item.automaticMinimumPending = false
        let c = item.node
        var floor = item.contentMin
        if floor.isNaN {
            floor = x.flow.isRow ? intrinsicWidths(c, x.direction, cbWidth: x.innerWidth, ownHeight: item.definiteCross,
                                                   cbHeight: x.percentHeight).minContent
                : columnContentHeight(c, item.suggestionWidth, x)
        }
        // A ratio item's is clamped by the main sizes its cross min and max sizes give (§4.5),
        // unless it is a row item of definite height (as Chromium).
        if styles[c].aspectRatio != nil, !(x.flow.isRow && item.definiteCross.isDefined) {
            let pb = paddingAndBorder(c, nodes[c].direction, x.innerWidth)
            func transfer(_ cross: Double) -> Double {
                x.flow.isRow ? widthFromHeight(c, cross, pb.horizontal, pb.vertical) : heightFromWidth(c, cross, pb.horizontal, pb.vertical)
            }
            if item.maxCross.isDefined { floor = Swift.min(floor, transfer(item.maxCross)) }
            if item.minCross > item.pbCross { floor = Swift.max(floor, transfer(item.minCross)) }
        }
        if item.specifiedMain.isDefined { floor = Swift.min(floor, item.specifiedMain) }
        if item.maxMain.isDefined { floor = Swift.min(floor, item.maxMain) }
        item.minMain = Swift.max(floor, item.pbMain)
    }

    /// §9.2 step 3: an item's flex base size (not clamped by its min/max): a definite `flex-basis`;
    /// for auto, its main size when definite; else B: its ratio and definite cross size; else E:
    /// its content (a row item's max-content width, or min-content/fit-content for those
    /// keywords; a column item's height at `columnWidth`). Floored by its padding and border.
    func flexBasis(_ c: Int, _ item: FlexItem, content: IntrinsicWidths, mainSize: Double, available: Double,
                   _ x: ItemContext, columnWidth: Double = .nan) -> Double {
        let isRow = x.flow.isRow
        let innerMain = isRow ? x.innerWidth : x.percentHeight
        var basis = Double.nan
        switch styles[c].flexBasis {
        case .points(let v): basis = borderBox(.points(v), innerMain, c, item.pbMain)
        case .percent(let v): basis = borderBox(.percent(v), innerMain, c, item.pbMain)
        case .calc(let e): basis = borderBox(.calc(e), innerMain, c, item.pbMain)
        case .auto: basis = mainSize
        case .content, .minContent, .maxContent, .fitContent: break
        }
        if basis.isNaN {
            let pb = paddingAndBorder(c, nodes[c].direction, x.innerWidth)
            if styles[c].aspectRatio != nil, item.definiteCross.isDefined, styles[c].flexBasis != .minContent {
                basis = isRow ? widthFromHeight(c, item.definiteCross, pb.horizontal, pb.vertical)
                    : heightFromWidth(c, item.definiteCross, pb.horizontal, pb.vertical)
            } else if isRow {
                switch styles[c].flexBasis {
                case .minContent: basis = content.minContent
                case .fitContent: basis = content.fitting(available)
                default: basis = content.maxContent
                }
            } else if styles[c].aspectRatio != nil {
                // The height its ratio gives its width, not floored by its content (that is the
                // automatic minimum's job; as Chromium).
                basis = heightFromWidth(c, columnWidth, pb.horizontal, pb.vertical)
            } else {
                basis = columnContentHeight(c, columnWidth, x)
            }
        }
        return Swift.max(basis, item.pbMain)
    }

    /// Whether a flex basis is a length, or a percentage of a definite `reference`.
    func isDefiniteBasis(_ basis: FlexBasis, _ reference: Double) -> Bool {
        switch basis {
        case .points: true
        case .percent: reference.isDefined
        case .calc(let e): !e.usesPercent || reference.isDefined
        default: false
        }
    }

    /// What an intrinsic keyword min or max height is for a column item at `width`: the height
    /// its ratio gives that width, else its content's.
    func columnKeywordHeight(_ c: Int, _ width: Double, _ x: ItemContext) -> Double {
        if styles[c].aspectRatio != nil {
            let pb = paddingAndBorder(c, nodes[c].direction, x.innerWidth)
            return heightFromWidth(c, width, pb.horizontal, pb.vertical)
        }
        return columnContentHeight(c, width, x, usesRatio: false)
    }

    /// A column item's height from its content at `width` (its min/max heights not applied):
    /// its content-based flex base size and content size suggestion.
    func columnContentHeight(_ c: Int, _ width: Double, _ x: ItemContext, usesRatio: Bool = true) -> Double {
        layoutBox(c, BoxInput(width: width, height: .nan, heightIsDefinite: false, cbWidth: x.innerWidth,
                              cbHeight: x.percentHeight, clampsHeight: false, usesRatio: usesRatio),
                  parentDirection: x.direction, final: false).height
    }

    /// `align-self` (or the container's `align-items`) in the container's flow, and whether it is safe.
    func resolveAlign(_ c: Int, _ n: Int, _ flow: Flow, _ itemDirection: LayoutDirection) -> (ItemAlign, Bool) {
        let own = styles[c].alignSelf
        let safe = own == .auto ? styles[n].safe.contains(.alignItems) : styles[c].safe.contains(.alignSelf)
        let value = own == .auto ? AlignSelf(styles[n].alignItems) : own
        func at(_ edge: Edge) -> ItemAlign { edge == flow.crossStart ? .start : .end }
        let selfStart: Edge = flow.isRow ? .top : Edge.inlineStart(itemDirection)
        let align: ItemAlign = switch value {
        case .auto, .flexStart: .start
        case .normal: .stretch
        case .flexEnd: .end
        case .center: .center
        case .stretch: .stretch
        case .baseline: .baseline
        case .start: at(flow.crossWritingStart)
        case .end: at(flow.crossWritingStart.opposite)
        case .selfStart: at(selfStart)
        case .selfEnd: at(selfStart.opposite)
        }
        return (align, safe)
    }
}

extension Double {
    /// 0 when NaN.
    @inline(__always) var orZero: Double { isNaN ? 0 : self }
}
