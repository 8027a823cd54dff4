public import Canvas

/// The reference live-stream feed card of `../shared/bench/peers/spec/feed-card.json`, drawn with
/// the Canvas: the same geometry, fonts and text rules as the plain C program beside it, so the
/// two can be timed against each other and compared by eye.
public enum ReferenceCard {
    /// The card's size in points.
    public static let size = Size(width: 375, height: 260)
    /// The spec's scale: 750×520 px.
    public static let scale = 2.0

    static let pink = Color(red255: 239, green255: 91, blue255: 156)
    static let fontFamily = "Noto Sans CJK SC, DejaVu Sans"

    /// Renders one card at the spec's scale.
    public static func render(_ record: LiveCardRecord, assets: ReferenceCardAssets, scale: Double = ReferenceCard.scale) throws -> Bitmap {
        try Bitmap.render(size: size, scale: scale) { context in
            try draw(record, assets: assets, in: context)
        }
    }

    /// Draws one card into `context`, with its top-left corner at the context's origin.
    public static func draw(_ record: LiveCardRecord, assets: ReferenceCardAssets, in context: GraphicsContext) throws {
        let card = Rect(size: size)
        context.fill(.roundedRect(card, cornerRadius: 12), with: .color(.white))

        // Cover: aspect-fill into the top 375×211, only the top corners rounded.
        let coverRect = Rect(x: 0, y: 0, width: 375, height: 211)
        context.withSavedGState {
            context.clip(to: .roundedRect(coverRect, radii: .top(12)))
            context.draw(assets.cover, in: coverRect, contentMode: .aspectFill)
        }

        // The veil under the nickname: black, alpha 0 → 0.6 over the bottom 60 pt of the cover.
        let veil = Gradient(stops: [.init(location: 0, color: .clear), .init(location: 1, color: Color.black.withAlpha(0.6))])
        context.fill(.rect(Rect(x: 0, y: 151, width: 375, height: 60)),
                     with: .linearGradient(veil, start: Point(x: 0, y: 151), end: Point(x: 0, y: 211)))

        // The tag: width = ceil(text advance) + 2 × 6, height 18, radius 3, 1 pt pink border inside.
        let tagStyle = TextStyle(fontFamily: fontFamily, size: 12, color: pink)
        let tagText = try TextLayout(record.tag, style: tagStyle)
        let tagWidth = tagText.size.width.rounded(.up) + 12
        let tag = Rect(x: 8, y: 8, width: tagWidth, height: 18)
        context.fill(.roundedRect(tag, cornerRadius: 3), with: .color(.white))
        context.stroke(.roundedRect(tag.insetBy(dx: 0.5, dy: 0.5), cornerRadius: 2.5), with: .color(pink))
        context.draw(tagText, at: Point(x: tag.minX + (tag.width - tagText.size.width) / 2,
                                        y: tag.minY + (tag.height - tagText.size.height) / 2))

        // Avatar: 24 pt, clipped to a circle, with a 1 pt white ring inside its edge.
        let avatarRect = Rect(x: 8, y: 179, width: 24, height: 24)
        context.withSavedGState {
            context.clip(to: .circle(center: Point(x: 20, y: 191), radius: 12))
            context.draw(assets.avatar, in: avatarRect)
        }
        context.stroke(.circle(center: Point(x: 20, y: 191), radius: 11.5), with: .color(.white))

        // Over the veil: the nickname (bold, cut at 220 pt) and the audience (right-aligned).
        try drawLine(record.nickname, style: TextStyle(fontFamily: fontFamily, size: 14, weight: .bold, color: .white),
                     in: Rect(x: 40, y: 179, width: 220, height: 24), alignment: .left, context: context)
        try drawLine(record.viewers, style: TextStyle(fontFamily: fontFamily, size: 12, color: .white),
                     in: Rect(x: 267, y: 179, width: 100, height: 24), alignment: .right, context: context)

        // Title: 15 pt on a 20 pt line, wrapped at 272 pt, at most two lines, "…" at the end.
        let title = try TextLayout(
            record.title,
            style: TextStyle(fontFamily: fontFamily, size: 15, color: Color(red255: 17, green255: 17, blue255: 17), lineHeight: 20),
            options: TextLayoutOptions(maxWidth: 272, maxLines: 2, lineBreakMode: .wordOrCharacter, truncation: .tail)
        )
        context.draw(title, at: Point(x: 8, y: 216))

        try drawLine(record.category, style: TextStyle(fontFamily: fontFamily, size: 12, color: Color(red255: 153, green255: 153, blue255: 153)),
                     in: Rect(x: 287, y: 216, width: 80, height: 20), alignment: .right, context: context)

        // The 1 px (0.5 pt) border, drawn last, inside the card.
        context.stroke(.roundedRect(card.insetBy(dx: 0.25, dy: 0.25), cornerRadius: 11.75),
                       with: .color(Color(red255: 224, green255: 224, blue255: 224)),
                       style: StrokeStyle(lineWidth: 0.5))
    }

    /// One line of text in a line box: cut with an ellipsis at the box width, aligned, and centred
    /// vertically by its logical height (the spec's CSS half-leading model).
    static func drawLine(_ text: String, style: TextStyle, in box: Rect, alignment: TextAlignment, context: GraphicsContext) throws {
        var style = style
        style.alignment = alignment
        let layout = try TextLayout(text, style: style, options: TextLayoutOptions(maxWidth: box.width, maxLines: 1, truncation: .tail))
        context.draw(layout, at: Point(x: box.minX, y: box.minY + (box.height - layout.size.height) / 2))
    }
}
