/// Where a browser may break a line between two printable ASCII characters: Blink decides such
/// a pair by a table of its own (`kAsciiLineBreakTable` in text_break_iterator.cc, read back
/// from Chromium), not by UAX #14 as Pango does. A line may break after `-` and `?` before a
/// word character, and before an opening bracket after a closing bracket or most punctuation;
/// nowhere else — not after `/` (so `https://example.com/a` and `and/or` stay whole, where
/// Pango breaks after `//`), `!`, `]`, `}` or `|`.
enum ASCIILineBreaks {
    /// The characters a line may start with after `-` or `?`.
    private static let wordCharacters = Set("%&(*+-0123456789<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\^_`abcdefghijklmnopqrstuvwxyz{|~".utf8)
    /// The characters after which a line may break before an opening bracket.
    private static let beforeBrackets = Set("!\"#%&)*+,.:;=>\\]|}~".utf8)
    private static let brackets = Set("(<[{".utf8)

    /// Whether a line may break between printable ASCII characters `before` and `after`.
    static func breaks(between before: UInt8, and after: UInt8) -> Bool {
        switch before {
        case UInt8(ascii: "-"): return wordCharacters.contains(after) || after == UInt8(ascii: "\"") || after == UInt8(ascii: "#")
            || after == UInt8(ascii: "'")
        case UInt8(ascii: "?"): return wordCharacters.contains(after) || after == UInt8(ascii: "#") || after == UInt8(ascii: "$")
        default: return beforeBrackets.contains(before) && brackets.contains(after)
        }
    }

    /// The words of `utf8` the table makes, as byte ranges: each run of printable ASCII between
    /// white space (or the text's ends) that holds a character other than a letter or a digit,
    /// cut where the table allows a break. A run touching any other character is left out
    /// (UAX #14 decides there, as Blink's ICU iterator does).
    static func words(in utf8: [UInt8]) -> [Range<Int>] {
        func isPrintable(_ byte: UInt8) -> Bool { (0x21...0x7E).contains(byte) }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        func isAlphanumeric(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
        var words: [Range<Int>] = []
        var index = 0
        while index < utf8.count {
            guard isPrintable(utf8[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < utf8.count, isPrintable(utf8[index]) { index += 1 }
            let bounded = (start == 0 || isSpace(utf8[start - 1])) && (index == utf8.count || isSpace(utf8[index]))
            guard bounded, index - start > 1, utf8[start..<index].contains(where: { !isAlphanumeric($0) }) else { continue }
            var wordStart = start
            for position in (start + 1)..<index where breaks(between: utf8[position - 1], and: utf8[position]) {
                words.append(wordStart..<position)
                wordStart = position
            }
            words.append(wordStart..<index)
        }
        return words
    }
}
