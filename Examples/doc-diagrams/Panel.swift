import AsyncLayerKit

/// A titled box of text, built as an element tree: a bordered, rounded vertical stack whose
/// heading, subtitle, body and footnote the Flexbox engine places (the footnote at the bottom,
/// after a growing spacer). The diagrams place the panel; the library lays out what is inside.
struct Panel {
    var stroke: Color
    var fill: Color
    var title: String
    var titleFont: Font = .bold(13)
    var titleColor: Color?
    var subtitle: String?
    var subtitleFont: Font = .mono(10)
    var subtitleColor = Palette.muted
    var body: String?
    var bodyFont: Font = .sans(10.5)
    var bodyColor = Palette.ink
    var bodyAlign = Align.left
    var footnote: String?
    var footnoteFont: Font = .sans(8.5)
    var footnoteColor = Palette.muted
    var padding = EdgeInsets(top: 10, left: 14, bottom: 10, right: 14)
    var spacing = 6.0
    /// Extra space above the body, so bullets stand apart from the heading.
    var bodyGap = 6.0

    /// The element tree of the panel.
    func element() throws -> Element {
        var children: [Element] = [
            .text(try Markup.parse(title), style: titleFont.style(titleColor ?? stroke, alignment: .center)),
        ]
        if let subtitle {
            children.append(.text(try Markup.parse(subtitle), style: subtitleFont.style(subtitleColor, alignment: .center)))
        }
        if let body {
            children.append(.text(try Markup.parse(body), style: bodyFont.style(bodyColor, alignment: bodyAlign.textAlignment))
                .padding(.top, bodyGap))
        }
        if let footnote {
            var spacer = FlexStyle()
            spacer.flexGrow = 1
            children.append(.view(layout: spacer))
            children.append(.text(try Markup.parse(footnote), style: footnoteFont.style(footnoteColor, alignment: .center)))
        }
        return Element.vstack(spacing: spacing, style: ElementStyle(background: fill, cornerRadii: CornerRadii(all: 10)), children: children)
            .border(width: 1.5, color: stroke)
            .padding(padding)
    }
}

extension Sketch {
    /// Lays `panel` out in `rect` and draws it (see ``element(_:in:)``).
    func panel(_ panel: Panel, in rect: Rect) {
        attempt { try drawElement(try panel.element(), in: rect) }
    }

    /// `panel(_:in:)` with the rect's four numbers.
    func panel(_ panel: Panel, _ x: Double, _ y: Double, _ w: Double, _ h: Double) {
        self.panel(panel, in: Rect(x: x, y: y, width: w, height: h))
    }

    /// Lays an element tree out in `rect` with the Flexbox engine, renders it with the element
    /// renderer at the picture's scale and draws it at `rect`'s origin (pixel for pixel: no
    /// resampling). A text that is cut or overflows the rect fails the diagram.
    func element(_ root: Element, in rect: Rect) {
        attempt { try drawElement(root, in: rect) }
    }

    private func drawElement(_ root: Element, in rect: Rect) throws {
        let layout = try ElementLayout.layout(root, in: rect.size, scale: context.scale)
        for node in layout.nodes {
            // Cut, outside the rect, or squeezed by flex-shrink below its measured height.
            if let text = node.text, text.isTruncated || node.frame.maxY > rect.height + 0.5 || node.frame.maxX > rect.width + 0.5
                || node.contentFrame.height + 0.5 < text.size.height {
                throw DiagramError("text \"\(text.text.string)\" does not fit in \(rect.size) (its frame: \(node.frame))")
            }
        }
        let bitmap = try ElementRenderer().draw(root, layout: layout, images: ResolvedImages(), scale: context.scale)
        context.draw(bitmap, at: rect.origin)
    }
}
