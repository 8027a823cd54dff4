import Canvas
import Flexbox

/// Lays out one layout's element tree subtree by subtree: the whole tree, and each atomic inline
/// box (``InlineBox``) of a text, which its text places in its lines. A box is laid out alone in
/// its own flex tree, shrunk to fit the width its paragraph offers (CSS 2.1 §10.3.9); the text is
/// measured with the boxes' margin boxes as inline attachments aligned on their baselines; the
/// boxes' nodes are placed where the text's final layout puts their attachments.
///
/// A class because the measurers of nested layouts share it (and its boxes already laid out);
/// one instance belongs to one layout and never leaves its task.
final class SubtreeLayouter {
    let tree: ElementTraversal
    let limits: ElementLimits
    let texts: TextMeasurer
    let scale: Double
    /// Boxes laid out so far, by (node, the width offered): measuring asks for the same ones often.
    private var boxes: [BoxKey: PlacedBox] = [:]
    /// How many inline boxes are being laid out one inside another now.
    private var nesting = 0
    /// The most inline boxes laid out one inside another: each level is a layout on the stack.
    static let maximumNesting = 32
    /// The first error met: the layout fails with it, so nothing is measured after it (the
    /// engine keeps asking for sizes after a measurer failed; each would fail again, slowly).
    private var failure: ElementError?

    private struct BoxKey: Hashable {
        let node: Int
        let available: Double
    }

    /// An inline box laid out for a width: its margin box, the baseline in it, its subtree's nodes
    /// with the margin box's top-left at (0, 0).
    struct PlacedBox {
        let size: Size
        /// From the margin box's top; `nil`: its bottom margin edge.
        let baseline: Double?
        let nodes: [LayoutResult.Node]
    }

    init(tree: ElementTraversal, limits: ElementLimits, texts: TextMeasurer, scale: Double) {
        self.tree = tree
        self.limits = limits
        self.texts = texts
        self.scale = scale
    }

    /// The nodes of `root`'s subtree laid out in an owner box `width` × `height` (`nil`: sized to
    /// content), in points from the owner's top-left; in pre-order.
    func layoutSubtree(_ root: Int, width: Double?, height: Double?) throws(ElementError) -> [LayoutResult.Node] {
        try layoutSubtree(root, width: width, height: height, shrinkingTo: nil).nodes
    }

    /// `shrinkingTo`: the box is an inline box shrinking to fit that width (its margin box). Also
    /// returns the root's resolved margins.
    private func layoutSubtree(_ root: Int, width: Double?, height: Double?,
                               shrinkingTo available: Double?) throws(ElementError) -> (nodes: [LayoutResult.Node], margin: ResolvedEdges) {
        let end = tree.subtreeEnds[root]
        var flex = FlexTree()
        flex.reserveCapacity(end - root)
        var measurer = ElementMeasurer(layouter: self, base: root)
        measurer.contents.reserveCapacity(end - root)
        for index in root..<end {
            var style = tree.layoutStyle(of: index)
            // A text's inline boxes are laid out by the text, not as its children.
            if index != root, tree.inlineBoxNodes.contains(index) { style.display = .none }
            let content = MeasuredContent(tree.elements[index].kind, direction: tree.directions[index])
            measurer.contents.append(content)
            let parent = index == root ? nil : tree.parents[index].map { FlexTree.NodeID($0 - root) }
            flex.add(style, measured: content != nil, parent: parent)
        }
        let direction = tree.parents[root].map { tree.directions[$0] } ?? .ltr
        var ownerWidth = width
        if let available {
            let percentage = switch tree.layoutStyle(of: root).width {
            case .percent, .calc: true
            default: false
            }
            if percentage, available.isFinite {
                // A percentage of the containing block: the paragraph's width (CSS 2.1 §10.2).
                ownerWidth = available
            } else {
                ownerWidth = flex.shrinkToFitWidth(of: FlexTree.NodeID(0), available: available, direction: direction, measurer: &measurer)
                if let error = measurer.error { throw error }
            }
        }
        // Frames keep their fractions as a browser's layout does; the painter snaps boxes to pixels.
        let result = flex.layout(root: FlexTree.NodeID(0), width: ownerWidth, height: height, direction: direction,
                                 rounding: .unrounded, measurer: &measurer)
        if let error = measurer.error { throw error }

        var nodes: [LayoutResult.Node] = []
        nodes.reserveCapacity(end - root)
        // Inline boxes placed by their texts, by node index, in the owner's points.
        var placed: [Int: [LayoutResult.Node]] = [:]
        var index = root
        while index < end {
            if index != root, tree.inlineBoxNodes.contains(index) {
                let count = tree.subtreeEnds[index] - index
                nodes += placed.removeValue(forKey: index) ?? Array(repeating: Self.notLaidOut(tree.directions[index]), count: count)
                index += count
                continue
            }
            let f = result.frames[index - root]
            let base = tree.parents[index].flatMap { $0 >= root ? nodes[$0 - root].frame.origin : nil } ?? .zero
            let frame = Rect(x: base.x + f.left, y: base.y + f.top, width: f.width, height: f.height)
            guard frame.isFinite else { throw .invalidLayout("\(ElementPath.name(of: index, in: tree)): frame \(frame) is not finite") }
            let content = frame.inset(by: EdgeInsets(top: f.padding.top + f.border.top, left: f.padding.left + f.border.left,
                                                     bottom: f.padding.bottom + f.border.bottom, right: f.padding.right + f.border.right))
            var text: TextLayout?, linesPastClamp: TextLayout?
            if tree.visibility[index] != .none, case .text(let t, let direction)? = measurer.contents[index - root] {
                // A box with no room breaks its text at every opportunity, as CSS does (a one-line
                // clamp stays one line: it is cut, not wrapped).
                let width: Double? = content.width > 0 ? content.width : (t.maxLines == 1 && t.truncation != .none ? nil : 1)
                let options = t.options(maxWidth: width, direction: direction, limits: limits, scale: scale)
                let laid = try textLayout(t, options: options, node: index)
                text = laid
                if t.drawsLinesPastClamp, laid.isTruncated { linesPastClamp = try textLayout(t, options: Self.unclamped(options), node: index) }
                for area in try attachmentAreas(of: laid, t, options: options, node: index, unclamped: linesPastClamp) {
                    guard let box = tree.inlineBoxes[index]?.first(where: { $0.run == area.segment }) else { continue }
                    // The width the text sized its boxes for (a box with no room: their min-content width).
                    let boxNodes = try place(box.node, available: width ?? .infinity).nodes
                    let origin = Point(x: content.minX + area.rect.minX, y: content.minY + area.rect.minY)
                    placed[box.node] = boxNodes.map { $0.offsetBy(dx: origin.x, dy: origin.y) }
                }
            }
            nodes.append(LayoutResult.Node(frame: frame, contentFrame: content, border: f.border, direction: tree.directions[index], text: text,
                                           linesPastClamp: linesPastClamp))
            index += 1
        }
        alignOutsideMarkers(&nodes, root: root)
        return (nodes, result.frames[0].margin)
    }

