public import Canvas

/// Renders an element tree into one bitmap: layout, then every image loaded and decoded at its
/// display size, then the whole tree drawn into a single context — backgrounds, rounded
/// corners, borders and shadows precomposited there, with no bitmap per element.
///
/// Drawing checks `Task.isCancelled` before each element, so a superseded render stops
/// mid-tree with ``ElementError/cancelled``. Nothing waits on I/O once the context exists.
///
/// A pure stage: it keeps nothing between renders, and a plain renderer loads and decodes its
/// images in tasks on the cooperative pool. The Rendering module's `ElementRenderService` equips
/// it with a cache for texts and images and the render lanes for that work.
public struct ElementRenderer: Sendable {
    /// The limits checked before layout, decoding and drawing.
    public var limits: ElementLimits
    /// The host's loader for named images; `nil` makes a named image an error.
    public var imageLoader: (any ElementImageLoader)?
    /// The fonts texts may use besides the system's and the registered ones: a document's own
    /// faces (``ElementDocument/fonts``) over a service's (see ``/Canvas/FontSet``). `nil`: the
    /// system's and registered fonts only.
    public var fonts: FontSet?
    /// The pictures drawn in place of graphemes (Twemoji-style files, a map); `nil`: every emoji
    /// is drawn by the fonts (Noto Color Emoji). Applied to the tree by ``render(_:size:scale:)``
    /// before layout, after the tree's own map (``ElementDocument/resolvedRoot(limits:)``), so
    /// a grapheme the tree maps keeps the tree's picture. A tree laid out before
    /// (``render(_:layout:scale:)``) is drawn as it was laid out: apply the set before that layout
    /// (``EmojiImages/applied(to:)``). The folder's files load through the image stage.
    public var emojiImages: EmojiImages?
    /// Where measured texts are kept between layouts; `nil`: every layout measures its texts.
    /// The render service sets its cache here (see the Rendering module).
    package var texts: (any TextMeasurementStore)?
    /// Where decoded images are kept and decodes shared; `nil`: every render decodes its images.
    package var images: (any DecodedImageStore)?
    /// The executor image loads and decodes prefer (the render lanes'); `nil`: the cooperative pool.
    package var imageExecutor: (any TaskExecutor)?

    /// Creates a renderer: a pure stage that keeps nothing between renders. A cache, shared
    /// renders and render lanes come with `ElementRenderService` (the Rendering module).
    ///
    /// - Parameters:
    ///   - limits: What a tree may ask for.
    ///   - imageLoader: Resolves named images.
    ///   - fonts: The fonts texts may use besides the system's.
    ///   - emojiImages: Pictures drawn in place of graphemes; `nil`: the fonts draw them.
    public init(limits: ElementLimits = .default, imageLoader: (any ElementImageLoader)? = nil, fonts: FontSet? = nil,
                emojiImages: EmojiImages? = nil) {
        self.limits = limits
        self.imageLoader = imageLoader
        self.fonts = fonts
        self.emojiImages = emojiImages
    }

    /// Lays out, resolves images and draws `root` in a canvas of `size` points at `scale` (boxes
    /// are painted snapped to that scale's device pixels).
    ///
    /// The stages share one pre-order walk of the tree: layout, then the
    /// images of the drawn elements, then painting.
    ///
    /// - Throws: ``ElementError``: a limit, a layout or image problem, a Canvas refusal
    ///   (``ElementError/canvas(_:)``), or ``ElementError/cancelled``.
    public func render(_ root: Element, size: Size, scale: Double) async throws(ElementError) -> Bitmap {
        if Task.isCancelled { throw .cancelled }
        let deadline = limits.maxRenderDuration.map { RenderDeadline(limit: $0) }
        do { _ = try limits.pixels.pixelSize(for: size, scale: scale) } catch { throw .canvas(error) }
        try limits.check(root)
        // Before the walk, so that the texts are measured (and their measurements cached, by
        // content) with their image runs; see EmojiImages+Text.swift for why here.
        let root = emojiImages.map { $0.applied(to: root) } ?? root
        let tree = ElementTraversal(root, canvas: size)
        let layout = try await layout(tree, in: size, scale: scale)
        try deadline?.check()
        let images = try await resolveImages(tree, layout: layout, scale: scale, deadline: deadline)
        return try draw(tree, layout: layout, images: images, scale: scale, deadline: deadline)
    }

