import AsyncLayerKit
import Testing

@Suite struct ElementBuilderTests {
    func card(subtitle: String?, tags: [String], compact: Bool) -> Element {
        Element.vstack(spacing: 8) {
            Element.text("Title", style: TextStyle(size: 17, weight: .bold))
            if let subtitle {
                Element.text(AttributedText(subtitle)).padding(EdgeInsets(top: 2))
            }
            if compact {
                Element.view().size(height: 1).background(.gray)
            } else {
                Element.view().size(height: 8)
            }
            for tag in tags {
                Element.text(AttributedText(tag)).background(.gray).cornerRadius(3)
            }
        }
        .padding(12)
        .background(.white)
        .cornerRadius(12)
    }

    @Test(arguments: [(nil as String?, [String](), true, 2), ("Sub", ["a", "b"], false, 5)])
    func theBuilderListsChildrenWithControlFlow(subtitle: String?, tags: [String], compact: Bool, count: Int) {
        let element = card(subtitle: subtitle, tags: tags, compact: compact)
        #expect(element.children.count == count)
        #expect(element.layout.padding == Edges(all: .points(12)))
        #expect(element.style.background == .white)
        #expect(element.style.cornerRadii == CornerRadii(all: 12))
    }

    @Test func theBuilderAndTheInitialisersMakeEqualTrees() throws {
        let built = Element.hstack(spacing: 4) {
            Element.view().size(width: 10, height: 10).grow().border(width: 1, color: .red)
            Element.view().clamp(minWidth: 5).shrink(0).opacity(0.5).clipped().hidden()
        }
        let plain = Element.hstack(spacing: 4, children: [
            .view(layout: { var l = boxLayout(width: 10, height: 10, grow: 1); l.border = Edges(all: 1); return l }(), style: ElementStyle(borderColor: .red)),
            .view(layout: { var l = boxLayout(minWidth: 5, shrink: 0); l.overflow = .hidden; return l }(), style: ElementStyle(opacity: 0.5, isHidden: true)),
        ])
        #expect(built == plain)
        #expect(try built.contentHash() == plain.contentHash())
    }
}
