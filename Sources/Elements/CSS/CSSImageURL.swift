#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
internal import Canvas

// `url(…)` in the image properties (backgroundImage, background, maskImage): which ImageSource a
// URL names, and the URL an ImageSource is written as.

extension ImageSource {
    /// The image a `url()` holds: a `data:` URI's bytes (base64 or percent-encoded), anything
    /// else a name for the host's ``ElementImageLoader`` (which decides whether it knows names,
    /// paths or `https:` URLs).
    static func css(url text: String) throws(CSSValueError) -> ImageSource {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { throw CSSValueError(message: "url() is empty: expected an image name or a data: URI") }
        guard DataURL.isDataURL(trimmed[...]) else { return .named(trimmed) }
        switch DataURL.decode(trimmed[...]) {
        case .failure(.missingComma):
            throw CSSValueError(message: "\"\(trimmed.prefix(40))…\" is not a data: URI: expected data:[type][;base64],bytes")
        case .failure(.badBase64), .success((bytes: [], base64: true)):
            throw CSSValueError(message: "a data: URI's base64 bytes do not decode")
        case .failure(.badEscape), .success((bytes: [], base64: false)):
            throw CSSValueError(message: "a data: URI's bytes are empty or have a bad %-escape")
        case .success(let payload):
            return .encoded(payload.bytes)
        }
    }

    /// The source as a `url()` argument: a name as it is, encoded bytes as a base64 `data:` URI,
    /// an in-memory bitmap as `bitmap:` and its pixel digest (which names it for the content
    /// hash but cannot be read back: a bitmap has no JSON form).
    var urlText: String {
        switch self {
        case .named(let name): name
        case .encoded(let bytes): "data:" + Self.mediaType(of: bytes) + ";base64," + Data(bytes).base64EncodedString()
        case .bitmap(let image): "bitmap:\(image.bitmap.width)x\(image.bitmap.height)@\(CSSNumber.format(image.bitmap.scale)):\(image.digest)"
        }
    }

    /// The media type the bytes' signature says (the decoder sniffs them again; this is for readers).
    private static func mediaType(of bytes: [UInt8]) -> String {
        ImageFormat.sniff(bytes)?.mediaType ?? "application/octet-stream"
    }
}

extension CSSComponent {
    /// The image a `url(…)` component names (unquoted, or `url("…")` with one string); `nil` for
    /// any other component. `image-set()` is refused with a message.
    func imageURL() throws(CSSValueError) -> ImageSource? {
        switch self {
        case .token(.url(let text)):
            return try ImageSource.css(url: text)
        case .function("url", let arguments):
            let parts = arguments.filter { !$0.isWhitespace }
            guard parts.count == 1, case .token(.string(let text)) = parts[0] else {
                throw CSSValueError(message: "url() takes one quoted string or an unquoted URL")
            }
            return try ImageSource.css(url: text)
        case .function("image-set", _), .function("-webkit-image-set", _):
            throw CSSValueError(message: "image-set() is not supported: use url() with one image")
        default:
            return nil
        }
    }
}
