@testable import HTML
import Testing

/// The document arena on its own: what selector matching reads of each node.
@Suite struct HTMLTreeTests {
    /// <html><body><p id=a class="x  y">Hi <b>you</b></p><div></div>text</body></html>
    static func sample() -> HTMLTree {
        var tree = HTMLTree()
        let html = tree.appendElement("HTML", parent: nil)
        let body = tree.appendElement("body", parent: html)
        let p = tree.appendElement("p", attributes: [.init(name: "ID", value: "a"), .init(name: "class", value: " x \ty "), .init(name: "id", value: "b")], parent: body)
        tree.appendText("Hi ", parent: p)
        let b = tree.appendElement("b", parent: p)
        tree.appendText("you", parent: b)
        tree.appendElement("div", parent: body)
        tree.appendText("te", parent: body)
        tree.appendText("xt", parent: body)
        return tree
    }

    @Test func elementsKnowTheirNameIdClassesAndPlaceAmongElementSiblings() throws {
        let tree = Self.sample()
        #expect(tree.count == 8)
        let p = try #require(tree.firstElement(named: "p"))
        let div = try #require(tree.firstElement(named: "div"))
        #expect(tree[HTMLTree.NodeID(0)].name == "html")
        #expect(tree[p].id == "a")
        #expect(tree[p].attributes.map(\.name) == ["id", "class"])
        #expect(tree[p].classes == ["x", "y"])
        #expect((tree[p].elementIndex, tree[div].elementIndex) == (1, 2))
        #expect(tree[div].previousElementSibling == p)
        #expect(tree[p].previousElementSibling == nil)
        let body = try #require(tree[p].parent)
        #expect(tree[body].elementChildCount == 2)
        #expect(tree[body].children.count == 3)
        #expect(tree[div].depth == 2)
    }

    @Test func adjacentTextsMergeAndTextContentFollowsDocumentOrder() throws {
        let tree = Self.sample()
        let body = try #require(tree.firstElement(named: "body"))
        let last = try #require(tree[body].children.last)
        #expect(tree[last].text == "text")
        let p = try #require(tree.firstElement(named: "p"))
        #expect(tree.textContent(of: p) == "Hi you")
        #expect(tree.subtree(of: p) == 2..<6)
        #expect(tree.elementChildren(of: body).map { tree[$0].name } == ["p", "div"])
    }
}
