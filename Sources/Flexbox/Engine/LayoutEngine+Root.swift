/// The layout root's sizing (Yoga's `calculateLayout`) and the result's frames.
extension LayoutEngine {
    /// Lays out the root: a definite style size is exact, a max size is an upper bound, else the
    /// owner size is exact (or content-sized when unknown).
    func layoutRoot(ownerWidth: Double, ownerHeight: Double, direction: LayoutDirection) {
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

    /// Every node's frame: laid-out nodes reachable from the root through displayed nodes; zero
    /// elsewhere. One pre-order pass: each frame is rounded to the pixel grid (when `scale` > 0)
    /// as it is written, from its parent's unrounded absolute origin.
    func result(scale: Double) -> FlexLayoutResult {
        let zero = FlexFrame(left: 0, top: 0, width: 0, height: 0)
        var frames = Array(repeating: zero, count: nodes.count)
        frames.withUnsafeMutableBufferPointer { frames in
            // (node, the parent's unrounded absolute left and top): deep chains use no recursion.
            var stack: [(Int, Double, Double)] = [(root, 0, 0)]
            while let (n, parentLeft, parentTop) = stack.popLast() {
                // Hidden nodes (and their subtrees) are never laid out.
                guard nodes[n].laidOut else { continue }
                let left = finite(nodes[n].position.0), top = finite(nodes[n].position.1)
                let width = finite(nodes[n].width), height = finite(nodes[n].height)
                frames[n] = FlexFrame(left: left, top: top, width: width, height: height,
                                      padding: boxes[n].padding, border: boxes[n].border,
                                      margin: boxes[n].margin, direction: nodes[n].direction)
                if scale > 0 {
                    PixelGrid.round(&frames[n], absoluteLeft: parentLeft + left, absoluteTop: parentTop + top,
                                    measured: isMeasured[n], scale: scale)
                }
                for c in children(n) { stack.append((c, parentLeft + left, parentTop + top)) }
            }
        }
        return FlexLayoutResult(frames: frames)
    }

    private func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
}
