import AsyncLayerKitTesting
import Flexbox
import Testing

/// The per-call cache keeps work linear: measurements per measured leaf stay bounded as trees
/// grow deeper and wider (no exponential re-measuring of subtrees).
@Suite struct CacheTests {
    /// Nested wrapping rows and columns with text leaves, `nodes` nodes in all (deterministic).
    static func syntheticTree(nodes target: Int) -> (FlexTree, TextStub, leaves: Int) {
        var tree = FlexTree()
        tree.reserveCapacity(target)
        var measurer = TextStub()
        let root = tree.add(cssStyle { $0.flexDirection = .column })
        var queue = [(root, 0)]
        var head = 0
        var random = SplitMix64(seed: 42)
        var leaves = 0
        func next(_ n: Int) -> Int { random.next(upTo: n) }
        while tree.count < target, head < queue.count {
            let (parent, depth) = queue[head]
            head += 1
            for i in 0..<(3 + next(6)) where tree.count < target {
                if depth >= 8 || i % 2 == 1 {
                    let leaf = tree.add(cssStyle { $0.margin = Edges(all: 2) }, measured: true, parent: parent)
                    measurer[leaf] = (0..<(1 + next(4))).map { _ in 2 + next(8) }
                    leaves += 1
                } else {
                    let container = tree.add(cssStyle {
                        $0.flexDirection = depth % 2 == 0 ? .row : .column
                        $0.flexWrap = .wrap
                        $0.padding = Edges(all: 4)
                        $0.columnGap = 4
                        if i % 4 == 0 { $0.flexGrow = 1 }
                    }, parent: parent)
                    queue.append((container, depth + 1))
                }
            }
        }
        return (tree, measurer, leaves)
    }

    @Test func measurementsPerLeafStayBounded() {
        var perLeaf: [Double] = []
        for n in [1_000, 10_000] {
            var (tree, measurer, leaves) = Self.syntheticTree(nodes: n)
            let result = tree.layout(root: .init(0), width: 375, height: nil, measurer: &measurer)
            #expect(result.frames.count == n)
            perLeaf.append(Double(measurer.calls) / Double(leaves))
        }
        #expect(perLeaf[1] <= perLeaf[0] * 1.5 + 1, "measure calls per leaf: \(perLeaf)")
        #expect(perLeaf[1] < 12, "measure calls per leaf: \(perLeaf)")
    }
}
