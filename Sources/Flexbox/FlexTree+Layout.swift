extension FlexTree {
    /// Lays out the subtree of `root` and returns every node's frame.
    ///
    /// - Parameters:
    ///   - root: The node to lay out; its frame is placed at its own insets/margins from (0, 0).
    ///   - width: The root's width when its style leaves it `auto` (as `YGNodeCalculateLayout`'s
    ///     owner width: percentages of the root resolve against it); `nil`: sized to content.
    ///   - height: As `width`, for the height.
    ///   - direction: The root's direction when its style says `inherit`.
    ///   - pointScale: Pixels per point: frames are rounded to this grid after layout (edges
    ///     rounded, sizes from rounded edges, measured leaves never shrink); 0: not rounded.
    ///   - measurer: Sizes the measured nodes.
    public func layout<M: FlexMeasurer>(root: NodeID, width: Double?, height: Double?,
                                        direction: LayoutDirection = .ltr, pointScale: Double = 1,
                                        measurer: inout M) -> FlexLayoutResult {
        // TEMPORARY until the algorithm lands: every frame zero.
        FlexLayoutResult(frames: Array(repeating: FlexFrame(left: 0, top: 0, width: 0, height: 0), count: count))
    }

    /// Lays out a tree without measured nodes (see ``layout(root:width:height:direction:pointScale:measurer:)``).
    public func layout(root: NodeID, width: Double?, height: Double?,
                       direction: LayoutDirection = .ltr, pointScale: Double = 1) -> FlexLayoutResult {
        var measurer = NoMeasurer()
        return layout(root: root, width: width, height: height, direction: direction, pointScale: pointScale, measurer: &measurer)
    }
}
