internal import Elements
internal import Flexbox

/// Collects one paragraph (an inline formatting context) as pieces: texts with the properties of
/// the inline elements around them, line breaks, images. The box builder turns the pieces into
/// the runs of a text element.
struct ParagraphBuilder {
    /// One piece of the paragraph.
    enum Piece {
        /// Words, with the run properties (CSS names) of the inline elements around them, and
        /// those of each enclosing inline element but the innermost (outermost first): each
        /// adds its own box to the lines the words are on.
        case text(String, style: [String: String], link: String?, enclosing: [[String: String]] = [])
        /// `<br>`: a forced line break.
        case lineBreak(style: [String: String], link: String?)
        /// An `<img>`; `around`: what its run keeps of the inline elements around it
        /// (``atomicRunProperties(_:)``).
        case image(InlineImage, around: [String: String], link: String?)
        /// An `inline-block` or `inline-flex` element's box and where it came from.
        case box(Element, BoxOrigin, verticalAlign: VerticalAlign, around: [String: String], link: String?)
        /// Space at an inline element's edge (its margin, border or padding), with the
        /// properties around it (`em` is its font's).
        case spacing(StyleLength, style: [String: String], link: String?, end: Bool)
    }

    /// The paragraph's `white-space` (the block's).
    let whiteSpace: String
    /// The pieces, in order.
    private(set) var pieces: [Piece] = []
    /// Where each piece came from.
    private(set) var origins: [RunOrigin] = []
    /// Whether a piece draws something (white space that collapses away does not).
    private(set) var hasContent = false
    /// The inline elements open around the next piece: their merged properties and link.
    private var stack: [(style: [String: String], link: String?)] = [([:], nil)]
    /// Whether the next text is the first of a `<pre>`, whose leading newline HTML drops.
    var dropsLeadingNewline = false
    /// The boxes the paragraph's inline elements paint (backgrounds, borders), as each closed.
    private var paintedBoxes: [InlineBoxPaint] = []

    /// The painted boxes in tree order (an element closes after the elements inside it).
    var inlineBoxes: [InlineBoxPaint] {
        paintedBoxes.sorted { ($0.runs.lowerBound, -$0.runs.upperBound) < ($1.runs.lowerBound, -$1.runs.upperBound) }
    }

    /// Records the box inline element `node` paints over the pieces from `first` to the last one
    /// added; its own text is the text pieces directly inside it.
    mutating func paintBox(of node: HTMLTree.NodeID, from first: Int, _ paint: InlineBoxPaint) {
        var paint = paint
        paint.runs = first..<pieces.count
        paint.ownRuns = paint.runs.filter { index in
            guard case .text = pieces[index] else { return false }
            return origins[index].inlineAncestors.last == node
        }
        paintedBoxes.append(paint)
    }

    init(whiteSpace: String) { self.whiteSpace = whiteSpace }

    /// The link of the innermost `<a>` open.
    var link: String? { stack[stack.count - 1].link }

    /// The properties of the innermost inline element open, under `carried` (a `display:
    /// contents` parent's).
    func currentStyle(_ carried: [String: String]) -> [String: String] {
        var style = carried
        Self.overlay(stack[stack.count - 1].style, onto: &style)
        return style
    }

    /// The styles of the inline elements open around the innermost one, outermost first.
    private var enclosingStyles: [[String: String]] {
        stack.count > 2 ? stack[1..<(stack.count - 1)].map(\.style) : []
    }

    /// Opens an inline element.
    mutating func push(style: [String: String], link: String?) { stack.append((style, link)) }
    /// Closes the innermost inline element.
    mutating func pop() { stack.removeLast() }

    /// Adds a text node's characters.
    mutating func appendText(_ text: String, node: HTMLTree.NodeID, style carried: [String: String], ancestors: [HTMLTree.NodeID]) {
        var text = text
        if dropsLeadingNewline {
            dropsLeadingNewline = false
            if text.hasPrefix("\r\n") { text.removeFirst(2) } else if text.hasPrefix("\n") { text.removeFirst() }
        }
        guard !text.isEmpty else { return }
        pieces.append(.text(text, style: currentStyle(carried), link: link, enclosing: enclosingStyles))
        origins.append(RunOrigin(node: node, inlineAncestors: ancestors))
        if !hasContent { hasContent = Self.draws(text, whiteSpace: whiteSpace) }
    }

