import Flexbox
import Testing

@Suite struct FlexDirectionTests {
    /// YGFlexDirectionTest `flex_direction_column_no_height`.
    @Test func columnWithoutHeightStacksChildren() {
        var tree = FlexTree()
        let root = tree.add(yogaStyle { $0.width = 100 })
        let kids = (0..<3).map { _ in tree.add(yogaStyle { $0.height = 10 }, parent: root) }
        let ltr = tree.layout(root: root, width: nil, height: nil)
        #expect(box(ltr[root]) == [0, 0, 100, 30])
        #expect(box(ltr[kids[0]]) == [0, 0, 100, 10])
        #expect(box(ltr[kids[1]]) == [0, 10, 100, 10])
        #expect(box(ltr[kids[2]]) == [0, 20, 100, 10])
    }

    /// YGFlexDirectionTest `flex_direction_row_no_width` (LTR and RTL).
    @Test func rowWithoutWidthAndItsMirror() {
        var tree = FlexTree()
        let root = tree.add(yogaStyle { $0.flexDirection = .row; $0.height = 100 })
        let kids = (0..<3).map { _ in tree.add(yogaStyle { $0.width = 10 }, parent: root) }
        let ltr = tree.layout(root: root, width: nil, height: nil)
        #expect(box(ltr[root]) == [0, 0, 30, 100])
        #expect(kids.map { ltr[$0].left } == [0, 10, 20])
        #expect(kids.map { ltr[$0].height } == [100, 100, 100])
        let rtl = tree.layout(root: root, width: nil, height: nil, direction: .rtl)
        #expect(kids.map { rtl[$0].left } == [20, 10, 0])
    }

    /// YGFlexDirectionTest `flex_direction_row_reverse` and `flex_direction_column_reverse`.
    @Test func reversedAxesStartAtTheFarEdge() {
        var tree = FlexTree()
        let root = tree.add(yogaStyle { $0.flexDirection = .rowReverse; $0.width = 100; $0.height = 100 })
        let kids = (0..<3).map { _ in tree.add(yogaStyle { $0.width = 10 }, parent: root) }
        let ltr = tree.layout(root: root, width: nil, height: nil)
        #expect(kids.map { ltr[$0].left } == [90, 80, 70])
        let rtl = tree.layout(root: root, width: nil, height: nil, direction: .rtl)
        #expect(kids.map { rtl[$0].left } == [0, 10, 20])

        var columns = FlexTree()
        let column = columns.add(yogaStyle { $0.flexDirection = .columnReverse; $0.width = 100; $0.height = 100 })
        let items = (0..<3).map { _ in columns.add(yogaStyle { $0.height = 10 }, parent: column) }
        let result = columns.layout(root: column, width: nil, height: nil)
        #expect(items.map { result[$0].top } == [90, 80, 70])
        #expect(items.map { result[$0].width } == [100, 100, 100])
    }
}
