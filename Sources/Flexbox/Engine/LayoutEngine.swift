/// One layout call's working state: the packed styles, every node's layout, the per-call caches
/// and the scratch stacks of the flex algorithm. Created by
/// ``FlexTree/layout(root:width:height:direction:rounding:measurer:)``, which frees it
/// (``deallocate()``) before it returns, so nothing outlives the call.
///
/// The algorithm is CSS Flexible Box Layout §9 as Chromium (LayoutNG) lays it out, in Chromium's
/// model: a box's width is always known before it is laid out (from its parent, or from its
/// min-/max-content widths, ``intrinsicWidths(_:)``), and laying it out gives its height. The
/// differential corpus in Tests/FlexboxTests/ChromiumCorpus checks it against Chromium.
///
/// Every table is a buffer allocated once per call: the engine is a struct of pointers, so passing
/// it costs no reference counting and a write to a node's state no uniqueness check. Indices come
/// from the tree, whose children are valid node indices by construction.
struct LayoutEngine {
    /// Children by node, flattened: node n's children are `childList[childStart[n]..<childStart[n + 1]]`,
    /// sorted by `order` (document order among equals: CSS's order-modified document order).
    let childList: UnsafeMutableBufferPointer<Int>
    let childStart: UnsafeMutableBufferPointer<Int>
    /// Whether each node is measured by the measurer.
    let isMeasured: UnsafeMutableBufferPointer<Bool>
    /// The tree's styles as given (the caller's storage, valid for the call).
    let given: UnsafeBufferPointer<FlexStyle>
    /// Sanitized copies of the given styles that needed it (see ``StyleSanitizer``), by `NodeStyle.sanitizedIndex`.
    let sanitized: UnsafeMutableBufferPointer<FlexStyle>
    /// How many rows of ``sanitized`` are initialized.
    let sanitizedCount: Int
    /// The packed styles every sizing reads (see ``NodeStyle``).
    let styles: UnsafeMutableBufferPointer<NodeStyle>
    /// Margins, paddings and borders of the nodes that set any, by `NodeStyle.edgeIndex`.
    let edgeTable: UnsafeMutableBufferPointer<NodeEdges>
    /// Every node's final layout and cache bookkeeping.
    let nodes: UnsafeMutableBufferPointer<NodeState>
    /// Every node's resolved margin, padding and border from its final layout.
    let boxes: UnsafeMutableBufferPointer<NodeBox>
    /// Min-content and max-content border-box widths per node, NaN until computed.
    let intrinsic: UnsafeMutableBufferPointer<IntrinsicWidths>
    /// A wrapping column's content widths at a known height, its last answer per node.
    let heightedIntrinsic: UnsafeMutableBufferPointer<HeightedWidths>
    /// Layout cache slots: blocks of ``cacheSlots`` entries, a block given to a node at its first
    /// measurement (`NodeState.cacheBlock`); `cacheUsed.pointee` of them are handed out.
    let cache: UnsafeMutableBufferPointer<CacheEntry>
    let cacheUsed: UnsafeMutablePointer<Int>
    /// The flex items of the containers being laid out, a stack: a container pushes its items,
    /// lays out, and pops them; its children's layouts push theirs above.
    let items: ScratchStack<FlexItem>
    /// The flex lines of the containers being laid out, a stack as ``items``.
    let lines: ScratchStack<FlexLine>
    /// The layout root.
    let root: Int
    /// The measurer, owned by the caller for the duration of the call. An existential, so the
    /// engine is not generic and is fully optimized inside the module whatever the caller's type.
    let measurer: UnsafeMutablePointer<any FlexMeasurer>
    /// The depth of the root's subtree (levels below the root).
    let depth: Int

    /// Nodes deeper than this below the root get zero frames (bounds the recursion).
    static var maxDepth: Int { 4096 }

    /// Layout cache entries per node.
    static var cacheSlots: Int { 4 }

