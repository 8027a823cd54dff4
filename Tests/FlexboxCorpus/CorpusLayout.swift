public import Flexbox

/// A corpus case laid out by the engine and compared with Chromium's frames.
public struct CorpusOutcome: Sendable {
    /// The case's id.
    public var id: String
    /// The engine's border boxes, `[x, y, width, height]` per node in pre-order, relative to the
    /// root's border box (unrounded).
    public var frames: [[Double]]
    /// The first node (pre-order index) whose edges differ from Chromium's by more than the
    /// tolerance, with both boxes; `nil` when every rendered node matches (or there is nothing
    /// to compare against).
    public var firstDifference: Difference?
    /// The number of nodes whose edges differ.
    public var differingNodes: Int

    /// One node that differs.
    public struct Difference: Sendable {
        /// The node's pre-order index.
        public var node: Int
        /// The engine's box.
        public var engine: [Double]
        /// Chromium's box.
        public var chromium: [Double]
    }

    /// Whether every rendered node matched.
    public var matches: Bool { firstDifference == nil }
}

/// Builds a ``FlexTree`` from a corpus case, lays it out, and compares it with Chromium.
public enum CorpusLayout {
    /// The largest difference on any edge, in CSS px, that still counts as the same.
    public static let tolerance = 0.5

    /// The tree (node indices in pre-order, as the frames) and the texts of its text leaves.
    public static func tree(_ c: CorpusCase) throws(CorpusStyleError) -> (FlexTree, [Int: String]) {
        var tree = FlexTree()
        tree.reserveCapacity(c.tree.count)
        var texts: [Int: String] = [:]
        func add(_ node: CorpusNode, parent: FlexTree.NodeID?) throws(CorpusStyleError) {
            let style = try CSSStyle.style(node.style, isText: node.text != nil)
            let id = tree.add(style, measured: node.text != nil, parent: parent)
            if let text = node.text { texts[id.index] = text }
            for child in node.children ?? [] { try add(child, parent: id) }
        }
        try add(c.tree, parent: nil)
        return (tree, texts)
    }

    /// Lays out the case as the bench's page does: the root in a containing block of the
    /// viewport's width, and of its height when it has one (an `auto` root height is then
    /// content-sized, as a block's), unrounded.
    public static func run(_ c: CorpusCase) throws(CorpusStyleError) -> CorpusOutcome {
        let (tree, texts) = try tree(c)
        var measurer = BlockTextMeasurer(texts: texts)
        let root = FlexTree.NodeID(0)
        let rootHeight: Double? = tree.styles[0].height == .auto ? nil : c.viewport.height
        let direction: LayoutDirection = c.direction == "rtl" ? .rtl : .ltr
        let result = tree.layout(root: root, width: c.viewport.width, height: rootHeight,
                                 direction: direction, rounding: .unrounded, measurer: &measurer)
        // Absolute boxes, relative to the root's border box.
        var frames = Array(repeating: [0.0, 0, 0, 0], count: tree.count)
        for i in 1..<Swift.max(tree.count, 1) {
            let f = result.frames[i]
            let parent = tree.parents[i]!.index
            frames[i] = [frames[parent][0] + f.left, frames[parent][1] + f.top, f.width, f.height]
        }
        if tree.count > 0 { frames[0] = [0, 0, result.frames[0].width, result.frames[0].height] }
        var outcome = CorpusOutcome(id: c.id, frames: frames, firstDifference: nil, differingNodes: 0)
        guard let expected = c.frames else { return outcome }
        for (i, box) in expected.enumerated() {
            guard let box, i < frames.count else { continue }
            if !sameEdges(frames[i], box) {
                outcome.differingNodes += 1
                if outcome.firstDifference == nil {
                    outcome.firstDifference = .init(node: i, engine: frames[i], chromium: box)
                }
            }
        }
        return outcome
    }

    /// Whether two boxes have every edge (left, top, right, bottom) within the tolerance.
    public static func sameEdges(_ a: [Double], _ b: [Double]) -> Bool {
        abs(a[0] - b[0]) <= tolerance && abs(a[1] - b[1]) <= tolerance
            && abs(a[0] + a[2] - b[0] - b[2]) <= tolerance && abs(a[1] + a[3] - b[1] - b[3]) <= tolerance
    }
}
