import Canvas

/// The texts of one layout: each (content, options) pair is measured once per layout — the engine
/// may ask for a text's size several times, and the final layout asks again at the text's width —
/// and taken from a ``TextMeasurementStore``'s earlier measurements when it has them. What is measured
/// anew is collected, for the cache to keep.
///
/// A class because the measurer is copied into the engine; one instance belongs to one layout and
/// never leaves its task.
package final class TextMeasurer {
    private var known: [TextContent: TextMeasurements]
    /// Measurements made by this layout that the cache did not have.
    package private(set) var added: [TextContent: TextMeasurements] = [:]

    package init(known: [TextContent: TextMeasurements] = [:]) {
        self.known = known
    }

    func layout(_ content: TextContent, options: TextLayoutOptions) throws(CanvasError) -> TextLayout {
        if let layout = known[content]?[options] { return layout }
        RenderWorkProbe.record(.textMeasurement, content.text.string)
        // A traversal resolves every text's style; one built otherwise takes CSS's initial values.
        let layout = try TextLayout(text: content.text, style: content.style ?? ComputedText.initial.textStyle, options: options)
        known[content, default: [:]][options] = layout
        added[content, default: [:]][options] = layout
        return layout
    }

    /// The distinct text contents a layout of `tree` measures (not those under `display: none`).
    package static func contents(of tree: ElementTraversal) -> Set<TextContent> {
        var set = Set<TextContent>()
        for index in 0..<tree.count where tree.visibility[index] != .none {
            if case .text(let text) = tree.elements[index].kind { set.insert(text) }
        }
        return set
    }
}
