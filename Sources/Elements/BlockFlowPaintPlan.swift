import Flexbox

/// The order CSS 2.1 Appendix E paints a block container's descendants in, when the container
/// paints a layer of its own (the root, a flex item, an inline block, a positioned or composited
/// box): first the descendants below it (a negative z-index), then the background and border of
/// every block in the flow, in tree order, then every block's lines (its text and its atomic
/// inline boxes), then the positioned and composited descendants above, by z-index.
///
/// So a block's text that overflows it is drawn over a later sibling's background, as a browser
/// draws it, where painting each block whole would hide it. A flex or overlay container in the
/// flow paints its own box with the blocks and its items whole with the lines (CSS Flexbox §9:
/// flex items paint as inline blocks). A box with a z-index, opacity or compositing paints whole
/// in its layer; a descendant of one is not lifted out of it.
struct BlockFlowPaintPlan {
    /// One thing to draw.
    struct Entry {
        /// The element.
        let element: Int
        /// The boxes between the container and the element whose overflow clips it, outermost first.
        let clips: [Int]
        /// Whether the entry is the element's text only (its box is drawn with the blocks).
        var isText = false
    }

    /// Boxes drawn whole below the flow (a negative z-index), lowest first.
    private(set) var below: [Entry] = []
    /// Blocks whose background and border come first, in tree order.
    private(set) var blocks: [Entry] = []
    /// Texts and atomic boxes (flex items, inline boxes) of the flow's lines, in tree order.
    private(set) var inline: [Entry] = []
    /// Boxes drawn whole above the flow: positioned and composited ones, by z-index, then tree order.
    private(set) var above: [Entry] = []

    /// Whether `index` lays its children out as blocks in normal flow (and so paints them in layers).
    static func applies(to index: Int, in tree: ElementTraversal) -> Bool {
        let element = tree.elements[index]
        if case .text = element.kind { return false }
        return element.layout.display == .block || element.layout.display == .flowRoot
    }

    init(root: Int, tree: ElementTraversal) {
        var layered: [(entry: Entry, z: Int)] = []
        collect(root, clips: [], tree: tree, layered: &layered)
        let ordered = layered.enumerated()
            .sorted { a, b in a.element.z != b.element.z ? a.element.z < b.element.z : a.offset < b.offset }
            .map(\.element)
        below = ordered.filter { $0.z < 0 }.map(\.entry)
        above = ordered.filter { $0.z >= 0 }.map(\.entry)
    }

    /// The layer `style` paints `index` in whole, or `nil` for a box of the flow. A z-index of 0
    /// and 1 share one layer (painted in tree order): the HTML front end gives a positioned box
    /// with `z-index: auto` 1, a composited box keeps 0, and CSS paints both in one step.
    private static func layer(of style: ElementStyle) -> Int? {
        if style.zIndex != 0 { return style.zIndex < 0 ? style.zIndex : max(1, style.zIndex) }
        // The legacy drop shadow of a box without a background is the shadow of its whole drawing.
        if style.opacity < 1 || style.hasCompositing || (style.shadow != nil && style.background == nil) { return 1 }
        return nil
    }

    private mutating func collect(_ parent: Int, clips: [Int], tree: ElementTraversal, layered: inout [(entry: Entry, z: Int)]) {
        for child in tree.children(of: parent) where tree.visibility[child] != .none {
            let element = tree.elements[child]
            if let z = Self.layer(of: element.style) {
                layered.append((Entry(element: child, clips: clips), z))
                continue
            }
            blocks.append(Entry(element: child, clips: clips))
            // A text's own overflow clips its lines where they are drawn (ElementPainter).
            if case .text = element.kind { inline.append(Entry(element: child, clips: clips, isText: true)) }
            let inner = element.layout.overflow != .visible ? clips + [child] : clips
            if Self.applies(to: child, in: tree) {
                collect(child, clips: inner, tree: tree, layered: &layered)
            } else {
                // Flex items (and a text's inline boxes) paint whole; one with a z-index,
                // positioned or composited, in its layer of this flow (CSS Flexbox §5.4: z-index).
                for grandchild in tree.children(of: child) where tree.visibility[grandchild] != .none {
                    if let z = Self.layer(of: tree.elements[grandchild].style) {
                        layered.append((Entry(element: grandchild, clips: inner), z))
                    } else {
                        inline.append(Entry(element: grandchild, clips: inner))
                    }
                }
            }
        }
    }
}
