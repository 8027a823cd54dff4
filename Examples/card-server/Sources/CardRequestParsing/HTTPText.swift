/// The small pieces of HTTP's grammar the parsers share (RFC 9110 §5.6). A header is bytes, not
/// text: every split, trim and comparison here works on Unicode scalars or UTF-8 bytes, never on
/// `Character`s, whose grapheme clusters would glue a separator to its neighbour (`"\u{0601},"`,
/// a prepended mark and a comma, is one `Character`).
enum HTTPText {
    /// `text` split at every `separator`, empty pieces included.
    static func split(_ text: Substring, at separator: Unicode.Scalar) -> [Substring] {
        precondition(separator.isASCII, "HTTP separators are ASCII")
        // An ASCII byte never occurs inside a multi-byte scalar, so each one found is a separator
        // and its index a scalar boundary.
        let byte = UInt8(separator.value), bytes = text.utf8
        var pieces: [Substring] = []
        var start = bytes.startIndex
        while let end = bytes[start...].firstIndex(of: byte) {
            pieces.append(Substring(text.unicodeScalars[start..<end]))
            start = bytes.index(after: end)
        }
        pieces.append(Substring(text.unicodeScalars[start...]))
        return pieces
    }

    /// `text` without the optional whitespace (spaces and tabs) around it.
    static func trimmed(_ text: Substring) -> Substring {
        var scalars = text.unicodeScalars.drop { $0 == " " || $0 == "\t" }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return Substring(scalars)
    }

    /// `text` with its ASCII letters lowercased, and nothing else changed (a token is
    /// case-insensitive in ASCII only: the Kelvin sign does not lowercase to `k` here).
    static func asciiLowercased(_ text: Substring) -> String {
        String(decoding: text.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// Whether `a` and `b` are the same bytes (not merely canonically equivalent text).
    static func same(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
        a.utf8.elementsEqual(b.utf8)
    }

    /// A weight, `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )` (§12.4.2), or `nil`
    /// for anything else (`inf`, `nan`, `2`, `0.12345`, `1e0`).
    static func qvalue(_ text: some Collection<UInt8>) -> Double? {
        let bytes = Array(text)
        guard let whole = bytes.first, whole == UInt8(ascii: "0") || whole == UInt8(ascii: "1") else { return nil }
        guard bytes.count > 1 else { return Double(whole - UInt8(ascii: "0")) }
        let decimals = bytes.dropFirst(2)
        guard bytes[1] == UInt8(ascii: "."), decimals.count <= 3,
              decimals.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        var value = Double(whole - UInt8(ascii: "0"))
        var unit = 0.1
        for digit in decimals {
            value += Double(digit - UInt8(ascii: "0")) * unit
            unit /= 10
        }
        return value <= 1 ? value : nil
    }
}