    /// Adds a forced line break.
    mutating func appendBreak(node: HTMLTree.NodeID, ancestors: [HTMLTree.NodeID]) {
        pieces.append(.lineBreak(style: currentStyle([:]), link: link))
        origins.append(RunOrigin(node: node, inlineAncestors: ancestors))
        hasContent = true
    }

    /// Adds an image, moved as `style`'s relative offsets say (its own and its ancestors').
    mutating func appendImage(_ image: InlineImage, style: [String: String], node: HTMLTree.NodeID, ancestors: [HTMLTree.NodeID]) {
        pieces.append(.image(image, around: Self.atomicRunProperties(style), link: link))
        origins.append(RunOrigin(node: node, inlineAncestors: ancestors))
        hasContent = true
    }

    /// Adds an atomic inline box (an `inline-block` element `node`).
    mutating func appendBox(_ box: Element, origin: BoxOrigin, verticalAlign: VerticalAlign, node: HTMLTree.NodeID, ancestors: [HTMLTree.NodeID]) {
        pieces.append(.box(box, origin, verticalAlign: verticalAlign, around: Self.atomicRunProperties(currentStyle([:])), link: link))
        origins.append(RunOrigin(node: node, inlineAncestors: ancestors, isAtomic: true))
        hasContent = true
    }

    /// What a picture's or an atomic box's run keeps of the inline elements' properties around
    /// it: their relative offsets (`left`, `top`), and a `white-space` that keeps lines whole
    /// (`nowrap`, `pre`: inside such a span no line breaks before or after the box either).
    static func atomicRunProperties(_ style: [String: String]) -> [String: String] {
        style.filter { property, value in
            guard property == "white-space" else { return property == "left" || property == "top" }
            let v = value.lowercased()
            return v == "nowrap" || v == "pre"
        }
    }

    /// Adds space at inline element `node`'s start or end edge.
    /// `own`: the element's properties a margin keeps though it is added outside the element,
    /// with its parent's (its font size for `em`, its letter spacing, which Pango ends a run with).
    mutating func appendSpacing(_ width: StyleLength, edge: InlineEdge, end: Bool, node: HTMLTree.NodeID, ancestors: [HTMLTree.NodeID],
                                own: [String: String] = [:]) {
        var style = currentStyle([:])
        style.merge(own) { $1 }
        pieces.append(.spacing(width, style: style, link: link, end: end))
        origins.append(RunOrigin(node: node, inlineAncestors: ancestors, edge: edge))
    }

    /// Adds list item `node`'s inside marker: its text (`1. `), kept whole; a symbol (`• `) is
    /// widened to Chromium's symbol box, about 1.34em with the gap after it where the text gives
    /// 0.9em (measured in DejaVu Sans and Serif from 10 to 40 px). The marker is no element's
    /// text: it credits no box (a margin edge of the item, with no inline element around it).
    mutating func appendMarker(_ text: String, type: String, node: HTMLTree.NodeID) {
        pieces.append(.text(String(text.map { $0 == " " ? "\u{00A0}" : $0 }), style: currentStyle([:]), link: nil))
        origins.append(RunOrigin(node: node, inlineAncestors: [], edge: .margin))
        // (The square's glyph is wider than the disc's and the circle's.)
        if let gap = ["disc": 0.43, "circle": 0.43, "square": 0.35][type] {
            pieces.append(.spacing(.em(gap), style: currentStyle([:]), link: nil, end: false))
            origins.append(RunOrigin(node: node, inlineAncestors: [], edge: .margin))
        }
        hasContent = true
    }

    /// Records an element that adds nothing (an `<img>` without a source) so its box is found.
    mutating func appendBreakless(node: HTMLTree.NodeID, ancestors: [HTMLTree.NodeID]) {
        pieces.append(.text("", style: currentStyle([:]), link: link))
        origins.append(RunOrigin(node: node, inlineAncestors: ancestors))
    }

