public import AsyncLayerKit

/// The feed demo's contact sheet: every rendered item as a thumbnail in a grid, its identifier
/// under it, a title line on top; drawn with the Canvas at 1 pixel per point.
///
/// ```
///  ┌────────────────────────────────────────────┐
///  │ title                                      │
///  │ ┌────┐ ┌────┐ ┌────┐        (columns wide)  │
///  │ │    │ │    │ │    │ …                      │
///  │ └────┘ └────┘ └────┘                        │
///  │ id-0   id-1   id-2                          │
///  │ …                                          │
///  └────────────────────────────────────────────┘
/// ```
public enum FeedContactSheet {
    /// One item on the sheet.
    public struct Tile: Sendable {
        /// The item's identifier, written under the thumbnail.
        public var id: String
        /// The thumbnail (see ``thumbnail(of:)``).
        public var thumbnail: Bitmap

        /// Creates a tile.
        public init(id: String, thumbnail: Bitmap) {
            self.id = id
            self.thumbnail = thumbnail
        }
    }

    /// The most tiles in a row.
    public static let maxColumns = 15
    /// The box a thumbnail is fitted into, in points (= pixels).
    public static let thumbnailBox = Size(width: 96, height: 128)
    /// Space around a thumbnail inside its tile.
    static let tilePadding = 4.0
    /// The height of the identifier line under a thumbnail.
    static let labelHeight = 14.0
    /// The sheet's margin.
    static let margin = 12.0
    /// The title line's height, margin excluded.
    static let headerHeight = 36.0

    static let background = Color(red255: 43, green255: 45, blue255: 51)
    static let titleStyle = TextStyle(fontFamily: FeedCells.fontFamily, size: 16, weight: .bold, color: .white)
    static let labelStyle = TextStyle(fontFamily: FeedCells.fontFamily, size: 10, color: Color(red255: 200, green255: 203, blue255: 210))

    /// A tile's size in points.
    static var tileSize: Size {
        Size(width: thumbnailBox.width + 2 * tilePadding, height: thumbnailBox.height + 3 * tilePadding + labelHeight)
    }

    /// The number of columns for `itemCount` tiles.
    public static func columns(itemCount: Int) -> Int {
        max(1, min(itemCount, maxColumns))
    }

    /// The sheet's size in pixels for `itemCount` tiles.
    public static func pixelSize(itemCount: Int) -> (width: Int, height: Int) {
        let size = sheetSize(itemCount: itemCount)
        return (Int(size.width), Int(size.height))
    }

    static func sheetSize(itemCount: Int) -> Size {
        let columns = columns(itemCount: itemCount)
        let rows = (max(0, itemCount) + columns - 1) / columns
        return Size(width: 2 * margin + Double(columns) * tileSize.width,
                    height: 2 * margin + headerHeight + Double(rows) * tileSize.height)
    }

    /// `bitmap` scaled down (area-averaged) to fit ``thumbnailBox``, aspect ratio kept, at 1
    /// pixel per point.
    ///
    /// - Throws: ``/Canvas/CanvasError`` for an empty bitmap.
    public static func thumbnail(of bitmap: Bitmap) throws -> Bitmap {
        let size = bitmap.size
        let fit = min(thumbnailBox.width / size.width, thumbnailBox.height / size.height)
        let width = max(1, Int((size.width * fit).rounded()))
        let height = max(1, Int((size.height * fit).rounded()))
        return try bitmap.resized(width: width, height: height, scale: 1)
    }

    /// Draws the sheet: `title` on top, then the tiles row by row.
    ///
    /// - Throws: ``/Canvas/CanvasError`` from the Canvas (a text it refuses, a sheet over the
    ///   pixel limits).
    public static func render(_ tiles: [Tile], title: String) throws -> Bitmap {
        let size = sheetSize(itemCount: tiles.count)
        let columns = columns(itemCount: tiles.count)
        let heading = try TextLayout(title, style: titleStyle, options: TextLayoutOptions(maxWidth: size.width - 2 * margin, maxLines: 1))
        let labels = try tiles.map { tile in
            try TextLayout(tile.id, style: labelStyle, options: TextLayoutOptions(maxWidth: tileSize.width, maxLines: 1))
        }
        return try Bitmap.render(size: size, scale: 1) { context in
            context.fill(context.bounds, with: background)
            context.draw(heading, at: Point(x: margin, y: margin + (headerHeight - heading.size.height) / 2))
            for (index, tile) in tiles.enumerated() {
                let origin = Point(x: margin + Double(index % columns) * tileSize.width,
                                   y: margin + headerHeight + Double(index / columns) * tileSize.height)
                let box = Rect(x: origin.x + tilePadding, y: origin.y + tilePadding,
                               width: thumbnailBox.width, height: thumbnailBox.height)
                let thumb = tile.thumbnail.size
                context.draw(tile.thumbnail, at: Point(x: (box.minX + (box.width - thumb.width) / 2).rounded(.down),
                                                       y: (box.minY + (box.height - thumb.height) / 2).rounded(.down)))
                let label = labels[index]
                context.draw(label, at: Point(x: origin.x + (tileSize.width - label.size.width) / 2,
                                              y: box.maxY + tilePadding + (labelHeight - label.size.height) / 2))
            }
        }
    }
}
