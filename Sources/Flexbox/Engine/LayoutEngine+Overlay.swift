/// `display: overlay` (our extension, SwiftUI's ZStack / a one-cell grid): every in-flow child is
/// laid out in the whole content box, on top of the others. Horizontally `justifySelf` (else the
/// container's `justifyItems`) places it at start/center/end (logical: start is right in RTL) or
/// stretches an auto width; vertically `alignSelf`/`alignItems` (flex-start, center, flex-end,
/// stretch; baseline as flex-start). Auto margins count as 0. An auto-sized container is as large
/// as its largest child's outer size (clamped by its min/max).
extension LayoutEngine {
    /// Where an overlay child sits on one axis.
    enum OverlayPlacement {
        case start, center, end, stretch

        /// The offset in `free` space.
        func offset(_ free: Double) -> Double {
            switch self {
            case .start, .stretch: 0
            case .center: free / 2
            case .end: free
            }
        }
    }

    /// Where child `c` of overlay `n` sits horizontally (physical: start is the right in RTL) or vertically.
    func overlayPlacement(_ n: Int, _ c: Int, horizontal: Bool, _ dir: LayoutDirection) -> OverlayPlacement {
        if horizontal {
            let value = styles[c].justifySelf == .auto ? styles[n].justifyItems : styles[c].justifySelf
            let rtl = dir == .rtl
            switch value {
            case .auto, .stretch: return .stretch
            case .start: return rtl ? .end : .start
            case .center: return .center
            case .end: return rtl ? .start : .end
            }
        }
        let value: AlignSelf = styles[c].alignSelf == .auto ? AlignSelf(styles[n].alignItems) : styles[c].alignSelf
        switch value {
        case .auto, .normal, .stretch: return .stretch
        case .flexStart, .baseline, .start, .selfStart: return .start
        case .center: return .center
        case .flexEnd, .end, .selfEnd: return .end
        }
    }

    /// Lays out overlay container `n`.
    func layoutOverlay(_ n: Int, _ dir: LayoutDirection, _ input: BoxInput, final: Bool) -> BoxOutput {
        let pb = paddingAndBorder(n, dir, input.cbWidth)
        let innerWidth = Swift.max(0, input.width - pb.horizontal)
        let givenInnerHeight = input.height.isDefined ? Swift.max(0, input.height - pb.vertical) : Double.nan
        let percentHeight = input.heightIsDefinite ? givenInnerHeight : .nan
        /// A child's width (stretched or fitted) and its height in `innerHeight` (stretched when known).
        func childInput(_ c: Int, innerHeight: Double) -> BoxInput {
            let cdir = resolveDirection(c, dir)
            let m = margins(c, cdir, innerWidth)
            let cpb = paddingAndBorder(c, cdir, innerWidth)
            var height = preferredSize(c, horizontal: false, percentHeight, cpb.vertical)
            if height.isNaN, styles[c].height == .auto, innerHeight.isDefined,
               overlayPlacement(n, c, horizontal: false, dir) == .stretch {
                height = innerHeight - m.vertical
            }
            if height.isDefined {
                height = height.clamped(min: Swift.max(minSize(c, horizontal: false, percentHeight, cpb.vertical), cpb.vertical),
                                        max: maxSize(c, horizontal: false, percentHeight, cpb.vertical))
            }
            let stretch = overlayPlacement(n, c, horizontal: true, dir) == .stretch
            var width = Double.nan
            if styles[c].width == .auto, !stretch, height.isDefined, styles[c].aspectRatio != nil {
                width = widthFromHeight(c, height, cpb.horizontal, cpb.vertical)
            }
            if width.isNaN {
                width = usedWidth(c, available: innerWidth - m.horizontal, reference: innerWidth, pb: cpb.horizontal, dir: dir, stretch: stretch)
            }
            return BoxInput(width: width, height: height, heightIsDefinite: height.isDefined,
                            cbWidth: innerWidth, cbHeight: percentHeight)
        }
        var innerHeight = givenInnerHeight
        if innerHeight.isNaN {
            var tallest = 0.0
            for c in children(n) where isInFlow(c) {
                let out = layoutBox(c, childInput(c, innerHeight: .nan), parentDirection: dir, final: false)
                tallest = Swift.max(tallest, out.height + margins(c, resolveDirection(c, dir), innerWidth).vertical)
            }
            innerHeight = contentHeight(n, tallest + pb.vertical, input, pb) - pb.vertical
        }
        let height = innerHeight + pb.vertical
        var baseline = Double.nan
        for c in children(n) where isInFlow(c) {
            let childIn = childInput(c, innerHeight: innerHeight)
            let out = layoutBox(c, childIn, parentDirection: dir, final: final)
            let m = margins(c, nodes[c].direction, innerWidth)
            let x = pb.left + m.left + overlayPlacement(n, c, horizontal: true, dir).offset(innerWidth - childIn.width - m.horizontal)
            let y = pb.top + m.top + overlayPlacement(n, c, horizontal: false, dir).offset(innerHeight - out.height - m.vertical)
            if baseline.isNaN { baseline = y + (out.baseline.isDefined ? out.baseline : out.height) }
            if final {
                let (dx, dy) = relativeOffset(c, dir, innerWidth, percentHeight)
                nodes[c].x = x + dx
                nodes[c].y = y + dy
                boxes[c].margin = m
            }
        }
        return BoxOutput(height: height, baseline: baseline)
    }
}

extension AlignSelf {
    /// The `align-self` value an `align-items` value gives.
    init(_ items: AlignItems) {
        self = switch items {
        case .flexStart: .flexStart
        case .center: .center
        case .flexEnd: .flexEnd
        case .stretch: .stretch
        case .baseline: .baseline
        case .start: .start
        case .end: .end
        case .selfStart: .selfStart
        case .selfEnd: .selfEnd
        }
    }
}
