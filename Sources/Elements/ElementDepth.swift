extension Element {
    /// The deepest tree the library hashes, encodes, decodes, lays out or draws, whatever
    /// ``ElementLimits/maxDepth`` says: those walks recurse once per level, and a deeper tree
    /// could exhaust a thread's stack (a Swift task's stack held about 2,500 levels of hashing in
    /// a release build and 1,000 in a debug build). Deeper trees are refused with
    /// ``ElementError/tooDeep(depth:limit:)`` before any recursion; UI trees are far shallower.
    public static let maxSupportedDepth = 256

    /// The tree's depth (a lone element is 1), measured without recursion; the walk stops as soon
    /// as it passes `limit`, so a huge tree costs no more than `limit` levels of it.
    func depth(stoppingAbove limit: Int) -> Int {
        var deepest = 0
        var stack: [(element: Element, depth: Int)] = [(self, 1)]
        while let (element, depth) = stack.popLast() {
            deepest = max(deepest, depth)
            if deepest > limit { return deepest }
            for child in element.children { stack.append((child, depth + 1)) }
        }
        return deepest
    }

    /// Throws ``ElementError/tooDeep(depth:limit:)`` for a tree deeper than
    /// ``maxSupportedDepth``.
    func checkSupportedDepth() throws(ElementError) {
        let depth = depth(stoppingAbove: Self.maxSupportedDepth)
        guard depth <= Self.maxSupportedDepth else {
            throw .tooDeep(depth: depth, limit: Self.maxSupportedDepth)
        }
    }
}

extension ElementLimits {
    /// ``maxDepth``, at most ``Element/maxSupportedDepth``: the depth actually enforced.
    var enforcedMaxDepth: Int { min(maxDepth, Element.maxSupportedDepth) }
}
