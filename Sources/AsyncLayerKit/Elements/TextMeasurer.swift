import Canvas

/// The texts of one layout: each (content, options) pair is measured once per layout — stack
/// layout asks for a text's size while measuring and again while placing — and taken from an
/// ``ElementCache``'s earlier measurements when it has them. What is measured anew is collected,
/// for the cache to keep.
///
/// A class because the layout engine's measuring functions are non-mutating; one instance
/// belongs to one layout and never leaves its task.
final class TextMeasurer {
    private var known: [TextContent: ElementCache.TextMeasurements]
    /// Measurements made by this layout that the cache did not have.
    private(set) var added: [TextContent: ElementCache.TextMeasurements] = [:]

    init(known: [TextContent: ElementCache.TextMeasurements] = [:]) {
        self.known = known
    }

    func layout(_ content: TextContent, options: TextLayoutOptions) throws(CanvasError) -> TextLayout {
        if let layout = known[content]?[options] { return layout }
        RenderWorkProbe.record(.textMeasurement, content.text.string)
        let layout = try TextLayout(text: content.text, style: content.style, options: options)
        known[content, default: [:]][options] = layout
        added[content, default: [:]][options] = layout
        return layout
    }

    /// The distinct text contents of a tree whose limits were checked (its depth is bounded).
    static func contents(of element: Element, into set: inout Set<TextContent>) {
        if case .text(let text) = element.kind { set.insert(text) }
        for child in element.children { contents(of: child, into: &set) }
    }
}