    /// Builds the tables for `tree`, whose styles `given` are (valid until ``deallocate()``);
    /// `viewport` is what `vw` and `vh` in a `calc()` are percentages of (NaN counts as 0).
    init(tree: FlexTree, given: UnsafeBufferPointer<FlexStyle>, root: Int, viewport: (width: Double, height: Double),
         measurer: UnsafeMutablePointer<any FlexMeasurer>) {
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
            let first = next
            var ordered = true
            for c in kids {
                childList[next] = c.index
                if next > first, given[c.index].order < given[childList[next - 1]].order { ordered = false }
                next += 1
            }
            if !ordered {
                // Stable: document order among equal `order` values.
                let sorted = kids.enumerated().sorted { a, b in
                    let (oa, ob) = (given[a.element.index].order, given[b.element.index].order)
                    return oa != ob ? oa < ob : a.offset < b.offset
                }
                for (i, c) in sorted.enumerated() { childList[first + i] = c.element.index }
            }
        }
        isMeasured = .allocate(capacity: count)
        _ = isMeasured.initialize(from: tree.isMeasured)
        self.given = given
        var sanitizedRows: [FlexStyle] = []
        edgeTable = .allocate(capacity: Swift.max(count, 1))
        var edgeRows = 0
        styles = .allocate(capacity: count)
        for i in 0..<count {
            let style = given.baseAddress! + i
            let packed: NodeStyle
            if StyleSanitizer.needsSanitizing(style) {
                var copy = StyleSanitizer.sanitize(style.pointee, viewport: viewport)
                packed = Self.pack(&copy, sanitizedIndex: Int32(sanitizedRows.count), into: edgeTable, rows: &edgeRows)
                sanitizedRows.append(copy)
            } else {
                packed = Self.pack(style, sanitizedIndex: -1, into: edgeTable, rows: &edgeRows)
            }
            (styles.baseAddress! + i).initialize(to: packed)
        }
        sanitized = .allocate(capacity: Swift.max(sanitizedRows.count, 1))
        _ = sanitized.initialize(from: sanitizedRows)
        sanitizedCount = sanitizedRows.count
        for i in 0..<count where styles[i].hasCalc {
            let row = Int(styles[i].sanitizedIndex)
            styles[i].calcSource = row < 0 ? given.baseAddress! + i : UnsafePointer(sanitized.baseAddress! + row)
        }
        nodes = .allocate(capacity: count)
        nodes.initialize(repeating: NodeState())
        boxes = .allocate(capacity: count)
        boxes.initialize(repeating: NodeBox())
        intrinsic = .allocate(capacity: count)
        intrinsic.initialize(repeating: IntrinsicWidths())
        heightedIntrinsic = .allocate(capacity: count)
        heightedIntrinsic.initialize(repeating: HeightedWidths())
        cache = .allocate(capacity: Swift.max(count * Self.cacheSlots, 1))
        // Not initialized: a slot is written before it is read (a node reads only the `cacheCount`
        // slots it filled), and `CacheEntry` is a trivial type.
        precondition(_isPOD(CacheEntry.self))
        cacheUsed = .allocate(capacity: 1)
        cacheUsed.initialize(to: 0)
        items = ScratchStack(capacity: count + 1)
        lines = ScratchStack(capacity: count + 1)
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
        // Children of containers other than block containers lay out in a context of their own.
        for n in 0..<count where isMeasured[n] || (styles[n].display != .block && styles[n].display != .flowRoot) {
            for c in childList[childStart[n]..<childStart[n + 1]] { nodes[c].independent = true }
        }
        nodes[root].independent = true
        self.root = root
        self.measurer = measurer
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

