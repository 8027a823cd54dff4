import Flexbox
import Testing

/// Align-items/self/content, auto cross margins and baselines (cases from Yoga's YGAlignItemsTest, YGAlignSelfTest, YGAlignContentTest).
@Suite struct AlignTests {
    /// Yoga fixture `YGAlignItemsTest/align_items_center`.
    @Test func alignItemsCenter() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.alignItems = .center; $0.width = .points(100); $0.height = .points(100) })
        let n1 = tree.add(yogaStyle { $0.height = .points(10); $0.width = .points(10) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1].map { box(ltr[$0]) } == [[0, 0, 100, 100], [45, 0, 10, 10]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1].map { box(rtl[$0]) } == [[0, 0, 100, 100], [45, 0, 10, 10]])
    }

    /// Yoga fixture `YGAlignItemsTest/align_items_flex_end`.
    @Test func alignItemsFlexEnd() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.alignItems = .flexEnd; $0.width = .points(100); $0.height = .points(100) })
        let n1 = tree.add(yogaStyle { $0.height = .points(10); $0.width = .points(10) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1].map { box(ltr[$0]) } == [[0, 0, 100, 100], [90, 0, 10, 10]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1].map { box(rtl[$0]) } == [[0, 0, 100, 100], [0, 0, 10, 10]])
    }

    /// Yoga fixture `YGAlignItemsTest/align_baseline`.
    @Test func alignBaseline() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.alignItems = .baseline; $0.width = .points(100); $0.height = .points(100) })
        let n1 = tree.add(yogaStyle { $0.width = .points(50); $0.height = .points(50) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.width = .points(50); $0.height = .points(20) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2].map { box(ltr[$0]) } == [[0, 0, 100, 100], [0, 0, 50, 50], [50, 30, 50, 20]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2].map { box(rtl[$0]) } == [[0, 0, 100, 100], [50, 0, 50, 50], [0, 30, 50, 20]])
    }

    /// Yoga fixture `YGAlignItemsTest/align_baseline_child_margin`.
    @Test func alignBaselineChildMargin() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.alignItems = .baseline; $0.width = .points(100); $0.height = .points(100) })
        let n1 = tree.add(yogaStyle { $0.width = .points(50); $0.height = .points(50); $0.margin = Edges(top: .points(5), left: .points(5), bottom: .points(5), right: .points(5)) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.width = .points(50); $0.height = .points(20) }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.width = .points(50); $0.height = .points(10); $0.margin = Edges(top: .points(1), left: .points(1), bottom: .points(1), right: .points(1)) }, parent: n2)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3].map { box(ltr[$0]) } == [[0, 0, 100, 100], [5, 5, 50, 50], [60, 44, 50, 20], [1, 1, 50, 10]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3].map { box(rtl[$0]) } == [[0, 0, 100, 100], [45, 5, 50, 50], [-10, 44, 50, 20], [-1, 1, 50, 10]])
    }

    /// Yoga fixture `YGAlignItemsTest/align_baseline_double_nested_child`.
    @Test func alignBaselineDoubleNestedChild() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.alignItems = .baseline; $0.width = .points(100); $0.height = .points(100) })
        let n1 = tree.add(yogaStyle { $0.width = .points(50); $0.height = .points(50) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.width = .points(50); $0.height = .points(20) }, parent: n1)
        let n3 = tree.add(yogaStyle { $0.width = .points(50); $0.height = .points(20) }, parent: n0)
        let n4 = tree.add(yogaStyle { $0.width = .points(50); $0.height = .points(15) }, parent: n3)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3, n4].map { box(ltr[$0]) } == [[0, 0, 100, 100], [0, 0, 50, 50], [0, 0, 50, 20], [50, 5, 50, 20], [0, 0, 50, 15]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3, n4].map { box(rtl[$0]) } == [[0, 0, 100, 100], [50, 0, 50, 50], [0, 0, 50, 20], [0, 5, 50, 20], [0, 0, 50, 15]])
    }

    /// Yoga fixture `YGAlignSelfTest/align_self_flex_end_override_flex_start`.
    @Test func alignSelfFlexEndOverrideFlexStart() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.alignItems = .flexStart; $0.width = .points(100); $0.height = .points(100) })
        let n1 = tree.add(yogaStyle { $0.alignSelf = .flexEnd; $0.height = .points(10); $0.width = .points(10) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1].map { box(ltr[$0]) } == [[0, 0, 100, 100], [90, 0, 10, 10]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1].map { box(rtl[$0]) } == [[0, 0, 100, 100], [0, 0, 10, 10]])
    }

    /// Yoga fixture `YGAlignSelfTest/align_self_baseline`.
    @Test func alignSelfBaseline() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.width = .points(100); $0.height = .points(100) })
        let n1 = tree.add(yogaStyle { $0.alignSelf = .baseline; $0.width = .points(50); $0.height = .points(50) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.alignSelf = .baseline; $0.width = .points(50); $0.height = .points(20) }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.width = .points(50); $0.height = .points(10) }, parent: n2)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3].map { box(ltr[$0]) } == [[0, 0, 100, 100], [0, 0, 50, 50], [50, 40, 50, 20], [0, 0, 50, 10]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3].map { box(rtl[$0]) } == [[0, 0, 100, 100], [50, 0, 50, 50], [0, 40, 50, 20], [0, 0, 50, 10]])
    }

    /// Yoga fixture `YGAlignContentTest/align_content_center_wrapped_negative_space`.
    @Test func alignContentCenterWrappedNegativeSpace() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.width = .points(320); $0.height = .points(320); $0.border = Edges(top: 60, left: 60, bottom: 60, right: 60) })
        let n1 = tree.add(yogaStyle { $0.flexDirection = .row; $0.flexWrap = .wrap; $0.justifyContent = .center; $0.alignContent = .center; $0.height = .points(10) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.width = .percent(80); $0.height = .points(20) }, parent: n1)
        let n3 = tree.add(yogaStyle { $0.width = .percent(80); $0.height = .points(20) }, parent: n1)
        let n4 = tree.add(yogaStyle { $0.width = .percent(80); $0.height = .points(20) }, parent: n1)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3, n4].map { box(ltr[$0]) } == [[0, 0, 320, 320], [60, 60, 200, 10], [20, -25, 160, 20], [20, -5, 160, 20], [20, 15, 160, 20]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3, n4].map { box(rtl[$0]) } == [[0, 0, 320, 320], [60, 60, 200, 10], [20, -25, 160, 20], [20, -5, 160, 20], [20, 15, 160, 20]])
    }

    /// Yoga fixture `YGAlignContentTest/align_content_flex_end_wrapped_negative_space_gap`.
    @Test func alignContentFlexEndWrappedNegativeSpaceGap() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.width = .points(320); $0.height = .points(320); $0.border = Edges(top: 60, left: 60, bottom: 60, right: 60) })
        let n1 = tree.add(yogaStyle { $0.flexDirection = .row; $0.flexWrap = .wrap; $0.justifyContent = .center; $0.alignContent = .flexEnd; $0.height = .points(10); $0.rowGap = .points(10); $0.columnGap = .points(10) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.width = .percent(80); $0.height = .points(20) }, parent: n1)
        let n3 = tree.add(yogaStyle { $0.width = .percent(80); $0.height = .points(20) }, parent: n1)
        let n4 = tree.add(yogaStyle { $0.width = .percent(80); $0.height = .points(20) }, parent: n1)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3, n4].map { box(ltr[$0]) } == [[0, 0, 320, 320], [60, 60, 200, 10], [20, -70, 160, 20], [20, -40, 160, 20], [20, -10, 160, 20]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3, n4].map { box(rtl[$0]) } == [[0, 0, 320, 320], [60, 60, 200, 10], [20, -70, 160, 20], [20, -40, 160, 20], [20, -10, 160, 20]])
    }

    /// Yoga fixture `YGAlignItemsTest/align_items_center_child_with_margin_bigger_than_parent`.
    @Test func alignItemsCenterChildWithMarginBiggerThanParent() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.justifyContent = .center; $0.alignItems = .center; $0.height = .points(52); $0.width = .points(52) })
        let n1 = tree.add(yogaStyle { $0.alignItems = .center }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.width = .points(52); $0.height = .points(52); $0.margin = Edges(left: .points(10), right: .points(10)) }, parent: n1)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2].map { box(ltr[$0]) } == [[0, 0, 52, 52], [-10, 0, 72, 52], [10, 0, 52, 52]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2].map { box(rtl[$0]) } == [[0, 0, 52, 52], [-10, 0, 72, 52], [10, 0, 52, 52]])
    }
}
