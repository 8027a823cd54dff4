import Flexbox

/// Yoga's test measure function (`facebook::yoga::test::IntrinsicSizeMeasure`,
/// tests/util/TestUtil.cpp at f6206ec), for the text leaves of the fixtures: every character
/// (byte) is 10 × 10 points and words wrap greedily at spaces.
struct YogaMeasureStub: FlexMeasurer {
    static let charWidth = 10.0
    static let lineHeight = 10.0

    /// The text of each measured node, by node index.
    let texts: [String?]
    /// Each node's own flex direction, by node index: Yoga wraps a node that is not a column at
    /// no less than its longest word.
    let directions: [FlexDirection]

    mutating func measure(_ node: FlexTree.NodeID, width: Double, widthMode: MeasureMode,
                          height: Double, heightMode: MeasureMode) -> FlexSize {
        Self.size(of: texts[node.index] ?? "", isColumn: directions[node.index] == .column,
                  width: width, widthMode: widthMode, height: height, heightMode: heightMode)
    }

    /// The stub's answer for `text` under the given constraints.
    static func size(of text: String, isColumn: Bool, width: Double, widthMode: MeasureMode,
                     height: Double, heightMode: MeasureMode) -> FlexSize {
        let length = Double(text.utf8.count) * charWidth
        let measuredWidth: Double
        switch widthMode {
        case .exactly: measuredWidth = width
        // The engine asks for a leaf's min-content width as `atMost 0`: a browser's text answers
        // its longest word, which Yoga's stub (made for Yoga's own questions) does not.
        case .atMost: measuredWidth = width == 0 ? min(length, longestWordWidth(text)) : min(length, width)
        case .undefined: measuredWidth = length
        }
        let wrapWidth = isColumn ? measuredWidth : max(longestWordWidth(text), measuredWidth)
        let measuredHeight: Double
        switch heightMode {
        case .exactly: measuredHeight = height
        case .atMost: measuredHeight = min(textHeight(text, width: wrapWidth), height)
        case .undefined: measuredHeight = textHeight(text, width: wrapWidth)
        }
        return FlexSize(width: measuredWidth, height: measuredHeight)
    }

    /// `longestWordWidth`: the longest run of non-space bytes.
    static func longestWordWidth(_ text: String) -> Double {
        var longest = 0, current = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: " ") {
                longest = max(longest, current)
                current = 0
            } else {
                current += 1
            }
        }
        return Double(max(longest, current)) * charWidth
    }

    /// `calculateHeight`: 10 × the lines of a greedy wrap at `width`; a word wider than the line
    /// takes a line of its own. Words are split as `std::getline(…, ' ')` splits them (empty
    /// words between double spaces, none after a trailing space).
    static func textHeight(_ text: String, width: Double) -> Double {
        if Double(text.utf8.count) * charWidth <= width { return lineHeight }
        var words = text.utf8.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        if words.last?.isEmpty == true { words.removeLast() }
        var lines = 1.0
        var lineLength = 0.0
        for word in words {
            let wordWidth = Double(word.count) * charWidth
            if wordWidth > width {
                if lineLength > 0 { lines += 1 }
                lines += 1
                lineLength = 0
            } else if lineLength + wordWidth <= width {
                lineLength += wordWidth + charWidth
            } else {
                lines += 1
                lineLength = wordWidth + charWidth
            }
        }
        return (lineLength == 0 ? lines - 1 : lines) * lineHeight
    }
}
