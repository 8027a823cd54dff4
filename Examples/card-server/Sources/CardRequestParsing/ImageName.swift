public import AsyncLayerKit

/// The content-hash name of one image, `<hash>[-f<fonts>]-<width>x<height>@<scale>[-q<quality>].<ext>`:
/// its strong ETag, its `/images/` URL, and (read back) its key in the render service's cache.
///
/// The name says everything the cache key holds (tree hash, the digest of the document's own
/// fonts when it has some, size, scale, and the encoding options through format and quality), so `/images/{name}` needs no index of its own: it parses
/// the name and looks the encoding up. Only the canonical spelling parses (`120x40`, never
/// `120.0x40`), so one image has one URL.
public struct ImageName: Hashable, Sendable {
    /// The tree's content hash.
    public var hash: ContentHash
    /// The output size in points.
    public var size: Size
    /// Pixels per point.
    public var scale: Double
    /// The quality (WebP and JPEG; 0 for PNG, whose name has none).
    public var quality: Int
    /// The format, written as the extension.
    public var format: CardFormat
    /// The digest of the document's own fonts (``/Canvas/FontSet/digest``, 32 hex digits), or `nil`.
    public var fonts: String?

    /// The name of an image about to be made.
    public init(hash: ContentHash, size: Size, scale: Double, quality: Int, format: CardFormat, fonts: String? = nil) {
        self.hash = hash
        self.fonts = fonts
        self.size = size
        self.scale = scale
        self.quality = format == .png ? 0 : quality
        self.format = format
    }

    /// Reads a file name back (`.jpeg` is read as `.jpg`); `nil` unless it is a name the server
    /// writes, spelled as the server spells it.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."),
              let format = CardFormat(fileExtension: String(fileName[fileName.index(after: dot)...])) else { return nil }
        let stem = fileName[..<dot]
        // 32 hex digits, then "-".
        guard stem.count > 33, stem[stem.index(stem.startIndex, offsetBy: 32)] == "-" else { return nil }
        let hex = stem.prefix(32)
        guard hex.allSatisfy(\.isHexDigit), let high = UInt64(hex.prefix(16), radix: 16),
              let low = UInt64(hex.suffix(16), radix: 16) else { return nil }
        var rest = stem.dropFirst(33)
        // "f", 32 hex digits, "-": the fonts' digest (a width starts with a digit, never "f").
        var fonts: String?
        if rest.first == "f" {
            let digest = rest.dropFirst().prefix(32)
            guard digest.count == 32, digest.allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
                  rest.dropFirst(33).first == "-" else { return nil }
            fonts = String(digest)
            rest = rest.dropFirst(34)
        }
        var quality = 0
        if format != .png {
            guard let q = rest.lastIndex(of: "q"), q > rest.startIndex, rest[rest.index(before: q)] == "-",
                  let parsed = Int(rest[rest.index(after: q)...]) else { return nil }
            quality = parsed
            rest = rest[..<rest.index(before: q)]
        }
        let parts = rest.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let scale = Double(String(parts[1])) else { return nil }
        let dimensions = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard dimensions.count == 2, let width = Double(String(dimensions[0])), let height = Double(String(dimensions[1])),
              [width, height, scale].allSatisfy({ $0.isFinite && $0 > 0 }) else { return nil }
        self.init(hash: ContentHash(high: high, low: low), size: Size(width: width, height: height), scale: scale,
                  quality: quality, format: format, fonts: fonts)
        // One spelling per image: anything that does not print back the same is not a name.
        guard self.stem == String(stem), (format == .png || (1...100).contains(quality)) else { return nil }
    }

    /// The name without its extension.
    private var stem: String {
        var stem = "\(hash)-" + (fonts.map { "f\($0)-" } ?? "") + "\(Self.number(size.width))x\(Self.number(size.height))@\(Self.number(scale))"
        if format != .png { stem += "-q\(quality)" }
        return stem
    }

    /// The file name: the ETag (quoted) and the last component of the `/images/` URL.
    public var fileName: String { stem + "." + format.fileExtension }

    /// The encoder's options this name stands for.
    public var options: EncodingOptions { format.encodingOptions(quality: quality) }

    /// The key of this image in a render service's cache.
    public var encodingKey: ElementCache.EncodingKey {
        ElementCache.EncodingKey(render: .init(hash: hash, size: size, scale: scale, fonts: fonts), options: options)
    }

    /// A number as short as it reads: 375 rather than 375.0.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
