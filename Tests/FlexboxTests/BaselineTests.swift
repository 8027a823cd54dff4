import Flexbox
import Testing

/// A measurer with fixed sizes and baselines per node.
struct FixedMeasurer: FlexMeasurer {
    var sizes: [Int: FlexSize] = [:]
    var baselines: [Int: Double] = [:]
    mutating func measure(_ node: FlexTree.NodeID, width: Double, widthMode: MeasureMode,
                          height: Double, heightMode: MeasureMode) -> FlexSize { sizes[node.index] ?? .zero }
    mutating func baseline(_ node: FlexTree.NodeID, size: FlexSize) -> Double? { baselines[node.index] }
}

/// `align-items: baseline`: measured baselines, a container's first child's, else the bottom edge.
@Suite struct BaselineTests {
    @Test func measuredBaselinesAlign() {
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.alignItems = .baseline })
        let small = tree.add(cssStyle(), measured: true, parent: root)
        let large = tree.add(cssStyle { $0.padding = Edges(top: 4) }, measured: true, parent: root)
        var measurer = FixedMeasurer()
        measurer.sizes = [small.index: FlexSize(width: 40, height: 20), large.index: FlexSize(width: 40, height: 36)]
        measurer.baselines = [small.index: 15, large.index: 26]
        let result = tree.layout(root: root, width: nil, height: nil, measurer: &measurer)
        // Ascents: 15 and 4 + 26 = 30; descents 5 and 10.
        #expect(box(result[small]) == [0, 15, 40, 20])
        #expect(box(result[large]) == [40, 0, 40, 40])
        #expect(result[root].height == 40)
    }

    /// Without a baseline, a box aligns by its bottom edge; a container by its first child's baseline.
    @Test func fallbackBaselines() {
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.alignItems = .baseline })
        let short = tree.add(cssStyle { $0.width = 10; $0.height = 20 }, parent: root)
        let wrapper = tree.add(cssStyle { $0.flexDirection = .column; $0.padding = Edges(top: 5) }, parent: root)
        let first = tree.add(cssStyle { $0.width = 10; $0.height = 30 }, parent: wrapper)
        tree.add(cssStyle { $0.width = 10; $0.height = 30 }, parent: wrapper)
        let result = tree.layout(root: root, width: nil, height: nil)
        // The wrapper's baseline is its first child's bottom: 5 + 30 = 35.
        #expect(result[wrapper].top == 0)
        #expect(result[short].top == 15)
        #expect(result[first].top == 5)
    }
}
