/// The layout root's sizing (Yoga's `calculateLayout`) and the result's frames.
extension LayoutEngine {
    /// Lays out the root: a definite style size is exact, a max size is an upper bound, else the
    /// owner size is exact (or content-sized when unknown).
    mutating func layoutRoot(ownerWidth: Double, ownerHeight: Double, direction: LayoutDirection) {
        let n = root
        guard styles[n].display != .none else { return }
        let dir = resolveDirection(n, direction)
        var width = Double.nan, height = Double.nan
        var widthMode = SizingMode.maxContent, heightMode = SizingMode.maxContent
        if hasDefiniteLength(n, true, ownerWidth) {
            width = resolvedDimension(n, true, ownerWidth, ownerWidth, dir) + marginForAxis(n, .row, ownerWidth)
            widthMode = .stretchFit
        } else if resolvedMax(n, true, ownerWidth, ownerWidth, dir).isDefined {
            width = resolvedMax(n, true, ownerWidth, ownerWidth, dir)
            widthMode = .fitContent
        } else {
            width = ownerWidth
            widthMode = width.isNaN ? .maxContent : .stretchFit
        }
        if hasDefiniteLength(n, false, ownerHeight) {
            height = resolvedDimension(n, false, ownerHeight, ownerWidth, dir) + marginForAxis(n, .column, ownerWidth)
            heightMode = .stretchFit
        } else if resolvedMax(n, false, ownerHeight, ownerWidth, dir).isDefined {
            height = resolvedMax(n, false, ownerHeight, ownerWidth, dir)
            heightMode = .fitContent
        } else {
            height = ownerHeight
            heightMode = height.isNaN ? .maxContent : .stretchFit
        }
        layoutNode(n, width, height, direction, widthMode, heightMode, ownerWidth, ownerHeight, performLayout: true)
        setInitialPosition(n, nodes[n].direction, ownerWidth, ownerHeight)
    }

    /// Every node's frame: laid-out nodes reachable from the root through displayed nodes; zero elsewhere.
    func result(scale: Double) -> FlexLayoutResult {
        let zero = FlexFrame(left: 0, top: 0, width: 0, height: 0)
        var frames = Array(repeating: zero, count: nodes.count)
        var skip = Array(repeating: true, count: nodes.count)
        var stack = [root]
        while let n = stack.popLast() {
            guard styles[n].display != .none, nodes[n].laidOut else { continue }
            skip[n] = false
            let s = nodes[n]
            frames[n] = FlexFrame(left: finite(s[position: .left]), top: finite(s[position: .top]),
                                  width: finite(s.width), height: finite(s.height),
                                  padding: s.padding, border: s.border, margin: s.margin, direction: s.direction)
            for c in children(n) { stack.append(c) }
        }
        if scale > 0, !skip[root] {
            PixelGrid.roundSubtree(&frames, node: root, children: treeChildren, isMeasured: isMeasured, skip: skip,
                                   scale: scale, absoluteLeft: 0, absoluteTop: 0)
        }
        return FlexLayoutResult(frames: frames)
    }

    private func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
}
