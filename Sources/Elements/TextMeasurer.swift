package import Canvas

/// The texts of one layout: each (content, options) pair is measured once per layout — the engine
/// may ask for a text's size several times, and the final layout asks again at the text's width —
/// and taken from a ``TextMeasurementStore``'s earlier measurements when it has them. What is measured
/// anew is collected, for the cache to keep.
///
/// A class because the measurer is copied into the engine; one instance belongs to one layout and
/// never leaves its task.
package final class TextMeasurer {
    private let known: [TextContent: TextMeasurements]
    /// This layout's measurements by node index: a node's content is fixed for the layout, so
    /// the lookup compares options only (hashing a text's content per call was measurable).
    private var byNode: [[(options: TextLayoutOptions, layout: TextLayout)]] = []
    /// Whether measurements are collected for a cache (``added``).
    private let collects: Bool
    /// Measurements made by this layout that `known` did not have, in the order made.
    private var made: [(content: TextContent, options: TextLayoutOptions, layout: TextLayout)] = []
    /// The fonts every text of the layout may use besides the system's (part of each measurement's
    /// options, so cached measurements are per font set).
    private let fonts: FontSet?

    /// A measurer for a layout without a cache: it measures each text at most once per options.
    package init(fonts: FontSet? = nil) {
        self.known = [:]
        self.collects = false
        self.fonts = fonts
    }

    /// A measurer that takes `known` measurements first and collects what it measures anew in
    /// ``added``, for the cache to keep.
    package init(known: [TextContent: TextMeasurements], fonts: FontSet? = nil) {
        self.known = known
        self.collects = true
        self.fonts = fonts
    }

    /// Measurements made by this layout that the cache did not have.
    package var added: [TextContent: TextMeasurements] {
        var result: [TextContent: TextMeasurements] = [:]
        for entry in made { result[entry.content, default: [:]][entry.options] = entry.layout }
        return result
    }

    /// Whether this layout measured anything the cache did not have.
    package var measuredAnew: Bool { !made.isEmpty }

    /// `content` (node `node`'s text) laid out with `options`: from this layout's earlier
    /// measurements of the node, the cache's, the node's one-line layout when it fits the
    /// width unchanged (`TextLayout.sameLines(at:)`), or Pango.
    /// `cacheable`: whether the content alone decides the layout (not a text with inline boxes,
    /// whose boxes' content is elsewhere): only such layouts are taken from or given to the cache.
    func layout(_ content: TextContent, options given: TextLayoutOptions, node: Int, cacheable: Bool = true) throws(CanvasError) -> TextLayout {
        var options = given
        options.fonts = fonts
        if byNode.count <= node { byNode.append(contentsOf: repeatElement([], count: node + 1 - byNode.count)) }
        let earlier = byNode[node]
        if let layout = earlier.first(where: { $0.options == options })?.layout { return layout }
        let layout: TextLayout
        if cacheable, !known.isEmpty, let cached = known[content]?[options] {
            layout = cached
        } else if let same = earlier.lazy.compactMap({ $0.layout.sameLines(at: options) }).first {
            // Its one-line layout fits the width and sits where it would at that width.
            layout = same
            if collects, cacheable { made.append((content, options, layout)) }
        } else {
            RenderWorkProbe.record(.textMeasurement, content.text.string)
            // A traversal resolves every text's style; one built otherwise takes CSS's initial values.
            layout = try TextLayout(text: content.text, style: content.style ?? ComputedText.initial.textStyle, options: options)
            if collects, cacheable { made.append((content, options, layout)) }
        }
        byNode[node].append((options, layout))
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
