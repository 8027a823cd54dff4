internal import Canvas
internal import Elements
internal import Flexbox

/// Maps a styled HTML document onto an element tree (CSS 2.1 §9.2 and CSS Display 3): block-level
/// elements become boxes, each run of inline content a paragraph (a text element of runs) — the
/// block's own content when it has no block children, an anonymous block otherwise — flex
/// containers' children flex items, `display: contents` elements their children, list items a box
/// with a marker. The values each box declares go to the element model through the same readers
/// a JSON card's style goes through.
struct BoxBuilder {
    let tree: HTMLTree
    /// Each node's cascaded values (property → winning value), by node index; empty for texts.
    let cascaded: [[String: String]]
    /// Each node's shared style number (``StyleMemo/SharedStyle``), by node index: where it and
    /// its parent's have one, its resolved style and box reading are found in ``StyleMemo``.
    let styleIDs: [Int?]
    /// ``genericFamilies``' number in ``StyleMemo``'s tables.
    private let familiesSerial: Int
    /// What was ignored or drawn otherwise, in document order.
    private(set) var warnings: [StyleWarning] = []
    /// Each element's resolved style, filled top-down.
    private var resolved: [ResolvedStyle?]
    /// Each inline element's border and padding above and below its text, in px, by node index
    /// (for its frame: ``HTMLCard/frames(in:)``).
    private(set) var verticalEdges: [Int: (top: Double, bottom: Double)] = [:]
    /// Inline elements whose border box reaches into their parent inline element's frame, by
    /// node index: the parent's (``HTMLCard/frames(in:)``).
    private(set) var framedByChild: [Int: Int] = [:]
    /// Inline elements that draw no box of their own (no background, border, padding, margin or
    /// relative move: Chromium's "culled" inlines), by node index.
    private var boxlessInlines: Set<Int> = []
    /// Run styles read so far, by their CSS properties.
    private var runStyles: [[String: String]: StyleDictionary.RunStyle] = [:]
    /// Absolutely positioned boxes leaving the atomic inline boxes they are written in: an
    /// inline box is laid out alone, so one whose containing block lies outside it is placed
    /// beside the box instead (in the paragraph holding it). A frame per atomic box being built
    /// (`nil`: a positioned box, which keeps its absolute descendants).
    private var escapingAbsolutes: [EscapeFrame?] = []
    /// ``languageFamily(_:_:)``'s answers, by generic family and language.
    private var languageFamilies: [String: String?] = [:]

    /// An atomic inline box being built and the absolute boxes leaving it.
    private struct EscapeFrame {
        /// The inline box's element.
        let box: HTMLTree.NodeID
        /// The inherited values where the inline box stands in its paragraph.
        let inherited: [String: String]
        var boxes: [(element: Element, origin: BoxOrigin)] = []
    }

    /// Generic family → the family it stands for (``HTMLOptions/genericFamilies``).
    let genericFamilies: [String: String]

    init(tree: HTMLTree, cascaded: [[String: String]], styleIDs: [Int?]? = nil, genericFamilies: [String: String] = [:]) {
        self.tree = tree
        self.cascaded = cascaded
        self.styleIDs = styleIDs ?? Array(repeating: nil, count: cascaded.count)
        self.genericFamilies = genericFamilies
        familiesSerial = StyleMemo.familiesSerial(genericFamilies)
        self.resolved = Array(repeating: nil, count: tree.count)
    }

    /// The element tree of the document: `<html>`'s box, its `<body>` inside.
    mutating func build() throws(HTMLError) -> (element: Element, origin: BoxOrigin) {
        let root = HTMLTree.NodeID(0)
        let style = resolve(root)
        var display = try display(of: root, style).blockified
        if display == .none || display == .contents { display = .block }
        return try blockBox(root, style: style, display: display, carried: [:])
    }

    /// The background the canvas takes (CSS 2.1 §14.2): the root element's, or when it has none
    /// `<body>`'s; the element it comes from then paints none of its own.
    mutating func takeCanvasBackground() -> [String: String] {
        let root = HTMLTree.NodeID(0)
        for id in [root] + tree.elementChildren(of: root).filter({ tree[$0].name == "body" }).prefix(1) {
            var style = resolve(id)
            let background = style.declared.filter { Self.isBackground($0.key) }
            guard background.contains(where: { !Self.isInitialBackground($0.key, $0.value) }) else { continue }
            for key in background.keys { style.declared[key] = nil }
            if let own = style.memoID {
                let key = StyleMemo.ResolvedKey(style: own, parent: -1, language: nil)
                style = StyleMemo.resolvedStyle(key) ?? StyleMemo.keepResolvedStyle(style, for: key)
            }
            resolved[id.index] = style
            return background
        }
        return [:]
    }

    private static func isBackground(_ property: String) -> Bool {
        property == "background" || property.hasPrefix("background-")
    }

    private static func isInitialBackground(_ property: String, _ value: String) -> Bool {
        let v = value.lowercased().trimmingCharacters(in: " ")
        switch property {
        case "background-color": return v == "transparent" || v == "rgba(0, 0, 0, 0)" || v == "initial"
        case "background-image", "background": return v == "none" || v == "initial"
        default: return true
        }
    }

    // MARK: Styles

    /// The resolved style of element `id` (its parent's first).
    mutating func resolve(_ id: HTMLTree.NodeID) -> ResolvedStyle {
        if let style = resolved[id.index] { return style }
        let parent = tree[id].parent.map { resolve($0) } ?? .initial
        let language = tree[id].attribute("lang").map { $0.trimmingCharacters(in: " \t\n") }
        var key: StyleMemo.ResolvedKey?
        if let own = styleIDs[id.index], let parentID = parent.memoID {
            key = StyleMemo.ResolvedKey(style: own, parent: parentID, language: language)
        }
        if let key, let known = StyleMemo.resolvedStyle(key) {
            resolved[id.index] = known
            return known
        }
        var style = ResolvedStyle.resolve(cascaded[id.index], parent: parent, isRoot: tree[id].parent == nil)
        if let language { style.language = language }
        if let key { style = StyleMemo.keepResolvedStyle(style, for: key) }
        resolved[id.index] = style
        return style
    }

    /// The computed display of `id`; an unknown value is `inline`, the initial value.
    private mutating func display(of id: HTMLTree.NodeID, _ style: ResolvedStyle) throws(HTMLError) -> CSSDisplay {
        switch style.display {
        case .absent:
            return .inline
        case .unknown(let text):
            warn(id, "display", "\"\(text)\" is not a display value the HTML path lays out: inline instead")
            return .inline
        case .unsupported(let text):
            throw .unsupported(path: path(of: id), feature: "display: \(text)")
        case .known(.table):
            warn(id, "display", "tables are laid out as blocks")
            return .block
        case .known(let display):
            return display
        }
    }

    // MARK: Block-level boxes