    /// `inner` over `style`: a later value wins, except decoration lines, which add up (a
    /// decoration is drawn across the descendants of the element that declares it).
    static func overlay(_ inner: [String: String], onto style: inout [String: String]) {
        for (property, value) in inner {
            if property == "text-decoration-line", let outer = style[property], outer.lowercased() != "none", value.lowercased() != "none" {
                let words = Set(outer.lowercased().split(separator: " ")).union(value.lowercased().split(separator: " "))
                style[property] = ["underline", "overline", "line-through"].filter { words.contains(Substring($0)) }.joined(separator: " ")
            } else {
                style[property] = value
            }
        }
    }

    /// A nested inline element's `font-size` as its paragraph's run reads it: a run's relative
    /// size (`em`, `%`, `smaller`, `larger`) is of the paragraph's font, so one inside an
    /// element that set a size of its own is composed with that size (`<small><small>` is
    /// 1/1.2² of the paragraph's, as CSS computes it from the parent's).
    static func fontSize(_ value: String, within outer: String?) -> String {
        let factor = ResolvedStyle.relativeFontSizeFactor
        func points(_ text: String) -> Double? {
            let word = text.lowercased().filter { $0 != " " }
            if word.hasSuffix("px"), let n = Double(word.dropLast(2)) { return n }
            if word.hasSuffix("pt"), let n = Double(word.dropLast(2)) { return n * 4 / 3 }
            return nil
        }
        guard let inner = factor(value), let outer else { return value }
        if let size = points(outer), size.isFinite { return "\(size * inner)px" }
        if let scale = factor(outer) { return "\(scale * inner)em" }
        return value
    }

    /// Whether `text` draws something under `whiteSpace` (collapsible white space alone does not).
    static func draws(_ text: String, whiteSpace: String) -> Bool {
        switch whiteSpace {
        case "pre", "pre-wrap", "break-spaces": return true
        case "pre-line": return text.unicodeScalars.contains { !($0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\u{0C}") }
        default: return text.unicodeScalars.contains { !($0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}") }
        }
    }
}

/// The text of a list item's marker (CSS Lists 3 and Counter Styles 3, the styles browsers ship
/// for HTML lists), with the space that follows it.
enum ListMarker {
    static func text(_ type: String, ordinal: Int) -> String? {
        switch type {
        case "none": return nil
        case "disc": return "\u{2022} "
        case "circle": return "\u{25E6} "
        case "square": return "\u{25AA} "
        case "decimal-leading-zero": return (ordinal >= 0 && ordinal < 10 ? "0" : "") + "\(ordinal). "
        case "lower-alpha", "lower-latin": return alphabetic(ordinal, "abcdefghijklmnopqrstuvwxyz").map { $0 + ". " } ?? "\(ordinal). "
        case "upper-alpha", "upper-latin": return alphabetic(ordinal, "ABCDEFGHIJKLMNOPQRSTUVWXYZ").map { $0 + ". " } ?? "\(ordinal). "
        case "lower-greek": return alphabetic(ordinal, "αβγδεζηθικλμνξοπρστυφχψω").map { $0 + ". " } ?? "\(ordinal). "
        case "lower-roman": return roman(ordinal).map { $0.lowercased() + ". " } ?? "\(ordinal). "
        case "upper-roman": return roman(ordinal).map { $0 + ". " } ?? "\(ordinal). "
        default: return "\(ordinal). "
        }
    }

    /// Counter Styles 3 `alphabetic`: a, b, …, z, aa, ab, …; `nil` below 1.
    static func alphabetic(_ value: Int, _ symbols: String) -> String? {
        guard value >= 1 else { return nil }
        let letters = Array(symbols)
        var n = value
        var out: [Character] = []
        while n > 0 {
            n -= 1
            out.append(letters[n % letters.count])
            n /= letters.count
        }
        return String(out.reversed())
    }

    /// Roman numerals for 1…3999; `nil` outside (the fallback is decimal).
    static func roman(_ value: Int) -> String? {
        guard (1...3999).contains(value) else { return nil }
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
                                      (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var n = value
        var out = ""
        for (amount, symbol) in table {
            while n >= amount {
                out += symbol
                n -= amount
            }
        }
        return out
    }
}
