import AsyncLayerKit
import Canvas
import ReferenceCard

/// One render of the reference card, its encode and the decode of what was written.
struct CardWork: Sendable {
    /// What one render produced.
    struct Result: Sendable {
        var element: Bool
        var encoder: String
        var bytes: Int
    }

    /// The card's images, decoded once, for the Canvas path.
    let assets: ReferenceCardAssets
    /// The element path without a cache: every render decodes its images from their bytes.
    let uncached: ElementRenderer
    /// The element path through a small cache: decoded images and measured texts are kept and
    /// evicted (2 MiB holds about one decoded cover).
    let cached: ElementRenderer
    /// Room around the card for its shadow.
    static let margin = 12.0

    init() throws {
        assets = try ReferenceCardAssets.load()
        let loader = BundledImages(files: try ReferenceCardAssets.bundledFiles())
        uncached = ElementRenderer(imageLoader: loader)
        cached = ElementRenderer(imageLoader: loader, cache: ElementCache(byteLimit: 2 << 20))
    }

    /// Render `index`: a sample record with a viewer count of its own (a new text each time),
    /// drawn by the Canvas on even indices and as an element tree with a shadow on odd ones.
    func renderAndEncode(_ index: Int) async throws -> Result {
        var record = LiveCardRecord.samples[index % LiveCardRecord.samples.count]
        record.viewers = "\(index) watching"
        let element = index % 2 == 1
        let bitmap: Bitmap
        if element {
            let renderer = index % 4 == 1 ? uncached : cached
            bitmap = try await renderer.render(Self.shadowed(record), size: Self.shadowedSize, scale: ReferenceCard.scale)
        } else {
            bitmap = try ReferenceCard.render(record, assets: assets)
        }
        let (name, options) = LeakCheck.encoders[(index / 2) % LeakCheck.encoders.count]
        let bytes = try ImageEncoder.encode(bitmap, as: options)
        let decoded = try ImageDecoder.decode(bytes)
        guard decoded.width == bitmap.width, decoded.height == bitmap.height else {
            throw CardWorkError.sizeMismatch(encoder: name, index: index)
        }
        return Result(element: element, encoder: name, bytes: bytes.count)
    }

    /// The card's canvas with the margin for its shadow.
    static let shadowedSize = Size(width: ReferenceCard.size.width + 2 * margin, height: ReferenceCard.size.height + 2 * margin)

    /// The card as an element tree, casting a blurred drop shadow, inside the margin.
    static func shadowed(_ record: LiveCardRecord) -> Element {
        Element.view {
            ReferenceCard.element(for: record)
                .shadow(radius: 8, y: 3)
                .frame(Rect(x: margin, y: margin, width: ReferenceCard.size.width, height: ReferenceCard.size.height))
        }
    }
}

/// A render whose result does not match what was asked.
enum CardWorkError: Error, CustomStringConvertible {
    case sizeMismatch(encoder: String, index: Int)

    var description: String {
        switch self {
        case .sizeMismatch(let encoder, let index): "render \(index): \(encoder) decoded to another size"
        }
    }
}

/// Serves the card's two encoded images: "cover", anything else the avatar.
struct BundledImages: ElementImageLoader {
    let files: (cover: [UInt8], avatar: [UInt8])

    func imageBytes(named name: String) async throws -> [UInt8] {
        name == "cover" ? files.cover : files.avatar
    }
}