    /// The box of a block-level element (or flex item, or the root) with its children.
    /// `carried`: inherited values of `display: contents` ancestors, under this element's own.
    private mutating func blockBox(_ id: HTMLTree.NodeID, style: ResolvedStyle, display: CSSDisplay,
                                   carried: [String: String]) throws(HTMLError) -> (element: Element, origin: BoxOrigin) {
        let node = tree[id]
        if style.isPositioned { escapingAbsolutes.append(nil) }
        defer { if style.isPositioned { escapingAbsolutes.removeLast() } }
        if node.name == "img" {
            var properties = modelProperties(id, style, display: display, carried: carried)
            return (imageElement(id, properties: &properties), BoxOrigin(node: id))
        }
        if node.name == "svg", let markup = tree.svgMarkup[id] {
            var properties = modelProperties(id, style, display: display, carried: carried)
            return (svgElement(id, markup: markup, properties: &properties), BoxOrigin(node: id))
        }
        let (properties, layout, paint) = readBox(id, style: style, display: display, carried: carried)
        // An inside marker is the first inline box of the item's first line (its text, or for
        // disc, circle and square Chromium's symbol box); an outside one is placed beside it.
        let insideMarker = display == .listItem && style.listStylePosition == "inside"
            ? ListMarker.text(style.listStyleType, ordinal: ordinal(of: id)) : nil
        let marker = display == .listItem && style.listStylePosition != "inside" ? listMarker(for: id, style: style, properties: properties, carried: carried) : nil
        var children: [Element] = []
        var origins: [BoxOrigin] = []
        var kind: Element.Kind = .view
        var paragraphRuns: [RunOrigin] = []
        if display.isFlexContainer {
            try flexItems(of: id, into: &children, &origins)
        } else {
            let content = try blockContent(of: id, parentStyle: style, insideMarker: insideMarker.map { (type: style.listStyleType, text: $0) })
            if content.blocks.isEmpty, let paragraph = content.paragraphs.first, content.paragraphs.count == 1 {
                children = content.outOfFlow.map(\.element)
                origins = content.outOfFlow.map(\.origin)
                // (A list item's marker becomes its first child below.)
                let made = makeRuns(paragraph, firstChild: children.count + (marker == nil ? 0 : 1))
                kind = .text(Self.paragraph(made.runs, boxes: paragraph.inlineBoxes))
                paragraphRuns = paragraph.origins
                children += made.boxes.map(\.element)
                origins += made.boxes.map(\.origin)
            } else {
                children = content.blocks.map(\.element)
                origins = content.blocks.map(\.origin)
            }
            if marker != nil, content.blocks.isEmpty, content.paragraphs.isEmpty {
                // An empty list item still has its marker's line (Chromium: one line high).
                kind = .text(TextContent(runs: [InlineRun("\u{200B}")]))
            }
        }
        if let marker {
            children.insert(marker, at: 0)
            origins.insert(BoxOrigin(node: nil), at: 0)
        }
        let element = Element(kind, layout: layout, style: paint, children: children)
        return (element, BoxOrigin(node: id, children: origins, runs: paragraphRuns))
    }

    /// The block-level boxes of a flex container's children (CSS Flexbox §4): every element a
    /// flex item, each run of texts between them an anonymous item, white space alone dropped.
    private mutating func flexItems(of id: HTMLTree.NodeID, into children: inout [Element], _ origins: inout [BoxOrigin]) throws(HTMLError) {
        var pendingTexts: [HTMLTree.NodeID] = []
        let whiteSpace = resolve(id).whiteSpace
        for child in flattenedChildren(of: id) {
            if tree[child.node].kind == .text {
                pendingTexts.append(child.node)
                continue
            }
            anonymousFlexItem(&pendingTexts, whiteSpace: whiteSpace, into: &children, &origins)
            let style = resolve(child.node)
            let display = try self.display(of: child.node, style)
            if display == .none { continue }
            if style.isOutOfFlow, escapes(style) {
                addEscaping(try blockBox(child.node, style: style, display: display.blockified, carried: escapingInheritance(of: child.node)))
                continue
            }
            let box = try blockBox(child.node, style: style, display: display.blockified, carried: child.carried)
            children.append(box.element)
            origins.append(box.origin)
        }
        anonymousFlexItem(&pendingTexts, whiteSpace: whiteSpace, into: &children, &origins)
    }

    /// Whether an absolutely positioned box leaves the atomic inline box being built: it is
    /// inside one with no positioned box between, and it sets an inset (with none, its static
    /// position, inside the inline box, places it).
    private func escapes(_ style: ResolvedStyle) -> Bool {
        guard let frame = escapingAbsolutes.last, frame != nil else { return false }
        return ["top", "right", "bottom", "left"].contains { side in
            style.declared[side].map { $0.lowercased() != "auto" } ?? false
        }
    }

    /// The inherited values an absolute box leaving an atomic inline box takes with it: those
    /// of its ancestors up to the inline box (nearest first) over those where the inline box
    /// stands, since it is placed outside them.
    private mutating func escapingInheritance(of id: HTMLTree.NodeID) -> [String: String] {
        guard let frame = escapingAbsolutes.last ?? nil else { return [:] }
        var chain: [HTMLTree.NodeID] = []
        var node = tree[id].parent
        while let current = node {
            chain.append(current)
            if current == frame.box { break }
            node = tree[current].parent
        }
        var result = frame.inherited
        for ancestor in chain.reversed() {
            for (property, value) in resolve(ancestor).declared where PropertyTable.inherited.contains(property) { result[property] = value }
        }
        return result
    }

    /// Adds an out-of-flow box to `list`, or to the atomic inline box it leaves (``escapes(_:)``).
    private mutating func place(_ box: (element: Element, origin: BoxOrigin), _ style: ResolvedStyle,
                                in list: inout [(element: Element, origin: BoxOrigin)]) {
        if escapes(style) { addEscaping(box) } else { list.append(box) }
    }

    /// Adds a box to those leaving the atomic inline box being built.
    private mutating func addEscaping(_ box: (element: Element, origin: BoxOrigin)) {
        escapingAbsolutes[escapingAbsolutes.count - 1]?.boxes.append(box)
    }

    /// The anonymous flex item of a run of texts (none for white space alone); empties `texts`.
    private mutating func anonymousFlexItem(_ texts: inout [HTMLTree.NodeID], whiteSpace: String,
                                            into children: inout [Element], _ origins: inout [BoxOrigin]) {
        defer { texts.removeAll() }
        var paragraph = ParagraphBuilder(whiteSpace: whiteSpace)
        for text in texts { paragraph.appendText(tree[text].text, node: text, style: [:], ancestors: []) }
        guard paragraph.hasContent else { return }
        let box = anonymousParagraph(paragraph)
        children.append(box.element)
        origins.append(box.origin)
    }

    /// A child in the box tree's sense: `display: contents` elements replaced by their children,
    /// which carry the inherited values they declared.
    struct FlatChild {
        var node: HTMLTree.NodeID
        var carried: [String: String]
    }

    /// The children of `id` with `display: contents` flattened and `display: none` kept (the
    /// caller skips them; their boxes are empty).
    private mutating func flattenedChildren(of id: HTMLTree.NodeID, carried: [String: String] = [:]) -> [FlatChild] {
        var result: [FlatChild] = []
        for child in tree[id].children {
            guard tree[child].kind == .element else {
                result.append(FlatChild(node: child, carried: carried))
                continue
            }
            let style = resolve(child)
            if style.display.known == .contents {
                var inner = carried
                for (property, value) in style.declared where PropertyTable.inherited.contains(property) { inner[property] = value }
                result.append(contentsOf: flattenedChildren(of: child, carried: inner))
            } else {
                result.append(FlatChild(node: child, carried: carried))
            }
        }
        return result
    }

    /// What a block container holds: its in-flow block boxes (paragraphs of inline content among
    /// them, wrapped as anonymous blocks), and out-of-flow boxes found inside inline content.
    struct BlockContent {
        var blocks: [(element: Element, origin: BoxOrigin)] = []
        var paragraphs: [ParagraphBuilder] = []
        var outOfFlow: [(element: Element, origin: BoxOrigin)] = []
    }

    /// The content of block container `id` (CSS 2.1 §9.2.1.1: inline content next to block
    /// boxes goes into anonymous block boxes).
    private mutating func blockContent(of id: HTMLTree.NodeID, parentStyle: ResolvedStyle,
                                       insideMarker: (type: String, text: String)? = nil) throws(HTMLError) -> BlockContent {
        var content = BlockContent()
        var paragraph = ParagraphBuilder(whiteSpace: parentStyle.whiteSpace)
        paragraph.dropsLeadingNewline = ["pre", "listing", "textarea"].contains(tree[id].name)
        if let insideMarker { paragraph.appendMarker(insideMarker.text, type: insideMarker.type, node: id) }
        var sawBlock = false
        func flush(_ builder: inout BoxBuilder) {
            defer { paragraph = ParagraphBuilder(whiteSpace: parentStyle.whiteSpace) }
            guard paragraph.hasContent else { return }
            content.paragraphs.append(paragraph)
            content.blocks.append(builder.anonymousParagraph(paragraph))
        }
        for child in flattenedChildren(of: id) {
            if tree[child.node].kind == .text {
                paragraph.appendText(tree[child.node].text, node: child.node, style: child.carried, ancestors: [])
                continue
            }
            let style = resolve(child.node)
            let display = try self.display(of: child.node, style)
            if display == .none { continue }
            if style.isOutOfFlow {
                let carried = escapes(style) ? escapingInheritance(of: child.node) : child.carried
                place(try blockBox(child.node, style: style, display: display.blockified, carried: carried), style, in: &content.outOfFlow)
                continue
            }
            if display.isInlineLevel, try inlineCanStayInline(child.node, style: style, display: display) {
                try appendInline(child.node, style: style, carried: child.carried, ancestors: [], to: &paragraph, outOfFlow: &content.outOfFlow)
                continue
            }
            flush(&self)
            sawBlock = true
            content.blocks.append(try blockBox(child.node, style: style, display: display.blockified, carried: child.carried))
        }
        if sawBlock {
            flush(&self)
            content.blocks.append(contentsOf: content.outOfFlow)
            content.outOfFlow = []
            content.paragraphs = []
        } else if paragraph.hasContent {
            content.paragraphs = [paragraph]
        } else {
            content.blocks = content.outOfFlow
            content.outOfFlow = []
        }
        return content
    }

