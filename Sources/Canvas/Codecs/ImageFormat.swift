/// The encoded image formats the Canvas reads (all) and writes (PNG, JPEG and WebP; SVG is read
/// only: ``EncodingOptions`` has no SVG case).
public enum ImageFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// Portable Network Graphics (lossless, with alpha).
    case png
    /// JPEG (lossy, no alpha).
    case jpeg
    /// WebP (lossy or lossless, with alpha).
    case webp
    /// SVG, drawn by librsvg at the size asked for (read only). See ``SVGLimits``.
    case svg

    /// Recognises the format from the first bytes of `data` (its signature), or `nil`.
    ///
    /// SVG is recognised by its root element: after an optional UTF-8 byte order mark, white
    /// space, an XML declaration, comments, processing instructions and a document type, the first
    /// element must be `<svg` (or `<prefix:svg`), within the first 4 KiB. Other XML and HTML (even
    /// with an inline `<svg>`) are not SVG.
    public static func sniff<Bytes: Collection<UInt8>>(_ data: Bytes) -> ImageFormat? {
        let head = Array(data.prefix(12))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.count >= 12, head[0..<4].elementsEqual(Array("RIFF".utf8)),
            head[8..<12].elementsEqual(Array("WEBP".utf8))
        {
            return .webp
        }
        if SVGSniffer.looksLikeSVG(data) { return .svg }
        return nil
    }

    /// The usual file name extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .webp: "webp"
        case .svg: "svg"
        }
    }

    /// The media type for HTTP (`image/png`, …).
    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .webp: "image/webp"
        case .svg: "image/svg+xml"
        }
    }
}
