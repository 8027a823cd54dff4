import Flexbox
import Testing

/// CSS 2.1 §8.3.1, collapsing margins in block flow: siblings, parent and first or last child,
/// boxes collapsed through, positive and negative margins, and the boxes whose margins never
/// collapse with their children's (block formatting context roots). Expectations by hand.
@Suite struct MarginCollapseTests {
    /// A block `height` high with top and bottom margins.
    func bar(_ height: Double, top: Double = 0, bottom: Double = 0) -> FlexStyle {
        blockStyle { $0.height = .points(height); $0.margin = Edges(top: .points(top), bottom: .points(bottom)) }
    }

    /// The y of `b` after `a` (bottom margin `first`) and `b` (top margin `second`).
    func gap(_ first: Double, _ second: Double) -> Double {
        var tree = FlexTree()
        let root = tree.add(blockStyle())
        _ = tree.add(bar(10, bottom: first), parent: root)
        let b = tree.add(bar(10, top: second), parent: root)
        return tree.layout(root: root, width: 100, height: nil)[b].top - 10
    }

    /// §8.3.1: adjoining sibling margins collapse to the largest positive plus the most negative.
    @Test func siblingMarginsCollapse_8_3_1() {
        #expect(gap(20, 30) == 30)
        #expect(gap(20, -5) == 15)
        #expect(gap(-10, -5) == -10)
        #expect(gap(-10, 0) == -10)
    }

    /// §8.3.1: a parent's top margin and its first child's collapse when no border or padding
    /// separates them; the collapsed margin is outside the parent (the parent moves down).
    @Test func parentAndFirstChild_8_3_1() {
        var tree = FlexTree()
        let root = tree.add(blockStyle())
        let p = tree.add(blockStyle { $0.margin = Edges(top: .points(10)) }, parent: root)
        let c = tree.add(bar(10, top: 20), parent: p)
        let r = tree.layout(root: root, width: 100, height: nil)
        #expect(box(r[p]) == [0, 20, 100, 10])
        #expect(box(r[c]) == [0, 0, 100, 10])
        #expect(box(r[root]) == [0, 0, 100, 30])
    }

    /// §8.3.1: top padding separates them: both margins count.
    @Test func paddingSeparatesParentAndFirstChild_8_3_1() {
        var tree = FlexTree()
        let root = tree.add(blockStyle())
        let p = tree.add(blockStyle { $0.margin = Edges(top: .points(10)); $0.padding = Edges(top: .points(5)) }, parent: root)
        let c = tree.add(bar(10, top: 20), parent: p)
        let r = tree.layout(root: root, width: 100, height: nil)
        #expect(box(r[p]) == [0, 10, 100, 35])
        #expect(box(r[c]) == [0, 25, 100, 10])
    }

    /// §8.3.1 and §10.6.3: the last child's bottom margin collapses through a parent of auto
    /// height; a height of its own, or a min height that changes it, keeps it inside (and out
    /// of the height, as Chromium); bottom border keeps it inside and in the height.
    @Test func parentAndLastChild_8_3_1() {
        func layout(_ parent: FlexStyle) -> (parent: [Double], next: Double) {
            var tree = FlexTree()
            let root = tree.add(blockStyle())
            let p = tree.add(parent, parent: root)
            _ = tree.add(bar(10, bottom: 30), parent: p)
            let s = tree.add(bar(10), parent: root)
            let r = tree.layout(root: root, width: 100, height: nil)
            return (box(r[p]), r[s].top)
        }
        let auto = layout(blockStyle { $0.margin = Edges(bottom: .points(10)) })
        #expect(auto.parent == [0, 0, 100, 10] && auto.next == 40)
        let fixed = layout(blockStyle { $0.margin = Edges(bottom: .points(10)); $0.height = .points(50) })
        #expect(fixed.parent == [0, 0, 100, 50] && fixed.next == 60)
        let floored = layout(blockStyle { $0.margin = Edges(bottom: .points(10)); $0.minHeight = .points(40) })
        #expect(floored.parent == [0, 0, 100, 40] && floored.next == 50)
        let bordered = layout(blockStyle { $0.margin = Edges(bottom: .points(10)); $0.border = Edges(bottom: 1) })
        #expect(bordered.parent == [0, 0, 100, 41] && bordered.next == 51)
    }

