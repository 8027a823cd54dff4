import Flexbox
import Testing

/// Right-to-left: rows mirror, start/end edges are logical, direction is inherited.
@Suite struct RTLTests {
    @Test func rowsRunRightToLeft() {
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.width = 100; $0.height = 20 })
        let a = tree.add(cssStyle { $0.width = 10 }, parent: root)
        let b = tree.add(cssStyle { $0.width = 20 }, parent: root)
        let result = tree.layout(root: root, width: nil, height: nil, direction: .rtl)
        #expect(box(result[a]) == [90, 0, 10, 20])
        #expect(box(result[b]) == [70, 0, 20, 20])
        #expect(result[a].direction == .rtl)
    }

    /// `justify-content: flex-end` ends at the left in RTL.
    @Test func flexEndIsTheLeftEdge() {
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.width = 100; $0.height = 20; $0.justifyContent = .flexEnd })
        let a = tree.add(cssStyle { $0.width = 10 }, parent: root)
        let result = tree.layout(root: root, width: nil, height: nil, direction: .rtl)
        #expect(result[a].left == 0)
    }

    /// Logical margins, padding and insets: start is the right edge in RTL.
    @Test func logicalEdgesFollowTheDirection() {
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.width = 100; $0.height = 100; $0.padding = Edges(start: 5) })
        let item = tree.add(cssStyle { $0.width = 10; $0.margin = Edges(start: 10) }, parent: root)
        let pinned = tree.add(cssStyle { $0.position = .absolute; $0.width = 20; $0.height = 20; $0.inset = Edges(top: 0, start: 8) },
                              parent: root)
        let rtl = tree.layout(root: root, width: nil, height: nil, direction: .rtl)
        #expect(rtl[item].left == 100 - 5 - 10 - 10)
        #expect(rtl[item].margin.right == 10)
        #expect(rtl[root].padding.right == 5)
        #expect(rtl[pinned].left == 100 - 8 - 20)
        let ltr = tree.layout(root: root, width: nil, height: nil, direction: .ltr)
        #expect(ltr[item].left == 15)
        #expect(ltr[pinned].left == 8)
    }

    /// A child inherits its parent's direction unless it sets its own.
    @Test func directionIsInherited() {
        var tree = FlexTree()
        let root = tree.add(cssStyle { $0.width = 100; $0.direction = .rtl; $0.flexDirection = .column })
        let inherits = tree.add(cssStyle { $0.height = 10 }, parent: root)
        let inner = tree.add(cssStyle { $0.width = 10 }, parent: inherits)
        let ltr = tree.add(cssStyle { $0.height = 10; $0.direction = .ltr }, parent: root)
        let inner2 = tree.add(cssStyle { $0.width = 10 }, parent: ltr)
        let result = tree.layout(root: root, width: nil, height: nil, direction: .ltr)
        #expect(result[inherits].direction == .rtl)
        #expect(result[inner].left == 90)
        #expect(result[ltr].direction == .ltr)
        #expect(result[inner2].left == 0)
    }
}
