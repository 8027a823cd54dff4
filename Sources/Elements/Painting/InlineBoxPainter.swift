internal import Canvas
internal import Flexbox

/// Paints a paragraph's inline boxes (``InlineBoxPaint``) behind its text, from where its layout
/// put their runs (``/Canvas/TextLayout/segmentAreas``): a background and border per line box
/// piece, edges snapped to device pixels as block boxes are.
struct InlineBoxPainter {
    let context: GraphicsContext
    let lengths: LengthContext

    /// One line's piece of an inline box, in the layout's points.
    struct Piece: Equatable {
        var rect: Rect
        /// Whether the piece holds the box's left edge (its start in left-to-right text).
        var hasLeftEdge: Bool
        var hasRightEdge: Bool
    }

    /// Paints `boxes` (in tree order, outer first) of `layout`, drawn at `origin`.
    func paint(_ boxes: [InlineBoxPaint], of layout: TextLayout, at origin: Point, rightToLeft: Bool) {
        for box in boxes where box.isWellFormed {
            let currentColor = box.ownRuns.first.flatMap { run in
                run >= 0 && run < layout.text.segments.count ? layout.text.segments[run].style.color : nil
            } ?? layout.style.color
            for piece in Self.pieces(of: box, in: layout, rightToLeft: rightToLeft) {
                paint(box, piece.rect.offsetBy(dx: origin.x, dy: origin.y), left: piece.hasLeftEdge, right: piece.hasRightEdge,
                      currentColor: currentColor)
            }
        }
    }

    private func paint(_ box: InlineBoxPaint, _ rect: Rect, left: Bool, right: Bool, currentColor: Color) {
        let w = box.borderWidths, r = box.radii
        let edges = ResolvedEdges(top: w[0], left: left ? w[3] : 0, bottom: w[2], right: right ? w[1] : 0)
        let node = LayoutResult.Node(frame: rect, contentFrame: rect, border: edges, direction: .ltr, text: nil)
        func corner(_ index: Int, _ shown: Bool) -> CornerRadius {
            shown ? CornerRadius(.points(r[index]), .points(r[index + 4])) : .zero
        }
        let radius = BorderRadius(topLeft: corner(0, left), topRight: corner(1, right), bottomRight: corner(2, right), bottomLeft: corner(3, left))
        let geometry = BoxGeometry(node: node, radius: radius, lengths: lengths, scale: context.scale)
        if let background = box.background, background.alpha > 0 {
            context.fill(geometry.shape(.borderBox), with: .color(background))
        }
        func side(_ index: Int) -> BorderSide {
            BorderSide(color: box.borderColors[index].map { .color($0) } ?? .currentColor,
                       style: BorderLineStyle(rawValue: box.borderStyles[index]) ?? .none)
        }
        let sides = BorderSides(top: side(0), right: side(1), bottom: side(2), left: side(3))
        BorderPainter(context: context, currentColor: currentColor).paint(sides, in: geometry)
    }

    /// The pieces of `box`, one per line its runs are on, in line order: from the leftmost to
    /// the rightmost point of its runs on the line, as high as its own text's content area there
    /// (on a line without its own text, that area about the line's baseline) plus its outsets.
    static func pieces(of box: InlineBoxPaint, in layout: TextLayout, rightToLeft: Bool) -> [Piece] {
        let areas = layout.segmentAreas, lines = layout.lines
        // A clamped text has the runs up to its cut (and an ellipsis after them).
        let runs = box.runs.lowerBound..<max(box.runs.lowerBound, min(box.runs.upperBound, areas.count))
        guard !runs.isEmpty, !lines.isEmpty else { return [] }
        func line(of rect: Rect) -> Int? {
            let middle = rect.midY
            return lines.firstIndex { $0.rect.minY <= middle && middle <= $0.rect.maxY }
        }
        var spans: [Int: (left: Double, right: Double)] = [:]
        var texts: [Int: (top: Double, bottom: Double)] = [:]
        for run in runs {
            for rect in areas[run] {
                guard let index = line(of: rect) else { continue }
                let span = spans[index] ?? (rect.minX, rect.maxX)
                spans[index] = (min(span.left, rect.minX), max(span.right, rect.maxX))
                if rect.height > 0 {
                    let text = texts[index] ?? (rect.minY, rect.maxY)
                    texts[index] = (min(text.top, rect.minY), max(text.bottom, rect.maxY))
                }
            }
        }
        var own: [Int: (top: Double, bottom: Double)] = [:]
        for run in box.ownRuns where run >= 0 && run < areas.count {
            for rect in areas[run] where rect.height > 0 {
                guard let index = line(of: rect) else { continue }
                let area = own[index] ?? (rect.minY, rect.maxY)
                own[index] = (min(area.top, rect.minY), max(area.bottom, rect.maxY))
            }
        }
        // The content area about the baseline, where the box has text of its own somewhere.
        let aboutBaseline = own.min { $0.key < $1.key }.map { index, area in
            (above: lines[index].baseline - area.top, below: area.bottom - lines[index].baseline)
        }
        let order = spans.keys.sorted()
        return order.enumerated().compactMap { position, index in
            guard let span = spans[index] else { return nil }
            let area = own[index]
                ?? aboutBaseline.map { (top: lines[index].baseline - $0.above, bottom: lines[index].baseline + $0.below) }
                ?? texts[index]
            guard let area else { return nil }
            let isFirst = position == 0, isLast = position == order.count - 1
            return Piece(rect: Rect(x: span.left, y: area.top - box.outsetTop, width: span.right - span.left,
                                    height: area.bottom - area.top + box.outsetTop + box.outsetBottom),
                         hasLeftEdge: rightToLeft ? isLast : isFirst, hasRightEdge: rightToLeft ? isFirst : isLast)
        }
    }
}
