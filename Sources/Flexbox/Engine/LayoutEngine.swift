/// One layout call's working state: the sanitized styles, every node's scratch layout, and the
/// per-call measurement cache. Created by ``FlexTree/layout(root:width:height:direction:pointScale:measurer:)``
/// and dropped when it returns, so nothing outlives the call.
///
/// The algorithm follows CSS flexbox §9 as Yoga implements it (`CalculateLayout.cpp`), because
/// the conformance suite is Yoga's fixtures as Chrome lays them out.
struct LayoutEngine {
    /// Children by node, flattened: node n's children are `childList[childStart[n]..<childStart[n + 1]]`.
    let childList: [Int]
    let childStart: [Int]
    /// Whether each node is measured by the measurer.
    let isMeasured: [Bool]
    /// Sanitized styles (see ``StyleSanitizer``): read only for insets and percentage edges.
    let source: [FlexStyle]
    /// The packed styles every sizing reads (see ``NodeStyle``).
    var styles: [NodeStyle]
    /// Margins, paddings and borders of the nodes that set any, by `NodeStyle.edgeIndex`.
    let edgeTable: [NodeEdges]
    /// Every node's scratch layout. Assign to it from locals (`let w = boundAxis(…); nodes[n].x = w`):
    /// an assignment whose right side calls a method on `self` makes the compiler copy the whole
    /// engine, every array retained and released.
    var nodes: [NodeState]
    /// Every node's resolved margin, padding and border.
    var boxes: [NodeBox]
    /// Every node's §9.7 scratch.
    var flex: [FlexScratch]
    /// Measurement cache slots: blocks of ``cacheSlots`` entries, a block given to a node at its
    /// first measurement (`NodeState.cacheBlock`).
    var cache: [CacheEntry]
    /// Min-content sizes (width, height) per node, NaN until computed (for the automatic minimum).
    var minContent: [FlexSize]
    /// The layout root (it has no owner: its grow/shrink are 0).
    let root: Int
    /// The measurer, owned by the caller for the duration of the call (see
    /// ``FlexTree/layout(root:width:height:direction:pointScale:measurer:)``). An existential, so
    /// the engine is not generic and is fully optimized inside the module; held by pointer, so the
    /// engine stays a loadable struct (an existential field would make every method call on it
    /// copy the whole engine).
    let measurer: UnsafeMutablePointer<any FlexMeasurer>
    /// Whether `min-width`/`min-height: auto` is CSS's automatic minimum (§4.5) on the main axis.
    let automaticMinimum: Bool

    /// The children of `n`, in document order.
    @inline(__always) func children(_ n: Int) -> ArraySlice<Int> { childList[childStart[n]..<childStart[n + 1]] }

    /// The depth of the root's subtree (levels below the root).
    let depth: Int

    /// Nodes deeper than this below the root get zero frames (bounds the recursion).
    static var maxDepth: Int { 4096 }

    /// Measurement cache entries per node (as Yoga's `MaxCachedMeasurements`).
    static var cacheSlots: Int { 4 }

    init(tree: FlexTree, root: Int, measurer: UnsafeMutablePointer<any FlexMeasurer>, automaticMinimum: Bool) {
        var list: [Int] = []
        list.reserveCapacity(tree.count)
        var starts: [Int] = []
        starts.reserveCapacity(tree.count + 1)
        for kids in tree.children {
            starts.append(list.count)
            for c in kids { list.append(c.index) }
        }
        starts.append(list.count)
        childList = list
        childStart = starts
        isMeasured = tree.isMeasured
        var source = tree.styles
        var sanitized: [(Int, FlexStyle)] = []
        var packed: [NodeStyle] = []
        packed.reserveCapacity(source.count)
        var edgeRows: [NodeEdges] = []
        // At most one row per node; pages of the rows never written are never touched.
        edgeRows.reserveCapacity(source.count)
        // Styles are read in place (a subscript copy of a 600-byte style costs as much as packing it).
        source.withUnsafeBufferPointer { styles in
            for i in styles.indices where StyleSanitizer.needsSanitizing(styles[i]) {
                sanitized.append((i, StyleSanitizer.sanitize(styles[i])))
            }
        }
        for (i, style) in sanitized { source[i] = style }
        source.withUnsafeBufferPointer { styles in
            for i in styles.indices {
                var row: Int32 = -1
                if let edges = NodeEdges(styles[i]) {
                    row = Int32(edgeRows.count)
                    edgeRows.append(edges)
                }
                packed.append(NodeStyle(styles[i], edgeIndex: row))
            }
        }
        self.source = source
        styles = packed
        edgeTable = edgeRows
        nodes = Array(repeating: NodeState(), count: tree.count)
        boxes = Array(repeating: NodeBox(), count: tree.count)
        flex = Array(repeating: FlexScratch(), count: tree.count)
        cache = []
        cache.reserveCapacity(tree.count * Self.cacheSlots)
        // Depth below the root; nodes deeper than `maxDepth` are not laid out.
        var depths = [Int](repeating: -1, count: tree.count)
        var deepest = 0
        var stack = [root]
        depths[root] = 0
        while let n = stack.popLast() {
            deepest = Swift.max(deepest, depths[n])
            for c in childList[childStart[n]..<childStart[n + 1]] {
                depths[c] = depths[n] + 1
                if depths[c] > Self.maxDepth { self.styles[c].display = .none } else { stack.append(c) }
            }
        }
        depth = deepest
        minContent = Array(repeating: FlexSize(width: .nan, height: .nan), count: tree.count)
        self.root = root
        self.measurer = measurer
        self.automaticMinimum = automaticMinimum
    }
}

