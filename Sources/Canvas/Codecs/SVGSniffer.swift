/// Recognises an SVG document by its first bytes: the prolog skipped, the root element `svg`.
enum SVGSniffer {
    /// How far into the data the root element must start.
    static let window = 4_096

    /// Whether `data` starts like an SVG document (see ``ImageFormat/sniff(_:)``).
    static func looksLikeSVG<Bytes: Collection<UInt8>>(_ data: Bytes) -> Bool {
        let head = Array(data.prefix(window))
        var i = 0
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        // The prolog: anything else before the root element means this is not SVG.
        while true {
            while i < head.count, isSpace(head[i]) { i += 1 }
            guard i < head.count, head[i] == UInt8(ascii: "<") else { return false }
            if matches(head, at: i, "<?") {
                guard let end = find(head, "?>", from: i + 2) else { return false }
                i = end + 2
            } else if matches(head, at: i, "<!--") {
                guard let end = find(head, "-->", from: i + 4) else { return false }
                i = end + 3
            } else if matchesIgnoringCase(head, at: i, "<!DOCTYPE") {
                guard let end = endOfDoctype(head, from: i + 9) else { return false }
                i = end + 1
            } else {
                return isSVGStartTag(head, at: i + 1)
            }
        }
    }

    /// `svg` or `prefix:svg`, then white space, `>` or `/`.
    private static func isSVGStartTag(_ head: [UInt8], at start: Int) -> Bool {
        var nameEnd = start
        while nameEnd < head.count, !isSpace(head[nameEnd]), head[nameEnd] != UInt8(ascii: ">"), head[nameEnd] != UInt8(ascii: "/") {
            nameEnd += 1
        }
        guard nameEnd < head.count else { return false }
        let name = head[start..<nameEnd]
        let local = name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name
        return local.elementsEqual("svg".utf8)
    }

    /// The index of the `>` that closes a document type, past any internal subset `[…]` (whose
    /// declarations and quoted values may hold `>`).
    private static func endOfDoctype(_ head: [UInt8], from start: Int) -> Int? {
        var i = start, inSubset = false, quote: UInt8?
        while i < head.count {
            let byte = head[i]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                inSubset = true
            } else if byte == UInt8(ascii: "]") {
                inSubset = false
            } else if byte == UInt8(ascii: ">"), !inSubset {
                return i
            }
            i += 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func matches(_ head: [UInt8], at i: Int, _ text: String) -> Bool {
        head[i...].starts(with: text.utf8)
    }

    private static func matchesIgnoringCase(_ head: [UInt8], at i: Int, _ text: String) -> Bool {
        let lower = text.utf8.map { $0 | 0x20 }
        guard head.count - i >= lower.count else { return false }
        return zip(head[i...], lower).allSatisfy { ($0 | 0x20) == $1 }
    }

    private static func find(_ head: [UInt8], _ text: String, from start: Int) -> Int? {
        let needle = Array(text.utf8)
        guard start <= head.count - needle.count else { return nil }
        for i in start...(head.count - needle.count) where head[i..<(i + needle.count)].elementsEqual(needle) {
            return i
        }
        return nil
    }
}
