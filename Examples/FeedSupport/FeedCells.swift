public import AsyncLayerKit
import ReferenceCard

/// The cell templates of the sample feed: the seed's mock item (its texts one per line, wrapped,
/// then its images in a grid) and the reference live card.
///
/// These live in an example target, not in the library, because the live card is
/// ``/ReferenceCard/ReferenceCard/element(for:)`` (an example) and because how a cell looks is the
/// application's business; the library only asks for a ``/AsyncLayerKit/FeedCellTemplate``.
///
/// Every cell is as wide as asked and as tall as its content: a white card followed by an 8 pt
/// grey gap, the way feeds separate items.
public struct FeedCells: FeedCellTemplate {
    /// The grey between cells.
    public static let gapColor = Color(red255: 238, green255: 239, blue255: 243)
    /// The gap under each cell, in points.
    public static let gap = 8.0
    /// The padding of a mock cell's card.
    public static let padding = EdgeInsets(top: 12, left: 16, bottom: 12, right: 16)
    /// Space between a mock cell's lines and its grid.
    public static let lineSpacing = 8.0
    /// Images per grid row.
    public static let columns = 3
    /// Space between grid images.
    public static let gridSpacing = 4.0

    static let fontFamily = "Noto Sans CJK SC, DejaVu Sans"

    /// Creates the templates.
    public init() {}

    /// The cell of `item`, `width` points wide.
    public func element(for item: FeedItem, width: Double) -> Element {
        switch item.kind {
        case .mock(let texts, let images): mockCell(texts: texts, images: images, width: width)
        case .liveCard(let card): liveCell(card, width: width)
        }
    }

    /// The side of a grid image in a cell `width` points wide.
    public static func gridSide(width: Double) -> Double {
        let content = width - padding.left - padding.right
        return max(1, ((content - gridSpacing * Double(columns - 1)) / Double(columns)).rounded(.down))
    }

    /// The seed's cell: the first text as a bold headline, the others as body lines, each wrapped
    /// to the width; then the images, `columns` to a row, square, aspect-filled.
    func mockCell(texts: [String], images: [String], width: Double) -> Element {
        let side = Self.gridSide(width: width)
        let rows = stride(from: 0, to: images.count, by: Self.columns).map { Array(images[$0..<min($0 + Self.columns, images.count)]) }
        let card = Element.vstack(spacing: Self.lineSpacing) {
            for (index, text) in texts.enumerated() {
                Element.text(AttributedText(text), style: index == 0 ? Self.headline : Self.body)
            }
            if !rows.isEmpty {
                Element.vstack(spacing: Self.gridSpacing, alignment: .start) {
                    for row in rows {
                        Element.hstack(spacing: Self.gridSpacing, alignment: .start) {
                            for name in row {
                                Element.image(.named(name), contentMode: .aspectFill)
                                    .size(width: side, height: side)
                                    .cornerRadius(4)
                                    .background(Self.gapColor)
                            }
                        }
                    }
                }
            }
        }
        .padding(Self.padding)
        .background(.white)
        return Element.vstack { card }
            .padding(EdgeInsets(bottom: Self.gap))
            .background(Self.gapColor)
    }

    static let headline = TextStyle(fontFamily: fontFamily, size: 16, weight: .bold,
                                    color: Color(red255: 17, green255: 17, blue255: 17), lineHeight: 22)
    static let body = TextStyle(fontFamily: fontFamily, size: 14, color: Color(red255: 68, green255: 68, blue255: 72), lineHeight: 20)

    /// The reference live card (375×260 pt, its geometry fixed by the spec), centred in the
    /// cell, its cover and avatar renamed to the item's images. A cell narrower than the card
    /// clips it.
    func liveCell(_ card: FeedItem.LiveCard, width: Double) -> Element {
        let record = LiveCardRecord(tag: card.tag, nickname: card.nickname, viewers: card.viewers,
                                    title: card.title, category: card.category)
        let size = ReferenceCard.size
        let tree = Self.renamingImages(ReferenceCard.element(for: record), ["cover": card.cover, "avatar": card.avatar])
            .frame(Rect(x: max(0, ((width - size.width) / 2).rounded(.down)), y: 0, width: size.width, height: size.height))
        return Element.view(children: [tree])
            .size(height: size.height + Self.gap)
            .background(Self.gapColor)
            .clipped()
    }

    /// `element` with every named image in `names` renamed.
    static func renamingImages(_ element: Element, _ names: [String: String]) -> Element {
        var copy = element
        if case .image(var content) = copy.kind, case .named(let name) = content.source, let new = names[name] {
            content.source = .named(new)
            copy.kind = .image(content)
        }
        copy.children = copy.children.map { renamingImages($0, names) }
        return copy
    }
}
