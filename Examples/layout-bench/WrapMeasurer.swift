import Flexbox

/// The text leaves of a synthetic tree, and a cheap deterministic measurer for them: greedy word
/// wrap over fixed-advance glyphs (like Yoga's test measure functions), so the figures are the
/// engine's and not a text shaper's.
struct TextLeaves: Sendable {
    /// Glyph advance and line height, in points.
    static let advance = 8.0, space = 8.0, lineHeight = 16.0
    /// Per node: the range of its words in `words` (empty for a node that is not text).
    var ranges: [Range<Int>] = []
    /// Every text's words as glyph counts, text after text.
    var words: [UInt8] = []

    /// Records node `index`'s words (nodes are recorded in index order).
    mutating func append(words new: [UInt8]) {
        ranges.append(words.count..<(words.count + new.count))
        words.append(contentsOf: new)
    }
}

/// Greedy word wrap of a ``TextLeaves`` entry; counts its calls.
struct WrapMeasurer: FlexMeasurer {
    let texts: TextLeaves
    /// How many times the engine called ``measure(_:width:widthMode:height:heightMode:)``.
    var calls = 0

    init(_ texts: TextLeaves) { self.texts = texts }

    mutating func measure(_ node: FlexTree.NodeID, width: Double, widthMode: MeasureMode,
                          height: Double, heightMode: MeasureMode) -> FlexSize {
        calls += 1
        let limit = widthMode == .undefined ? Double.infinity : width
        var line = 0.0, widest = 0.0, lines = 0
        for glyphs in texts.words[texts.ranges[node.index]] {
            let word = Double(glyphs) * TextLeaves.advance
            if lines == 0 {
                lines = 1
                line = word
            } else if line + TextLeaves.space + word <= limit {
                line += TextLeaves.space + word
            } else {
                widest = max(widest, line)
                lines += 1
                line = word
            }
        }
        widest = max(widest, line)
        let contentHeight = Double(lines) * TextLeaves.lineHeight
        let w = widthMode == .exactly ? width : widest
        let h = switch heightMode {
        case .exactly: height
        case .atMost: min(contentHeight, height)
        case .undefined: contentHeight
        }
        return FlexSize(width: w, height: h)
    }

    func baseline(_ node: FlexTree.NodeID, size: FlexSize) -> Double? {
        texts.ranges[node.index].isEmpty ? nil : TextLeaves.lineHeight * 0.8
    }
}
