#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
internal import Canvas

/// One entry of a document's `"fonts"` list, as CSS's `@font-face` writes one:
///
/// ```json
/// {"family": "Brand", "src": "data:font/woff2;base64,d09GMgABAAAAA…", "weight": "100 900", "style": "italic"}
/// ```
///
/// `src` is a `data:` URL (base64 or percent-encoded; its MIME type is ignored, the bytes are
/// sniffed); `weight` a number, `"normal"`, `"bold"` or a range `"100 900"` (default: the font's
/// own); `style` `"normal"`, `"italic"` or `"oblique"` (default: the font's own); `index` picks a
/// face of a collection. Decoding checks the font (``/Canvas/FontData``): a bad one fails the
/// document with the entry's path.
struct DocumentFontFace: Codable {
    var family: String
    var src: String
    var weight: Weight?
    var style: String?
    var index: Int?

    /// A `font-weight` descriptor as written: a number, or a string (`normal`, `bold`, `"400"`,
    /// a range `"100 900"`); read in ``face(limits:)``, so that a well-formed value out of range
    /// is an unusable value, not malformed JSON.
    enum Weight: Codable, Equatable {
        case number(Double)
        case text(String)

        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let number = try? c.decode(Double.self) { self = .number(number) } else { self = .text(try c.decode(String.self)) }
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .number(let weight): try c.encode(weight)
            case .text(let text): try c.encode(text)
            }
        }

        /// The weights it stands for.
        func range() throws(CanvasError) -> ClosedRange<Int> {
            switch self {
            case .number(let number):
                guard number.isFinite, number.rounded() == number, (1...1000).contains(number) else {
                    throw .fontRejected("font weight \(number) is not a whole number in 1...1000")
                }
                return Int(number)...Int(number)
            case .text(let raw):
                let text = raw.trimmingWhitespace.lowercased()
                switch text {
                case "normal": return 400...400
                case "bold": return 700...700
                default:
                    let parts = text.split(separator: " ", omittingEmptySubsequences: true).map { Int($0) }
                    guard (1...2).contains(parts.count), parts.allSatisfy({ $0.map { (1...1000).contains($0) } ?? false }),
                          parts.count == 1 || parts[0]! <= parts[1]! else {
                        throw .fontRejected("font weight \"\(text.prefix(40))\": expected normal, bold, a weight in 1...1000 or a range \"100 900\"")
                    }
                    return parts[0]!...parts[parts.count - 1]!
                }
            }
        }
    }

    /// The checked face.
    func face(limits: FontLimits) throws(CanvasError) -> FontFace {
        let text = Substring(src.trimmingWhitespace)
        guard DataURL.isDataURL(text) else {
            throw .fontRejected("font src must be a data: URL (the document carries its fonts; a service registers others)")
        }
        let bytes: [UInt8]
        switch DataURL.decode(text) {
        case .success(let payload): bytes = payload.bytes
        case .failure(.badBase64): throw .fontRejected("font src: the base64 payload does not decode")
        case .failure(.badEscape): throw .fontRejected("font src: a % is not followed by two hex digits")
        case .failure(.missingComma): throw .fontRejected("font src: no comma ends the data: URL's header")
        }
        let italic: Bool?
        switch style?.lowercased() {
        case nil: italic = nil
        case "normal": italic = false
        case "italic", "oblique": italic = true
        case let other?: throw .fontRejected("font style \"\(other.prefix(40))\": expected normal, italic or oblique")
        }
        let data = try FontData(bytes: bytes, faceIndex: index ?? 0, limits: limits)
        return try FontFace(family: family, data: data, weight: weight?.range(), italic: italic)
    }

    /// The entry for `face`: its sfnt as a base64 `data:` URL, its declared weight and style.
    init(_ face: FontFace) {
        family = face.family
        src = "data:font/sfnt;base64," + Data(face.data.sfntBytes).base64EncodedString()
        weight = face.weight.lowerBound == face.weight.upperBound ? .number(Double(face.weight.lowerBound))
            : .text("\(face.weight.lowerBound) \(face.weight.upperBound)")
        style = face.isItalic ? "italic" : "normal"
        index = face.data.sfntFaceIndex == 0 ? nil : face.data.sfntFaceIndex
    }
}
