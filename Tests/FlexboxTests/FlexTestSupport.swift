import Flexbox

/// A style on Yoga's defaults (column, shrink 0, align-content flex-start), as the gentest fixtures assume.
func yogaStyle(_ configure: (inout FlexStyle) -> Void = { _ in }) -> FlexStyle {
    var s = FlexStyle()
    s.flexDirection = .column
    s.flexShrink = 0
    s.alignContent = .flexStart
    configure(&s)
    return s
}

/// A CSS-default style (row, shrink 1) with changes.
func cssStyle(_ configure: (inout FlexStyle) -> Void = { _ in }) -> FlexStyle {
    var s = FlexStyle()
    configure(&s)
    return s
}

/// A frame's box (left, top, width, height), for compact expectations.
func box(_ f: FlexFrame) -> [Double] { [f.left, f.top, f.width, f.height] }

/// A text-like measurer: words of 7 pt per character separated by 7 pt spaces, greedy wrapping at
/// the width limit (never narrower than the longest word), 14 pt lines, baseline 11 pt below each
/// line's top. Unknown nodes are one word of 10 characters. Counts its calls.
struct TextStub: FlexMeasurer {
    var words: [Int: [Int]] = [:]
    var calls = 0

    /// Sets node's text to one word of `characters` characters.
    subscript(node: FlexTree.NodeID) -> [Int] {
        get { words[node.index] ?? [10] }
        set { words[node.index] = newValue }
    }

    mutating func measure(_ node: FlexTree.NodeID, width: Double, widthMode: MeasureMode,
                          height: Double, heightMode: MeasureMode) -> FlexSize {
        calls += 1
        let lengths = self[node].map { Double($0) * 7 }
        let natural = lengths.reduce(0, +) + Double(max(0, lengths.count - 1)) * 7
        let limit: Double = switch widthMode {
        case .exactly, .atMost: width
        case .undefined: .infinity
        }
        var lines = 1, lineWidth = 0.0, widest = 0.0
        for word in lengths {
            if lineWidth > 0, lineWidth + 7 + word > limit {
                lines += 1
                widest = max(widest, lineWidth)
                lineWidth = word
            } else {
                lineWidth += (lineWidth > 0 ? 7 : 0) + word
            }
        }
        widest = max(widest, lineWidth)
        let w = widthMode == .exactly ? width : min(natural, widest)
        var h = Double(lines) * 14
        if heightMode == .exactly { h = height } else if heightMode == .atMost { h = min(h, height) }
        return FlexSize(width: w, height: h)
    }

    mutating func baseline(_ node: FlexTree.NodeID, size: FlexSize) -> Double? { 11 }
}
