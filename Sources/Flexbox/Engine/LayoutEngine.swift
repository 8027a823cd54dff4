/// One layout call's working state: the packed styles, every node's scratch layout, and the
/// per-call measurement cache. Created by ``FlexTree/layout(root:width:height:direction:pointScale:measurer:)``,
/// which frees it (``deallocate()``) before it returns, so nothing outlives the call.
///
/// The algorithm follows CSS flexbox §9 as Yoga implements it (`CalculateLayout.cpp`), because
/// the conformance suite is Yoga's fixtures as Chrome lays them out.
///
/// Every table is a buffer the engine allocates once per call: the engine is a struct of
/// pointers, so passing it costs no reference counting and a write to a node's state no
/// uniqueness check (arrays cost a tenth of a layout in retains, releases and copies of the
/// engine). Indices come from the tree, whose children are valid node indices by construction;
/// debug builds check every access.
struct LayoutEngine {
    /// Children by node, flattened: node n's children are `childList[childStart[n]..<childStart[n + 1]]`.
    let childList: UnsafeMutableBufferPointer<Int>
    let childStart: UnsafeMutableBufferPointer<Int>
    /// Whether each node is measured by the measurer.
    let isMeasured: UnsafeMutableBufferPointer<Bool>
    /// The tree's styles as given (the caller's storage, valid for the call).
    let given: UnsafeBufferPointer<FlexStyle>
    /// Sanitized copies of the given styles that needed it (see ``StyleSanitizer``), by `NodeStyle.sanitizedIndex`.
    let sanitized: UnsafeMutableBufferPointer<FlexStyle>
    /// The packed styles every sizing reads (see ``NodeStyle``).
    let styles: UnsafeMutableBufferPointer<NodeStyle>
    /// Margins, paddings and borders of the nodes that set any, by `NodeStyle.edgeIndex`.
    let edgeTable: UnsafeMutableBufferPointer<NodeEdges>
    /// Every node's scratch layout.
    let nodes: UnsafeMutableBufferPointer<NodeState>
    /// Every node's resolved margin, padding and border.
    let boxes: UnsafeMutableBufferPointer<NodeBox>
    /// Every node's §9.7 scratch.
    let flex: UnsafeMutableBufferPointer<FlexScratch>
    /// Measurement cache slots: blocks of ``cacheSlots`` entries, a block given to a node at its
    /// first measurement (`NodeState.cacheBlock`); `cacheUsed.pointee` of them are handed out.
    let cache: UnsafeMutableBufferPointer<CacheEntry>
    let cacheUsed: UnsafeMutablePointer<Int>
    /// Min-content sizes (width, height) per node, NaN until computed (for the automatic minimum).
    let minContent: UnsafeMutableBufferPointer<FlexSize>
    /// The layout root (it has no owner: its grow/shrink are 0).
    let root: Int
    /// The measurer, owned by the caller for the duration of the call. An existential, so the
    /// engine is not generic and is fully optimized inside the module whatever the caller's type.
    let measurer: UnsafeMutablePointer<any FlexMeasurer>
    /// Whether `min-width`/`min-height: auto` is CSS's automatic minimum (§4.5) on the main axis.
    let automaticMinimum: Bool

    /// The children of `n`, in document order (indices into `childList`).
    @inline(__always) func children(_ n: Int) -> Slice<UnsafeMutableBufferPointer<Int>> {
        childList[childStart[n]..<childStart[n + 1]]
    }

    /// The sanitized style of `n` as given (read only for insets and percentage edges).
    @inline(__always) func source(_ n: Int) -> UnsafePointer<FlexStyle> {
        let row = Int(styles[n].sanitizedIndex)
        return row < 0 ? given.baseAddress! + n : UnsafePointer(sanitized.baseAddress! + row)
    }

    /// The depth of the root's subtree (levels below the root).
    let depth: Int

    /// Nodes deeper than this below the root get zero frames (bounds the recursion).
    static var maxDepth: Int { 4096 }

    /// Measurement cache entries per node (as Yoga's `MaxCachedMeasurements`).
    static var cacheSlots: Int { 4 }

