import AsyncLayerKit
import CardRequestParsing
import FuzzSupport

/// card-server's pure request parsers (its `CardRequestParsing` target) over one arbitrary string
/// each run: the `Accept` negotiation, the `If-None-Match` comparison, the `?scale=`,
/// `?quality=`, `?width=`/`?height=` and `?strict=` readers, the `/images/{name}` file-name
/// reader, the `Content-Type` reader, and the query-string reader with its canonical form (what
/// `/og` URLs are signed over).
@_cdecl("LLVMFuzzerTestOneInput")
public func cardRequestFuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: fuzzInput(start, count), as: UTF8.self)
    let lowered = text.lowercased()

    // A chosen format is named by the header: its own type, image/* or */*.
    // (The oracles search bytes: a header is not text, and a grapheme cluster may span a separator.)
    if let format = CardFormat.negotiate(accept: text), !text.unicodeScalars.allSatisfy({ $0 == " " || $0 == "\t" }) {
        require(containsBytes(lowered, format.mediaType) || containsBytes(lowered, "image/*") || containsBytes(lowered, "*/*"),
                "negotiated \(format) from \(text.debugDescription)")
    }

    // A match needs the tag itself or `*` in the header.
    let etag = "\"0123456789abcdef0123456789abcdef-375x200@2-q80.webp\""
    if ifNoneMatch(text, matches: etag) {
        require(containsBytes(text, "*") || containsBytes(text, etag), "\(text.debugDescription) matched \(etag)")
    }
    require(ifNoneMatch(text + ", " + etag, matches: etag) || containsBytes(text, "\""),
            "\(text.debugDescription), then the tag, did not match the tag")

    // One spelling per image: a name that parses prints back as itself (`.jpeg` as `.jpg`).
    if let name = ImageName(fileName: text) {
        let expected = text.hasSuffix(".jpeg") ? String(text.dropLast(5)) + ".jpg" : text
        require(name.fileName == expected, "\(text.debugDescription) parsed, prints back as \(name.fileName)")
        require(ImageName(fileName: name.fileName) == name, "\(name.fileName.debugDescription) does not parse back")
    }

    // An accepted scale is in range, and the image name it gives reads back to the same scale,
    // whatever the maximum (so any finite positive Double prints as a name that parses).
    let hash = ContentHash(high: 0x0123_4567_89ab_cdef, low: 0xfedc_ba98_7654_3210)
    for maximum in [4, Double.greatestFiniteMagnitude] {
        guard let scale = try? RenderParameters.scale(Substring(text), default: 2, max: maximum) else { continue }
        require(scale.isFinite && scale > 0 && scale <= maximum, "scale \(text.debugDescription) read as \(scale)")
        let name = ImageName(hash: hash, size: Size(width: 375, height: 200), scale: scale, quality: 80, format: .webp)
        require(ImageName(fileName: name.fileName) == name, "scale \(scale): \(name.fileName.debugDescription) does not parse back")
    }

    // An accepted quality is 1...100 and written in the name; PNG ignores the parameter.
    if let quality = try? RenderParameters.quality(Substring(text), format: .jpeg) {
        require((1...100).contains(quality), "quality \(text.debugDescription) read as \(quality)")
        let name = ImageName(hash: hash, size: Size(width: 10, height: 10), scale: 1, quality: quality, format: .jpeg)
        require(ImageName(fileName: name.fileName)?.quality == quality, "quality \(quality) does not survive \(name.fileName)")
    }
    require((try? RenderParameters.quality(Substring(text), format: .png)) == 0, "PNG read a quality from \(text.debugDescription)")

    // An accepted card side is in range; a flag is one of four spellings.
    if let side = try? RenderParameters.cardSide(Substring(text), name: "width") {
        require(side.isFinite && side > 0 && side <= RenderParameters.maxCardSide, "width \(text.debugDescription) read as \(side)")
    }
    if (try? RenderParameters.flag(Substring(text), name: "strict")) != nil {
        require(["0", "1", "true", "false"].contains(text), "strict read from \(text.debugDescription)")
    }

    // HTML only when the type is text/html, whatever the parameters.
    if BodyMediaType(contentType: text) != .json {
        require(containsBytes(lowered, "text/html"), "\(text.debugDescription) read as HTML")
    }

    // A query that reads has a canonical form of unreserved bytes, `%XX`, `=` and `&` only,
    // which reads back to the same pairs (so to the same canonical form and signature).
    if let query = try? QueryString(parsing: Substring(text), maxBytes: .max) {
        let canonical = query.canonical()
        require(canonical.utf8.allSatisfy { QueryString.isUnreserved($0) || $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: "&") },
                "canonical form \(canonical.debugDescription) of \(text.debugDescription)")
        guard let again = try? QueryString(parsing: Substring(canonical), maxBytes: .max) else {
            require(false, "canonical form \(canonical.debugDescription) of \(text.debugDescription) does not read")
            return 0
        }
        require(again.canonical() == canonical, "canonical form \(canonical.debugDescription) is not stable")
        require(again.items.count == query.items.count, "pairs lost in \(text.debugDescription)")
    }
    return 0
}

/// Whether `needle`'s UTF-8 bytes occur in `haystack`'s.
func containsBytes(_ haystack: String, _ needle: String) -> Bool {
    let haystack = Array(haystack.utf8), needle = Array(needle.utf8)
    guard needle.count <= haystack.count else { return false }
    return (0...(haystack.count - needle.count)).contains { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
}
