/// The small pieces of HTTP's grammar the parsers share (RFC 9110 §5.6).
enum HTTPText {
    /// `text` without the optional whitespace (spaces and tabs) around it.
    static func trimmed(_ text: Substring) -> Substring {
        var text = text.drop { $0 == " " || $0 == "\t" }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }

    /// A weight, `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )` (§12.4.2), or `nil`
    /// for anything else (`inf`, `nan`, `2`, `0.12345`, `1e0`).
    static func qvalue(_ text: some StringProtocol) -> Double? {
        let bytes = Array(text.utf8)
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
