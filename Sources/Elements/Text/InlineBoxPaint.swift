package import Canvas

/// What an inline element of a paragraph paints behind its text (CSS 2.1 Appendix E: an inline
/// box's background, then its border): one box per line it is on, as tall as its own font's
/// content area plus its padding and border, from its start edge to its end edge; its start
/// edge's border and corners on its first piece only, its end edge's on its last (CSS
/// `box-decoration-break: slice`). The HTML front end makes them for its inline elements.
package struct InlineBoxPaint: Hashable, Sendable, Codable {
    /// The paragraph's runs from the element's start edge to its end edge (its border and
    /// padding spacers included, its margins not).
    package var runs: Range<Int>
    /// The runs of its own text, whose content area (its font's) is its box's on their lines.
    package var ownRuns: [Int]
    /// The background colour, drawn under the border too.
    package var background: Color?
    /// Border widths in points: top, right, bottom, left.
    package var borderWidths: [Double]
    /// Border colours, top, right, bottom, left; `nil` is the text's colour (`currentColor`).
    package var borderColors: [Color?]
    /// Border line styles (``BorderLineStyle`` raw values), top, right, bottom, left.
    package var borderStyles: [String]
    /// Corner radii in points, horizontal then vertical: top-left, top-right, bottom-right, bottom-left.
    package var radii: [Double]
    /// How far the box reaches above and below its content area (padding and border), in points.
    package var outsetTop: Double
    package var outsetBottom: Double

    package init(runs: Range<Int>, ownRuns: [Int], background: Color?, borderWidths: [Double], borderColors: [Color?],
                 borderStyles: [String], radii: [Double], outsetTop: Double, outsetBottom: Double) {
        self.runs = runs
        self.ownRuns = ownRuns
        self.background = background
        self.borderWidths = borderWidths
        self.borderColors = borderColors
        self.borderStyles = borderStyles
        self.radii = radii
        self.outsetTop = outsetTop
        self.outsetBottom = outsetBottom
    }

    /// Whether the four arrays have their four (eight) entries: a decoded value may not.
    var isWellFormed: Bool {
        borderWidths.count == 4 && borderColors.count == 4 && borderStyles.count == 4 && radii.count == 8
            && runs.lowerBound >= 0 && ownRuns.allSatisfy { $0 >= 0 } && (borderWidths + radii + [outsetTop, outsetBottom]).allSatisfy { $0.isFinite && $0 >= 0 && $0 < 1e5 }
    }
}
