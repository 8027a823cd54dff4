import Canvas
import Testing

/// The README's example, compiled and run, so the README cannot drift from the API.
@Suite struct ReadmeExampleTests {
    @Test func theQuickStartRuns() throws {
        let jpegBytes = try ImageEncoder.encode(
            try Bitmap.render(size: Size(width: 1600, height: 1200)) { $0.paint(.color(.blue)) },
            as: .jpeg(quality: 85)
        )

        let title = try TextLayout(
            "夏天的小鹿 SummerDeer · Live from the Bund 🌃 周末一起聊聊城市旅行",
            style: TextStyle(size: 15, weight: .bold),
            options: TextLayoutOptions(maxWidth: 200, maxLines: 2)   // wraps, "…" on line 2
        )
        let card = try Bitmap.render(size: Size(width: 220, height: 64), scale: 2) { context in
            context.fill(.roundedRect(context.bounds, cornerRadius: 12), with: .color(.white))
            context.draw(title, at: Point(x: 10, y: 10))
        }
        let webp = try ImageEncoder.encode(card, as: .webp(quality: 80))
        let thumb = try ImageDecoder.decode(jpegBytes, target: .fill(Size(width: 375, height: 211), scale: 2))

        #expect(title.lineCount == 2 && title.isTruncated)
        #expect(card.width == 440 && card.height == 128)
        #expect(ImageFormat.sniff(webp) == .webp)
        // Fill keeps the aspect ratio and covers the 750×422 px box (JPEG decoded at 1/2, then reduced).
        #expect(thumb.width == 750 && thumb.height == 563)
    }
}