    /// §8.3.1: an empty box's top and bottom margins collapse through it, with the margins
    /// around it; its top border edge is where it would be with a bottom border.
    @Test func emptyBoxCollapsesThrough_8_3_1() {
        var tree = FlexTree()
        let root = tree.add(blockStyle())
        _ = tree.add(bar(10, bottom: 10), parent: root)
        let e = tree.add(blockStyle { $0.margin = Edges(top: .points(20), bottom: .points(-5)) }, parent: root)
        let b = tree.add(bar(10, top: 15), parent: root)
        let r = tree.layout(root: root, width: 100, height: nil)
        #expect(box(r[e]) == [0, 30, 100, 0])
        #expect(r[b].top == 25) // 10 + max(10, 20, 15) + min(-5)
        #expect(r[root].height == 35)
    }

    /// §8.3.1: margins collapse through a chain of nested boxes and an empty first child into the
    /// outermost parent's top margin.
    @Test func nestedFirstChildrenCollapseTogether_8_3_1() {
        var tree = FlexTree()
        let root = tree.add(blockStyle())
        let outer = tree.add(blockStyle { $0.margin = Edges(top: .points(5)) }, parent: root)
        let empty = tree.add(blockStyle { $0.margin = Edges(top: .points(-8), bottom: .points(12)) }, parent: outer)
        let inner = tree.add(blockStyle { $0.margin = Edges(top: .points(7)) }, parent: outer)
        let leaf = tree.add(bar(10, top: 3), parent: inner)
        let r = tree.layout(root: root, width: 100, height: nil)
        // max(5, 12, 7, 3) + min(-8) = 4
        #expect(box(r[outer]) == [0, 4, 100, 10])
        #expect(box(r[empty]) == [0, 0, 100, 0])
        #expect(box(r[inner]) == [0, 0, 100, 10])
        #expect(box(r[leaf]) == [0, 0, 100, 10])
    }

    /// §9.4.1, §8.3.1: the margins of a box that establishes a block formatting context (flow-root,
    /// overflow other than visible, a flex item) never collapse with its children's; its own
    /// still collapse with its siblings'.
    @Test func formattingContextRootsKeepChildMarginsInside_8_3_1() {
        for root in [blockStyle { $0.display = .flowRoot }, blockStyle { $0.overflow = .hidden }] {
            var tree = FlexTree()
            let top = tree.add(blockStyle())
            _ = tree.add(bar(10, bottom: 15), parent: top)
            var p = root
            p.margin = Edges(top: .points(10))
            let n = tree.add(p, parent: top)
            let c = tree.add(bar(10, top: 20), parent: n)
            let r = tree.layout(root: top, width: 100, height: nil)
            #expect(box(r[n]) == [0, 25, 100, 30])
            #expect(box(r[c]) == [0, 20, 100, 10])
        }
        var tree = FlexTree()
        let column = tree.add(cssStyle { $0.flexDirection = .column })
        let item = tree.add(blockStyle(), parent: column)
        let c = tree.add(bar(10, top: 20, bottom: 5), parent: item)
        let r = tree.layout(root: column, width: 100, height: nil)
        #expect(box(r[item]) == [0, 0, 100, 35])
        #expect(box(r[c]) == [0, 20, 100, 10])
    }

    /// §8.3.1: an absolutely positioned child is out of flow: the siblings around it collapse.
    @Test func absoluteChildDoesNotSeparateMargins_8_3_1() {
        var tree = FlexTree()
        let root = tree.add(blockStyle())
        _ = tree.add(bar(10, bottom: 10), parent: root)
        _ = tree.add(blockStyle { $0.position = .absolute; $0.height = .points(50) }, parent: root)
        let b = tree.add(bar(10, top: 10), parent: root)
        #expect(tree.layout(root: root, width: 100, height: nil)[b].top == 20)
    }
}