    /// Moves each outside marker of the subtree (``TextContent/isOutsideMarker``) until its first
    /// baseline is its parent's first line baseline (CSS Lists 3 §3.1: the marker box is
    /// aligned with the item's first line box), when both have one. Markers inside inline boxes
    /// were aligned when those were laid out.
    private func alignOutsideMarkers(_ nodes: inout [LayoutResult.Node], root: Int) {
        guard tree.hasOutsideMarkers else { return }
        var index = root + 1
        let end = tree.subtreeEnds[root]
        while index < end {
            if tree.inlineBoxNodes.contains(index) {
                index = tree.subtreeEnds[index]
                continue
            }
            if case .text(let content) = tree.elements[index].kind, content.isOutsideMarker,
               tree.elements[index].layout.position == .absolute, let parent = tree.parents[index], parent >= root,
               let line = nodes[index - root].text?.lines.first,
               let target = lineBaselines(in: parent, root: root, nodes: nodes, first: true) {
                let dy = target - (nodes[index - root].contentFrame.minY + line.baseline)
                for node in index..<tree.subtreeEnds[index] { nodes[node - root] = nodes[node - root].offsetBy(dx: 0, dy: dy) }
            }
            index += 1
        }
    }

    /// Where `laid` (node `node`'s text laid out with `options`) puts its inline boxes. A line
    /// clamp hides lines but does not unlay them: boxes on lines past the clamp sit where the
    /// unclamped text puts them, as a browser lays them out (and reports their boxes).
    private func attachmentAreas(of laid: TextLayout, _ text: TextContent, options: TextLayoutOptions,
                                 node: Int, unclamped: TextLayout?) throws(ElementError) -> [TextLayout.AttachmentArea] {
        guard options.maxLines > 0, let boxes = tree.inlineBoxes[node],
              laid.attachments.count < boxes.count else { return laid.attachments }
        let shown = Set(laid.attachments.map(\.segment))
        let full: TextLayout
        if let unclamped { full = unclamped } else { full = try textLayout(text, options: Self.unclamped(options), node: node) }
        return laid.attachments + full.attachments.filter { !shown.contains($0.segment) }
    }

    /// `options` without their line clamp.
    private static func unclamped(_ options: TextLayoutOptions) -> TextLayoutOptions {
        var unclamped = options
        unclamped.maxLines = 0
        unclamped.truncation = .none
        return unclamped
    }

    /// The node of an element that was not laid out (an inline box its text cut off).
    private static func notLaidOut(_ direction: LayoutDirection) -> LayoutResult.Node {
        LayoutResult.Node(frame: .zero, contentFrame: .zero, border: ResolvedEdges(), direction: direction, text: nil)
    }