    /// Builds the tables for `tree`, whose styles `given` are (valid until ``deallocate()``).
    init(tree: FlexTree, given: UnsafeBufferPointer<FlexStyle>, root: Int,
         measurer: UnsafeMutablePointer<any FlexMeasurer>, automaticMinimum: Bool) {
        let count = given.count
        childStart = .allocate(capacity: count + 1)
        var total = 0
        for (n, kids) in tree.children.enumerated() {
            childStart[n] = total
            total += kids.count
        }
        childStart[count] = total
        childList = .allocate(capacity: Swift.max(total, 1))
        var next = 0
        for kids in tree.children {
            for c in kids {
                childList[next] = c.index
                next += 1
            }
        }
        isMeasured = .allocate(capacity: count)
        _ = isMeasured.initialize(from: tree.isMeasured)
        self.given = given
        // Styles are read in place, through pointers: a copy of a 600-byte style costs as much as packing it.
        var sanitizedRows: [FlexStyle] = []
        // At most one row per node, written in place; pages of the rows never written are never touched.
        edgeTable = .allocate(capacity: Swift.max(count, 1))
        var edgeRows = 0
        styles = .allocate(capacity: count)
        for i in 0..<count {
            let style = given.baseAddress! + i
            let packed: NodeStyle
            if StyleSanitizer.needsSanitizing(style) {
                var copy = StyleSanitizer.sanitize(style.pointee)
                packed = Self.pack(&copy, sanitizedIndex: Int32(sanitizedRows.count), into: edgeTable, rows: &edgeRows)
                sanitizedRows.append(copy)
            } else {
                packed = Self.pack(style, sanitizedIndex: -1, into: edgeTable, rows: &edgeRows)
            }
            (styles.baseAddress! + i).initialize(to: packed)
        }
        sanitized = .allocate(capacity: Swift.max(sanitizedRows.count, 1))
        _ = sanitized.initialize(from: sanitizedRows)
        nodes = .allocate(capacity: count)
        nodes.initialize(repeating: NodeState())
        boxes = .allocate(capacity: count)
        boxes.initialize(repeating: NodeBox())
        flex = .allocate(capacity: count)
        flex.initialize(repeating: FlexScratch())
        cache = .allocate(capacity: Swift.max(count * Self.cacheSlots, 1))
        cache.initialize(repeating: CacheEntry())
        cacheUsed = .allocate(capacity: 1)
        cacheUsed.initialize(to: 0)
        minContent = .allocate(capacity: count)
        minContent.initialize(repeating: FlexSize(width: .nan, height: .nan))
        // Depth below the root; nodes deeper than `maxDepth` are not laid out.
        var depths = [Int](repeating: -1, count: count)
        var deepest = 0
        var stack = [root]
        depths[root] = 0
        while let n = stack.popLast() {
            deepest = Swift.max(deepest, depths[n])
            for c in childList[childStart[n]..<childStart[n + 1]] {
                depths[c] = depths[n] + 1
                if depths[c] > Self.maxDepth { styles[c].display = .none } else { stack.append(c) }
            }
        }
        depth = deepest
        self.root = root
        self.measurer = measurer
        self.automaticMinimum = automaticMinimum
    }

    /// Packs one sanitized style, adding its edge row to `table` (`rows` used) if it has any edges.
    @inline(__always) private static func pack(_ style: UnsafePointer<FlexStyle>, sanitizedIndex: Int32,
                                               into table: UnsafeMutableBufferPointer<NodeEdges>, rows: inout Int) -> NodeStyle {
        var edgeRow: Int32 = -1
        if let edges = NodeEdges(style) {
            edgeRow = Int32(rows)
            (table.baseAddress! + rows).initialize(to: edges)
            rows += 1
        }
        return NodeStyle(style, edgeIndex: edgeRow, sanitizedIndex: sanitizedIndex)
    }

    /// Frees every table (all hold trivial values, so none needs deinitializing). Call once.
    func deallocate() {
        childList.deallocate()
        childStart.deallocate()
        isMeasured.deallocate()
        sanitized.deallocate()
        styles.deallocate()
        edgeTable.deallocate()
        nodes.deallocate()
        boxes.deallocate()
        flex.deallocate()
        cache.deallocate()
        cacheUsed.deallocate()
        minContent.deallocate()
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
    default: .nan
    }
}
