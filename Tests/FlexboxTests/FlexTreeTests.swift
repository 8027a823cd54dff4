import Flexbox
import Testing

@Suite struct FlexTreeTests {
    @Test func nodesAreAddedInPreOrderWithTheirParents() {
        var tree = FlexTree()
        let root = tree.add(FlexStyle())
        let a = tree.add(FlexStyle(), parent: root)
        let b = tree.add(FlexStyle(), measured: true, parent: root)
        let c = tree.add(FlexStyle(), parent: a)
        #expect(tree.count == 4)
        #expect(tree.children[root.index] == [a, b])
        #expect(tree.children[a.index] == [c])
        #expect(tree.parents[c.index] == a)
        #expect(tree.parents[root.index] == nil)
        #expect(tree.isMeasured == [false, false, true, false])
    }

    @Test func logicalEdgesWinOverPhysicalOnesByDirection() {
        let edges = Edges<Double>(left: 1, right: 2, start: 3)
        #expect(edges.resolvedLeft(.ltr) == 3)
        #expect(edges.resolvedRight(.ltr) == 2)
        #expect(edges.resolvedLeft(.rtl) == 1)
        #expect(edges.resolvedRight(.rtl) == 3)
    }
}