    /// Node `node`'s text measured with `options`, its inline boxes (if any) sized for the width
    /// the options give (CSS's available width: the paragraph's).
    func textLayout(_ text: TextContent, options: TextLayoutOptions, node: Int) throws(ElementError) -> TextLayout {
        guard let boxes = tree.inlineBoxes[node] else {
            do { return try texts.layout(text, options: options, node: node) } catch { throw .canvas(error) }
        }
        var content = text
        let available = options.maxWidth ?? .infinity
        for box in boxes where box.run < content.text.segments.count {
            guard let attachment = content.text.segments[box.run].attachment else { continue }
            let placed = try place(box.node, available: available)
            content.text.segments[box.run].attachment = TextAttachment(size: placed.size, verticalAlignment: Self.aligned(attachment.verticalAlignment, placed))
        }
        // The boxes' content is not the text's: no cache across layouts keeps such a text.
        do { return try texts.layout(content, options: options, node: node, cacheable: false) } catch { throw .canvas(error) }
    }

    /// A box's alignment given as an image's (its bottom on the baseline, raised by a length) turned
    /// into one that puts its baseline there.
    private static func aligned(_ given: TextAttachment.VerticalAlignment, _ box: PlacedBox) -> TextAttachment.VerticalAlignment {
        let below = box.size.height - (box.baseline ?? box.size.height)
        switch given {
        case .baseline: return .raised(-below)
        case .raised(let amount): return .raised(amount - below)
        case .middle, .textTop, .textBottom, .lineTop, .lineBottom: return given
        }
    }

    /// Inline box `node` laid out for a paragraph `available` points wide.
    func place(_ node: Int, available: Double) throws(ElementError) -> PlacedBox {
        let key = BoxKey(node: node, available: available)
        if let known = boxes[key] { return known }
        if let failure { throw failure }
        do {
            return try layOutBox(node, available: available, key: key)
        } catch {
            if failure == nil { failure = error }
            throw error
        }
    }

    private func layOutBox(_ node: Int, available: Double, key: BoxKey) throws(ElementError) -> PlacedBox {
        guard nesting < Self.maximumNesting else {
            throw .invalidLayout("\(ElementPath.name(of: node, in: tree)): inline boxes nested more than \(Self.maximumNesting) deep")
        }
        nesting += 1
        defer { nesting -= 1 }
        let (nodes, margin) = try layoutSubtree(node, width: nil, height: nil, shrinkingTo: available)
        let root = nodes[0]
        // The root sits at its margins (and its relative offset) from the margin box's corner.
        let top = margin.top, left = margin.left
        let size = Size(width: max(0, left + root.frame.width + margin.right), height: max(0, top + root.frame.height + margin.bottom))
        let shift = Point(x: root.frame.minX - left, y: root.frame.minY - top)
        let placed = PlacedBox(size: size, baseline: baseline(of: node, nodes: nodes).map { $0 - shift.y }, nodes: nodes)
        boxes[key] = placed
        return placed
    }

    /// The baseline of inline box `node` (its nodes as laid out): its last line box's, none when
    /// it has no line or clips its content (CSS 2.1 §10.8.1); a flex container's is its first
    /// item's first baseline, or that item's border-box bottom when it has no line (CSS Flexbox §8.5).
    private func baseline(of node: Int, nodes: [LayoutResult.Node]) -> Double? {
        let style = tree.elements[node].layout
        guard style.overflow == .visible else { return nil }
        guard style.display == .flex else { return lineBaselines(in: node, root: node, nodes: nodes, first: false) }
        var item = node + 1
        while item < tree.subtreeEnds[node], skipsBaselines(item) { item = tree.subtreeEnds[item] }
        guard item < tree.subtreeEnds[node] else { return nil }
        return lineBaselines(in: item, root: node, nodes: nodes, first: true) ?? nodes[item - node].frame.maxY
    }

    /// The first (or last) line's baseline in `subtree`, in the coordinates of `root`'s layout.
    private func lineBaselines(in subtree: Int, root: Int, nodes: [LayoutResult.Node], first: Bool) -> Double? {
        var found: Double?
        var index = subtree
        let end = tree.subtreeEnds[subtree]
        while index < end {
            // Out-of-flow boxes and nested inline boxes' own lines do not count.
            if index != root, skipsBaselines(index) {
                index = tree.subtreeEnds[index]
                continue
            }
            let laid = nodes[index - root]
            if let text = laid.text, let line = first ? text.lines.first : text.lines.last {
                found = laid.contentFrame.minY + line.baseline
                if first { break }
            }
            index += 1
        }
        return found
    }

    /// Whether box `index` and its subtree give an inline box no baseline: out of flow, hidden
    /// by `display: none`, or an inline box of its own.
    private func skipsBaselines(_ index: Int) -> Bool {
        tree.elements[index].layout.position == .absolute || tree.visibility[index] == .none || tree.inlineBoxNodes.contains(index)
    }
}

extension LayoutResult.Node {
    /// The node moved by (`dx`, `dy`).
    func offsetBy(dx: Double, dy: Double) -> LayoutResult.Node {
        LayoutResult.Node(frame: frame.offsetBy(dx: dx, dy: dy), contentFrame: contentFrame.offsetBy(dx: dx, dy: dy),
                          border: border, direction: direction, text: text, linesPastClamp: linesPastClamp)
    }
}
