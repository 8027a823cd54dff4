import AsyncLayerKitTesting
import Flexbox
import Testing

/// A measurer that answers garbage: NaN, infinities and negative sizes, and a NaN baseline.
struct GarbageMeasurer: FlexMeasurer {
    var answers: [Double] = [.nan, .infinity, -.infinity, -50, .greatestFiniteMagnitude]
    var next = 0
    mutating func measure(_ node: FlexTree.NodeID, width: Double, widthMode: MeasureMode,
                          height: Double, heightMode: MeasureMode) -> FlexSize {
        next += 1
        return FlexSize(width: answers[next % answers.count], height: answers[(next + 2) % answers.count])
    }
    mutating func baseline(_ node: FlexTree.NodeID, size: FlexSize) -> Double? { .nan }
}

/// Every frame finite, sizes non-negative.
func allFinite(_ result: FlexLayoutResult) -> Bool {
    result.frames.allSatisfy { f in
        [f.left, f.top, f.width, f.height].allSatisfy(\.isFinite) && f.width >= 0 && f.height >= 0
    }
}

@Suite struct RobustnessTests {
    @Test func nonFiniteAndNegativeLengthsLayOutFinite() {
        let garbage: [Length] = [.points(.nan), .points(.infinity), .points(-.infinity), .points(-10),
                                    .percent(.nan), .percent(.infinity), .percent(-50), .points(1e300)]
        var tree = FlexTree()
        let root = tree.add(FlexStyle())
        for (i, g) in garbage.enumerated() {
            var s = FlexStyle()
            s.width = g
            s.height = garbage[(i + 1) % garbage.count]
            s.minWidth = garbage[(i + 2) % garbage.count]
            s.maxHeight = garbage[(i + 3) % garbage.count]
            s.margin = Edges(all: g)
            s.padding = Edges(all: garbage[(i + 4) % garbage.count])
            s.border = Edges(all: -.infinity)
            s.inset = Edges(all: g)
            s.position = i % 2 == 0 ? .absolute : .relative
            s.flexGrow = .nan
            s.flexShrink = -.infinity
            s.flexBasis = .points(.nan)
            s.aspectRatio = i % 3 == 0 ? .nan : 0
            s.columnGap = g
            s.flexWrap = .wrap
            let node = tree.add(s, parent: root)
            tree.add(s, measured: true, parent: node)
        }
        var measurer = GarbageMeasurer()
        for width in [nil, Double.nan, .infinity, -1, 100] as [Double?] {
            let result = tree.layout(root: root, width: width, height: width, rounding: .pixelGrid(scale: .nan), measurer: &measurer)
            #expect(allFinite(result))
        }
    }

    /// CSS: a max smaller than the min is floored by the min.
    @Test func minWinsOverMax() {
        var tree = FlexTree()
        let root = tree.add(yogaStyle { $0.width = 100; $0.height = 100 })
        let child = tree.add(yogaStyle { $0.minWidth = 60; $0.maxWidth = 20; $0.minHeight = 30; $0.maxHeight = 10 }, parent: root)
        let result = tree.layout(root: root, width: nil, height: nil)
        #expect(result[child].width == 60)
        #expect(result[child].height == 30)
    }

    /// Insets wider than the parent leave a zero-width box, never a negative one.
    @Test func insetsWiderThanTheParentGiveAnEmptyBox() {
        var tree = FlexTree()
        let root = tree.add(yogaStyle { $0.width = 100; $0.height = 100 })
        let child = tree.add(yogaStyle {
            $0.position = .absolute
            $0.inset = Edges(top: 70, left: 80, bottom: 70, right: 80)
        }, parent: root)
        let result = tree.layout(root: root, width: nil, height: nil)
        #expect(box(result[child]) == [80, 70, 0, 0])
    }

    /// 10,000 children in one wrapping row: 10 per line, in bounded time.
    @Test func tenThousandChildrenWrap() {
        var tree = FlexTree()
        let root = tree.add(yogaStyle { $0.flexDirection = .row; $0.flexWrap = .wrap; $0.width = 100 })
        var last = root
        for _ in 0..<10_000 { last = tree.add(yogaStyle { $0.width = 10; $0.height = 10 }, parent: root) }
        let result = tree.layout(root: root, width: nil, height: nil)
        #expect(box(result[last]) == [90, 9990, 10, 10])
        #expect(result[root].height == 10_000)
    }

