public import Canvas
import Elements

/// Where an HTML element was laid out: its border box, as `getBoundingClientRect()` gives it.
public struct HTMLElementFrame: Hashable, Sendable {
    /// The element in the card's ``HTMLTree``.
    public var node: HTMLTree.NodeID
    /// Its tag name.
    public var tag: String
    /// The border box in CSS px from the card's top-left: a block's box, an inline element's
    /// union of its pieces on every line; zero for an element that draws no box (`display:
    /// none`, `contents`, inside `<head>`).
    public var frame: Rect
}

/// How many lines a text of the card occupies.
public struct HTMLTextLines: Hashable, Sendable {
    /// The text node in the card's ``HTMLTree``.
    public var node: HTMLTree.NodeID
    /// The number of line boxes its characters are on (0 when it draws nowhere).
    public var lines: Int
}

/// Reads the frames of HTML elements and the lines of texts out of a layout of the element tree
/// built for them, walking the origins in the tree's pre-order alongside the layout's nodes.
struct HTMLFrameReader {
    let tree: HTMLTree
    let origin: BoxOrigin
    let layout: LayoutResult
    private(set) var frames: [Rect?]
    private(set) var textRects: [[Rect]]

    init(tree: HTMLTree, origin: BoxOrigin, layout: LayoutResult, verticalEdges: [Int: (top: Double, bottom: Double)] = [:],
         framedByChild: [Int: Int] = [:]) {
        self.tree = tree
        self.origin = origin
        self.layout = layout
        frames = Array(repeating: nil, count: tree.count)
        textRects = Array(repeating: [], count: tree.count)
        var index = 0
        visit(origin, &index)
        // An inline element's border box reaches its border and padding above and below its text.
        for (node, edges) in verticalEdges {
            guard let frame = frames[node] else { continue }
            frames[node] = Rect(x: frame.minX, y: frame.minY - edges.top, width: frame.width, height: frame.height + edges.top + edges.bottom)
        }
        // Innermost first, so a grandparent holds what its child took from a grandchild.
        for (child, parent) in framedByChild.sorted(by: { $0.key > $1.key }) {
            guard let frame = frames[child], let outer = frames[parent] else { continue }
            let top = min(outer.minY, frame.minY)
            frames[parent] = Rect(x: outer.minX, y: top, width: outer.width, height: max(outer.maxY, frame.maxY) - top)
        }
    }

    private mutating func visit(_ box: BoxOrigin, _ index: inout Int) {
        guard index < layout.nodes.count else { return }
        let node = layout.nodes[index]
        if let id = box.node { frames[id.index] = node.frame }
        for alias in box.aliases { frames[alias.index] = node.frame }
        if !box.runs.isEmpty, let text = node.text { readRuns(box.runs, text: text, whole: node.linesPastClamp, at: node.contentFrame.origin) }
        index += 1
        for child in box.children { visit(child, &index) }
    }