    /// Whether an inline-level element can be laid out inline: not an inline element holding a
    /// block (it becomes a block box with no margins of its own, as browsers split it), nor an
    /// image sized in percentages.
    private mutating func inlineCanStayInline(_ id: HTMLTree.NodeID, style: ResolvedStyle, display: CSSDisplay) throws(HTMLError) -> Bool {
        if tree[id].name == "img" || tree[id].name == "svg",
           [style.declared["width"], style.declared["height"]].contains(where: { $0?.contains("%") == true }) {
            // A run's size is a length; a percentage of the containing block needs a box of its own.
            warn(id, "width", "an inline image sized in percentages is laid out as a block by the HTML path so far")
            return false
        }
        if display != .inline { return true }
        return try !containsBlock(id)
    }

    /// Whether inline element `id` holds an in-flow block-level box (through inline elements).
    private mutating func containsBlock(_ id: HTMLTree.NodeID) throws(HTMLError) -> Bool {
        for child in flattenedChildren(of: id) where tree[child.node].kind == .element {
            let style = resolve(child.node)
            let display = try self.display(of: child.node, style)
            if display == .none || style.isOutOfFlow { continue }
            if !display.isInlineLevel && tree[child.node].name != "br" { return true }
            if display == .inline, try containsBlock(child.node) { return true }
        }
        return false
    }

    // MARK: Inline content

    /// Adds inline element `id` and its content to `paragraph`.
    private mutating func appendInline(_ id: HTMLTree.NodeID, style: ResolvedStyle, carried: [String: String],
                                       ancestors: [HTMLTree.NodeID], to paragraph: inout ParagraphBuilder,
                                       outOfFlow: inout [(element: Element, origin: BoxOrigin)]) throws(HTMLError) {
        let node = tree[id]
        var runStyle = paragraph.currentStyle(carried)
        let parentFontSize = runStyle["font-size"]
        var properties = memoized(StyleMemo.inlineProperties, readingKey(style), id) { $0.runProperties(id, style) }
        if let size = properties["font-size"] { properties["font-size"] = ParagraphBuilder.fontSize(size, within: runStyle["font-size"]) }
        if let own = properties["vertical-align"], let shift = compoundShift(of: id, own: own, within: runStyle["vertical-align"]) {
            properties["vertical-align"] = shift
        }
        ParagraphBuilder.overlay(properties, onto: &runStyle)
        let isRelative = style.declared["position"]?.lowercased() == "relative"
        if isRelative { moveRelatively(id, style, runStyle: &runStyle) }
        if node.name == "br" {
            paragraph.appendBreak(node: id, ancestors: ancestors)
            return
        }
        if node.name == "img" || node.name == "svg" {
            if Self.hasBoxEdges(style) {
                // A picture with margins, borders, padding or rounded corners is an atomic inline
                // box (a replaced element's margin box sits on the line, its baseline the bottom
                // margin edge).
                try appendAtomicBox(id, style: style, display: .inlineBlock, carried: carried, ancestors: ancestors, to: &paragraph, outOfFlow: &outOfFlow)
            } else {
                appendImageRun(id, style: style, runStyle: runStyle, ancestors: ancestors, to: &paragraph)
            }
            return
        }
        let display = try self.display(of: id, style)
        if display == .inlineBlock || display == .inlineFlex {
            try appendAtomicBox(id, style: style, display: display, carried: carried, ancestors: ancestors, to: &paragraph, outOfFlow: &outOfFlow)
            return
        }
        var link = paragraph.link
        if node.name == "a", let href = node.attribute("href") { link = href }
        let inner = ancestors + [id]
        let box = memoized(StyleMemo.inlineBoxes, readingKey(style), id) { builder in
            let edges = builder.inlineEdges(id, style)
            return StyleMemo.InlineBoxReading(start: edges.start, end: edges.end, top: edges.top, bottom: edges.bottom,
                                              paint: builder.inlinePaint(id, style, edges: edges))
        }
        let edges = (start: box.start, end: box.end, top: box.top, bottom: box.bottom)
        if edges.top != 0 || edges.bottom != 0 {
            // The background (and the frame) reach the border and padding above and below the text.
            runStyle["padding-top"] = "\(edges.top)px"
            runStyle["padding-bottom"] = "\(edges.bottom)px"
            verticalEdges[id.index] = (edges.top, edges.bottom)
        }
        let boxless = edges.start.isEmpty && edges.end.isEmpty && edges.top == 0 && edges.bottom == 0
            && (properties["background-color"].map { Self.isInitialBackground("background-color", $0) } ?? true)
            && !isRelative
        if boxless { boxlessInlines.insert(id.index) }
        // Chromium's box of an inline element that draws none of its own holds a child's border
        // and padding when the child sits on its content area (same font size), where a relative
        // offset moved the child too, and what a boxless child of its took so; a child of
        // another size, raised, or with margins leaves it as it is (measured).
        let hasMargins = (edges.start + edges.end).contains { $0.1 == .margin }
        if boxless || edges.top != 0 || edges.bottom != 0 || isRelative, !hasMargins, let parent = ancestors.last,
           boxlessInlines.contains(parent.index), runStyle["font-size"] == parentFontSize,
           properties["vertical-align"].map({ $0.lowercased() == "baseline" }) ?? true {
            framedByChild[id.index] = parent.index
        }
        // The margins outside the element (with its parent's properties: no background), the
        // border and padding inside it.
        let own = runStyle.filter { $0.key == "font-size" || $0.key == "letter-spacing" }
        appendEdge(edges.start.filter { $0.1 == .margin }, end: false, node: id, ancestors: ancestors, own: own, to: &paragraph)
        defer { appendEdge(edges.end.filter { $0.1 == .margin }, end: true, node: id, ancestors: ancestors, own: own, to: &paragraph) }
        // The background and border it paints are its box's (InlineBoxPaint), drawn per line
        // behind the text, not its runs'.
        let boxPaint = box.paint
        if boxPaint != nil { runStyle["background-color"] = nil }
        paragraph.push(style: runStyle, link: link)
        defer { paragraph.pop() }
        let firstPiece = paragraph.pieces.count
        defer { if let boxPaint { paragraph.paintBox(of: id, from: firstPiece, boxPaint) } }
        appendEdge(edges.start.filter { $0.1 == .borderBox }, end: false, node: id, ancestors: ancestors, to: &paragraph)
        defer { appendEdge(edges.end.filter { $0.1 == .borderBox }.reversed(), end: true, node: id, ancestors: ancestors, to: &paragraph) }
        for child in flattenedChildren(of: id) {
            if tree[child.node].kind == .text {
                paragraph.appendText(tree[child.node].text, node: child.node, style: child.carried, ancestors: inner)
                continue
            }
            let childStyle = resolve(child.node)
            let display = try self.display(of: child.node, childStyle)
            if display == .none { continue }
            if childStyle.isOutOfFlow {
                let carried = escapes(childStyle) ? escapingInheritance(of: child.node) : child.carried
                place(try blockBox(child.node, style: childStyle, display: display.blockified, carried: carried), childStyle, in: &outOfFlow)
                continue
            }
            try appendInline(child.node, style: childStyle, carried: child.carried, ancestors: inner, to: &paragraph, outOfFlow: &outOfFlow)
        }
    }

