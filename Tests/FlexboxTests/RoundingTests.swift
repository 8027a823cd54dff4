import Flexbox
import Testing

/// Pixel-grid rounding: edges rounded, sizes from rounded edges (cases from Yoga's YGRoundingTest).
@Suite struct RoundingTests {
    /// Yoga fixture `YGRoundingTest/rounding_flex_basis_flex_grow_row_width_of_100`.
    @Test func roundingFlexBasisFlexGrowRowWidthOf100() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.width = .points(100); $0.height = .points(100) })
        let n1 = tree.add(yogaStyle { $0.flexGrow = 1 }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.flexGrow = 1 }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.flexGrow = 1 }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3].map { box(ltr[$0]) } == [[0, 0, 100, 100], [0, 0, 33, 100], [33, 0, 34, 100], [67, 0, 33, 100]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3].map { box(rtl[$0]) } == [[0, 0, 100, 100], [67, 0, 33, 100], [33, 0, 34, 100], [0, 0, 33, 100]])
    }

    /// Yoga fixture `YGRoundingTest/rounding_flex_basis_flex_shrink_row`.
    @Test func roundingFlexBasisFlexShrinkRow() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.width = .points(101); $0.height = .points(100) })
        let n1 = tree.add(yogaStyle { $0.flexShrink = 1; $0.flexBasis = .points(100) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.flexBasis = .points(25) }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.flexBasis = .points(25) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3].map { box(ltr[$0]) } == [[0, 0, 101, 100], [0, 0, 51, 100], [51, 0, 25, 100], [76, 0, 25, 100]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3].map { box(rtl[$0]) } == [[0, 0, 101, 100], [50, 0, 51, 100], [25, 0, 25, 100], [0, 0, 25, 100]])
    }

    /// Yoga fixture `YGRoundingTest/rounding_total_fractial`.
    @Test func roundingTotalFractial() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.height = .points(113.4); $0.width = .points(87.4) })
        let n1 = tree.add(yogaStyle { $0.flexGrow = 0.7; $0.flexBasis = .points(50.3); $0.height = .points(20.3) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.flexGrow = 1.6; $0.height = .points(10) }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.flexGrow = 1.1; $0.height = .points(10.7) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3].map { box(ltr[$0]) } == [[0, 0, 87, 113], [0, 0, 87, 59], [0, 59, 87, 30], [0, 89, 87, 24]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3].map { box(rtl[$0]) } == [[0, 0, 87, 113], [0, 0, 87, 59], [0, 59, 87, 30], [0, 89, 87, 24]])
    }

    /// Yoga fixture `YGRoundingTest/rounding_fractial_input_1`.
    @Test func roundingFractialInput1() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.height = .points(113.4); $0.width = .points(100) })
        let n1 = tree.add(yogaStyle { $0.flexGrow = 1; $0.flexBasis = .points(50); $0.height = .points(20) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.flexGrow = 1; $0.height = .points(10) }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.flexGrow = 1; $0.height = .points(10) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3].map { box(ltr[$0]) } == [[0, 0, 100, 113], [0, 0, 100, 64], [0, 64, 100, 25], [0, 89, 100, 24]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3].map { box(rtl[$0]) } == [[0, 0, 100, 113], [0, 0, 100, 64], [0, 64, 100, 25], [0, 89, 100, 24]])
    }

    /// Yoga fixture `YGRoundingTest/rounding_fractial_input_3`.
    @Test func roundingFractialInput3() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.height = .points(113.4); $0.width = .points(100); $0.inset = Edges(top: .points(0.3)) })
        let n1 = tree.add(yogaStyle { $0.flexGrow = 1; $0.flexBasis = .points(50); $0.height = .points(20) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.flexGrow = 1; $0.height = .points(10) }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.flexGrow = 1; $0.height = .points(10) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3].map { box(ltr[$0]) } == [[0, 0, 100, 114], [0, 0, 100, 65], [0, 64, 100, 24], [0, 89, 100, 25]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3].map { box(rtl[$0]) } == [[0, 0, 100, 114], [0, 0, 100, 65], [0, 64, 100, 24], [0, 89, 100, 25]])
    }

    /// Yoga fixture `YGRoundingTest/rounding_inner_node_controversy_horizontal`.
    @Test func roundingInnerNodeControversyHorizontal() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.width = .points(320) })
        let n1 = tree.add(yogaStyle { $0.flexGrow = 1; $0.height = .points(10) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.flexGrow = 1; $0.height = .points(10) }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.flexGrow = 1; $0.height = .points(10) }, parent: n2)
        let n4 = tree.add(yogaStyle { $0.flexGrow = 1; $0.height = .points(10) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3, n4].map { box(ltr[$0]) } == [[0, 0, 320, 10], [0, 0, 107, 10], [107, 0, 106, 10], [0, 0, 106, 10], [213, 0, 107, 10]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3, n4].map { box(rtl[$0]) } == [[0, 0, 320, 10], [213, 0, 107, 10], [107, 0, 106, 10], [0, 0, 106, 10], [0, 0, 107, 10]])
    }

    /// Measured nodes (texts) floor their start and ceil a fractional far edge; boxes round both edges.
    @Test func measuredNodesNeverShrink() {
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.width = 100; $0.alignItems = .flexStart })
        tree.add(cssStyle { $0.width = 0.6; $0.flexShrink = 0 }, parent: root)
        let text = tree.add(cssStyle { $0.flexShrink = 0 }, measured: true, parent: root)
        var sizes = FixedMeasurer()
        sizes.sizes = [text.index: FlexSize(width: 10.2, height: 14)]
        let result = tree.layout(root: root, width: nil, height: nil, measurer: &sizes)
        #expect(box(result[text]) == [0, 0, 11, 14])

        var boxes = FlexTree()
        let row = boxes.add(cssStyle { $0.width = 100; $0.alignItems = .flexStart })
        boxes.add(cssStyle { $0.width = 0.6; $0.flexShrink = 0 }, parent: row)
        let plain = boxes.add(cssStyle { $0.width = 10.2; $0.height = 14; $0.flexShrink = 0 }, parent: row)
        #expect(box(boxes.layout(root: row, width: nil, height: nil)[plain]) == [1, 0, 10, 14])
    }

    /// Rounding happens at the grid asked for: halves at 2×, nothing when unrounded (and a
    /// scale of 0 is unrounded too).
    @Test func pixelGrid() {
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.width = 100; $0.height = 10 })
        let items = (0..<3).map { _ in tree.add(cssStyle { $0.flexGrow = 1 }, parent: root) }
        let twice = tree.layout(root: root, width: nil, height: nil, rounding: .pixelGrid(scale: 2))
        #expect(items.map { twice[$0].left } == [0, 33.5, 66.5])
        #expect(items.map { twice[$0].width } == [33.5, 33, 33.5])
        let exact = tree.layout(root: root, width: nil, height: nil, rounding: .unrounded)
        #expect(abs(exact[items[1]].left - 100.0 / 3) < 1e-9)
        let zero = tree.layout(root: root, width: nil, height: nil, rounding: .pixelGrid(scale: 0))
        #expect(zero[items[1]] == exact[items[1]])
    }
}
