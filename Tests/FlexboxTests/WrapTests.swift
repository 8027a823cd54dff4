import Flexbox
import Testing

/// Flex-wrap: lines, wrap-reverse, wrapping with min sizes (cases from Yoga's YGFlexWrapTest).
@Suite struct WrapTests {
    /// Yoga fixture `YGFlexWrapTest/wrap_row`.
    @Test func wrapRow() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.flexWrap = .wrap; $0.width = .points(100) })
        let n1 = tree.add(yogaStyle { $0.height = .points(30); $0.width = .points(30) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.height = .points(30); $0.width = .points(30) }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.height = .points(30); $0.width = .points(30) }, parent: n0)
        let n4 = tree.add(yogaStyle { $0.height = .points(30); $0.width = .points(30) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3, n4].map { box(ltr[$0]) } == [[0, 0, 100, 60], [0, 0, 30, 30], [30, 0, 30, 30], [60, 0, 30, 30], [0, 30, 30, 30]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3, n4].map { box(rtl[$0]) } == [[0, 0, 100, 60], [70, 0, 30, 30], [40, 0, 30, 30], [10, 0, 30, 30], [70, 30, 30, 30]])
    }

    /// Yoga fixture `YGFlexWrapTest/wrap_row_align_items_flex_end`.
    @Test func wrapRowAlignItemsFlexEnd() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.flexWrap = .wrap; $0.alignItems = .flexEnd; $0.width = .points(100) })
        let n1 = tree.add(yogaStyle { $0.height = .points(10); $0.width = .points(30) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.height = .points(20); $0.width = .points(30) }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.height = .points(30); $0.width = .points(30) }, parent: n0)
        let n4 = tree.add(yogaStyle { $0.height = .points(30); $0.width = .points(30) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3, n4].map { box(ltr[$0]) } == [[0, 0, 100, 60], [0, 20, 30, 10], [30, 10, 30, 20], [60, 0, 30, 30], [0, 30, 30, 30]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3, n4].map { box(rtl[$0]) } == [[0, 0, 100, 60], [70, 20, 30, 10], [40, 10, 30, 20], [10, 0, 30, 30], [70, 30, 30, 30]])
    }

    /// Yoga fixture `YGFlexWrapTest/wrap_row_align_items_center`.
    @Test func wrapRowAlignItemsCenter() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.flexWrap = .wrap; $0.alignItems = .center; $0.width = .points(100) })
        let n1 = tree.add(yogaStyle { $0.height = .points(10); $0.width = .points(30) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.height = .points(20); $0.width = .points(30) }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.height = .points(30); $0.width = .points(30) }, parent: n0)
        let n4 = tree.add(yogaStyle { $0.height = .points(30); $0.width = .points(30) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3, n4].map { box(ltr[$0]) } == [[0, 0, 100, 60], [0, 10, 30, 10], [30, 5, 30, 20], [60, 0, 30, 30], [0, 30, 30, 30]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3, n4].map { box(rtl[$0]) } == [[0, 0, 100, 60], [70, 10, 30, 10], [40, 5, 30, 20], [10, 0, 30, 30], [70, 30, 30, 30]])
    }

    /// Yoga fixture `YGFlexWrapTest/flex_wrap_children_with_min_main_overriding_flex_basis`.
    @Test func flexWrapChildrenWithMinMainOverridingFlexBasis() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.flexWrap = .wrap; $0.width = .points(100) })
        let n1 = tree.add(yogaStyle { $0.flexBasis = .points(50); $0.minWidth = .points(55); $0.height = .points(50) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.flexBasis = .points(50); $0.minWidth = .points(55); $0.height = .points(50) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2].map { box(ltr[$0]) } == [[0, 0, 100, 100], [0, 0, 55, 50], [0, 50, 55, 50]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2].map { box(rtl[$0]) } == [[0, 0, 100, 100], [45, 0, 55, 50], [45, 50, 55, 50]])
    }

    /// Yoga fixture `YGFlexWrapTest/flex_wrap_wrap_to_child_height`.
    @Test func flexWrapWrapToChildHeight() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute })
        let n1 = tree.add(yogaStyle { $0.flexDirection = .row; $0.flexWrap = .wrap; $0.alignItems = .flexStart }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.width = .points(100) }, parent: n1)
        let n3 = tree.add(yogaStyle { $0.height = .points(100); $0.width = .points(100) }, parent: n2)
        let n4 = tree.add(yogaStyle { $0.width = .points(100); $0.height = .points(100) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3, n4].map { box(ltr[$0]) } == [[0, 0, 100, 200], [0, 0, 100, 100], [0, 0, 100, 100], [0, 0, 100, 100], [0, 100, 100, 100]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3, n4].map { box(rtl[$0]) } == [[0, 0, 100, 200], [0, 0, 100, 100], [0, 0, 100, 100], [0, 0, 100, 100], [0, 100, 100, 100]])
    }

    /// Yoga fixture `YGFlexWrapTest/wrap_with_min_cross_axis`.
    @Test func wrapWithMinCrossAxis() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.flexWrap = .wrap; $0.minHeight = .points(500); $0.width = .points(500) })
        let n1 = tree.add(yogaStyle { $0.width = .points(400); $0.height = .points(200) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.width = .points(400); $0.height = .points(200) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2].map { box(ltr[$0]) } == [[0, 0, 500, 500], [0, 0, 400, 200], [0, 200, 400, 200]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2].map { box(rtl[$0]) } == [[0, 0, 500, 500], [100, 0, 400, 200], [100, 200, 400, 200]])
    }

    /// Yoga fixture `YGFlexWrapTest/nowrap_expands_flexline_box_to_min_cross`.
    @Test func nowrapExpandsFlexlineBoxToMinCross() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.minHeight = .points(400) })
        let n1 = tree.add(yogaStyle { $0.flexGrow = 1; $0.flexShrink = 1; $0.flexBasis = .percent(0) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1].map { box(ltr[$0]) } == [[0, 0, 0, 400], [0, 0, 0, 400]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1].map { box(rtl[$0]) } == [[0, 0, 0, 400], [0, 0, 0, 400]])
    }
}