    /// Frees every table (all but the sanitized styles hold trivial values). Call once.
    func deallocate() {
        childList.deallocate()
        childStart.deallocate()
        isMeasured.deallocate()
        // A sanitized style may hold a calc() box.
        sanitized.baseAddress!.deinitialize(count: sanitizedCount)
        sanitized.deallocate()
        styles.deallocate()
        edgeTable.deallocate()
        nodes.deallocate()
        boxes.deallocate()
        intrinsic.deallocate()
        heightedIntrinsic.deallocate()
        cache.deallocate()
        cacheUsed.deallocate()
        items.deallocate()
        lines.deallocate()
    }

    /// The children of `n` in order-modified document order (indices into `childList`).
    @inline(__always) func children(_ n: Int) -> Slice<UnsafeMutableBufferPointer<Int>> {
        childList[childStart[n]..<childStart[n + 1]]
    }

    /// The sanitized style of `n` as given (read for insets and percentage edges).
    @inline(__always) func source(_ n: Int) -> UnsafePointer<FlexStyle> {
        let row = Int(styles[n].sanitizedIndex)
        return row < 0 ? given.baseAddress! + n : UnsafePointer(sanitized.baseAddress! + row)
    }
}

/// A node's final layout and its cache bookkeeping.
struct NodeState {
    /// The border box from the final layout: position relative to the parent's border box, size.
    var x = 0.0
    var y = 0.0
    var width = 0.0
    var height = 0.0
    /// The inputs of the final layout the frames below this node come from, and its baseline.
    var finalInput = BoxInput.none
    /// Whether an in-flow descendant's width can follow its height: 1 yes, 0 no, -1 not yet known
    /// (kept beside the final input, in its padding).
    var heightDependentBelow: Int8 = -1
    var finalBaseline = Double.nan
    /// The first slot of the node's block in `cache`, -1 before its first cached layout.
    var cacheBlock: Int32 = -1
    /// The next cache slot to fill.
    var nextCacheSlot: UInt8 = 0
    /// How many cache slots hold entries.
    var cacheCount: UInt8 = 0
    /// The resolved direction.
    var direction: LayoutDirection = .ltr
    /// Whether a final layout reached the node.
    var laidOut = false
    /// Whether the node's parent lays it out in a formatting context of its own (a flex, overlay
    /// or measured parent; the layout root): a block container then establishes a block
    /// formatting context, and its margins never collapse with its children's.
    var independent = false
    /// An absolutely positioned child of a block container: the top of its static position (where
    /// its top margin edge would be in flow, from its parent's border box), set by its parent's
    /// final layout.
    var staticY = 0.0
}

/// A node's margin, padding and border from its final layout (auto margins as the space they took).
struct NodeBox {
    var margin = ResolvedEdges.zero
    var padding = ResolvedEdges.zero
    var border = ResolvedEdges.zero
}

/// A node's min-content and max-content border-box widths (NaN until computed).
struct IntrinsicWidths {
    var minContent = Double.nan
    var maxContent = Double.nan

    /// The fit-content width in `available`: the max-content width at most, the min-content
    /// width at least (which wins when it is the larger, as in Chromium).
    @inline(__always) func fitting(_ available: Double) -> Double {
        Swift.max(minContent, Swift.min(maxContent, available))
    }
}

/// Content widths that depend on the box's height (a wrapping column's), with the height and
/// containing-block height they were found for.
struct HeightedWidths {
    var ownHeight = -1.0
    var cbHeight = -1.0
    var lineHeight = -1.0
    var widths = IntrinsicWidths()
}

