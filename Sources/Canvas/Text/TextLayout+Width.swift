extension TextLayout {
    /// This layout, made without a width, as the layout with `options` (the same but for a
    /// width): when every line fits that width and lines start at the left edge whatever the
    /// width, Pango would break and place them exactly so. `nil` when the width could change
    /// anything: a line that does not fit, a truncated text, an alignment other than left (or
    /// start in a left-to-right text), an indent, balanced lines.
    ///
    /// A layout engine asks a text for its one-line size and then lays it out at the width it
    /// got; most texts get at least that width, and shaping them again was a third of a card's
    /// text cost.
    package func sameLines(at options: TextLayoutOptions) -> TextLayout? {
        guard self.options.maxWidth == nil, let width = options.maxWidth, size.width <= width, !isTruncated else { return nil }
        var unbounded = options
        unbounded.maxWidth = nil
        guard unbounded == self.options, !options.balancesLines,
              style.textIndent == 0, style.textIndentPercent == 0 else { return nil }
        switch style.alignment {
        case .left: break
        case .natural where options.baseDirection == .leftToRight: break
        default: return nil
        }
        return TextLayout(text: text, style: style, options: options, size: size, bounds: bounds, lines: lines,
                          isTruncated: isTruncated, links: links, fontsUsed: fontsUsed,
                          requestedFamiliesMissing: requestedFamiliesMissing, runs: runs, decorations: decorations,
                          attachments: attachments, backgrounds: backgrounds, fontFiles: fontFiles, segmentAreas: segmentAreas, sourceText: sourceText)
    }
}
