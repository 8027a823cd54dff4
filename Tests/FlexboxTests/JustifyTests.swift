import Flexbox
import Testing

/// Justify-content and main-axis gaps (cases from Yoga's YGJustifyContentTest and YGGapTest).
@Suite struct JustifyTests {
    /// Yoga fixture `YGJustifyContentTest/justify_content_row_flex_end`.
    @Test func justifyContentRowFlexEnd() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.justifyContent = .flexEnd; $0.width = .points(102); $0.height = .points(102) })
        let n1 = tree.add(yogaStyle { $0.width = .points(10) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.width = .points(10) }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.width = .points(10) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3].map { box(ltr[$0]) } == [[0, 0, 102, 102], [72, 0, 10, 102], [82, 0, 10, 102], [92, 0, 10, 102]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3].map { box(rtl[$0]) } == [[0, 0, 102, 102], [20, 0, 10, 102], [10, 0, 10, 102], [0, 0, 10, 102]])
    }

    /// Yoga fixture `YGJustifyContentTest/justify_content_row_center`.
    @Test func justifyContentRowCenter() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.justifyContent = .center; $0.width = .points(102); $0.height = .points(102) })
        let n1 = tree.add(yogaStyle { $0.width = .points(10) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.width = .points(10) }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.width = .points(10) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3].map { box(ltr[$0]) } == [[0, 0, 102, 102], [36, 0, 10, 102], [46, 0, 10, 102], [56, 0, 10, 102]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3].map { box(rtl[$0]) } == [[0, 0, 102, 102], [56, 0, 10, 102], [46, 0, 10, 102], [36, 0, 10, 102]])
    }

    /// Yoga fixture `YGJustifyContentTest/justify_content_row_space_between`.
    @Test func justifyContentRowSpaceBetween() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.justifyContent = .spaceBetween; $0.width = .points(102); $0.height = .points(102) })
        let n1 = tree.add(yogaStyle { $0.width = .points(10) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.width = .points(10) }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.width = .points(10) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3].map { box(ltr[$0]) } == [[0, 0, 102, 102], [0, 0, 10, 102], [46, 0, 10, 102], [92, 0, 10, 102]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3].map { box(rtl[$0]) } == [[0, 0, 102, 102], [92, 0, 10, 102], [46, 0, 10, 102], [0, 0, 10, 102]])
    }

    /// Yoga fixture `YGJustifyContentTest/justify_content_row_space_around`.
    @Test func justifyContentRowSpaceAround() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.justifyContent = .spaceAround; $0.width = .points(102); $0.height = .points(102) })
        let n1 = tree.add(yogaStyle { $0.width = .points(10) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.width = .points(10) }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.width = .points(10) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3].map { box(ltr[$0]) } == [[0, 0, 102, 102], [12, 0, 10, 102], [46, 0, 10, 102], [80, 0, 10, 102]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3].map { box(rtl[$0]) } == [[0, 0, 102, 102], [80, 0, 10, 102], [46, 0, 10, 102], [12, 0, 10, 102]])
    }

    /// Yoga fixture `YGJustifyContentTest/justify_content_column_space_between`.
    @Test func justifyContentColumnSpaceBetween() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.justifyContent = .spaceBetween; $0.width = .points(102); $0.height = .points(102) })
        let n1 = tree.add(yogaStyle { $0.height = .points(10) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.height = .points(10) }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.height = .points(10) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3].map { box(ltr[$0]) } == [[0, 0, 102, 102], [0, 0, 102, 10], [0, 46, 102, 10], [0, 92, 102, 10]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3].map { box(rtl[$0]) } == [[0, 0, 102, 102], [0, 0, 102, 10], [0, 46, 102, 10], [0, 92, 102, 10]])
    }

    /// Yoga fixture `YGJustifyContentTest/justify_content_row_min_width_and_margin`.
    @Test func justifyContentRowMinWidthAndMargin() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.justifyContent = .center; $0.minWidth = .points(50); $0.margin = Edges(left: .points(100)) })
        let n1 = tree.add(yogaStyle { $0.height = .points(20); $0.width = .points(20) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1].map { box(ltr[$0]) } == [[100, 0, 50, 20], [15, 0, 20, 20]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1].map { box(rtl[$0]) } == [[100, 0, 50, 20], [15, 0, 20, 20]])
    }

    /// Yoga fixture `YGGapTest/column_gap_justify_space_evenly`.
    @Test func columnGapJustifySpaceEvenly() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.justifyContent = .spaceEvenly; $0.width = .points(100); $0.height = .points(100); $0.columnGap = .points(10) })
        let n1 = tree.add(yogaStyle { $0.width = .points(20) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.width = .points(20) }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.width = .points(20) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3].map { box(ltr[$0]) } == [[0, 0, 100, 100], [5, 0, 20, 100], [40, 0, 20, 100], [75, 0, 20, 100]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3].map { box(rtl[$0]) } == [[0, 0, 100, 100], [75, 0, 20, 100], [40, 0, 20, 100], [5, 0, 20, 100]])
    }

    /// Yoga fixture `YGGapTest/column_gap_flexible`.
    @Test func columnGapFlexible() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.width = .points(80); $0.height = .points(100); $0.rowGap = .points(20); $0.columnGap = .points(10) })
        let n1 = tree.add(yogaStyle { $0.flexGrow = 1; $0.flexShrink = 1; $0.flexBasis = .percent(0) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.flexGrow = 1; $0.flexShrink = 1; $0.flexBasis = .percent(0) }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.flexGrow = 1; $0.flexShrink = 1; $0.flexBasis = .percent(0) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3].map { box(ltr[$0]) } == [[0, 0, 80, 100], [0, 0, 20, 100], [30, 0, 20, 100], [60, 0, 20, 100]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3].map { box(rtl[$0]) } == [[0, 0, 80, 100], [60, 0, 20, 100], [30, 0, 20, 100], [0, 0, 20, 100]])
    }

    /// Yoga fixture `YGGapTest/column_gap_determines_parent_width`.
    @Test func columnGapDeterminesParentWidth() {
        var tree = FlexTree()
        let n0 = tree.add(yogaStyle { $0.position = .absolute; $0.flexDirection = .row; $0.height = .points(100); $0.columnGap = .points(10) })
        let n1 = tree.add(yogaStyle { $0.width = .points(10) }, parent: n0)
        let n2 = tree.add(yogaStyle { $0.width = .points(20) }, parent: n0)
        let n3 = tree.add(yogaStyle { $0.width = .points(30) }, parent: n0)
        let ltr = tree.layout(root: n0, width: nil, height: nil)
        #expect([n0, n1, n2, n3].map { box(ltr[$0]) } == [[0, 0, 80, 100], [0, 0, 10, 100], [20, 0, 20, 100], [50, 0, 30, 100]])
        let rtl = tree.layout(root: n0, width: nil, height: nil, direction: .rtl)
        #expect([n0, n1, n2, n3].map { box(rtl[$0]) } == [[0, 0, 80, 100], [70, 0, 10, 100], [40, 0, 20, 100], [0, 0, 30, 100]])
    }
}
