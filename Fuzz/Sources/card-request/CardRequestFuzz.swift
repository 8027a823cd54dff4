import CardServerParsing
import FuzzSupport

/// card-server's pure request parsers over one arbitrary string each run: the `Accept`
/// negotiation, the `If-None-Match` comparison and the `/images/{name}` file-name reader.
@_cdecl("LLVMFuzzerTestOneInput")
public func cardRequestFuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: fuzzInput(start, count), as: UTF8.self)
    let lowered = text.lowercased()

    // A chosen format is named by the header: its own type, image/* or */*.
    if let format = CardRequestParsing.negotiate(accept: text), !text.allSatisfy(\.isWhitespace) {
        require(lowered.contains(format.mediaType) || lowered.contains("image/*") || lowered.contains("*/*"),
                "negotiated \(format) from \(text.debugDescription)")
    }

    // A match needs the tag itself or `*` in the header.
    let etag = "\"0123456789abcdef0123456789abcdef-375x200@2-q80.webp\""
    if CardRequestParsing.ifNoneMatch(text, matches: etag) {
        require(text.contains("*") || text.contains(etag), "\(text.debugDescription) matched \(etag)")
    }
    require(CardRequestParsing.ifNoneMatch(text + ", " + etag, matches: etag) || text.contains("\""),
            "\(text.debugDescription), then the tag, did not match the tag")

    // One spelling per image: a name that parses prints back as itself (`.jpeg` as `.jpg`).
    if let canonical = CardRequestParsing.imageFileName(text) {
        let expected = text.hasSuffix(".jpeg") ? String(text.dropLast(5)) + ".jpg" : text
        require(canonical == expected, "\(text.debugDescription) parsed, prints back as \(canonical)")
        require(CardRequestParsing.imageFileName(canonical) == canonical, "\(canonical.debugDescription) does not parse back")
    }
    return 0
}