    /// The rectangles of each run of a paragraph (the layout recorded where each segment lies: the
    /// element model makes one segment per run; a clamped text is read from its whole layout, the
    /// layout's own for a `-webkit-line-clamp`, else laid out again), credited to its text node, its
    /// `<img>`, and every inline element around it.
    private mutating func readRuns(_ runs: [RunOrigin], text: TextLayout, whole: TextLayout?, at origin: Point) {
        var areas = text.segmentAreas
        var lines = text.lines
        var segments = text.text.segments
        if text.sourceText != text.text || areas.count != runs.count {
            // A clamped text: every line a browser lays out, those the clamp hides included.
            var options = text.options
            options.recordsSegmentAreas = true
            options.maxLines = 0
            guard let full = whole ?? (try? TextLayout(text: text.sourceText, style: text.style, options: options)) else { return }
            (areas, lines, segments) = (full.segmentAreas, full.lines, full.text.segments)
        }
        guard areas.count == runs.count else { return }
        var edges: [(id: HTMLTree.NodeID, rect: Rect)] = []
        // The rectangles of text inside an inline element's inline descendants: they widen it,
        // but its height is its own text's (its font's content area), as a browser's box is.
        var nested: [(id: HTMLTree.NodeID, rect: Rect, moved: Double)] = []
        var own: [Int: [Rect]] = [:]
        // The atomic inline boxes (inline blocks, pictures) inside an inline element.
        var atomics: [(id: HTMLTree.NodeID, rect: Rect)] = []
        // Runs whose white space collapsed away: they give an element a box only where it has
        // none from its other runs (a browser lays out no fragment for them; Pango puts an
        // empty segment where the line breaks, at the next line's start).
        var collapsed: [(id: HTMLTree.NodeID, rect: Rect)] = []
        defer {
            for (id, rect) in atomics {
                let line = Self.line(holding: rect, in: lines, at: origin)
                let ownRects = own[id.index] ?? []
                let ownLines = ownRects.map { Self.line(holding: $0, in: lines, at: origin) }
                if let line, let own = ownRects.first, let ownLine = ownLines[0], !ownLines.contains(line) {
                    // On a line without text of its own, the element's box is its content area
                    // (as its text has it about the baseline) on that line's baseline, across the box.
                    let ascent = ownLine.baseline + origin.y - own.minY
                    frames[id.index] = Self.covering(frames[id.index], Rect(x: rect.minX, y: line.baseline + origin.y - ascent, width: rect.width, height: own.height))
                } else {
                    // Beside its own text, it reaches across the box, no higher than it is.
                    frames[id.index] = Self.widened(frames[id.index], across: rect)
                }
            }
            for (id, rect, moved) in nested {
                if own[id.index, default: []].contains(where: { $0.minY < rect.maxY && rect.minY < $0.maxY }) {
                    frames[id.index] = Self.widened(frames[id.index], across: rect)
                } else if let own = own[id.index]?.first, let ownLine = Self.line(holding: own, in: lines, at: origin),
                          let line = Self.line(holding: rect, in: lines, at: origin) {
                    // No text of its own on that line: its content area (as its own text has it
                    // about the baseline) on that line's baseline, across its descendants there
                    // (moved with them where a relative offset moved them).
                    let ascent = ownLine.baseline + origin.y - own.minY
                    frames[id.index] = Self.covering(frames[id.index], Rect(x: rect.minX, y: line.baseline + moved + origin.y - ascent,
                                                                            width: rect.width, height: own.height))
                } else {
                    // No text of its own anywhere: its descendants' rectangles are all it has.
                    frames[id.index] = Self.covering(frames[id.index], rect)
                }
            }
            for (id, rect) in edges { frames[id.index] = Self.widened(frames[id.index], across: rect) }
            for (id, rect) in collapsed where frames[id.index] == nil { frames[id.index] = rect }
        }
        for (index, (run, rects)) in zip(runs, areas).enumerated() {
            var placed = rects.map { Rect(x: $0.minX + origin.x, y: $0.minY + origin.y, width: $0.width, height: $0.height) }
            if let edge = run.edge {
                // An inline element's margin widens the elements around it; its border and padding
                // it too (once its text has given it a height: after every run).
                for id in edge == .margin ? run.inlineAncestors : [run.node] + run.inlineAncestors {
                    for rect in placed { edges.append((id, rect)) }
                }
                continue
            }
            if run.isAtomic {
                // Its own frame is its box's (a child of the paragraph); the inline elements
                // around it reach across it on its line, no higher than they are.
                for id in run.inlineAncestors {
                    for rect in placed { atomics.append((id, rect)) }
                }
                continue
            }
            textRects[run.node.index] += placed
            let isElement = tree[run.node].kind == .element
            if !isElement, index < segments.count, segments[index].attachment == nil {
                // White space removed at a line's end is a rectangle of no width there; like a
                // space that collapsed, it gives a box only to an element with nothing else.
                let removed = placed.filter { $0.width == 0 }
                if segments[index].text.isEmpty || (!removed.isEmpty && segments[index].text.allSatisfy { $0 == " " }) {
                    if let owner = run.inlineAncestors.last { collapsed += removed.map { (owner, $0) } }
                    placed.removeAll { $0.width == 0 }
                    if placed.isEmpty { continue }
                }
            }
            // The run's own element: the picture, or the innermost inline element around the text.
            if let owner = isElement ? run.node : run.inlineAncestors.last {
                own[owner.index, default: []] += placed
                for rect in placed { frames[owner.index] = Self.covering(frames[owner.index], rect) }
            }
            for id in (isElement ? run.inlineAncestors : Array(run.inlineAncestors.dropLast())) {
                let moved = index < segments.count ? segments[index].style.relativeOffset?.y ?? 0 : 0
                for rect in placed { nested.append((id, rect, moved)) }
            }
        }
    }