    /// Inline element `id`'s `vertical-align` (`own`) added to the shift of the inline element
    /// around it (`outer`), as ``compoundShift(outer:own:parentFontSize:)`` says; `nil` when
    /// there is nothing to add to or the two do not add.
    private mutating func compoundShift(of id: HTMLTree.NodeID, own: String, within outer: String?) -> String? {
        guard let outer, let parent = tree[id].parent else { return nil }
        return Self.compoundShift(outer: outer, own: own, parentFontSize: computedFontSize(of: parent))
    }

    /// CSS 2.1 §10.8.1: a raised inline element's own `vertical-align` moves it from its
    /// parent's baseline, which is raised already: the parent's shift (`outer`, in px) and the
    /// element's own (px, or `sub`/`super` of the parent's font size, as Chromium shifts them)
    /// added up, in px; `nil` where the two do not add as lengths.
    static func compoundShift(outer: String, own: String, parentFontSize: Double?) -> String? {
        func pixels(_ value: String) -> Double? {
            let word = value.lowercased().filter { $0 != " " }
            if word == "0" { return 0 }
            guard word.hasSuffix("px"), let number = Double(word.dropLast(2)), number.isFinite else { return nil }
            return number
        }
        guard let parentShift = pixels(outer), parentShift != 0 else { return nil }
        let ownShift: Double
        switch own.lowercased().filter({ $0 != " " }) {
        case "baseline": ownShift = 0
        case "super":
            guard let size = parentFontSize else { return nil }
            ownShift = TextContent.superscriptRise(size)
        case "sub":
            guard let size = parentFontSize else { return nil }
            ownShift = -TextContent.subscriptDrop(size)
        default:
            guard let shift = pixels(own) else { return nil }
            ownShift = shift
        }
        return "\(parentShift + ownShift)px"
    }

    /// Element `id`'s computed font size in px, from the root's 16 down through each declared
    /// size (px, pt, keywords, em, %, rem, smaller, larger; a monospace box's 13px base), or `nil`
    /// for a size the builder does not compute (viewport units, `calc()`).
    mutating func computedFontSize(of id: HTMLTree.NodeID) -> Double? {
        var chain: [HTMLTree.NodeID] = []
        var current: HTMLTree.NodeID? = id
        while let node = current {
            chain.append(node)
            current = tree[node].parent
        }
        var size = 16.0, root = 16.0
        for (depth, node) in chain.reversed().enumerated() {
            let style = resolve(node)
            if let monospace = style.monospaceFontSize, let px = Double(monospace.dropLast(2)) {
                size = px
            } else if let declared = style.declared["font-size"] {
                let word = declared.lowercased().filter { $0 != " " }
                if word.hasSuffix("rem"), let n = Double(word.dropLast(3)) {
                    size = root * n
                } else if word.hasSuffix("px"), let n = Double(word.dropLast(2)) {
                    size = n
                } else if word.hasSuffix("pt"), let n = Double(word.dropLast(2)) {
                    size = n * 4 / 3
                } else if let scale = ResolvedStyle.keywordScale(word, parent: nil) {
                    size = 16 * scale
                } else if let factor = ResolvedStyle.relativeFontSizeFactor(word) {
                    size *= factor
                } else {
                    return nil
                }
            }
            guard size.isFinite, size > 0 else { return nil }
            if depth == 0 { root = size }
        }
        return size
    }

    /// Whether a box declares a margin, border, padding or corner radius other than zero.
    static func hasBoxEdges(_ style: ResolvedStyle) -> Bool {
        style.declared.contains { property, value in
            let edge = property.hasPrefix("margin-") || property.hasPrefix("padding-")
                || (property.hasPrefix("border-") && (property.hasSuffix("-width") || property.hasSuffix("-radius")))
            return edge && !isZero(value)
        }
    }

    /// An `inline-block` or `inline-flex` element as an atomic inline box of the paragraph: a
    /// block box (a flex container) of its own, inheriting what the inline elements around it set.
    private mutating func appendAtomicBox(_ id: HTMLTree.NodeID, style: ResolvedStyle, display: CSSDisplay, carried: [String: String],
                                          ancestors: [HTMLTree.NodeID], to paragraph: inout ParagraphBuilder,
                                          outOfFlow: inout [(element: Element, origin: BoxOrigin)]) throws(HTMLError) {
        let inherited = paragraph.currentStyle(carried).filter { PropertyTable.inherited.contains($0.key) }
        if !style.isPositioned { escapingAbsolutes.append(EscapeFrame(box: id, inherited: inherited)) }
        let box: (element: Element, origin: BoxOrigin)
        do {
            box = try blockBox(id, style: style, display: display, carried: inherited)
        } catch {
            if !style.isPositioned { escapingAbsolutes.removeLast() }
            throw error
        }
        // The absolute boxes whose containing block is outside: the paragraph's (or further out).
        for escaped in (style.isPositioned ? nil : escapingAbsolutes.removeLast())?.boxes ?? [] {
            if escapingAbsolutes.last.map({ $0 != nil }) ?? false {
                addEscaping(escaped)
            } else {
                outOfFlow.append(escaped)
            }
        }
        var align = VerticalAlign.baseline
        var declaredAlign = style.declared["vertical-align"]
        // Inside a raised inline element the box moves from that element's raised baseline.
        if let shift = compoundShift(of: id, own: declaredAlign ?? "baseline", within: paragraph.currentStyle(carried)["vertical-align"]) {
            declaredAlign = shift
        }
        if let value = declaredAlign {
            do {
                align = try StyleMemo.run(["verticalAlign": value]).verticalAlign
            } catch {
                warn(id, "vertical-align", error.message)
            }
        }
        paragraph.appendBox(box.element, origin: box.origin, verticalAlign: align, node: id, ancestors: ancestors)
    }

    /// An inline element's start and end edges (CSS 2.1 §10.3.1: its horizontal margins,
    /// borders and paddings take room in the line; physical sides, the start the right one in
    /// right-to-left text), each outermost first, and its vertical border and padding in px
    /// (they reach above and below its text without moving the line).
    private func inlineEdges(_ id: HTMLTree.NodeID, _ style: ResolvedStyle) -> (start: [(StyleLength, InlineEdge)], end: [(StyleLength, InlineEdge)], top: Double, bottom: Double) {
        let declared = style.declared
        func border(_ side: String) -> String? { Self.drawnBorderWidth(side, declared) }
        func edge(_ side: String) -> [(StyleLength, InlineEdge)] {
            var parts: [(StyleLength, InlineEdge)] = []
            for (value, part) in [(declared["margin-\(side)"], InlineEdge.margin), (border(side), .borderBox), (declared["padding-\(side)"], .borderBox)] {
                guard let value, let length = Self.edgeLength(value, negative: part == .margin), length != .points(0) else { continue }
                parts.append((length, part))
            }
            return parts
        }
        func pixels(_ value: String?) -> Double {
            guard let value, let length = Self.edgeLength(value), case .points(let px) = length else { return 0 }
            return px
        }
        let rtl = style.direction == "rtl"
        return (edge(rtl ? "right" : "left"), edge(rtl ? "left" : "right"),
                pixels(border("top")) + pixels(declared["padding-top"]), pixels(border("bottom")) + pixels(declared["padding-bottom"]))
    }

