public import Flexbox

/// Measures texts set in the bench's LayoutBlock font (scripts/layout-diff/font.py) at 10 px with a
/// 10 px line height, as Chromium sets them: every character (space included) is 10 wide, words
/// break only at spaces, lines are filled greedily (a word fits when it ends within the width;
/// the space after a line's last word hangs), and the first baseline is 8 below the top.
///
/// The width answered is CSS's: `max-content` with no limit, `min-content` (the longest word)
/// under a zero limit, else the fit-content width `min(max-content, max(min-content, limit))`;
/// the height is the number of lines at that width times 10.
public struct BlockTextMeasurer: FlexMeasurer {
    /// Each measured node's words, as lengths in characters, by node index.
    public var words: [Int: [Int]]

    /// The width of one character, and the line height.
    public static let advance = 10.0
    /// The first baseline's distance from the top of the text.
    public static let ascent = 8.0

    /// A measurer for the given texts, by node index.
    public init(texts: [Int: String]) {
        words = texts.mapValues { text in text.split(separator: " ").map(\.count) }
    }

    /// The text's width on one line.
    func maxContent(_ lengths: [Int]) -> Double {
        guard !lengths.isEmpty else { return 0 }
        return Double(lengths.reduce(0, +) + lengths.count - 1) * Self.advance
    }

    /// The longest word.
    func minContent(_ lengths: [Int]) -> Double { Double(lengths.max() ?? 0) * Self.advance }

    /// The lines of a greedy fill at `width`.
    func lineCount(_ lengths: [Int], width: Double) -> Int {
        guard !lengths.isEmpty else { return 0 }
        var lines = 1, used = 0.0
        for word in lengths.map({ Double($0) * Self.advance }) {
            if used == 0 {
                used = word
            } else if used + Self.advance + word <= width + 1e-9 {
                used += Self.advance + word
            } else {
                lines += 1
                used = word
            }
        }
        return lines
    }

    public mutating func measure(_ node: FlexTree.NodeID, width: Double, widthMode: MeasureMode,
                                 height: Double, heightMode: MeasureMode) -> FlexSize {
        let lengths = words[node.index] ?? []
        let most = maxContent(lengths), least = minContent(lengths)
        let w: Double = switch widthMode {
        case .exactly: width
        case .atMost: Swift.min(most, Swift.max(least, width))
        case .undefined: most
        }
        let h = Double(lineCount(lengths, width: w)) * Self.advance
        return FlexSize(width: w, height: h)
    }

    public mutating func baseline(_ node: FlexTree.NodeID, size: FlexSize) -> Double? {
        (words[node.index] ?? []).isEmpty ? nil : Self.ascent
    }
}
