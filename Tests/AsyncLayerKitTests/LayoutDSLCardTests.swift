import AsyncLayerKit
import Testing

/// The worked card of the "Layout in Swift" article, built with the DSL and laid out by the
/// engine: a 16:9 cover with a badge pinned in its corner, wrapping tags, a footer whose spacer
/// pushes the button to the trailing edge, and a right-to-left caption.
@Suite struct LayoutDSLCardTests {
    static func productCard(title: String, price: String, tags: [String], caption: String) -> Element {
        VStack(alignment: .stretch, spacing: 8) {
            Image(.named("cover"))
                .aspectRatio(16.0 / 9)
                .cornerRadius(8)
                .clipped()
                .overlay(alignment: .topTrailing) {
                    Text("NEW", style: TextStyle(size: 11, weight: .bold, color: .white))
                        .padding(.horizontal, 6).padding(.vertical, 2)
                        .background(.red).cornerRadius(4)
                        .margin(8)
                }
            Text(AttributedText(title), style: TextStyle(size: 17, weight: .bold), maxLines: 2)
            Wrap(spacing: 6) {
                for tag in tags {
                    Text(AttributedText(tag), style: TextStyle(size: 12))
                        .padding(.horizontal, 8).padding(.vertical, 3)
                        .background(Color(white: 0.93)).cornerRadius(10)
                }
            }
            HStack {
                Text(AttributedText(price), style: TextStyle(size: 15, weight: .bold))
                Spacer(minLength: 8)
                Text("Buy", style: TextStyle(size: 15, color: .white))
                    .padding(.horizontal, 12).padding(.vertical, 6)
                    .background(.blue).cornerRadius(14)
            }
            Text(AttributedText(caption), style: TextStyle(size: 13, color: .gray))
                .direction(.rtl)
        }
        .padding(16)
        .background(.white)
        .cornerRadius(12)
    }

    static let card = productCard(title: "Ceramic pour-over set", price: "$48",
                                  tags: ["handmade", "stoneware", "dishwasher safe", "2 cups", "gift"],
                                  caption: "משלוח חינם מעל 200 ₪")

    /// The elements in pre-order, beside the layout's nodes.
    static func preorder(_ element: Element) -> [Element] { [element] + element.children.flatMap(preorder) }

    func node(_ text: String, in elements: [Element], _ nodes: [LayoutResult.Node]) throws -> LayoutResult.Node {
        let index = elements.firstIndex { if case .text(let content) = $0.kind { content.text == AttributedText(text) } else { false } }
        return nodes[try #require(index, "no text \(text)")]
    }

    @Test func theWorkedCardLaysOutAsDesigned() throws {
        let elements = Self.preorder(Self.card)
        let nodes = try ElementLayout.layout(Self.card, in: Size(width: 375, height: 600)).nodes
        let imageIndex = try #require(elements.firstIndex { if case .image = $0.kind { true } else { false } })
        let cover = nodes[imageIndex].frame
        #expect(cover.minX == 16 && cover.minY == 16 && cover.width == 343)
        #expect(abs(cover.height - 343 * 9 / 16) <= 1)
        // The badge: 8 pt from the cover's top trailing corner, over it (the overlay's box is the cover's).
        let badge = try node("NEW", in: elements, nodes).frame
        #expect(badge.maxX == cover.maxX - 8 && badge.minY == cover.minY + 8, "\(badge) in \(cover)")
        // Tags: on more than one line, every one inside the content width.
        let tags = try ["handmade", "stoneware", "dishwasher safe", "2 cups", "gift"].map { try node($0, in: elements, nodes).frame }
        #expect(Set(tags.map(\.minY)).count > 1)
        #expect(tags.allSatisfy { $0.minX >= 16 && $0.maxX <= 359 })
        // Footer: price at the leading edge, the button pushed to the trailing one.
        #expect(try node("$48", in: elements, nodes).frame.minX == 16)
        #expect(try node("Buy", in: elements, nodes).frame.maxX == 359)
        // Caption: right to left, spanning the content width.
        let caption = try node("משלוח חינם מעל 200 ₪", in: elements, nodes)
        #expect(caption.direction == .rtl && caption.frame.minX == 16 && caption.frame.width == 343)
    }

    /// Drawn, the badge is painted over the cover (the overlay comes after it), the button is
    /// blue at the trailing edge and the card's corners stay transparent.
    @Test func theWorkedCardDrawsTheBadgeOverTheCover() async throws {
        let size = Size(width: 375, height: 420)
        let elements = Self.preorder(Self.card)
        let nodes = try ElementLayout.layout(Self.card, in: size).nodes
        let bitmap = try await ElementRenderer(limits: .testing, imageLoader: BundledImageLoader()).render(Self.card, size: size, scale: 1)
        func pixel(at frame: Rect, dx: Double = 0) throws -> PremultipliedPixel {
            try #require(bitmap.pixel(x: Int(frame.minX + dx + 1), y: Int(frame.midY)))
        }
        let badge = try pixel(at: try node("NEW", in: elements, nodes).frame)
        #expect(badge.red > 200 && badge.green < 60 && badge.blue < 60, "\(badge)")
        let button = try pixel(at: try node("Buy", in: elements, nodes).frame)
        #expect(button.blue > 200 && button.red < 60, "\(button)")
        #expect(bitmap.pixel(x: 0, y: 0)?.alpha == 0)
    }
}
