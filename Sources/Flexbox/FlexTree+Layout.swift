extension FlexTree {
    /// Lays out the subtree of `root` and returns every node's frame.
    ///
    /// The algorithm is CSS flexbox (§9) as Yoga implements it, plus `display: overlay`; frames
    /// are rounded to the pixel grid as Yoga does. Pure: the result depends only on the tree,
    /// the arguments and the measurer's answers; a measurement cache lives only for the call.
    ///
    /// Any input lays out in bounded time with finite frames: non-finite or out-of-range style
    /// values are sanitized by the rules of ``FlexStyle`` (a non-finite length is `auto`, a
    /// negative size is `auto`, a negative padding/border/gap is 0, lengths are clamped to
    /// ±1e9 points, a min larger than the max wins), a measurer's non-finite or negative answer
    /// is 0, and a frame that would still not be finite is zero. Nodes more than
    /// 4096 levels below `root` are not laid out (zero frames, as `display: none`); trees deeper
    /// than 48 levels are laid out on a helper thread with a stack sized for them, joined before
    /// this returns.
    ///
    /// - Parameters:
    ///   - root: The node to lay out; its frame is placed at its own insets/margins from (0, 0).
    ///   - width: The root's width when its style leaves it `auto` (as `YGNodeCalculateLayout`'s
    ///     owner width: percentages of the root resolve against it); `nil` (or a non-finite or
    ///     negative value): sized to content.
    ///   - height: As `width`, for the height.
    ///   - direction: The root's direction when its style says `inherit`.
    ///   - rounding: How frames are rounded after layout; default ``PixelRounding/wholePoints``.
    ///   - measurer: Sizes the measured nodes.
    public func layout<M: FlexMeasurer>(root: NodeID, width: Double?, height: Double?,
                                        direction: LayoutDirection = .ltr, rounding: PixelRounding = .wholePoints,
                                        measurer: inout M) -> FlexLayoutResult {
        let zero = FlexFrame(left: 0, top: 0, width: 0, height: 0)
        guard root.index >= 0, root.index < count else {
            return FlexLayoutResult(frames: Array(repeating: zero, count: count))
        }
        var boxed: any FlexMeasurer = measurer
        defer { if let updated = boxed as? M { measurer = updated } }
        return withUnsafeMutablePointer(to: &boxed) { measurerPointer in
            styles.withUnsafeBufferPointer { given in
                layout(given, root: root.index, width: width, height: height, direction: direction,
                       rounding: rounding, measurer: measurerPointer)
            }
        }
    }

    /// The layout with the tables of one call: allocated here, freed before returning.
    private func layout(_ given: UnsafeBufferPointer<FlexStyle>, root: Int, width: Double?, height: Double?,
                        direction: LayoutDirection, rounding: PixelRounding,
                        measurer: UnsafeMutablePointer<any FlexMeasurer>) -> FlexLayoutResult {
        let ownerWidth = Self.ownerSize(width), ownerHeight = Self.ownerSize(height)
        let engine = LayoutEngine(tree: self, given: given, root: root, viewport: (ownerWidth, ownerHeight), measurer: measurer)
        defer { engine.deallocate() }
        DeepStack.run(depth: engine.depth) {
            engine.layoutRoot(ownerWidth: ownerWidth, ownerHeight: ownerHeight, direction: direction)
        }
        return engine.result(scale: rounding.gridScale)
    }

    /// Lays out a tree without measured nodes (see ``layout(root:width:height:direction:rounding:measurer:)``).
    public func layout(root: NodeID, width: Double?, height: Double?,
                       direction: LayoutDirection = .ltr, rounding: PixelRounding = .wholePoints) -> FlexLayoutResult {
        var measurer = NoMeasurer()
        return layout(root: root, width: width, height: height, direction: direction, rounding: rounding, measurer: &measurer)
    }

    /// An owner size: finite and non-negative, else unknown (NaN).
    private static func ownerSize(_ value: Double?) -> Double {
        guard let value, value.isFinite, value >= 0 else { return .nan }
        return Swift.min(value, StyleSanitizer.maxMagnitude)
    }
}

extension FlexTree {
    /// The width `root`'s margin box takes when it shrinks to fit `available` points (CSS 2.1
    /// §10.3.9, an `inline-block`: min(max(preferred minimum, available), preferred), from its
    /// min-content and max-content contributions — its own width, min and max widths and margins
    /// applied); laid out alone, its percentages of an unknown containing block as `auto`.
    ///
    /// - Parameters:
    ///   - root: The box.
    ///   - available: The space it may take (a non-finite or negative value: as much as it wants).
    ///   - direction: Its direction when its style says `inherit`.
    ///   - measurer: Sizes the measured nodes.
    /// - Returns: The margin box's width (0 for a `display: none` root).
    public func shrinkToFitWidth<M: FlexMeasurer>(of root: NodeID, available: Double, direction: LayoutDirection = .ltr,
                                                  measurer: inout M) -> Double {
        guard root.index >= 0, root.index < count else { return 0 }
        var boxed: any FlexMeasurer = measurer
        defer { if let updated = boxed as? M { measurer = updated } }
        return withUnsafeMutablePointer(to: &boxed) { measurerPointer in
            styles.withUnsafeBufferPointer { given in
                let engine = LayoutEngine(tree: self, given: given, root: root.index, viewport: (.nan, .nan), measurer: measurerPointer)
                defer { engine.deallocate() }
                guard engine.styles[root.index].display != .none else { return 0 }
                let widths = DeepStack.run(depth: engine.depth) {
                    engine.contribution(root.index, direction, inRow: false, wraps: false)
                }
                // A negative room (a box narrower than its padding) is none: the min-content width.
                let room = available.isNaN ? .infinity : Swift.max(0, available)
                let width = widths.fitting(room)
                return width.isFinite ? Swift.max(0, width) : 0
            }
        }
    }
}
