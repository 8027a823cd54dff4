/// The layout root's sizing and the result's frames.
extension LayoutEngine {
    /// Lays out the root in an owner box of `ownerWidth` × `ownerHeight` (NaN when unknown): a
    /// width or height from its style is used (percentages of the owner size), else the owner
    /// size less the root's margins, else (no owner width) its max-content width and (no owner
    /// height) its content's height; then its min/max sizes. The root sits at its margins, moved
    /// by its insets (left over right, top over bottom) whether it is relative or absolute.
    func layoutRoot(ownerWidth: Double, ownerHeight: Double, direction: LayoutDirection) {
        let n = root
        guard styles[n].display != .none else { return }
        let dir = resolveDirection(n, direction)
        nodes[n].direction = dir
        let m = margins(n, dir, ownerWidth)
        let pb = paddingAndBorder(n, dir, ownerWidth)
        let available = ownerWidth - m.horizontal
        let width = usedWidth(n, available: available.isNaN ? .nan : Swift.max(0, available), reference: ownerWidth,
                              pb: pb.horizontal, dir: direction, stretch: true)
        var height = preferredSize(n, horizontal: false, ownerHeight, pb.vertical)
        if height.isNaN, styles[n].height == .auto, ownerHeight.isDefined { height = Swift.max(0, ownerHeight - m.vertical) }
        if height.isDefined {
            var lower = Swift.max(minSize(n, horizontal: false, ownerHeight, pb.vertical), pb.vertical)
            var upper = maxSize(n, horizontal: false, ownerHeight, pb.vertical)
            if isContentHeightBound(styles[n].minHeight) || isContentHeightBound(styles[n].maxHeight) {
                // An intrinsic keyword bound is the content's height at the root's width.
                let content = keywordHeightBound(n, width: width, basis: height, cbWidth: ownerWidth, cbHeight: ownerHeight,
                                                 parentDirection: direction)
                if isContentHeightBound(styles[n].minHeight) { lower = Swift.max(content, pb.vertical) }
                if isContentHeightBound(styles[n].maxHeight) { upper = content }
            }
            height = height.clamped(min: lower, max: upper)
        }
        _ = layoutBox(n, BoxInput(width: width, height: height, heightIsDefinite: height.isDefined,
                                  cbWidth: ownerWidth, cbHeight: ownerHeight),
                      parentDirection: direction, final: true)
        // The root's insets offset it from the owner's origin, relative or absolute (as Yoga's root).
        let (dx, dy) = relativeOffset(n, .ltr, ownerWidth, ownerHeight, anyPosition: true)
        nodes[n].x = m.left + dx
        nodes[n].y = m.top + dy
        boxes[n].margin = m
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
                guard nodes[n].laidOut, styles[n].display != .none else { continue }
                let left = finite(nodes[n].x), top = finite(nodes[n].y)
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
