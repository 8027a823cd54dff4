import AsyncLayerKit

/// The pre-layout tests' own item type (the library's pre-layout is generic over the caller's
/// items): a mock post of texts and images, or a live card of a fixed height.
struct TestItem: Identifiable, Hashable, Sendable {
    /// What an item shows.
    enum Kind: Hashable, Sendable {
        case mock(texts: [String], images: [String])
        case liveCard
    }

    var id: String
    var kind: Kind

    static func mock(id: String, texts: [String], images: [String] = []) -> TestItem {
        TestItem(id: id, kind: .mock(texts: texts, images: images))
    }
}

/// A feed cell template for the pre-layout tests, shaped like the sample feed's mock cell
/// (Examples/FeedSupport's `FeedCells`): a padded column of texts, the first a headline, then the
/// images three to a row; a live card is a fixed 260 pt box. Taller with more text or images.
struct TestFeedCells: FeedCellTemplate {
    static let family = "Noto Sans CJK SC, DejaVu Sans"
    static let headline = TextStyle(fontFamily: family, size: 16, weight: .bold, lineHeight: 22)
    static let body = TextStyle(fontFamily: family, size: 14, lineHeight: 20)

    func element(for item: TestItem, width: Double) -> Element {
        switch item.kind {
        case .mock(let texts, let images):
            let side = max(1, ((width - 32 - 8) / 3).rounded(.down))
            let rows = stride(from: 0, to: images.count, by: 3).map { Array(images[$0..<min($0 + 3, images.count)]) }
            let card = Element.vstack(spacing: 8) {
                for (index, text) in texts.enumerated() {
                    Element.text(AttributedText(text), style: index == 0 ? Self.headline : Self.body)
                }
                if !rows.isEmpty {
                    Element.vstack(spacing: 4, alignment: .start) {
                        for row in rows {
                            Element.hstack(spacing: 4, alignment: .start) {
                                for name in row { Element.image(.named(name), contentMode: .aspectFill).size(width: side, height: side) }
                            }
                        }
                    }
                }
            }
            .padding(EdgeInsets(top: 12, left: 16, bottom: 12, right: 16))
            return Element.vstack { card }.padding(EdgeInsets(bottom: 8))
        case .liveCard:
            return Element.view(children: []).size(height: 268)
        }
    }
}
