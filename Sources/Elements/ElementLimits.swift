public import Canvas

/// Bounds checked before a tree is decoded, laid out or drawn, so that hostile or mistaken input
/// fails with an ``ElementError`` instead of exhausting the stack, the memory or the time.
public struct ElementLimits: Hashable, Sendable {
    /// The most elements in a tree. ``ElementDocument/decode(_:options:)`` stops at the first
    /// element over it, before materializing the rest.
    public var maxNodes: Int
    /// The deepest element nesting (the root is depth 1). Values above
    /// ``Element/maxSupportedDepth`` act as that depth.
    public var maxDepth: Int
    /// The most UTF-8 bytes of text in a tree, all texts together.
    public var maxTextUTF8Bytes: Int
    /// The most bytes of encoded images embedded in a tree, all together.
    public var maxEncodedImageBytes: Int
    /// The largest JSON document read, in bytes.
    public var maxDocumentBytes: Int
    /// The largest output bitmap, and the largest decoded image.
    public var pixels: PixelLimits
    /// The longest a whole render (layout, image loading, drawing) may take; `nil`: no limit.
    /// Checked between elements and while images load.
    public var maxRenderDuration: Duration?

    /// Creates limits; the defaults suit cards and feed cells.
    public init(
        maxNodes: Int = 10_000,
        maxDepth: Int = 64,
        maxTextUTF8Bytes: Int = 256 * 1024,
        maxEncodedImageBytes: Int = 32 * 1024 * 1024,
        maxDocumentBytes: Int = 64 * 1024 * 1024,
        pixels: PixelLimits = PixelLimits(maxPixelCount: 16_000_000),
        maxRenderDuration: Duration? = .seconds(10)
    ) {
        self.maxNodes = maxNodes
        self.maxDepth = maxDepth
        self.maxTextUTF8Bytes = maxTextUTF8Bytes
        self.maxEncodedImageBytes = maxEncodedImageBytes
        self.maxDocumentBytes = maxDocumentBytes
        self.pixels = pixels
        self.maxRenderDuration = maxRenderDuration
    }

    /// The defaults.
    public static let `default` = ElementLimits()

    /// Checks node count, depth, total text and total embedded image bytes, without recursion,
    /// and that every number in the tree is usable (finite, sizes not negative, opacity in 0...1).
    ///
    /// - Throws: ``ElementError/tooManyNodes(count:limit:)``, ``ElementError/tooDeep(depth:limit:)``,
    ///   ``ElementError/textTooLong(utf8Bytes:limit:)``, ``ElementError/imagesTooLarge(bytes:limit:)``,
    ///   ``ElementError/invalidLayout(_:)`` naming the value by its path (`root.children[2].layout.width`).
    public func check(_ root: Element) throws(ElementError) {
        // Each visited element's parent and place among its siblings, to name it in an error.
        var links: [(parent: Int, index: Int)?] = []
        var nodes = 0, textBytes = 0, imageBytes = 0
        func visit(_ element: Element, depth: Int, link: (parent: Int, index: Int)?) throws(ElementError) {
            nodes += 1
            guard nodes <= maxNodes else { throw .tooManyNodes(count: nodes, limit: maxNodes) }
            guard depth <= enforcedMaxDepth else { throw .tooDeep(depth: depth, limit: enforcedMaxDepth) }
            let position = nodes - 1
            links.append(link)
            try ElementValidation.check(element) { ElementPath.name(of: position, links: links) }
            switch element.kind {
            case .text(let content):
                textBytes += content.utf8Count
                guard textBytes <= maxTextUTF8Bytes else { throw .textTooLong(utf8Bytes: textBytes, limit: maxTextUTF8Bytes) }
                // Inline images given as bytes, each time a run uses them (a document's grapheme
                // images put one picture in many runs).
                for run in content.runs {
                    guard case .image(let image) = run.content, case .encoded(let bytes) = image.source else { continue }
                    imageBytes += bytes.count
                    guard imageBytes <= maxEncodedImageBytes else { throw .imagesTooLarge(bytes: imageBytes, limit: maxEncodedImageBytes) }
                }
            case .image(let content):
                if case .encoded(let bytes) = content.source {
                    imageBytes += bytes.count
                    guard imageBytes <= maxEncodedImageBytes else { throw .imagesTooLarge(bytes: imageBytes, limit: maxEncodedImageBytes) }
                }
            default:
                break
            }
        }
        // Pre-order without recursion: a stack of sibling lists being walked (elements are read
        // in place, not copied).
        try visit(root, depth: 1, link: nil)
        var levels: [(siblings: [Element], next: Int, parent: Int)] = []
        if !root.children.isEmpty { levels.append((root.children, 0, 0)) }
        while let top = levels.indices.last {
            let index = levels[top].next
            guard index < levels[top].siblings.count else {
                levels.removeLast()
                continue
            }
            levels[top].next += 1
            let position = nodes, parent = levels[top].parent
            // Through the buffer, so the element is borrowed rather than copied.
            let children = try levels[top].siblings.withUnsafeBufferPointer { (siblings) throws(ElementError) -> [Element] in
                try visit(siblings[index], depth: top + 2, link: (parent, index))
                return siblings[index].children
            }
            if !children.isEmpty { levels.append((children, 0, position)) }
        }
    }
}
