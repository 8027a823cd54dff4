import Canvas
import ReferenceCard

/// A small page that shows what the Canvas draws: the two reference cards with drop shadows,
/// a row of content modes, gradients, dashed strokes, and wrapped CJK + emoji text with an ellipsis.
enum SamplePage {
    static let width = 411.0
    static let background = Color(red255: 242, green255: 243, blue255: 245)
    static let ink = Color(red255: 17, green255: 17, blue255: 17)
    static let family = "Noto Sans CJK SC, DejaVu Sans"

    static func render(assets: ReferenceCardAssets, scale: Double) throws -> Bitmap {
        try Bitmap.render(size: Size(width: width, height: 900), scale: scale) { context in
            context.paint(.color(background))
            var y = 16.0

            let heading = try TextLayout(
                "AsyncLayerKit · Canvas", style: TextStyle(fontFamily: family, size: 22, weight: .bold, color: ink))
            context.draw(heading, at: Point(x: 18, y: y))
            y += heading.size.height + 12

            // The two reference cards, each with a soft drop shadow (the spec's optional shadow).
            for record in LiveCardRecord.samples {
                try context.withSavedGState {
                    context.translateBy(x: 18, y: y)
                    try context.withShadow(Shadow(offset: Size(width: 0, height: 2), radius: 8, color: Color.black.withAlpha(0.12))) {
                        try ReferenceCard.draw(record, assets: assets, in: context)
                    }
                }
                y += ReferenceCard.size.height + 16
            }

            // Content modes: the cover in three 120×68 slots.
            let modes: [(ContentMode, String)] = [(.aspectFill, "aspectFill"), (.aspectFit, "aspectFit"), (.scaleToFill, "scaleToFill")]
            for (index, mode) in modes.enumerated() {
                let slot = Rect(x: 18 + Double(index) * 128, y: y, width: 120, height: 68)
                context.fill(.roundedRect(slot, cornerRadius: 8), with: .color(.white))
                context.withSavedGState {
                    context.clip(to: .roundedRect(slot, cornerRadius: 8))
                    context.draw(assets.cover, in: slot, contentMode: mode.0)
                }
                context.stroke(.roundedRect(slot.insetBy(dx: 0.5, dy: 0.5), cornerRadius: 7.5),
                               with: .color(Color(white: 0.8)), style: StrokeStyle(lineWidth: 1, dash: [4, 3]))
                let label = try TextLayout(mode.1, style: TextStyle(fontFamily: family, size: 11, color: Color(white: 0.4)))
                context.draw(label, at: Point(x: slot.minX, y: slot.maxY + 4))
            }
            y += 68 + 26

            // Gradients: linear and radial, in rounded swatches with a border.
            let linear = Rect(x: 18, y: y, width: 184, height: 60)
            context.fill(.roundedRect(linear, cornerRadius: 12),
                         with: .linearGradient(Gradient(colors: [Color(red255: 239, green255: 91, blue255: 156), Color(red255: 255, green255: 196, blue255: 87)]),
                                               start: Point(x: linear.minX, y: linear.minY), end: Point(x: linear.maxX, y: linear.maxY)))
            let radial = Rect(x: 209, y: y, width: 184, height: 60)
            context.fill(.roundedRect(radial, radii: CornerRadii(topLeft: 30, topRight: 4, bottomRight: 30, bottomLeft: 4)),
                         with: .radialGradient(Gradient(colors: [.white, Color(red255: 64, green255: 120, blue255: 255)]),
                                               center: radial.center, radius: 92))
            y += 60 + 16

            // Wrapped CJK + emoji text, three lines at most, with an ellipsis.
            let box = Rect(x: 18, y: y, width: 375, height: 96)
            context.withShadow(Shadow(offset: Size(width: 0, height: 1), radius: 4, color: Color.black.withAlpha(0.15))) {
                context.fill(.roundedRect(box, cornerRadius: 10), with: .color(.white))
            }
            let body = try TextLayout(
                "夜の東京タワー 🗼 and the Bund at night 🌃 — 周末一起去看看城市的灯光吧！Emoji 😀👍🏽🎉 mix with 中文、日本語 and English, wrapped by Pango and cut after three lines with an ellipsis…",
                style: TextStyle(fontFamily: family, size: 15, color: ink, lineHeight: 22),
                options: TextLayoutOptions(maxWidth: box.width - 24, maxLines: 3)
            )
            context.draw(body, at: Point(x: box.minX + 12, y: box.minY + 12))
        }
    }
}
