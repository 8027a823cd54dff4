/// What a `POST /render` body is, from its `Content-Type`: an HTML card (`text/html`, UTF-8) or,
/// for any other type or none, a JSON element document (as before HTML was accepted, so clients
/// that send no type or `application/json` are unchanged).
public enum BodyMediaType: Equatable, Sendable {
    /// An element document.
    case json
    /// An HTML card in UTF-8.
    case html
    /// `text/html` with a charset other than UTF-8 (the server answers 415).
    case unsupportedCharset(String)

    /// Reads a `Content-Type` value (`text/html; charset=utf-8`): the type and subtype compare
    /// without case, parameters are `;`-separated `name=value` with optional quotes, and the
    /// charset is `utf-8` or `utf8` in any case (absent: UTF-8, the HTML standard's default).
    public init(contentType: String?) {
        guard let contentType else { self = .json; return }
        let parts = HTTPText.split(Substring(contentType), at: ";")
        guard HTTPText.same(HTTPText.asciiLowercased(HTTPText.trimmed(parts[0])), "text/html") else { self = .json; return }
        for parameter in parts.dropFirst() {
            guard let equals = parameter.unicodeScalars.firstIndex(of: "=") else { continue }
            guard HTTPText.same(HTTPText.asciiLowercased(HTTPText.trimmed(parameter[..<equals])), "charset") else { continue }
            var value = HTTPText.trimmed(parameter[parameter.unicodeScalars.index(after: equals)...])
            if value.utf8.count >= 2, value.utf8.first == UInt8(ascii: "\""), value.utf8.last == UInt8(ascii: "\"") {
                value = Substring(value.unicodeScalars.dropFirst().dropLast())
            }
            let charset = HTTPText.asciiLowercased(value)
            guard HTTPText.same(charset, "utf-8") || HTTPText.same(charset, "utf8") else { self = .unsupportedCharset(String(value)); return }
        }
        self = .html
    }
}

/// The name of an HTML template (`GET /og/{template}`): `[a-z0-9-]+`, at most 64 characters, so
/// that a name is never a path (no `/`, `.` or `..`) and maps onto one file of the folder.
public enum TemplateName {
    /// Whether `name` is a usable template name.
    public static func isValid(_ name: some StringProtocol) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        }
    }
}
