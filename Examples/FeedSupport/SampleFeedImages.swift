import AsyncLayerKit

/// Draws the sample feed's bundled images with the Canvas, deterministically: ten square photos
/// (gradient skies with a sun, hills, rings or waves, and a caption band), three 16:9 live-card
/// covers (no caption) and three avatars.
public enum SampleFeedImages {
    /// One generated image file.
    public struct File: Sendable {
        /// The image's name (what items refer to).
        public var name: String
        /// The file extension: `jpg` or `png`.
        public var fileExtension: String
        /// The encoded bytes.
        public var bytes: [UInt8]
    }

    /// Captions by scene: sun and hills, rings, waves, cards.
    static let captions = [["晚霞 Sunset", "山丘 Hills", "黄昏 Dusk"], ["涟漪 Ripples", "霓虹 Neon", "霜 Frost"],
                           ["潮汐 Tide", "泻湖 Lagoon"], ["卡片 Cards", "草地 Meadow"]]

    /// Every bundled image, encoded.
    public static func files() throws -> [File] {
        var files: [File] = []
        for (i, name) in SampleFeedGenerator.photoNames.enumerated() {
            let bitmap = try scene(index: i, size: Size(width: 320, height: 320), caption: "#\(i + 1) \(captions[i % 4][(i / 4) % captions[i % 4].count])")
            files.append(File(name: name, fileExtension: "jpg", bytes: try ImageEncoder.encode(bitmap, as: .jpeg(quality: 80))))
        }
        for (i, name) in SampleFeedGenerator.coverNames.enumerated() {
            let bitmap = try scene(index: 3 * i + 1, size: Size(width: 640, height: 360), caption: nil)
            files.append(File(name: name, fileExtension: "jpg", bytes: try ImageEncoder.encode(bitmap, as: .jpeg(quality: 78))))
        }
        for (i, name) in SampleFeedGenerator.avatarNames.enumerated() {
            files.append(File(name: name, fileExtension: "png", bytes: try ImageEncoder.encode(try avatar(index: i), as: .png())))
        }
        return files
    }

    /// A colour from hue (degrees), saturation and value.
    static func hsv(_ hue: Double, _ s: Double, _ v: Double, alpha: Double = 1) -> Color {
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
        let c = v * s, x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)), m = v - c
        let (r, g, b): (Double, Double, Double) = switch Int(h) {
        case 0: (c, x, 0)
        case 1: (x, c, 0)
        case 2: (0, c, x)
        case 3: (0, x, c)
        case 4: (x, 0, c)
        default: (c, 0, x)
        }
        return Color(red: r + m, green: g + m, blue: b + m, alpha: alpha)
    }

    static func scene(index: Int, size: Size, caption: String?) throws -> Bitmap {
        let hue = Double(index) * 37 + 10
        let w = size.width, h = size.height
        return try Bitmap.render(size: size, scale: 1) { context in
            let sky = Gradient(colors: [hsv(hue, 0.45, 0.98), hsv(hue + 45, 0.75, 0.62)])
            context.fill(.rect(Rect(size: size)), with: .linearGradient(sky, start: Point(x: 0, y: 0), end: Point(x: w * 0.3, y: h)))
            switch index % 4 {
            case 0:  // a sun over two hills
                context.fill(.circle(center: Point(x: w * 0.68, y: h * 0.34), radius: h * 0.14), with: .color(hsv(hue + 200, 0.25, 1, alpha: 0.9)))
                hill(context, w: w, h: h, top: 0.55, color: hsv(hue + 160, 0.45, 0.45, alpha: 0.85))
                hill(context, w: w, h: h, top: 0.7, color: hsv(hue + 180, 0.55, 0.3))
            case 1:  // rings
                for r in stride(from: 0.42, to: 0.05, by: -0.09) {
                    context.stroke(.circle(center: Point(x: w * 0.5, y: h * 0.45), radius: h * r),
                                   with: .color(hsv(hue + 180 + r * 200, 0.3, 1, alpha: 0.75)), style: StrokeStyle(lineWidth: h * 0.03))
                }
            case 2:  // waves
                for band in 0..<4 {
                    let y0 = h * (0.45 + Double(band) * 0.12)
                    var path = Path()
                    path.move(to: Point(x: 0, y: y0))
                    for step in 0..<4 {
                        let x0 = w * Double(step) / 4
                        path.addQuadCurve(to: Point(x: x0 + w / 4, y: y0), control: Point(x: x0 + w / 8, y: y0 + (step % 2 == 0 ? -1 : 1) * h * 0.08))
                    }
                    path.addLine(to: Point(x: w, y: h))
                    path.addLine(to: Point(x: 0, y: h))
                    path.closeSubpath()
                    context.fill(path, with: .color(hsv(hue + 150 + Double(band) * 12, 0.5, 0.85 - Double(band) * 0.15, alpha: 0.8)))
                }
            default:  // stacked cards
                for k in 0..<3 {
                    let inset = Double(k) * w * 0.08
                    let rect = Rect(x: w * 0.18 + inset, y: h * 0.16 + inset, width: w * 0.5, height: h * 0.42)
                    context.fill(.roundedRect(rect, cornerRadius: h * 0.04), with: .color(hsv(hue + 120 + Double(k) * 40, 0.35, 0.95, alpha: 0.85)))
                }
            }
            // The caption band (covers have none: the live card's veil and nickname sit there).
            guard let caption else { return }
            let band = Rect(x: 0, y: h - h * 0.16, width: w, height: h * 0.16)
            context.fill(.rect(band), with: .color(Color.black.withAlpha(0.35)))
            let label = try TextLayout(caption, style: TextStyle(fontFamily: FeedCells.fontFamily, size: h * 0.065, weight: .bold, color: .white))
            context.draw(label, at: Point(x: h * 0.05, y: band.minY + (band.height - label.size.height) / 2))
        }
    }

    static func hill(_ context: GraphicsContext, w: Double, h: Double, top: Double, color: Color) {
        var path = Path()
        path.move(to: Point(x: 0, y: h * (top + 0.1)))
        path.addCurve(to: Point(x: w, y: h * top), control1: Point(x: w * 0.3, y: h * (top - 0.15)), control2: Point(x: w * 0.6, y: h * (top + 0.12)))
        path.addLine(to: Point(x: w, y: h))
        path.addLine(to: Point(x: 0, y: h))
        path.closeSubpath()
        context.fill(path, with: .color(color))
    }

    static func avatar(index: Int) throws -> Bitmap {
        let size = Size(width: 96, height: 96)
        let hue = Double(index) * 110 + 200
        return try Bitmap.render(size: size, scale: 1) { context in
            context.fill(.circle(center: Point(x: 48, y: 48), radius: 48),
                         with: .linearGradient(Gradient(colors: [hsv(hue, 0.5, 0.95), hsv(hue + 30, 0.7, 0.6)]),
                                               start: Point(x: 0, y: 0), end: Point(x: 96, y: 96)))
            let letter = try TextLayout(["S", "M", "J"][index % 3], style: TextStyle(fontFamily: FeedCells.fontFamily, size: 44, weight: .bold, color: .white))
            context.draw(letter, at: Point(x: (96 - letter.size.width) / 2, y: (96 - letter.size.height) / 2))
        }
    }
}
