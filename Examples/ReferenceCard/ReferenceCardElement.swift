public import AsyncLayerKit

extension ReferenceCard {
    /// The card as an element tree, written with the result-builder DSL: the same card as
    /// ``draw(_:assets:in:)`` and as `Examples/element-cards/reference-card.json` (for record 0),
    /// for an ``/AsyncLayerKit/ElementRenderer`` or an ``/AsyncLayerKit/ElementLayer``. The
    /// images are named: the renderer's loader serves `"cover"` and `"avatar"`.
    ///
    /// Render it at ``size`` (375×260 pt). The geometry is the spec's, in explicit frames
    /// (LNAsyncKit style); only the tag's width comes from layout (its text plus 6 pt each side).
    /// The card's and the avatar's borders are rings drawn over them (views of their own, last):
    /// a border takes part in layout (CSS), and these are drawn over the edge without moving
    /// or shrinking what is under them.
    public static func element(for record: LiveCardRecord) -> Element {
        Element.view {
            // Cover: aspect-fill into the top 375×211, only the top corners rounded.
            Element.image(.named("cover"), contentMode: .aspectFill)
                .frame(Rect(x: 0, y: 0, width: 375, height: 211))
                .cornerRadii(.top(12))
            // The veil under the nickname: black, alpha 0 → 0.6 over the bottom 60 pt of the cover.
            Element.gradient(.linear(veil, start: Point(x: 0, y: 0), end: Point(x: 0, y: 1)))
                .frame(Rect(x: 0, y: 151, width: 375, height: 60))
            // The tag: as wide as its text plus 6 pt each side (5 pt padding inside a 1 pt pink
            // border), 18 pt high; the text keeps its height and is centred on the tag.
            Element.hstack(alignment: .start) {
                Element.vstack(justification: .center) {
                    Element.text(AttributedText(record.tag), style: TextStyle(fontFamily: fontFamily, size: 12, color: pink), maxLines: 1)
                        .shrink(0)
                }
                .size(height: 18)
                .padding(EdgeInsets(horizontal: 5))
                .background(.white)
                .cornerRadius(3)
                .border(width: 1, color: pink)
            }
            .frame(Rect(x: 8, y: 8, width: 359, height: 18))
            // Avatar: 24 pt, a circle with a 1 pt white ring inside its edge.
            Element.image(.named("avatar"), contentMode: .scaleToFill)
                .frame(Rect(x: 8, y: 179, width: 24, height: 24))
                .cornerRadius(12)
            Element.view()
                .frame(Rect(x: 8, y: 179, width: 24, height: 24))
                .cornerRadius(12)
                .border(width: 1, color: .white)
            // Over the veil: the nickname (bold, cut at 220 pt) and the audience (right-aligned).
            line(record.nickname, size: 14, weight: .bold, color: .white, in: Rect(x: 40, y: 179, width: 220, height: 24))
            line(record.viewers, size: 12, color: .white, alignment: .right, in: Rect(x: 267, y: 179, width: 100, height: 24))
            // Title: 15 pt on a 20 pt line, wrapped at 272 pt, at most two lines, "…" at the end.
            Element.text(AttributedText(record.title),
                         style: TextStyle(fontFamily: fontFamily, size: 15, color: Color(red255: 17, green255: 17, blue255: 17), lineHeight: 20),
                         maxLines: 2)
                .frame(Rect(x: 8, y: 216, width: 272, height: 40))
            line(record.category, size: 12, color: Color(red255: 153, green255: 153, blue255: 153), alignment: .right,
                 in: Rect(x: 287, y: 216, width: 80, height: 20))
            // The card's hairline: 1 px at scale 2, inside the card, over everything.
            Element.view()
                .frame(Rect(x: 0, y: 0, width: 375, height: 260))
                .cornerRadius(12)
                .border(width: 0.5, color: Color(red255: 224, green255: 224, blue255: 224))
        }
        .background(.white)
        .cornerRadius(12)
    }

    /// The veil's gradient, top to bottom.
    static let veil = Gradient(stops: [.init(location: 0, color: .clear), .init(location: 1, color: Color.black.withAlpha(0.6))])

    /// One line of text in a line box: cut with an ellipsis at the box width, aligned, and centred
    /// vertically (the element form of ``drawLine(_:style:in:alignment:context:)``).
    static func line(_ text: String, size: Double, weight: FontWeight = .regular, color: Color,
                     alignment: TextAlignment = .left, in box: Rect) -> Element {
        Element.vstack(justification: .center) {
            Element.text(AttributedText(text),
                         style: TextStyle(fontFamily: fontFamily, size: size, weight: weight, color: color, alignment: alignment),
                         maxLines: 1)
        }
        .frame(box)
    }
}
