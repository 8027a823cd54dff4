public import Canvas

/// Everything that can go wrong decoding, checking, laying out or rendering an element tree.
public enum ElementError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON is wrong at `path` (for example `root.children[2].style.size`).
    case invalidJSON(path: String, message: String)
    /// The JSON is well formed at `path`, but its value cannot be used: a font that is not one, a
    /// `graphemeImages` key that is not one grapheme, a font weight or family name out of range.
    case unusableValue(path: String, message: String)
    /// The document's `version` is not one this library reads.
    case unsupportedVersion(Int)
    /// The JSON document is larger than the limit, in bytes.
    case documentTooLarge(bytes: Int, limit: Int)
    /// The tree (or the raw JSON's nesting) is deeper than the limit.
    case tooDeep(depth: Int, limit: Int)
    /// The tree has more elements than the limit.
    case tooManyNodes(count: Int, limit: Int)
    /// The texts of the tree together are longer than the limit, in UTF-8 bytes.
    case textTooLong(utf8Bytes: Int, limit: Int)
    /// Encoded image bytes in the tree together are larger than the limit.
    case imagesTooLarge(bytes: Int, limit: Int)
    /// A named image was used but the renderer has no loader.
    case noImageLoader(name: String)
    /// The host's loader failed for a named image.
    case imageLoadFailed(name: String, detail: String)
    /// A layout input is unusable (a NaN size, a negative spacing).
    case invalidLayout(String)
    /// A custom element's drawing failed.
    case customDrawFailed(typeName: String, detail: String)
    /// The render was cancelled (superseded) before it finished.
    case cancelled
    /// The render took longer than ``ElementLimits/maxRenderDuration``.
    case deadlineExceeded(Duration)
    /// The Canvas refused something: a size, a text, an image.
    case canvas(CanvasError)

    /// A one-line description.
    public var description: String {
        switch self {
        case .invalidJSON(let path, let message): "\(path.isEmpty ? "document" : path): \(message)"
        case .unusableValue(let path, let message): "\(path): \(message)"
        case .unsupportedVersion(let v): "version: \(v) is not supported (expected \(ElementDocument.supportedVersions.lowerBound) to \(ElementDocument.currentVersion))"
        case .documentTooLarge(let bytes, let limit): "document of \(bytes) bytes is over the limit of \(limit)"
        case .tooDeep(let depth, let limit): "tree depth \(depth) is over the limit of \(limit)"
        case .tooManyNodes(let count, let limit): "\(count) elements is over the limit of \(limit)"
        case .textTooLong(let bytes, let limit): "text of \(bytes) UTF-8 bytes is over the limit of \(limit)"
        case .imagesTooLarge(let bytes, let limit): "encoded images of \(bytes) bytes are over the limit of \(limit)"
        case .noImageLoader(let name): "image \"\(name)\": no image loader was given to the renderer"
        case .imageLoadFailed(let name, let detail): "image \"\(name)\": \(detail)"
        case .invalidLayout(let detail): "layout: \(detail)"
        case .customDrawFailed(let name, let detail): "custom element \(name): \(detail)"
        case .cancelled: "render cancelled"
        case .deadlineExceeded(let limit): "render took longer than \(limit)"
        case .canvas(let error): error.description
        }
    }
}