    /// A 1000-level chain of auto-sized containers around one measured leaf.
    @Test func thousandLevelChain() {
        var tree = FlexTree()
        let root = tree.add(FlexStyle())
        var parent = root
        for i in 0..<1000 {
            var s = FlexStyle()
            s.flexDirection = i % 2 == 0 ? .row : .column
            s.padding = Edges(left: 1)
            s.flexShrink = 1
            parent = tree.add(s, parent: parent)
        }
        let leaf = tree.add(FlexStyle(), measured: true, parent: parent)
        var measurer = TextStub()
        measurer[leaf] = [10]
        let result = tree.layout(root: root, width: nil, height: nil, measurer: &measurer)
        #expect(result[root].width == 1070)
        #expect(result[leaf].width == 70)
        #expect(allFinite(result))
    }

    /// Past 4096 levels below the root, nodes are not laid out (zero frames) instead of exhausting the stack.
    @Test func nodesBeyondTheDepthLimitGetZeroFrames() {
        var tree = FlexTree()
        let root = tree.add(yogaStyle { $0.width = 100 })
        var parent = root
        var chain: [FlexTree.NodeID] = []
        for _ in 0..<5000 {
            parent = tree.add(yogaStyle { $0.padding = Edges(top: 1) }, parent: parent)
            chain.append(parent)
        }
        let result = tree.layout(root: root, width: nil, height: nil)
        #expect(result[chain[4095]].height == 1)
        #expect(box(result[chain[4096]]) == [0, 0, 0, 0])
        #expect(result[root].height == 4096)
        #expect(allFinite(result))
    }

    /// A random tree with random (often invalid) styles: finite frames every time.
    @Test func randomStylesFuzz() {
        var random = SplitMix64(seed: 7)
        func next(_ n: Int) -> Int { random.next(upTo: n) }
        let values: [Double] = [0, 1, 10, 50, 100, -5, .nan, .infinity, 1e12, 0.5]
        func dim() -> Length {
            switch next(4) {
            case 0: .auto
            case 1: .percent(values[next(values.count)])
            default: .points(values[next(values.count)])
            }
        }
        for _ in 0..<50 {
            var tree = FlexTree()
            let root = tree.add(FlexStyle())
            var nodes = [root]
            for _ in 0..<60 {
                var s = FlexStyle()
                s.display = [Display.flex, .flex, .flex, .none, .overlay][next(5)]
                s.position = next(4) == 0 ? .absolute : .relative
                s.direction = [Direction.inherit, .ltr, .rtl][next(3)]
                s.overflow = [Overflow.visible, .hidden, .scroll][next(3)]
                s.boxSizing = next(2) == 0 ? .borderBox : .contentBox
                s.flexDirection = FlexDirection.allCases[next(4)]
                s.flexWrap = FlexWrap.allCases[next(3)]
                s.justifyContent = JustifyContent.allCases[next(6)]
                s.alignItems = AlignItems.allCases[next(5)]
                s.alignSelf = AlignSelf.allCases[next(6)]
                s.alignContent = AlignContent.allCases[next(7)]
                s.justifySelf = JustifyItems.allCases[next(5)]
                s.width = dim(); s.height = dim(); s.minWidth = dim(); s.maxWidth = dim()
                s.minHeight = dim(); s.maxHeight = dim()
                s.flexGrow = values[next(values.count)]
                s.flexShrink = values[next(values.count)]
                s.flexBasis = [FlexBasis.auto, .content, .points(values[next(values.count)]), .percent(50)][next(4)]
                s.aspectRatio = next(4) == 0 ? values[next(values.count)] : nil
                s.margin = Edges(top: dim(), left: dim(), bottom: dim(), right: dim(), start: next(3) == 0 ? .auto : nil)
                s.padding = Edges(top: dim(), left: dim(), end: dim())
                s.border = Edges(all: values[next(values.count)])
                s.inset = Edges(top: dim(), right: dim(), start: dim())
                s.rowGap = dim(); s.columnGap = dim()
                let parent = nodes[next(nodes.count)]
                nodes.append(tree.add(s, measured: next(5) == 0, parent: parent))
            }
            var measurer = TextStub()
            let result = tree.layout(root: root, width: next(2) == 0 ? nil : 300, height: nil,
                                     direction: next(2) == 0 ? .ltr : .rtl, rounding: .pixelGrid(scale: [0, 1, 2, 3][next(4)]),
                                     measurer: &measurer)
            #expect(allFinite(result))
        }
    }
}
