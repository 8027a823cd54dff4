/// The encoded image formats the Canvas reads and writes.
public enum ImageFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// Portable Network Graphics (lossless, with alpha).
    case png
    /// JPEG (lossy, no alpha).
    case jpeg
    /// WebP (lossy or lossless, with alpha).
    case webp

    /// Recognises the format from the first bytes of `data` (its signature), or `nil`.
    public static func sniff<Bytes: Collection<UInt8>>(_ data: Bytes) -> ImageFormat? {
        let head = Array(data.prefix(12))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.count >= 12, head[0..<4].elementsEqual(Array("RIFF".utf8)),
            head[8..<12].elementsEqual(Array("WEBP".utf8))
        {
            return .webp
        }
        return nil
    }

    /// The usual file name extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .webp: "webp"
        }
    }

    /// The media type for HTTP (`image/png`, …).
    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .webp: "image/webp"
        }
    }
}
