import Flexbox
import Testing

/// Absolute positioning: insets, opposite insets, static position, percentages of the padding box (cases from Yoga's YGAbsolutePositionTest).
@Suite struct AbsoluteTests {
    /// Yoga fixture `YGAbsolutePositionTest/absolute_layout_width_height_start_top`.
    @Test func absoluteLayoutWidthHeightStartTop() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.width = .points(100); $0.height = .points(100) })
        let n1 = tree.add(yogaStyle { $0.position = .absolute; $0.width = .points(10); $0.height = .points(10); $0.inset = Edges(top: .points(10), start: .points(10)) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1].map { box(ltr[$0]) } == [[0, 0, 100, 100], [10, 10, 10, 10]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1].map { box(rtl[$0]) } == [[0, 0, 100, 100], [80, 10, 10, 10]])
    }

    /// Yoga fixture `YGAbsolutePositionTest/absolute_layout_width_height_end_bottom`.
    @Test func absoluteLayoutWidthHeightEndBottom() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.width = .points(100); $0.height = .points(100) })
        let n1 = tree.add(yogaStyle { $0.position = .absolute; $0.width = .points(10); $0.height = .points(10); $0.inset = Edges(bottom: .points(10), end: .points(10)) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1].map { box(ltr[$0]) } == [[0, 0, 100, 100], [80, 80, 10, 10]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1].map { box(rtl[$0]) } == [[0, 0, 100, 100], [10, 80, 10, 10]])
    }

    /// Yoga fixture `YGAbsolutePositionTest/absolute_layout_start_top_end_bottom`.
    @Test func absoluteLayoutStartTopEndBottom() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.width = .points(100); $0.height = .points(100) })
        let n1 = tree.add(yogaStyle { $0.position = .absolute; $0.inset = Edges(top: .points(10), bottom: .points(10), start: .points(10), end: .points(10)) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1].map { box(ltr[$0]) } == [[0, 0, 100, 100], [10, 10, 80, 80]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1].map { box(rtl[$0]) } == [[0, 0, 100, 100], [10, 10, 80, 80]])
    }

    /// Yoga fixture `YGAbsolutePositionTest/absolute_layout_within_border`.
    @Test func absoluteLayoutWithinBorder() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.height = .points(100); $0.width = .points(100); $0.margin = Edges(top: .points(10), left: .points(10), bottom: .points(10), right: .points(10)); $0.padding = Edges(top: .points(10), left: .points(10), bottom: .points(10), right: .points(10)); $0.border = Edges(top: 10, left: 10, bottom: 10, right: 10) })
        let n1 = tree.add(yogaStyle { $0.position = .absolute; $0.width = .points(50); $0.height = .points(50); $0.inset = Edges(top: .points(0), left: .points(0)) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.position = .absolute; $0.width = .points(50); $0.height = .points(50); $0.inset = Edges(bottom: .points(0), right: .points(0)) }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.position = .absolute; $0.width = .points(50); $0.height = .points(50); $0.margin = Edges(top: .points(10), left: .points(10), bottom: .points(10), right: .points(10)); $0.inset = Edges(top: .points(0), left: .points(0)) }, parent: n0)
        let n4 = tree.add(yogaStyle { $0.position = .absolute; $0.width = .points(50); $0.height = .points(50); $0.margin = Edges(top: .points(10), left: .points(10), bottom: .points(10), right: .points(10)); $0.inset = Edges(bottom: .points(0), right: .points(0)) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3, n4].map { box(ltr[$0]) } == [[10, 10, 100, 100], [10, 10, 50, 50], [40, 40, 50, 50], [20, 20, 50, 50], [30, 30, 50, 50]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3, n4].map { box(rtl[$0]) } == [[10, 10, 100, 100], [10, 10, 50, 50], [40, 40, 50, 50], [20, 20, 50, 50], [30, 30, 50, 50]])
    }

    /// Yoga fixture `YGAbsolutePositionTest/absolute_layout_align_items_and_justify_content_center`.
    @Test func absoluteLayoutAlignItemsAndJustifyContentCenter() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.justifyContent = .center; $0.alignItems = .center; $0.flexGrow = 1; $0.height = .points(100); $0.width = .points(110) })
        let n1 = tree.add(yogaStyle { $0.position = .absolute; $0.width = .points(60); $0.height = .points(40) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1].map { box(ltr[$0]) } == [[0, 0, 110, 100], [25, 30, 60, 40]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1].map { box(rtl[$0]) } == [[0, 0, 110, 100], [25, 30, 60, 40]])
    }

    /// Yoga fixture `YGAbsolutePositionTest/absolute_layout_align_items_and_justify_content_flex_end`.
    @Test func absoluteLayoutAlignItemsAndJustifyContentFlexEnd() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.justifyContent = .flexEnd; $0.alignItems = .flexEnd; $0.flexGrow = 1; $0.height = .points(100); $0.width = .points(110) })
        let n1 = tree.add(yogaStyle { $0.position = .absolute; $0.width = .points(60); $0.height = .points(40) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1].map { box(ltr[$0]) } == [[0, 0, 110, 100], [50, 60, 60, 40]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1].map { box(rtl[$0]) } == [[0, 0, 110, 100], [0, 60, 60, 40]])
    }

    /// Yoga fixture `YGAbsolutePositionTest/do_not_clamp_height_of_absolute_node_to_height_of_its_overflow_hidden_parent`.
    @Test func doNotClampHeightOfAbsoluteNodeToHeightOfItsOverflowHiddenParent() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.overflow = .hidden; $0.flexDirection = .row; $0.height = .points(50); $0.width = .points(50) })
        let n1 = tree.add(yogaStyle { $0.position = .absolute; $0.inset = Edges(top: .points(0), start: .points(0)) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.width = .points(100); $0.height = .points(100) }, parent: n1)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2].map { box(ltr[$0]) } == [[0, 0, 50, 50], [0, 0, 100, 100], [0, 0, 100, 100]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2].map { box(rtl[$0]) } == [[0, 0, 50, 50], [-50, 0, 100, 100], [0, 0, 100, 100]])
    }
}
