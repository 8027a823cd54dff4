internal import Elements

/// A stylesheet's tokens (``CSSTokenizer`` in stylesheet mode) with where each starts and ends,
/// so that a declaration keeps its source text and a warning its line.
struct StyleTokens {
    /// The text's scalars.
    let scalars: [Unicode.Scalar]
    /// The pieces, in order.
    private(set) var pieces: [CSSTokenizer.Piece] = []
    /// Each piece's first scalar offset.
    private(set) var starts: [Int] = []
    /// Each piece's end (one past its last scalar).
    private(set) var ends: [Int] = []
    /// The offset at which each line starts.
    private let lineStarts: [Int]

    /// Tokenizes `text`.
    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        var lines = [0]
        for (offset, scalar) in scalars.enumerated() where scalar == "\n" { lines.append(offset + 1) }
        lineStarts = lines
        var tokenizer = CSSTokenizer(stylesheet: text)
        while true {
            let start = tokenizer.offset
            guard let piece = tokenizer.next() else { break }
            pieces.append(piece)
            starts.append(start)
            ends.append(tokenizer.offset)
        }
    }

    /// The number of pieces.
    var count: Int { pieces.count }

    /// The 1-based line of piece `i` (the last line past the end).
    func line(_ i: Int) -> Int {
        let offset = i < starts.count ? starts[i] : scalars.count
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The source text of pieces `range`.
    func text(_ range: Range<Int>) -> String {
        guard let first = range.first, range.count > 0 else { return "" }
        return String(String.UnicodeScalarView(scalars[starts[first]..<ends[range.upperBound - 1]]))
    }

    /// `range` without whitespace pieces at either end.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var low = range.lowerBound, high = range.upperBound
        while low < high, pieces[low] == .token(.whitespace) { low += 1 }
        while high > low, pieces[high - 1] == .token(.whitespace) { high -= 1 }
        return low..<high
    }

    /// Whether piece `i` is whitespace.
    func isSpace(_ i: Int) -> Bool { pieces[i] == .token(.whitespace) }

    /// Where the component value starting at `i` ends (one past it): a token is one piece, a
    /// block or function runs to its matching close (or the end). `depth` counts the blocks
    /// already open; nesting past `limit` is refused.
    func componentEnd(_ i: Int, depth: Int, limit: Int) -> (end: Int, closed: Bool)? {
        guard let first = Self.closer(pieces[i]) else { return (i + 1, true) }
        var expected: [Unicode.Scalar] = [first]
        guard depth + 1 <= limit else { return nil }
        var j = i + 1
        while j < pieces.count {
            let piece = pieces[j]
            j += 1
            if let close = Self.closer(piece) {
                expected.append(close)
                guard depth + expected.count <= limit else { return nil }
            } else if case .close(let c) = piece, c == expected.last {
                expected.removeLast()
                if expected.isEmpty { return (j, true) }
            }
        }
        return (pieces.count, false)
    }

    /// The scalar that closes a piece that opens a block or function, or `nil`.
    private static func closer(_ piece: CSSTokenizer.Piece) -> Unicode.Scalar? {
        switch piece {
        case .function: ")"
        case .open(let o): o == "(" ? ")" : o == "[" ? "]" : "}"
        default: nil
        }
    }
}