    /// What inline element `id` paints (its background colour, its border, their corners), read by
    /// the element model; `nil` when it paints nothing. Lengths in px or em (of its font size).
    private mutating func inlinePaint(_ id: HTMLTree.NodeID, _ style: ResolvedStyle,
                                      edges: (start: [(StyleLength, InlineEdge)], end: [(StyleLength, InlineEdge)], top: Double, bottom: Double)) -> InlineBoxPaint? {
        let declared = style.declared
        let sides = ["top", "right", "bottom", "left"]
        let background = declared["background-color"].flatMap { Self.isInitialBackground("background-color", $0) ? nil : $0 }
        let bordered = sides.contains { Self.drawnBorderWidth($0, declared).map { !Self.isZero($0) } ?? false }
        guard background != nil || bordered else { return nil }
        var properties: [String: String] = [:]
        if let background { properties["backgroundColor"] = background }
        for (side, name) in zip(sides, ["Top", "Right", "Bottom", "Left"]) {
            properties["border\(name)Style"] = declared["border-\(side)-style"]
            properties["border\(name)Color"] = declared["border-\(side)-color"]
        }
        for (corner, name) in [("top-left", "TopLeft"), ("top-right", "TopRight"), ("bottom-right", "BottomRight"), ("bottom-left", "BottomLeft")] {
            properties["border\(name)Radius"] = declared["border-\(corner)-radius"]
        }
        // A value the model refuses is reported and left out, as a block's is (readModel).
        guard let read = readModelDroppingRefused(id, &properties)?.1 else { return nil }
        let fontSize = computedFontSize(of: id) ?? 16
        func points(_ length: StyleLength?) -> Double {
            switch length {
            case .points(let v)?: return max(0, v)
            case .em(let v)?: return max(0, v * fontSize)
            default: return 0
            }
        }
        func width(_ side: String) -> Double { points(Self.drawnBorderWidth(side, declared).flatMap { Self.edgeLength($0) }) }
        let border = [read.border.top, read.border.right, read.border.bottom, read.border.left]
        let radius = read.borderRadius
        let corners = [radius.topLeft, radius.topRight, radius.bottomRight, radius.bottomLeft]
        return InlineBoxPaint(
            runs: 0..<0, ownRuns: [], background: read.background,
            borderWidths: sides.map(width),
            borderColors: border.map { side in if case .color(let color) = side.color { color } else { nil } },
            borderStyles: border.map(\.style.rawValue),
            radii: corners.map { points($0.horizontal) } + corners.map { points($0.vertical) },
            outsetTop: edges.top, outsetBottom: edges.bottom)
    }

    /// The declared width of border `side` (`top`, `right`…) where its style draws one (not
    /// `none` or `hidden`), `medium` when only the style is declared; `nil` where none is drawn.
    static func drawnBorderWidth(_ side: String, _ declared: [String: String]) -> String? {
        guard let line = declared["border-\(side)-style"]?.lowercased(), line != "none", line != "hidden" else { return nil }
        return declared["border-\(side)-width"] ?? "medium"
    }

    /// A length of an inline element's edge: px or em (or a border keyword); `nil` for others
    /// (percentages, calc()), which are not laid out (reported by ``runProperties(_:_:)``).
    static func edgeLength(_ value: String, negative: Bool = false) -> StyleLength? {
        let v = value.trimmingCharacters(in: " ").lowercased()
        switch v {
        case "0", "auto": return .points(0)
        case "thin": return .points(1)
        case "medium": return .points(3)
        case "thick": return .points(5)
        default: break
        }
        for (unit, make) in [("px", { StyleLength.points($0) }), ("em", { StyleLength.em($0) })] as [(String, (Double) -> StyleLength)] where v.hasSuffix(unit) {
            guard let number = Double(v.dropLast(unit.count)), number.isFinite, abs(number) < 1e6 else { return nil }
            return make(negative ? number : max(0, number))
        }
        return nil
    }

    private func appendEdge(_ parts: [(StyleLength, InlineEdge)], end: Bool, node: HTMLTree.NodeID, ancestors: [HTMLTree.NodeID],
                            own: [String: String] = [:], to paragraph: inout ParagraphBuilder) {
        for (length, part) in parts { paragraph.appendSpacing(length, edge: part, end: end, node: node, ancestors: ancestors, own: own) }
    }

    /// The properties of inline element `id` a run takes: the inherited text properties, the
    /// decoration it draws on its text, its background colour; the rest is reported.
    private mutating func runProperties(_ id: HTMLTree.NodeID, _ style: ResolvedStyle) -> [String: String] {
        var properties: [String: String] = [:]
        for (property, value) in style.declared.sorted(by: { $0.key < $1.key }) {  // sorted: warnings in a stable order
            if PropertyTable.inherited.contains(property) || property.hasPrefix("text-decoration") || property == "background-color"
                || property == "vertical-align" || property == "width" || property == "height" {
                if PropertyTable.builderProperties.contains(property) && property != "vertical-align" { continue }
                properties[property] = value
                continue
            }
            // What CSS draws on an inline box that a run does not (yet); the rest does not apply
            // to inline boxes at all (CSS 2.1 §10.3.1, §10.6.1), so ignoring it is what a browser does.
            if Self.drawnOnInlineBoxes(property), !Self.isZero(value) {
                // Edges in px or em take their room (inlineEdges) and borders and corners in px
                // or em are drawn (inlinePaint).
                let isEdge = property.hasPrefix("padding") || property == "margin-left" || property == "margin-right"
                    || (property.hasPrefix("border") && property.hasSuffix("width"))
                let isRadius = property.hasPrefix("border") && property.hasSuffix("radius")
                if isRadius, !value.contains("%") { continue }
                if !isEdge || Self.edgeLength(value) == nil {
                    warn(id, property, "not drawn on an inline element by the HTML path so far")
                }
            }
        }
        if let size = style.monospaceFontSize { properties["font-size"] = size }
        if let family = fontFamily(id, style, declared: properties["font-family"]) { properties["font-family"] = family }
        // A percentage or em line height computes to a length here: the inline elements inside
        // inherit the length, not the factor (a `<small>` in a `line-height: 150%` span).
        if let height = properties["line-height"], let factor = Self.fontRelativeFactor(height), let size = computedFontSize(of: id) {
            properties["line-height"] = "\(size * factor)px"
        }
        return properties
    }

    /// The factor of the font size a `line-height` of `%` or `em` is (`150%`: 1.5), else `nil`.
    static func fontRelativeFactor(_ value: String) -> Double? {
        let word = value.lowercased().filter { $0 != " " }
        if word.hasSuffix("%"), let n = Double(word.dropLast()), n.isFinite { return n / 100 }
        if word.hasSuffix("em"), !word.hasSuffix("rem"), let n = Double(word.dropLast(2)), n.isFinite { return n }
        return nil
    }

    /// CSS 2.1 §9.4.3 for an inline element: its text drawn `left` (else minus `right`) and
    /// `top` (else minus `bottom`) from where it is laid out, added to what its inline ancestors
    /// moved (the run's `left` and `top`); px only, anything else is reported and ignored.
    private mutating func moveRelatively(_ id: HTMLTree.NodeID, _ style: ResolvedStyle, runStyle: inout [String: String]) {
        func pixels(_ property: String) -> Double? {
            guard let value = style.declared[property]?.lowercased().filter({ $0 != " " }), value != "auto" else { return nil }
            if value == "0" { return 0 }
            guard value.hasSuffix("px"), let number = Double(value.dropLast(2)), number.isFinite else {
                warn(id, property, "an inline element is moved by px only by the HTML path so far")
                return nil
            }
            return number
        }
        func current(_ key: String) -> Double { runStyle[key].flatMap { Double($0.dropLast(2)) } ?? 0 }
        let dx = pixels("left") ?? pixels("right").map { -$0 } ?? 0
        let dy = pixels("top") ?? pixels("bottom").map { -$0 } ?? 0
        if dx != 0 { runStyle["left"] = "\(current("left") + dx)px" }
        if dy != 0 { runStyle["top"] = "\(current("top") + dy)px" }
    }

    /// Whether `id`'s box is a flex item: its parent, past `display: contents` ones, is a flex container.
    private mutating func isFlexItem(_ id: HTMLTree.NodeID) -> Bool {
        var parent = tree[id].parent
        while let current = parent {
            guard let display = resolve(current).display.known else { return false }
            if display != .contents { return display.isFlexContainer }
            parent = tree[current].parent
        }
        return false
    }

    /// The `font-family` an element's box gets: the one it declares, or, where its language
    /// differs from its parent's, the one it inherits, each generic family mapped
    /// (``mapGenericFamilies(_:language:)``); `nil` when it inherits its parent's as it is.
    private mutating func fontFamily(_ id: HTMLTree.NodeID, _ style: ResolvedStyle, declared: String?) -> String? {
        let parent = tree[id].parent.map { resolve($0) }
        guard let family = declared ?? (parent == nil || style.language != parent?.language ? style.fontFamily : nil) else { return nil }
        if declared == nil, style.hasStandardFont {
            // The standard font: `serif`, or the language's default font (Japanese: Noto Sans CJK JP).
            let standard = mapGenericFamilies(family)
            guard let language = Self.cjkLanguage(style.language), let own = languageFamily("", language) else { return standard }
            return "\"\(own)\", \(standard)"
        }
        return mapGenericFamilies(family, language: style.language)
    }

