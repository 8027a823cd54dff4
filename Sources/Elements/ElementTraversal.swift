package import Canvas
import Flexbox
/// An element tree flattened once in pre-order — an element, then its children's subtrees in
/// document order — the one walk that layout, image collection and painting share, so that the
/// node order and the rules for what is skipped live here only.
///
/// Built from a tree whose depth was checked (the walk recurses once per level).
package struct ElementTraversal: Sendable {
    /// Whether a node is laid out and drawn.
    enum Visibility: Sendable {
        /// Laid out and drawn.
        case visible
        /// Laid out, not drawn (`visibility: hidden` here, or on an ancestor with no `visible`
        /// between): its visible descendants still draw.
        case hidden
        /// Neither laid out nor drawn (`display: none`, here or on an ancestor).
        case none
    }

    /// Every element, by pre-order index.
    private(set) var elements: [Element] = []
    /// Every element's parent index (`nil` for the root).
    private(set) var parents: [Int?] = []
    /// One past the last index of every element's subtree.
    private(set) var subtreeEnds: [Int] = []
    /// Every element's visibility, inherited from its ancestors.
    private(set) var visibility: [Visibility] = []
    /// Every element's direction after inheritance (the root inherits left to right).
    private(set) var directions: [LayoutDirection] = []
    /// The distinct text property sets in effect, the first CSS's initial values.
    private(set) var textScopes: [ComputedText] = [.initial]
    /// Every element's index into ``textScopes``: its own when it declares text properties, its
    /// parent's otherwise.
    private(set) var textScopeIndices: [Int] = []
    /// The atomic inline boxes of each text element that has some, by the text's index: the run
    /// that places each and the child's index (``InlineBox``).
    private(set) var inlineBoxes: [Int: [(run: Int, node: Int)]] = [:]
    /// The children that are placed as atomic inline boxes: their text lays them out, not the engine.
    private(set) var inlineBoxNodes: Set<Int> = []
    /// Whether any text is a list item's outside marker (``TextContent/isOutsideMarker``).
    private(set) var hasOutsideMarkers = false
    /// The canvas size `vw` and `vh` in text properties resolve against.
    let canvas: Size
    /// The tree flattened.
    let root: Element

    /// Flattens `root`; text properties are inherited on the way, their `vw` and `vh` resolved
    /// against `canvas`, and every text element's content is replaced by its resolved form
    /// (``TextContent/style`` set, whitespace processed, CSS's clamp and wrapping applied).
    package init(_ root: Element, canvas: Size = .zero) {
        self.canvas = canvas
        self.root = root
        add(root, parent: nil, inherited: .visible, direction: .ltr, textScope: 0)
    }

    /// The text colour in effect at element `index` (CSS `currentColor`).
    func color(of index: Int) -> Color { textScopes[textScopeIndices[index]].color }

    /// What `em`, `rem`, `vw` and `vh` are at element `index` in a canvas of `canvas`. `rem` is
    /// CSS's initial 16 px: a document's root element is a page's `body`, not its `html`.
    func lengths(of index: Int, canvas: Size) -> LengthContext {
        LengthContext(fontSize: textScopes[textScopeIndices[index]].fontSize, canvasSize: canvas)
    }

    /// Element `index`'s layout style with `em`, `rem`, `vw` and `vh` replaced by points: its
    /// font size, CSS's initial 16 px and the canvas (the style as it is when it uses none).
    func layoutStyle(of index: Int) -> FlexStyle {
        let style = elements[index].layout
        guard style.usesRelativeUnits else { return style }
        return style.substitutingRelativeUnits(fontSize: textScopes[textScopeIndices[index]].fontSize,
                                               rootFontSize: LengthContext.initialFontSize,
                                               viewportWidth: canvas.width, viewportHeight: canvas.height)
    }

    private mutating func add(_ element: Element, parent: Int?, inherited: Visibility, direction parentDirection: LayoutDirection, textScope parentScope: Int) {
        let index = elements.count
        let own: Visibility = switch inherited {
        case .none: .none
        case _ where element.layout.display == .none: .none
        case .hidden: element.style.visibility == .visible ? .visible : .hidden
        case .visible: element.style.visibility == .hidden ? .hidden : .visible
        }
        let direction: LayoutDirection = switch element.layout.direction {
        case .inherit: parentDirection
        case .ltr: .ltr
        case .rtl: .rtl
        }
        var scope = parentScope
        let declares = element.style.declaresText
        let declared = declares ? element.style.text : TextProperties()
        if declares {
            textScopes.append(textScopes[parentScope].inheriting(declared, canvas: canvas))
            scope = textScopes.count - 1
        }
        if case .text(let content) = element.kind, content.isOutsideMarker { hasOutsideMarkers = true }
        if case .text(let content) = element.kind, let resolved = content.resolved(in: textScopes[scope], declared: declared, canvas: canvas) {
            var copy = element
            copy.kind = .text(resolved)
            elements.append(copy)
        } else {
            elements.append(element)
        }
        parents.append(parent)
        directions.append(direction)
        subtreeEnds.append(index + 1)
        visibility.append(own)
        textScopeIndices.append(scope)
        // Through the buffer, so each child is copied once (into `elements`), not also by the loop.
        var childIndices: [Int] = []
        element.children.withUnsafeBufferPointer { children in
            for child in children.indices {
                childIndices.append(elements.count)
                add(children[child], parent: index, inherited: own, direction: direction, textScope: scope)
            }
        }
        subtreeEnds[index] = elements.count
        if case .text(let content) = element.kind, !element.children.isEmpty {
            var boxes: [(run: Int, node: Int)] = []
            for (run, item) in content.runs.enumerated() {
                // (A child out of range was refused by the limits' check.)
                guard case .box(let box) = item.content, childIndices.indices.contains(box.child) else { continue }
                boxes.append((run, childIndices[box.child]))
                inlineBoxNodes.insert(childIndices[box.child])
            }
            if !boxes.isEmpty { inlineBoxes[index] = boxes }
        }
    }

    /// Whether a descendant of `index` is drawn (one that sets `visibility: visible` under a
    /// hidden ancestor).
    func hasVisibleDescendant(_ index: Int) -> Bool {
        visibility[(index + 1)..<subtreeEnds[index]].contains(.visible)
    }

    /// The number of elements.
    var count: Int { elements.count }

    /// The indices of `index`'s children, in document order.
    func children(of index: Int) -> [Int] {
        var result: [Int] = []
        var child = index + 1
        while child < subtreeEnds[index] {
            result.append(child)
            child = subtreeEnds[child]
        }
        return result
    }

    /// The indices of `index`'s children in paint order: by ascending z-index, stable.
    func paintOrder(of index: Int) -> [Int] {
        let children = children(of: index)
        guard children.contains(where: { elements[$0].style.zIndex != 0 }) else { return children }
        return children.enumerated()
            .sorted { a, b in
                let za = elements[a.element].style.zIndex, zb = elements[b.element].style.zIndex
                return za != zb ? za < zb : a.offset < b.offset
            }
            .map(\.element)
    }

    /// Calls `body` with each of `index`'s children in paint order (``paintOrder(of:)``), without
    /// building the list when no child sets a z-index (the common case, once per drawn element).
    func forEachChildInPaintOrder(of index: Int, _ body: (Int) throws(ElementError) -> Void) throws(ElementError) {
        var child = index + 1
        var sorted = false
        while child < subtreeEnds[index] {
            if elements[child].style.zIndex != 0 { sorted = true; break }
            child = subtreeEnds[child]
        }
        if sorted {
            for child in paintOrder(of: index) { try body(child) }
            return
        }
        child = index + 1
        while child < subtreeEnds[index] {
            try body(child)
            child = subtreeEnds[child]
        }
    }

    /// The indices of the elements that are drawn (visible), in pre-order.
    var drawnIndices: some Sequence<Int> { visibility.indices.lazy.filter { visibility[$0] == .visible } }
}