    /// The line whose box holds the middle of `rect` (in the card's px; the text's are from `origin`).
    private static func line(holding rect: Rect, in lines: [TextLayout.Line], at origin: Point) -> TextLayout.Line? {
        let middle = rect.midY - origin.y
        return lines.first { $0.rect.minY <= middle && middle < $0.rect.maxY }
    }

    /// The smallest rectangle holding `frame` and `rect`, an empty one counted too (an inline
    /// element that holds nothing else on a line is a rectangle of no width there, as in a browser).
    private static func covering(_ frame: Rect?, _ rect: Rect) -> Rect {
        guard let frame else { return rect }
        let left = min(frame.minX, rect.minX), top = min(frame.minY, rect.minY)
        return Rect(x: left, y: top, width: max(frame.maxX, rect.maxX) - left, height: max(frame.maxY, rect.maxY) - top)
    }

    /// `frame` reaching across `rect` horizontally, as high as it was (`rect` when there is none yet).
    private static func widened(_ frame: Rect?, across rect: Rect) -> Rect {
        guard let frame else { return rect }
        let left = min(frame.minX, rect.minX), right = max(frame.maxX, rect.maxX)
        return Rect(x: left, y: frame.minY, width: right - left, height: frame.height)
    }

    /// The number of lines a text node's rectangles are on.
    func lineCount(of id: HTMLTree.NodeID) -> Int {
        Set(textRects[id.index].filter { $0.width > 0 }.map { ($0.minY * 64).rounded() }).count
    }
}

extension HTMLTree {
    /// The elements a card reports frames for, in document order: `<html>`, `<body>` and every
    /// element inside `<body>` but those that never draw (`script`, `style`, `template`, `link`,
    /// `meta`, `title`, `noscript`, `iframe`, `object`, `embed`) and their contents.
    public var reportedElements: [NodeID] {
        guard let body = firstElement(named: "body") else { return root.map { [$0] } ?? [] }
        return [NodeID(0), body] + drawnNodesInBody(body).filter { nodes[$0.index].kind == .element }
    }

    /// The texts a card reports lines for, in document order: those inside `<body>` (not inside
    /// an element that never draws) with more than ASCII white space.
    public var reportedTexts: [NodeID] {
        guard let body = firstElement(named: "body") else { return [] }
        return drawnNodesInBody(body).filter { id in
            nodes[id.index].kind == .text
                && nodes[id.index].text.unicodeScalars.contains { !($0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}") }
        }
    }

    /// The nodes below `body` in document order, those inside an element that never draws left out.
    private func drawnNodesInBody(_ body: NodeID) -> [NodeID] {
        var result: [NodeID] = []
        var index = body.index + 1
        let end = subtree(of: body).upperBound
        while index < end {
            if nodes[index].kind == .element, Self.neverDrawn.contains(nodes[index].name) {
                index = subtree(of: NodeID(index)).upperBound
                continue
            }
            result.append(NodeID(index))
            index += 1
        }
        return result
    }

    /// Elements whose boxes are never reported.
    static let neverDrawn: Set<String> = ["script", "style", "template", "link", "meta", "title", "noscript", "iframe", "object", "embed"]
}