    /// A `font-family` list with each generic family preceded by the family it stands for: for
    /// a Japanese `lang`, the family fontconfig gives the generic in Japanese, as Chromium
    /// chooses a generic family's font for the script (`monospace`: Noto Sans Mono CJK JP);
    /// then ``HTMLOptions/genericFamilies`` (`sans-serif` → `"Arial", sans-serif`).
    mutating func mapGenericFamilies(_ value: String, language: String = "") -> String {
        let script = Self.cjkLanguage(language)
        guard !genericFamilies.isEmpty || script != nil else { return value }
        var items: [String] = []
        var current = ""
        var quote: Character?
        for character in value {
            if let q = quote {
                current.append(character)
                if character == q { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
                current.append(character)
            } else if character == "," {
                items.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        items.append(current)
        return items.map { item in
            let name = item.trimmingCharacters(in: " \t\n")
            var mapped = name
            if let family = genericFamilies[name.lowercased()] { mapped = "\"\(family)\", \(name)" }
            if let script, let family = languageFamily(name.lowercased(), script) { mapped = "\"\(family)\", \(mapped)" }
            return mapped
        }.joined(separator: ", ")
    }

    /// The fontconfig language of a `lang` tag whose generic families have fonts of their own
    /// in Chromium: Japanese only (measured: `ja`, `ja-JP`; Korean and Chinese, simplified or
    /// traditional, keep the common generic fonts), else `nil`.
    static func cjkLanguage(_ tag: String) -> String? {
        tag.lowercased().split(separator: "-").first == "ja" ? "ja" : nil
    }

    /// The family fontconfig gives generic family `generic` (empty: the default font) in
    /// `language`, when that differs from the one it gives in English (memoized per card).
    private mutating func languageFamily(_ generic: String, _ language: String) -> String? {
        guard ["", "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui"].contains(generic) else { return nil }
        let key = generic + "|" + language
        if let known = languageFamilies[key] { return known }
        var family = FontRegistry.family(forGeneric: generic, language: language)
        if family == FontRegistry.family(forGeneric: generic, language: "en") { family = nil }
        languageFamilies[key] = family
        return family
    }

    /// Properties that apply to an inline box and change how it is drawn.
    static func drawnOnInlineBoxes(_ property: String) -> Bool {
        if property.hasPrefix("padding") || property == "margin-left" || property == "margin-right" { return true }
        if property.hasPrefix("border") && (property.hasSuffix("width") || property.hasSuffix("radius")) { return true }
        return ["box-shadow", "opacity", "background-image", "outline-style", "filter", "mix-blend-mode", "clip-path"].contains(property)
    }

    /// An `<img>` as an image run of the paragraph.
    private mutating func appendImageRun(_ id: HTMLTree.NodeID, style: ResolvedStyle, runStyle: [String: String],
                                         ancestors: [HTMLTree.NodeID], to paragraph: inout ParagraphBuilder) {
        var properties = runStyle
        presentationalSize(id, into: &properties)
        let source = imageSource(id)
        var run: StyleDictionary.RunStyle
        do {
            run = try StyleDictionary.run(Self.camelCased(properties.filter { ["width", "height", "vertical-align"].contains($0.key) }))
        } catch {
            warn(id, PropertyTable.kebabCase(error.property), error.message)
            run = StyleDictionary.RunStyle.plain
        }
        guard let source else {
            paragraph.appendBreakless(node: id, ancestors: ancestors)
            return
        }
        if run.width == nil || run.height == nil {
            // CSS 2.1 §10.3.2, §10.6.2: a side not given is the picture's own, or follows the
            // given one by its ratio; a named picture's size is the host loader's, unknown here.
            if case .encoded(let bytes) = source, let info = try? ImageDecoder.info(of: bytes), info.displayWidth > 0, info.displayHeight > 0 {
                let w = Double(info.displayWidth), h = Double(info.displayHeight)
                switch (run.width, run.height) {
                case (nil, nil): (run.width, run.height) = (.points(w), .points(h))
                case (let width?, nil): if case .points(let given) = width { run.height = .points(given * h / w) }
                case (nil, let height?): if case .points(let given) = height { run.width = .points(given * w / h) }
                default: break
                }
            }
            if run.width == nil && run.height == nil {
                warn(id, "width", "an inline image without a width or height, whose size is not known here, is drawn 1em square by the HTML path")
            }
        }
        let image = InlineImage(source, width: run.width, height: run.height, verticalAlign: run.verticalAlign, placeholder: ImagePlaceholder.none)
        paragraph.appendImage(image, style: runStyle, node: id, ancestors: ancestors)
    }

    /// An anonymous block box holding a paragraph.
    private mutating func anonymousParagraph(_ paragraph: ParagraphBuilder) -> (element: Element, origin: BoxOrigin) {
        let made = makeRuns(paragraph, firstChild: 0)
        return (Element(.text(Self.paragraph(made.runs, boxes: paragraph.inlineBoxes)), layout: Self.anonymousBlockLayout, children: made.boxes.map(\.element)),
                BoxOrigin(node: nil, children: made.boxes.map(\.origin), runs: paragraph.origins))
    }

    /// The runs of a paragraph: each piece's properties read by the element model (once per
    /// distinct set), a line break as U+2028; and its atomic inline boxes, the paragraph's
    /// children from index `firstChild` on.
    private mutating func makeRuns(_ paragraph: ParagraphBuilder, firstChild: Int) -> (runs: [InlineRun], boxes: [(element: Element, origin: BoxOrigin)]) {
        var boxes: [(element: Element, origin: BoxOrigin)] = []
        var runs: [InlineRun] = []
        runs.reserveCapacity(paragraph.pieces.count)
        for (piece, origin) in zip(paragraph.pieces, paragraph.origins) {
            let owner = origin.inlineAncestors.last ?? origin.node
            switch piece {
            case .text(let text, let style, let link, let enclosing):
                let run = textRunStyle(style, owner: owner)
                var textRun = InlineRun(text, style: run.text, backgroundColor: run.background, link: link, verticalAlign: run.verticalAlign)
                // Each inline element around the run adds its box to the run's lines (CSS 2.1
                // §10.8): its font and line height, when the run and it sit on the baseline.
                if !enclosing.isEmpty, run.verticalAlign == .baseline {
                    textRun.enclosingStyles = enclosing.compactMap { outer in
                        let read = textRunStyle(outer, owner: owner)
                        return read.verticalAlign == .baseline ? read.text : nil
                    }
                }
                (textRun.paddingTop, textRun.paddingBottom) = (run.paddingTop, run.paddingBottom)
                (textRun.left, textRun.top) = (run.left, run.top)
                runs.append(textRun)
            case .lineBreak(let style, let link):
                let run = textRunStyle(style, owner: owner)
                runs.append(InlineRun("\u{2028}", style: run.text, backgroundColor: run.background, link: link))
            case .image(let image, let around, let link):
                runs.append(self.keeping(InlineRun(image: image, link: link), around, owner: owner))
            case .spacing(let width, let style, let link, let end):
                let run = textRunStyle(style, owner: owner)
                var spacing = InlineRun(spacing: width, link: link)
                spacing.style = run.text
                spacing.endsAnElement = end
                runs.append(spacing)
            case .box(let element, let origin, let align, let around, let link):
                runs.append(self.keeping(InlineRun(box: InlineBox(child: firstChild + boxes.count, verticalAlign: align), link: link), around, owner: owner))
                boxes.append((element, origin))
            }
        }
        return (runs, boxes)
    }

    /// `run` drawn moved by the relative offsets (`left`, `top`) of the inline elements around it,
    /// and kept whole with its neighbours inside a `nowrap` one (``ParagraphBuilder/atomicRunProperties(_:)``).
    private mutating func keeping(_ run: InlineRun, _ around: [String: String], owner: HTMLTree.NodeID) -> InlineRun {
        guard !around.isEmpty else { return run }
        var run = run
        let read = textRunStyle(around, owner: owner)
        (run.left, run.top) = (read.left, read.top)
        if let whiteSpace = read.text.whiteSpace { run.style.whiteSpace = whiteSpace }
        return run
    }

    /// The run style of a text piece's properties, read once per distinct set; a value the model
    /// refuses is dropped with a warning on `owner`.
    private mutating func textRunStyle(_ style: [String: String], owner: HTMLTree.NodeID) -> StyleDictionary.RunStyle {
        if let known = runStyles[style] { return known }
        var properties = style.filter { $0.key != "width" && $0.key != "height" }
        if let align = style["vertical-align"]?.lowercased().trimmingCharacters(in: " "), ["top", "bottom"].contains(align) {
            warn(owner, "vertical-align", "\(align) on text is drawn as text-\(align) (against the paragraph's font, not the line box)")
        }
        var camel = Self.camelCased(properties)
        for _ in 0..<8 {
            do {
                let run = try StyleMemo.run(camel)
                runStyles[style] = run
                return run
            } catch {
                warn(owner, PropertyTable.kebabCase(error.property), error.message)
                guard camel.removeValue(forKey: error.property) != nil else { break }
            }
        }
        properties = [:]
        let plain = StyleDictionary.RunStyle.plain
        runStyles[style] = plain
        return plain
    }

    // MARK: Replaced elements

    private mutating func imageElement(_ id: HTMLTree.NodeID, properties: inout [String: String]) -> Element {
        let (layout, paint) = readModel(id, &properties)
        guard let source = imageSource(id) else { return Element(.view, layout: layout, style: paint) }
        return Element(.image(ImageContent(source, contentMode: .scaleToFill, placeholder: ImagePlaceholder.none)), layout: layout, style: paint)
    }

    private mutating func svgElement(_ id: HTMLTree.NodeID, markup: String, properties: inout [String: String]) -> Element {
        let (layout, paint) = readModel(id, &properties)
        return Element(.image(ImageContent(.encoded(Array(markup.utf8)), contentMode: .scaleToFill, placeholder: ImagePlaceholder.none)),
                       layout: layout, style: paint)
    }

    /// The picture `<img src>` names; `nil` (with a warning) without a usable `src`.
    private mutating func imageSource(_ id: HTMLTree.NodeID) -> ImageSource? {
        if tree[id].name == "svg" { return tree.svgMarkup[id].map { .encoded(Array($0.utf8)) } }
        guard let src = tree[id].attribute("src")?.trimmingCharacters(in: " \t\n\r\u{0C}"), !src.isEmpty else {
            warn(id, "src", "an image without a source draws nothing")
            return nil
        }
        do {
            return try StyleDictionary.imageSource(url: src)
        } catch {
            warn(id, "src", error.message)
            return nil
        }
    }

    /// `width` and `height` attributes as CSS pixels where CSS sets no size (HTML's presentational hints).
    private func presentationalSize(_ id: HTMLTree.NodeID, into properties: inout [String: String]) {
        for name in ["width", "height"] where properties[name] == nil {
            guard let value = tree[id].attribute(name)?.trimmingCharacters(in: " \t\n\r"), let number = Double(value), number.isFinite, number >= 0 else { continue }
            properties[name] = "\(number)px"
        }
    }

    // MARK: The element model's properties

    /// The element-model properties (camelCase) of a block-level box.
    private mutating func modelProperties(_ id: HTMLTree.NodeID, _ style: ResolvedStyle, display: CSSDisplay, carried: [String: String]) -> [String: String] {
        var declared = carried.isEmpty ? style.declared : carried.merging(style.declared) { _, own in own }
        // A relative font size is of the size carried in (the inline element around an inline
        // block, a `display: contents` ancestor's), not of the box's parent in the element tree.
        if let outer = carried["font-size"], let own = style.declared["font-size"] { declared["font-size"] = ParagraphBuilder.fontSize(own, within: outer) }
        if tree[id].name == "img" || tree[id].name == "svg" { presentationalSize(id, into: &declared) }
        if let size = style.monospaceFontSize { declared["font-size"] = size }
        if let family = fontFamily(id, style, declared: declared["font-family"]) { declared["font-family"] = family }
        // `order` places flex items only; a block's children stay in document order.
        if declared["order"] != nil, !isFlexItem(id) { declared["order"] = nil }
        if style.hasFlowRelativeSides { Self.resolveLogicalProperties(&declared, rightToLeft: style.direction == "rtl") }
        var properties: [String: String] = [:]
        properties.reserveCapacity(declared.count + 3)
        var unsupported: [String] = []
        for (property, value) in declared {
            if PropertyTable.builderProperties.contains(property) { continue }
            guard let name = PropertyTable.modelName(property) else {
                if let harmless = PropertyTable.harmlessValues[property], harmless.isEmpty || harmless.contains(value.lowercased()) { continue }
                unsupported.append(property)
                continue
            }
            properties[name] = value
        }
        for property in unsupported.sorted() {  // sorted: warnings in a stable order
            warn(id, property, "not supported by the HTML path: ignored")
        }
        switch display {
        case .flex, .inlineFlex: properties["display"] = "flex"
        case .none: properties["display"] = "none"
        case .flowRoot, .inlineBlock: properties["display"] = "flow-root"
        // The root element is a block formatting context: its children's margins stay inside it.
        default: properties["display"] = tree[id].parent == nil ? "flow-root" : "block"
        }
        if properties["position"] == nil || properties["position"] == "static" { properties["position"] = "static" }
        if properties["position"] == "fixed" { properties["position"] = "absolute" }
        if properties["position"] == "sticky" { properties["position"] = "relative" }
        if properties["boxSizing"] == nil { properties["boxSizing"] = "content-box" }
        let overflow = [declared["overflow-x"], declared["overflow-y"]].compactMap { $0?.lowercased() }
        if overflow.contains(where: { $0 != "visible" }) { properties["overflow"] = "hidden" }
        // Chromium's clamp, which still lays out and draws the lines past it (Chromium knows no `continue`).
        properties["continue"] = nil
        if display == .webkitBox, let clamp = declared["-webkit-line-clamp"] {
            properties["WebkitLineClamp"] = clamp
            properties["continue"] = "-webkit-legacy"
        } else {
            properties["WebkitLineClamp"] = nil
        }
        properties["lineClamp"] = nil
        // z-index orders positioned boxes; in-flow static boxes paint below positioned ones.
        let positioned = properties["position"] != "static"
        if let z = properties["zIndex"], positioned {
            if z.lowercased() == "auto" { properties["zIndex"] = "1" } else if let value = Int(z) { properties["zIndex"] = String(value > 0 || value == 0 ? value + 1 : value) }
        } else {
            properties["zIndex"] = positioned ? "1" : nil
        }
        return properties
    }

    /// A block-level box's model properties and their reading (``modelProperties(_:_:display:carried:)``,
    /// ``readModel(_:_:)``), found in ``StyleMemo`` by the box's resolved style when it has a
    /// number and nothing is carried into it.
    private mutating func readBox(_ id: HTMLTree.NodeID, style: ResolvedStyle, display: CSSDisplay,
                                  carried: [String: String]) -> (properties: [String: String], layout: FlexStyle, paint: ElementStyle) {
        // The marker is placed against the item's padding box: the item is its containing block.
        let isListItemBox = display == .listItem && (tree[id].name == "li" || style.listStyleType != "none")
        var key: StyleMemo.BoxKey?
        if carried.isEmpty, let own = style.memoID, Self.cjkLanguage(style.language) == nil {
            let parent = tree[id].parent.map { resolve($0) }
            key = StyleMemo.BoxKey(style: own, display: display, isRoot: parent == nil, isFlexItem: isFlexItem(id), isListItemBox: isListItemBox,
                                   languageChanged: parent.map { $0.language != style.language } ?? true, families: familiesSerial)
        }
        let read = memoized(StyleMemo.boxReadings, key, id) { builder in
            var properties = builder.modelProperties(id, style, display: display, carried: carried)
            if isListItemBox, properties["position"] == "static" { properties["position"] = "relative" }
            let (layout, paint) = builder.readModel(id, &properties)
            return StyleMemo.BoxReading(properties: properties, layout: layout, style: paint)
        }
        return (read.properties, read.layout, read.style)
    }

    /// The key of element `id`'s readings that its resolved style decides alone: `nil` where the
    /// style has no number, or a Japanese `lang` asks fontconfig for its generic families.
    private func readingKey(_ style: ResolvedStyle) -> StyleMemo.ReadingKey? {
        guard let own = style.memoID, Self.cjkLanguage(style.language) == nil else { return nil }
        return StyleMemo.ReadingKey(style: own, families: familiesSerial)
    }

    /// `read`'s answer for element `id`, kept in `table` under `key` (read afresh without one);
    /// the warnings it gave are given again, at `id`'s path, when it is found there.
    private mutating func memoized<Key, Value>(_ table: StyleMemo.ReadingTable<Key, Value>, _ key: Key?, _ id: HTMLTree.NodeID,
                                               _ read: (inout BoxBuilder) -> Value) -> Value {
        guard let key else { return read(&self) }
        if let known = table.reading(key) {
            for warning in known.warnings { warn(id, warning.property, warning.reason) }
            return known.value
        }
        let before = warnings.count
        let value = read(&self)
        table.keep(value, warnings: warnings[before...].map { (property: $0.property, reason: $0.reason) }, for: key)
        return value
    }

    /// Reads the model's layout and paint from `properties`, dropping (with a warning) any value
    /// the model refuses in combination.
    private mutating func readModel(_ id: HTMLTree.NodeID, _ properties: inout [String: String]) -> (FlexStyle, ElementStyle) {
        readModelDroppingRefused(id, &properties) ?? (Self.anonymousBlockLayout, ElementStyle())
    }

    /// The model's layout and paint of `properties`, each value it refuses dropped with a
    /// warning on `id` (at most eight); `nil` when it still refuses them.
    private mutating func readModelDroppingRefused(_ id: HTMLTree.NodeID, _ properties: inout [String: String]) -> (FlexStyle, ElementStyle)? {
        for _ in 0..<8 {
            do {
                return try StyleMemo.box(properties)
            } catch {
                warn(id, PropertyTable.kebabCase(error.property), error.message)
                guard properties.removeValue(forKey: error.property) != nil else { break }
            }
        }
        return nil
    }

    /// Flow-relative margins, paddings and insets (`padding-inline-start`) as the physical side
    /// they name in this direction, unless that side is declared itself: the user-agent sheet's
    /// `padding-inline-start` of a list gives way to an author's `padding: 0`.
    static func resolveLogicalProperties(_ declared: inout [String: String], rightToLeft: Bool) {
        for (logical, physical, rtlPhysical) in logicalSides {
            guard let value = declared.removeValue(forKey: logical) else { continue }
            let side = rightToLeft ? rtlPhysical : physical
            if declared[side] == nil { declared[side] = value }
        }
    }

    /// Each flow-relative margin, padding and inset, and the physical side it names left to
    /// right and right to left (horizontal writing mode).
    private static let logicalSides: [(logical: String, physical: String, rightToLeft: String)] = {
        var sides: [(String, String, String)] = []
        for prefix in ["margin", "padding", "inset"] {
            let side = { (physical: String) in prefix == "inset" ? physical : "\(prefix)-\(physical)" }
            sides += [("\(prefix)-inline-start", side("left"), side("right")), ("\(prefix)-inline-end", side("right"), side("left")),
                      ("\(prefix)-block-start", side("top"), side("top")), ("\(prefix)-block-end", side("bottom"), side("bottom"))]
        }
        return sides
    }()

    /// A paragraph of `runs` whose layout records where each run lies (for ``HTMLCard/frames(in:)``).
    static func paragraph(_ runs: [InlineRun], boxes: [InlineBoxPaint] = []) -> TextContent {
        var content = TextContent(runs: runs)
        content.recordsRunAreas = true
        content.inlineBoxes = boxes
        return content
    }

    /// An anonymous block box's layout: `display: block`, `position: static`.
    static let anonymousBlockLayout: FlexStyle = {
        var properties = ["display": "block", "position": "static"]
        if (try? StyleDictionary.element(properties)) == nil { properties["display"] = nil }
        return (try? StyleDictionary.element(properties).layout) ?? FlexStyle()
    }()

    static func camelCased(_ properties: [String: String]) -> [String: String] {
        var out: [String: String] = [:]
        for (property, value) in properties {
            guard let name = PropertyTable.modelName(property) ?? (property == "vertical-align" ? "verticalAlign" : nil) else { continue }
            out[name] = value
        }
        return out
    }

    static func isZero(_ value: String) -> Bool {
        let trimmed = value.trimmingCharacters(in: " ")
        return ["0", "0px", "none", "normal", "auto", "0 0", "0px 0px", "1", "medium"].contains(trimmed.lowercased())
    }

    // MARK: Lists

    /// The outside marker of list item `id` (CSS Lists 3): an absolutely placed text ending at
    /// the item's content edge, on its first line's baseline (``TextContent/isOutsideMarker``);
    /// an inside one is the first piece of the item's paragraph (``ParagraphBuilder/appendMarker(_:type:node:)``).
    private mutating func listMarker(for id: HTMLTree.NodeID, style: ResolvedStyle, properties: [String: String], carried: [String: String]) -> Element? {
        guard let text = ListMarker.text(style.listStyleType, ordinal: ordinal(of: id)) else { return nil }
        // Its box depends on the item's style alone (its properties too when nothing is carried in).
        let read = memoized(StyleMemo.markers, carried.isEmpty ? readingKey(style) : nil, id) { $0.markerBox(style: style, properties: properties) }
        guard let read else { return nil }
        var content = TextContent(runs: [InlineRun(text)])
        content.isOutsideMarker = true
        return Element(.text(content), layout: read.layout, style: read.style)
    }

    /// The layout and paint of an outside marker of an item of `style` and `properties`.
    private func markerBox(style: ResolvedStyle, properties: [String: String]) -> StyleMemo.Box? {
        let rtl = style.direction == "rtl"
        let paddingStart = properties[rtl ? "paddingRight" : "paddingLeft"] ?? "0px"
        var marker: [String: String] = [
            "display": "block", "position": "absolute", "whiteSpace": "pre",
            "top": properties["paddingTop"] ?? "0px",
            (rtl ? "left" : "right"): "calc(100% - \(paddingStart))",
        ]
        if let size = style.monospaceFontSize { marker["fontSize"] = size }
        let layout: FlexStyle
        let paint: ElementStyle
        do {
            (layout, paint) = try StyleMemo.box(marker)
        } catch {
            marker["right"] = nil
            marker["left"] = nil
            marker[rtl ? "left" : "right"] = "100%"
            guard let read = try? StyleMemo.box(marker) else { return nil }
            (layout, paint) = read
        }
        return StyleMemo.Box(layout: layout, style: paint)
    }

    /// The ordinal of list item `id`: its place among its parent's list items, from the list's
    /// `start` (or counting down under `reversed`), or its own `value`.
    private mutating func ordinal(of id: HTMLTree.NodeID) -> Int {
        guard let parent = tree[id].parent else { return 1 }
        let list = tree[parent]
        let items = tree.elementChildren(of: parent).filter { resolve($0).display.known == .listItem }
        let reversed = list.attribute("reversed") != nil
        var value = Int(list.attribute("start") ?? "") ?? (reversed ? items.count : 1)
        for item in items {
            if let own = tree[item].attribute("value").flatMap({ Int($0) }) { value = own }
            if item == id { return value }
            value += reversed ? -1 : 1
        }
        return value
    }

    // MARK: Warnings

    mutating func warn(_ id: HTMLTree.NodeID, _ property: String, _ reason: String) {
        warnings.append(StyleWarning(path: path(of: id), property: property, reason: reason))
    }

    /// `html > body > div:nth-child(2)`: the element's path, as a selector.
    func path(of id: HTMLTree.NodeID) -> String {
        var parts: [String] = []
        var current: HTMLTree.NodeID? = id
        while let node = current {
            let n = tree[node]
            let siblings = n.parent.map { tree[$0].elementChildCount } ?? 1
            parts.append(siblings > 1 ? "\(n.name):nth-child(\(n.elementIndex))" : n.name)
            current = n.parent
        }
        return parts.reversed().joined(separator: " > ")
    }
}

extension PropertyTable {
    /// `marginTop` → `margin-top` (for warnings about a model property).
    static func kebabCase(_ name: String) -> String {
        var out = ""
        for character in name {
            if character.isUppercase {
                out += "-" + character.lowercased()
            } else {
                out.append(character)
            }
        }
        return out
    }
}
