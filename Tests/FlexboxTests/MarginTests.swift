import Flexbox
import Testing

/// Margins incl. auto margins, padding, border, box-sizing, display none (cases from Yoga's YGMarginTest, YGPaddingTest, YGBorderTest, YGBoxSizingTest, YGDisplayTest).
@Suite struct MarginTests {
    /// Yoga fixture `YGMarginTest/margin_start`.
    @Test func marginStart() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.width = .points(100); $0.height = .points(100) })
        let n1 = tree.add(yogaStyle { $0.width = .points(10); $0.margin = Edges(start: .points(10)) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1].map { box(ltr[$0]) } == [[0, 0, 100, 100], [10, 0, 10, 100]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1].map { box(rtl[$0]) } == [[0, 0, 100, 100], [80, 0, 10, 100]])
    }

    /// Yoga fixture `YGMarginTest/margin_end`.
    @Test func marginEnd() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.justifyContent = .flexEnd; $0.width = .points(100); $0.height = .points(100) })
        let n1 = tree.add(yogaStyle { $0.width = .points(10); $0.margin = Edges(end: .points(10)) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1].map { box(ltr[$0]) } == [[0, 0, 100, 100], [80, 0, 10, 100]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1].map { box(rtl[$0]) } == [[0, 0, 100, 100], [10, 0, 10, 100]])
    }

    /// Yoga fixture `YGMarginTest/margin_auto_bottom_and_top`.
    @Test func marginAutoBottomAndTop() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.alignItems = .center; $0.width = .points(200); $0.height = .points(200) })
        let n1 = tree.add(yogaStyle { $0.width = .points(50); $0.height = .points(50); $0.margin = Edges(top: .auto, bottom: .auto) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.width = .points(50); $0.height = .points(50) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2].map { box(ltr[$0]) } == [[0, 0, 200, 200], [75, 50, 50, 50], [75, 150, 50, 50]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2].map { box(rtl[$0]) } == [[0, 0, 200, 200], [75, 50, 50, 50], [75, 150, 50, 50]])
    }

    /// Yoga fixture `YGMarginTest/margin_auto_bottom_and_top_justify_center`.
    @Test func marginAutoBottomAndTopJustifyCenter() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.justifyContent = .center; $0.width = .points(200); $0.height = .points(200) })
        let n1 = tree.add(yogaStyle { $0.width = .points(50); $0.height = .points(50); $0.margin = Edges(top: .auto, bottom: .auto) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.width = .points(50); $0.height = .points(50) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2].map { box(ltr[$0]) } == [[0, 0, 200, 200], [0, 50, 50, 50], [0, 150, 50, 50]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2].map { box(rtl[$0]) } == [[0, 0, 200, 200], [150, 50, 50, 50], [150, 150, 50, 50]])
    }

    /// Yoga fixture `YGPaddingTest/padding_center_child`.
    @Test func paddingCenterChild() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.justifyContent = .center; $0.alignItems = .center; $0.width = .points(100); $0.height = .points(100); $0.padding = Edges(bottom: .points(20), start: .points(10), end: .points(20)) })
        let n1 = tree.add(yogaStyle { $0.height = .points(10); $0.width = .points(10) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1].map { box(ltr[$0]) } == [[0, 0, 100, 100], [40, 35, 10, 10]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1].map { box(rtl[$0]) } == [[0, 0, 100, 100], [50, 35, 10, 10]])
    }

    /// Yoga fixture `YGBorderTest/border_center_child`.
    @Test func borderCenterChild() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.justifyContent = .center; $0.alignItems = .center; $0.width = .points(100); $0.height = .points(100); $0.border = Edges(bottom: 20, start: 10, end: 20) })
        let n1 = tree.add(yogaStyle { $0.height = .points(10); $0.width = .points(10) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1].map { box(ltr[$0]) } == [[0, 0, 100, 100], [40, 35, 10, 10]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1].map { box(rtl[$0]) } == [[0, 0, 100, 100], [50, 35, 10, 10]])
    }

    /// Yoga fixture `YGBoxSizingTest/box_sizing_content_box_simple`.
    @Test func boxSizingContentBoxSimple() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.boxSizing = .contentBox; $0.width = .points(100); $0.height = .points(100); $0.padding = Edges(top: .points(5), left: .points(5), bottom: .points(5), right: .points(5)); $0.border = Edges(top: 10, left: 10, bottom: 10, right: 10) })
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0].map { box(ltr[$0]) } == [[0, 0, 130, 130]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0].map { box(rtl[$0]) } == [[0, 0, 130, 130]])
    }

    /// Yoga fixture `YGBoxSizingTest/box_sizing_content_box_padding_only_percent`.
    @Test func boxSizingContentBoxPaddingOnlyPercent() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.width = .points(100); $0.height = .points(150) })
        let n1 = tree.add(yogaStyle { $0.boxSizing = .contentBox; $0.width = .points(50); $0.height = .points(75); $0.padding = Edges(top: .percent(10), left: .percent(10), bottom: .percent(10), right: .percent(10)) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1].map { box(ltr[$0]) } == [[0, 0, 100, 150], [0, 0, 70, 95]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1].map { box(rtl[$0]) } == [[0, 0, 100, 150], [30, 0, 70, 95]])
    }

    /// Yoga fixture `YGDisplayTest/display_none_with_child`.
    @Test func displayNoneWithChild() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.width = .points(100); $0.height = .points(100) })
        let n1 = tree.add(yogaStyle { $0.flexGrow = 1; $0.flexShrink = 1; $0.flexBasis = .percent(0) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.display = .none; $0.flexGrow = 1; $0.flexShrink = 1; $0.flexBasis = .percent(0) }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.flexGrow = 1; $0.flexShrink = 1; $0.flexBasis = .percent(0); $0.width = .points(20) }, parent: n2)
        let n4 = tree.add(yogaStyle { $0.flexGrow = 1; $0.flexShrink = 1; $0.flexBasis = .percent(0) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3, n4].map { box(ltr[$0]) } == [[0, 0, 100, 100], [0, 0, 50, 100], [0, 0, 0, 0], [0, 0, 0, 0], [50, 0, 50, 100]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3, n4].map { box(rtl[$0]) } == [[0, 0, 100, 100], [50, 0, 50, 100], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 50, 100]])
    }

    /// Yoga fixture `YGDisplayTest/display_none_with_position_absolute`.
    @Test func displayNoneWithPositionAbsolute() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.width = .points(100); $0.height = .points(100) })
        let n1 = tree.add(yogaStyle { $0.display = .none; $0.position = .absolute; $0.width = .points(100); $0.height = .points(100) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1].map { box(ltr[$0]) } == [[0, 0, 100, 100], [0, 0, 0, 0]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1].map { box(rtl[$0]) } == [[0, 0, 100, 100], [0, 0, 0, 0]])
    }

    /// Yoga fixture `YGPercentageTest/percentage_margin_should_calculate_based_only_on_width`.
    @Test func percentageMarginShouldCalculateBasedOnlyOnWidth() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.width = .points(200); $0.height = .points(100) })
        let n1 = tree.add(yogaStyle { $0.flexGrow = 1; $0.margin = Edges(top: .percent(10), left: .percent(10), bottom: .percent(10), right: .percent(10)) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.width = .points(10); $0.height = .points(10) }, parent: n1)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2].map { box(ltr[$0]) } == [[0, 0, 200, 100], [20, 20, 160, 60], [0, 0, 10, 10]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2].map { box(rtl[$0]) } == [[0, 0, 200, 100], [20, 20, 160, 60], [150, 0, 10, 10]])
    }
}
