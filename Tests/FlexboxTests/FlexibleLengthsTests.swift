import Flexbox
import Testing

/// Flex-grow/shrink/basis and min/max during flexing (cases from Yoga's YGFlexTest and YGMinMaxDimensionTest).
@Suite struct FlexibleLengthsTests {
    /// Yoga fixture `YGFlexTest/flex_basis_flex_grow_column`.
    @Test func flexBasisFlexGrowColumn() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.width = .points(100); $0.height = .points(100) })
        let n1 = tree.add(yogaStyle { $0.flexGrow = 1; $0.flexBasis = .points(50) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.flexGrow = 1 }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2].map { box(ltr[$0]) } == [[0, 0, 100, 100], [0, 0, 100, 75], [0, 75, 100, 25]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2].map { box(rtl[$0]) } == [[0, 0, 100, 100], [0, 0, 100, 75], [0, 75, 100, 25]])
    }

    /// Yoga fixture `YGFlexTest/flex_shrink_flex_grow_row`.
    @Test func flexShrinkFlexGrowRow() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.width = .points(500); $0.height = .points(500) })
        let n1 = tree.add(yogaStyle { $0.flexShrink = 1; $0.width = .points(500); $0.height = .points(100) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.flexShrink = 1; $0.width = .points(500); $0.height = .points(100) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2].map { box(ltr[$0]) } == [[0, 0, 500, 500], [0, 0, 250, 100], [250, 0, 250, 100]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2].map { box(rtl[$0]) } == [[0, 0, 500, 500], [250, 0, 250, 100], [0, 0, 250, 100]])
    }

    /// Yoga fixture `YGFlexTest/flex_shrink_flex_grow_child_flex_shrink_other_child`.
    @Test func flexShrinkFlexGrowChildFlexShrinkOtherChild() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.width = .points(500); $0.height = .points(500) })
        let n1 = tree.add(yogaStyle { $0.flexShrink = 1; $0.width = .points(500); $0.height = .points(100) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.flexGrow = 1; $0.flexShrink = 1; $0.width = .points(500); $0.height = .points(100) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2].map { box(ltr[$0]) } == [[0, 0, 500, 500], [0, 0, 250, 100], [250, 0, 250, 100]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2].map { box(rtl[$0]) } == [[0, 0, 500, 500], [250, 0, 250, 100], [0, 0, 250, 100]])
    }

    /// Yoga fixture `YGFlexTest/flex_basis_flex_shrink_row`.
    @Test func flexBasisFlexShrinkRow() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.width = .points(100); $0.height = .points(100) })
        let n1 = tree.add(yogaStyle { $0.flexShrink = 1; $0.flexBasis = .points(100) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.flexBasis = .points(50) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2].map { box(ltr[$0]) } == [[0, 0, 100, 100], [0, 0, 50, 100], [50, 0, 50, 100]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2].map { box(rtl[$0]) } == [[0, 0, 100, 100], [50, 0, 50, 100], [0, 0, 50, 100]])
    }

    /// Yoga fixture `YGFlexTest/flex_shrink_to_zero`.
    @Test func flexShrinkToZero() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.height = .points(75) })
        let n1 = tree.add(yogaStyle { $0.width = .points(50); $0.height = .points(50) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.flexShrink = 1; $0.width = .points(50); $0.height = .points(50) }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.width = .points(50); $0.height = .points(50) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3].map { box(ltr[$0]) } == [[0, 0, 50, 75], [0, 0, 50, 50], [0, 50, 50, 0], [0, 50, 50, 50]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3].map { box(rtl[$0]) } == [[0, 0, 50, 75], [0, 0, 50, 50], [0, 50, 50, 0], [0, 50, 50, 50]])
    }

    /// Yoga fixture `YGFlexTest/flex_basis_overrides_main_size`.
    @Test func flexBasisOverridesMainSize() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.height = .points(100); $0.width = .points(100) })
        let n1 = tree.add(yogaStyle { $0.flexGrow = 1; $0.flexBasis = .points(50); $0.height = .points(20) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.flexGrow = 1; $0.height = .points(10) }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.flexGrow = 1; $0.height = .points(10) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3].map { box(ltr[$0]) } == [[0, 0, 100, 100], [0, 0, 100, 60], [0, 60, 100, 20], [0, 80, 100, 20]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3].map { box(rtl[$0]) } == [[0, 0, 100, 100], [0, 0, 100, 60], [0, 60, 100, 20], [0, 80, 100, 20]])
    }

    /// Yoga fixture `YGFlexTest/flex_grow_less_than_factor_one`.
    @Test func flexGrowLessThanFactorOne() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.height = .points(500); $0.width = .points(200) })
        let n1 = tree.add(yogaStyle { $0.flexGrow = 0.2; $0.flexBasis = .points(40) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.flexGrow = 0.2 }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.flexGrow = 0.4 }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3].map { box(ltr[$0]) } == [[0, 0, 200, 500], [0, 0, 200, 132], [0, 132, 200, 92], [0, 224, 200, 184]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3].map { box(rtl[$0]) } == [[0, 0, 200, 500], [0, 0, 200, 132], [0, 132, 200, 92], [0, 224, 200, 184]])
    }

    /// Yoga fixture `YGMinMaxDimensionTest/flex_grow_within_max_width`.
    @Test func flexGrowWithinMaxWidth() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.width = .points(200); $0.height = .points(100) })
        let n1 = tree.add(yogaStyle { $0.flexDirection = .row; $0.maxWidth = .points(100) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.flexGrow = 1; $0.height = .points(20) }, parent: n1)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2].map { box(ltr[$0]) } == [[0, 0, 200, 100], [0, 0, 100, 20], [0, 0, 100, 20]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2].map { box(rtl[$0]) } == [[0, 0, 200, 100], [100, 0, 100, 20], [0, 0, 100, 20]])
    }

    /// Yoga fixture `YGMinMaxDimensionTest/flex_grow_within_constrained_min_max_column`.
    @Test func flexGrowWithinConstrainedMinMaxColumn() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.minHeight = .points(100); $0.maxHeight = .points(200) })
        let n1 = tree.add(yogaStyle { $0.flexGrow = 1 }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.height = .points(50) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2].map { box(ltr[$0]) } == [[0, 0, 0, 100], [0, 0, 0, 50], [0, 50, 0, 50]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2].map { box(rtl[$0]) } == [[0, 0, 0, 100], [0, 0, 0, 50], [0, 50, 0, 50]])
    }

    /// Yoga fixture `YGMinMaxDimensionTest/flex_grow_root_minimized`.
    @Test func flexGrowRootMinimized() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.minHeight = .points(100); $0.width = .points(100); $0.maxHeight = .points(500) })
        let n1 = tree.add(yogaStyle { $0.flexGrow = 1; $0.minHeight = .points(100); $0.maxHeight = .points(500) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.flexGrow = 1; $0.flexBasis = .points(200) }, parent: n1)
        let n3 = tree.add(yogaStyle { $0.height = .points(100) }, parent: n1)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3].map { box(ltr[$0]) } == [[0, 0, 100, 300], [0, 0, 100, 300], [0, 0, 100, 200], [0, 200, 100, 100]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3].map { box(rtl[$0]) } == [[0, 0, 100, 300], [0, 0, 100, 300], [0, 0, 100, 200], [0, 200, 100, 100]])
    }

    /// Yoga fixture `YGPercentageTest/percentage_flex_basis_main_min_width`.
    @Test func percentageFlexBasisMainMinWidth() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.width = .points(200); $0.height = .points(200) })
        let n1 = tree.add(yogaStyle { $0.flexGrow = 1; $0.flexBasis = .percent(15); $0.minWidth = .percent(60) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.flexGrow = 4; $0.flexBasis = .percent(10); $0.minWidth = .percent(20) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2].map { box(ltr[$0]) } == [[0, 0, 200, 200], [0, 0, 120, 200], [120, 0, 80, 200]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2].map { box(rtl[$0]) } == [[0, 0, 200, 200], [80, 0, 120, 200], [0, 0, 80, 200]])
    }

    /// §9.7: shrinking is weighted by the inner (content-box) base size, so padding does not shrink.
    @Test func shrinkIsWeightedByInnerBaseSize() {
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.width = 100; $0.height = 10 })
        let padded = tree.add(cssStyle { $0.flexBasis = 100; $0.padding = Edges(left: 40); $0.minWidth = 0 }, parent: root)
        let plain = tree.add(cssStyle { $0.flexBasis = 100; $0.minWidth = 0 }, parent: root)
        let result = tree.layout(root: root, width: nil, height: nil, rounding: .unrounded)
        #expect(result[padded].width == 62.5)
        #expect(result[plain].width == 37.5)
    }

    /// §9.7: a max violation freezes the item and the rest is shared again.
    @Test func maxViolationIsFrozenAndTheRestShared() {
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.width = 300; $0.height = 10 })
        let capped = tree.add(cssStyle { $0.flexGrow = 1; $0.maxWidth = 50 }, parent: root)
        let others = (0..<2).map { _ in tree.add(cssStyle { $0.flexGrow = 1 }, parent: root) }
        let result = tree.layout(root: root, width: nil, height: nil)
        #expect(result[capped].width == 50)
        #expect(others.map { result[$0].width } == [125, 125])
    }

    /// Auto main margins take the free space before justify-content (a spacer pushing the price right).
    @Test func autoMarginPushesToTheEnd() {
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.width = 200; $0.height = 20; $0.justifyContent = .center })
        let title = tree.add(cssStyle { $0.width = 50 }, parent: root)
        let price = tree.add(cssStyle { $0.width = 30; $0.margin = Edges(left: .auto) }, parent: root)
        let result = tree.layout(root: root, width: nil, height: nil)
        #expect(result[title].left == 0)
        #expect(result[price].left == 170)
    }

    /// Relative insets move the box without moving its siblings.
    @Test func relativeOffsets() {
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.width = 100; $0.height = 20 })
        let a = tree.add(cssStyle { $0.width = 10; $0.inset = Edges(top: 3, left: 5) }, parent: root)
        let b = tree.add(cssStyle { $0.width = 10; $0.inset = Edges(right: 4) }, parent: root)
        let result = tree.layout(root: root, width: nil, height: nil)
        #expect(box(result[a]) == [5, 3, 10, 20])
        #expect(box(result[b]) == [6, 0, 10, 20])
    }
}
