import AsyncLayerKit
import AsyncLayerKitTesting
import Foundation
import Testing

/// The flexbox example cards in `Examples/element-cards/` (JSON version 2): each draws its reviewed
/// golden (`Golden/flex-*.png`), and the features each card is there to show are where CSS puts
/// them — checked on the layout, so a golden recorded from a wrong layout cannot pass unnoticed.
@Suite struct FlexCardGoldenTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/element-cards")

    /// The card `name`.json, decoded.
    static func card(_ name: String) throws -> ElementDocument {
        try ElementDocument.decode([UInt8](try Data(contentsOf: folder.appendingPathComponent("\(name).json"))))
    }

    let renderer = ElementRenderer(limits: .testing, imageLoader: BundledImageLoader())

    @Test(arguments: ["product-card", "rtl-card"])
    func theCardDrawsItsGolden(name: String) async throws {
        let document = try Self.card(name)
        let bitmap = try await renderer.render(document.root, size: try #require(document.size), scale: 1)
        try goldenImages.assertMatches(bitmap, named: "flex-\(name)", tolerance: 12, maxDifferingFraction: 0.01)
    }

    /// 16:9 cover, a badge 8 pt from its top-right corner, tags wrapping onto a second line with
    /// 6 pt gaps, and the price pushed to the right edge by `marginLeft: auto`.
    @Test func theProductCardLaysOutItsFeatures() throws {
        let document = try Self.card("product-card")
        let card = try CardLayout(document)
        let badge = try card.parent(ofText: "NEW")
        let cover = try card.ancestor(of: badge)
        #expect(abs(cover.frame.height - cover.frame.width * 9 / 16) <= 1, "cover \(cover.frame) is not 16:9")
        #expect(badge.frame.maxX == cover.frame.maxX - 8 && badge.frame.minY == cover.frame.minY + 8,
                "badge \(badge.frame) is not 8 pt from the top-right corner of \(cover.frame)")

        let tags = card.siblings(of: try card.parent(ofText: "linen"))
        let lines = Dictionary(grouping: tags, by: \.frame.minY).sorted { $0.key < $1.key }.map { $0.value.map(\.frame) }
        #expect(lines.count == 2, "the tags should wrap onto two lines: \(lines)")
        let row = try card.ancestor(of: tags[0])
        for line in lines {
            #expect(line.first?.minX == row.contentFrame.minX, "each line starts at the row's start")
            #expect(line.last.map { $0.maxX <= row.contentFrame.maxX } == true, "a line overflows the row: \(line)")
            for (a, b) in zip(line, line.dropFirst()) { #expect(b.minX - a.maxX == 6, "column gap \(a) → \(b)") }
        }
        if lines.count == 2 { #expect(lines[1][0].minY - lines[0][0].maxY == 6, "row gap") }

        let price = try card.node(ofText: "€48.00")
        let footer = try card.ancestor(of: price)
        let body = try card.ancestor(of: footer)
        #expect(price.frame.maxX == body.contentFrame.maxX, "margin-left: auto pushes the price to the right edge")
        #expect(footer.frame.maxY == body.contentFrame.maxY, "margin-top: auto pushes the footer down")
    }

    /// `direction: rtl` on the root: the header row and the footer mirror, the badge's
    /// `insetInlineStart` pins it to the top-right corner, the caption is right-aligned.
    @Test func theRTLCardMirrors() throws {
        let document = try Self.card("rtl-card")
        let card = try CardLayout(document)
        let name = try card.node(ofText: "متجر النور")
        let header = try card.ancestor(of: name, levels: 3)
        let group = try #require(card.children(of: header).first)
        let avatar = try #require(card.children(of: group).first)
        let follow = try card.parent(ofText: "متابعة")
        #expect(avatar.frame.maxX == header.contentFrame.maxX, "the avatar starts the row, on the right")
        #expect(name.frame.maxX == avatar.frame.minX - 10, "the name follows the avatar, 10 pt to its left")
        #expect(follow.frame.minX == header.contentFrame.minX, "space-between puts the button at the row's end, the left")

        let badge = try card.parent(ofText: "جديد")
        let cover = try card.ancestor(of: badge)
        #expect(badge.frame.maxX == cover.frame.maxX - 8 && badge.frame.minY == cover.frame.minY + 8,
                "insetInlineStart: 8 in RTL is 8 pt from the right: \(badge.frame) in \(cover.frame)")

        let caption = try card.node(ofText: "وصل iPhone 15 Pro")
        let text = try #require(caption.layout.text)
        #expect(text.lineCount == 3)
        for line in text.lines {
            #expect(abs(line.rect.maxX - caption.layout.contentFrame.width) <= 0.5, "caption line \(line.rect) is not right-aligned")
        }
        #expect(text.lines.last.map { $0.rect.minX > caption.layout.contentFrame.width / 2 } == true, "the short last line sits on the right")

        let likes = try card.node(ofText: "1,284")
        let share = try card.node(ofText: "مشاركة")
        let footer = try card.ancestor(of: likes)
        #expect(likes.frame.maxX == footer.contentFrame.maxX && share.frame.minX == footer.contentFrame.minX,
                "the footer's first item is on the right, the last on the left")
    }
}

/// A laid-out card, walked in the layout's pre-order: each node with its element and parent.
struct CardLayout {
    /// One element with its place.
    struct Node {
        let index: Int
        let element: Element
        let layout: LayoutResult.Node
        let parentIndex: Int?
        var frame: Rect { layout.frame }
        var contentFrame: Rect { layout.contentFrame }
    }

    private(set) var nodes: [Node] = []

    init(_ document: ElementDocument) throws {
        let size = try #require(document.size)
        let result = try ElementLayout.layout(document.root, in: size, limits: .testing, scale: 1)
        var stack: [(Element, Int?)] = [(document.root, nil)]
        while let (element, parent) = stack.popLast(), nodes.count < result.nodes.count {
            let index = nodes.count
            nodes.append(Node(index: index, element: element, layout: result.nodes[index], parentIndex: parent))
            stack.append(contentsOf: element.children.reversed().map { ($0, index) })
        }
        try #require(stack.isEmpty && nodes.count == result.nodes.count, "the walk and the layout disagree on the node count")
    }

    /// The text element whose text starts with `prefix`.
    func node(ofText prefix: String) throws -> Node {
        let match = nodes.first {
            if case .text(let content) = $0.element.kind { return content.text.string.hasPrefix(prefix) }
            return false
        }
        return try #require(match, "no text starting with \(prefix)")
    }

    /// The element holding the text that starts with `prefix`.
    func parent(ofText prefix: String) throws -> Node {
        try ancestor(of: try node(ofText: prefix))
    }

    /// The element `levels` above `node`.
    func ancestor(of node: Node, levels: Int = 1) throws -> Node {
        var node = node
        for _ in 0..<levels { node = try #require(parent(of: node), "node \(node.index) has no parent") }
        return node
    }

    /// The parent of `node`, if any.
    func parent(of node: Node) -> Node? {
        node.parentIndex.map { nodes[$0] }
    }

    /// The children of `node`, in document order.
    func children(of node: Node) -> [Node] {
        nodes.filter { $0.parentIndex == node.index }
    }

    /// The children of `node`'s parent, `node` included.
    func siblings(of node: Node) -> [Node] {
        nodes.filter { $0.parentIndex == node.parentIndex }
    }
}