/// What a box's layout is given: its border-box width, its height when the parent fixes it, and
/// the containing block its percentages resolve against.
struct BoxInput {
    /// The border-box width (always known: CSS resolves widths before laying a box out).
    var width: Double
    /// The border-box height, or NaN: then the content decides it, clamped by the box's min/max heights.
    var height: Double
    /// Whether a given `height` counts as definite for the percentages of the box's children
    /// (with no height: whether the height the box's aspect ratio gives counts, as for an
    /// absolutely positioned box).
    var heightIsDefinite: Bool
    /// The containing block's width (the box's percentage padding) and height (its percentage
    /// min/max heights; NaN when indefinite).
    var cbWidth: Double
    var cbHeight: Double
    /// Whether a height from the content is clamped by the box's min/max heights (not when a
    /// flex container asks for a flex base size or a content size suggestion, §9.2 and §4.5).
    var clampsHeight = true
    /// Whether a height from the content follows the box's aspect ratio (not for a flex item's
    /// content size suggestion when its cross size is not definite).
    var usesRatio = true
    /// A definite border-box height the children size against (their percentages, and the
    /// height stretched items start from) instead of `height`: with no `height`, while the content
    /// decides it (an intrinsic min or max height measured at the size the box will have); with
    /// one, the height before an intrinsic min or max height clamped it (as Chromium). NaN when none.
    var percentBasis = Double.nan

    /// No input (an empty cache slot).
    static let none = BoxInput(width: -1, height: .nan, heightIsDefinite: false, cbWidth: .nan, cbHeight: .nan)

    /// The same layout request.
    func matches(_ o: BoxInput) -> Bool {
        width == o.width && sameValue(height, o.height) && heightIsDefinite == o.heightIsDefinite
            && sameValue(cbWidth, o.cbWidth) && sameValue(cbHeight, o.cbHeight) && clampsHeight == o.clampsHeight
            && usesRatio == o.usesRatio && sameValue(percentBasis, o.percentBasis)
    }
}

/// What a box's layout gives: its border-box height and its first baseline; a block container in
/// block flow (``LayoutEngine/collapsesWithChildren(_:)``) also gives the margins that collapse
/// through its top and bottom edges (CSS 2.1 §8.3.1).
struct BoxOutput {
    /// The border-box height.
    var height: Double
    /// The first baseline's distance below the border box's top, NaN when it has none.
    var baseline: Double
    /// The box's top margin collapsed with the top margins of the descendants adjoining it (its
    /// own margin alone for a box whose margins do not collapse with its children's).
    var marginTop = MarginStrut()
    /// The box's bottom margin collapsed with those of the descendants adjoining it.
    var marginBottom = MarginStrut()
    /// Whether the box's top and bottom margins are adjoining (an empty block: margins collapse
    /// through it).
    var collapsesThrough = false

    init(height: Double, baseline: Double) {
        self.height = height
        self.baseline = baseline
    }
}

/// One cached layout: the inputs and what they gave.
struct CacheEntry {
    var input = BoxInput.none
    var output = BoxOutput(height: 0, baseline: .nan)
}

/// A stack of scratch values in one buffer (flex items, lines): a container's values stay
/// valid while its children's layouts push and pop theirs above them.
struct ScratchStack<Element> {
    let buffer: UnsafeMutablePointer<Element>
    let top: UnsafeMutablePointer<Int>
    let capacity: Int

    /// Allocates room for `capacity` elements, left uninitialized: the element types are trivial
    /// (plain numbers and flags), and every element is written before it is read.
    init(capacity: Int) {
        precondition(_isPOD(Element.self), "scratch elements must be trivial types")
        buffer = .allocate(capacity: capacity)
        top = .allocate(capacity: 1)
        top.initialize(to: 0)
        self.capacity = capacity
    }

    func deallocate() {
        buffer.deallocate()
        top.deallocate()
    }

    /// Reserves `count` elements and returns the first's index. The elements hold whatever was
    /// there (the element types are plain values): the caller writes each before reading it.
    @inline(__always) func push(_ count: Int) -> Int {
        let start = top.pointee
        precondition(start + count <= capacity, "scratch stack overflow")
        top.pointee = start + count
        return start
    }

    /// Releases everything from `start` up.
    @inline(__always) func pop(to start: Int) { top.pointee = start }

    @inline(__always) subscript(i: Int) -> Element {
        get { buffer[i] }
        nonmutating set { buffer[i] = newValue }
    }
}