    /// Resolves the images of a tree laid out before (pre-layout: ``ElementLayout/layout(_:in:limits:scale:fonts:)``
    /// off the loop, once) and draws it at `scale`: the render without its layout step.
    ///
    /// - Throws: as ``render(_:size:scale:)``; ``ElementError/invalidLayout(_:)`` when `layout`
    ///   does not have one node per element of `root`.
    public func render(_ root: Element, layout: LayoutResult, scale: Double) async throws(ElementError) -> Bitmap {
        if Task.isCancelled { throw .cancelled }
        let deadline = limits.maxRenderDuration.map { RenderDeadline(limit: $0) }
        do { _ = try limits.pixels.pixelSize(for: layout.size, scale: scale) } catch { throw .canvas(error) }
        let tree = try Self.traversal(of: root, matching: layout)
        let images = try await resolveImages(tree, layout: layout, scale: scale, deadline: deadline)
        return try draw(tree, layout: layout, images: images, scale: scale, deadline: deadline)
    }

    /// The layout stage: lays the tree out with the texts the store measured before (one call to
    /// the store), then hands the store the texts it measured anew (another).
    func layout(_ tree: ElementTraversal, in size: Size, scale: Double) async throws(ElementError) -> LayoutResult {
        guard size.isFinite, size.width >= 0, size.height >= 0 else {
            throw .invalidLayout("canvas size \(size) is not a finite, non-negative size")
        }
        guard let store = self.texts else {
            return try ElementLayout.layout(tree, width: size.width, height: size.height, limits: limits, texts: TextMeasurer(fonts: fonts), scale: scale)
        }
        let contents = TextMeasurer.contents(of: tree)
        let texts = TextMeasurer(known: contents.isEmpty ? [:] : await store.textMeasurements(for: contents), fonts: fonts)
        let layout = try ElementLayout.layout(tree, width: size.width, height: size.height, limits: limits, texts: texts, scale: scale)
        if texts.measuredAnew { await store.insertTextMeasurements(texts.added) }
        return layout
    }

    /// Draws a laid-out tree whose images are resolved; synchronous, for a render lane.
    ///
    /// - Throws: ``ElementError/invalidLayout(_:)`` when `layout` is not this tree's,
    ///   ``ElementError/cancelled``, ``ElementError/canvas(_:)``,
    ///   ``ElementError/customDrawFailed(typeName:detail:)``.
    public func draw(_ root: Element, layout: LayoutResult, images: ResolvedImages, scale: Double) throws(ElementError) -> Bitmap {
        let tree = try Self.traversal(of: root, matching: layout)
        return try draw(tree, layout: layout, images: images, scale: scale, deadline: limits.maxRenderDuration.map { RenderDeadline(limit: $0) })
    }

    /// The painting stage.
    func draw(_ tree: ElementTraversal, layout: LayoutResult, images: ResolvedImages, scale: Double, deadline: RenderDeadline?) throws(ElementError) -> Bitmap {
        do {
            return try Bitmap.render(size: layout.size, scale: scale, limits: limits.pixels) { context in
                try ElementPainter(context: context, tree: tree, nodes: layout.nodes, images: images, deadline: deadline).draw(0)
            }
        } catch let error as ElementError {
            throw error
        } catch let error as CanvasError {
            throw .canvas(error)
        } catch {
            throw .invalidLayout("\(error)")
        }
    }

    /// The walk of `root`: the one `layout` was computed from when `root` is that tree, otherwise
    /// a new one, after checking its depth and that `layout` has one node per element.
    static func traversal(of root: Element, matching layout: LayoutResult) throws(ElementError) -> ElementTraversal {
        if let tree = layout.tree, tree.canvas == layout.size, tree.root == root { return tree }
        try root.checkSupportedDepth()
        let tree = ElementTraversal(root, canvas: layout.size)
        guard layout.nodes.count == tree.count else {
            throw .invalidLayout("the layout result has \(layout.nodes.count) nodes; it belongs to another tree")
        }
        return tree
    }
}

/// The time by which a render must finish.
struct RenderDeadline: Sendable {
    let limit: Duration
    let instant: ContinuousClock.Instant

    init(limit: Duration) {
        self.limit = limit
        self.instant = .now + limit
    }

    func check() throws(ElementError) {
        if ContinuousClock.now > instant { throw .deadlineExceeded(limit) }
    }
}