/// A node's scratch layout during one call: the fields every sizing reads, kept to two cache
/// lines (the resolved box edges and the §9.7 scratch live in their own arrays).
struct NodeState {
    /// The size found by the last measure or layout, border box.
    var measuredWidth = 0.0
    var measuredHeight = 0.0
    /// The size of the last performed layout (the result).
    var width = 0.0
    var height = 0.0
    /// Positions per physical edge (left, top, right, bottom), relative to the parent's border box.
    var position: (Double, Double, Double, Double) = (0, 0, 0, 0)
    /// The flex basis (border box), NaN until computed.
    var computedFlexBasis = Double.nan
    /// The cached full layout.
    var cachedLayout = CacheEntry()
    /// The first slot of the node's block in `cache`, -1 before its first measurement.
    var cacheBlock: Int32 = -1
    /// The flex line the node sits on.
    var lineIndex: Int32 = 0
    /// The next measurement slot to fill.
    var nextCacheSlot: UInt8 = 0
    /// How many measurement slots hold entries.
    var cacheCount: UInt8 = 0
    /// The resolved direction.
    var direction: LayoutDirection = .ltr
    /// Whether the node was visited in this call (its cache entries are valid).
    var visited = false
    /// Whether a layout (not just a measurement) reached the node.
    var laidOut = false

    /// The position on `edge`.
    subscript(position edge: Edge) -> Double {
        get {
            switch edge {
            case .left: position.0
            case .top: position.1
            case .right: position.2
            case .bottom: position.3
            }
        }
        set {
            switch edge {
            case .left: position.0 = newValue
            case .top: position.1 = newValue
            case .right: position.2 = newValue
            case .bottom: position.3 = newValue
            }
        }
    }

    /// The measured size on `axis`.
    func measured(_ axis: Axis) -> Double { axis.isRow ? measuredWidth : measuredHeight }
}

/// A node's margin, padding and border as resolved by its last sizing (for its direction and
/// containing block): read by the container's alignment and written into the result.
struct NodeBox {
    var margin = ResolvedEdges.zero
    var padding = ResolvedEdges.zero
    var border = ResolvedEdges.zero

    /// The resolved padding plus border on `edge`.
    func paddingAndBorder(_ edge: Edge) -> Double { padding[edge] + border[edge] }
}

/// A flex item's scratch for §9.7 (resolving flexible lengths) on its line.
struct FlexScratch {
    var hypothetical = 0.0
    var target = 0.0
    var violation = 0.0
    /// The automatic minimum main size, NaN when none applies.
    var autoMinMain = Double.nan
    var frozen = false
}

/// One cached sizing: the inputs and the size they gave.
struct CacheEntry {
    var availableWidth = -1.0
    var availableHeight = -1.0
    var widthMode = SizingMode.maxContent
    var heightMode = SizingMode.maxContent
    var computedWidth = -1.0
    var computedHeight = -1.0

    /// Whether the entry answers a measurement under these inputs (Yoga's `canUseCachedMeasurement`):
    /// the same constraint, or an exact size equal to the size found, or a fit-content limit that
    /// the unconstrained or a looser fit-content size already fits.
    func answers(_ w: Double, _ h: Double, _ wm: SizingMode, _ hm: SizingMode, _ marginRow: Double, _ marginColumn: Double) -> Bool {
        if computedWidth < 0 || computedHeight < 0 { return false }
        return Self.compatible(wm, w, widthMode, availableWidth, computedWidth, marginRow)
            && Self.compatible(hm, h, heightMode, availableHeight, computedHeight, marginColumn)
    }

    private static func compatible(_ mode: SizingMode, _ size: Double, _ lastMode: SizingMode, _ lastSize: Double,
                                   _ lastComputed: Double, _ margin: Double) -> Bool {
        if mode == lastMode, inexactEquals(size, lastSize) { return true }
        let inner = size - margin
        switch (mode, lastMode) {
        case (.stretchFit, _):
            return inexactEquals(inner, lastComputed)
        case (.fitContent, .maxContent):
            return inner >= lastComputed || inexactEquals(inner, lastComputed)
        case (.fitContent, .fitContent):
            return lastSize.isDefined && size.isDefined && lastSize > size
                && (lastComputed <= inner || inexactEquals(inner, lastComputed))
        default:
            return false
        }
    }

    /// Whether the entry answers these inputs.
    func matches(_ w: Double, _ h: Double, _ wm: SizingMode, _ hm: SizingMode) -> Bool {
        widthMode == wm && heightMode == hm && inexactEquals(availableWidth, w) && inexactEquals(availableHeight, h)
    }
}

extension ResolvedEdges {
    /// The value on `edge`.
    subscript(edge: Edge) -> Double {
        get {
            switch edge {
            case .left: left
            case .top: top
            case .right: right
            case .bottom: bottom
            }
        }
        set {
            switch edge {
            case .left: left = newValue
            case .top: top = newValue
            case .right: right = newValue
            case .bottom: bottom = newValue
            }
        }
    }
}

extension Edges {
    /// The value on a physical edge for a node laid out in `direction` (logical edges win).
    @inline(__always) func value(_ edge: Edge, _ direction: LayoutDirection) -> Value? {
        switch edge {
        case .left: resolvedLeft(direction)
        case .right: resolvedRight(direction)
        case .top: top
        case .bottom: bottom
        }
    }
}

/// Resolves a length against a reference size: NaN for `auto`, `nil`, or a percent of an unknown size.
@inline(__always) func resolve(_ d: Dimension?, _ reference: Double) -> Double {
    switch d {
    case .points(let v): v
    case .percent(let p): p * reference / 100
    case .auto, nil: .nan
    }
}
