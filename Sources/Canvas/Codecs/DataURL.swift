import Foundation

/// A `data:` URL's bytes (RFC 2397: `data:[type][;base64],payload`, base64 or %-encoded): the
/// one reader for the pictures an element tree carries in `url()` and those an SVG embeds.
package enum DataURL {
    /// Why a `data:` URL has no bytes.
    package enum Failure: Error, Equatable {
        /// No comma ends the header.
        case missingComma
        /// The base64 payload does not decode.
        case badBase64
        /// A `%` is not followed by two hex digits.
        case badEscape
    }

    /// Whether `text` starts with `data:` (any case).
    package static func isDataURL(_ text: Substring) -> Bool {
        text.count >= 5 && text.prefix(5).lowercased() == "data:"
    }

    /// The payload of `text` (which ``isDataURL(_:)``), and whether it was base64.
    package static func decode(_ text: Substring) -> Result<(bytes: [UInt8], base64: Bool), Failure> {
        guard let comma = text.firstIndex(of: ",") else { return .failure(.missingComma) }
        let header = text[text.index(text.startIndex, offsetBy: 5)..<comma].lowercased()
        let body = text[text.index(after: comma)...]
        if header.hasSuffix(";base64") {
            guard let data = Data(base64Encoded: String(body), options: .ignoreUnknownCharacters) else { return .failure(.badBase64) }
            return .success(([UInt8](data), true))
        }
        var out: [UInt8] = []
        var iterator = body.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { out.append(byte); continue }
            guard let high = iterator.next().flatMap(hex), let low = iterator.next().flatMap(hex) else { return .failure(.badEscape) }
            out.append(high << 4 | low)
        }
        return .success((out, false))
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
