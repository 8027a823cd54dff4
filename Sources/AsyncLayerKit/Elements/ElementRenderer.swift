public import Canvas

/// Renders an element tree into one bitmap: layout, then every image loaded and decoded at its
/// display size, then the whole tree drawn into a single context — backgrounds, rounded
/// corners, borders and shadows precomposited there, with no bitmap per element.
///
/// Drawing checks `Task.isCancelled` before each element, so a superseded render stops
/// mid-tree with ``ElementError/cancelled``. Nothing waits on I/O once the context exists.
public struct ElementRenderer: Sendable {
    /// The limits checked before layout, decoding and drawing.
    public var limits: ElementLimits
    /// The host's loader for named images; `nil` makes a named image an error.
    public var imageLoader: (any ElementImageLoader)?
    /// Where decoded images and measured texts are kept between renders; `nil`: nothing is kept
    /// (every render loads and decodes its images and measures its texts).
    public var cache: ElementCache?
    /// Where images are loaded and decoded: tasks that prefer these lanes' executor, in the lane of
    /// the render's priority — never the cooperative pool, even for a decode shared through the
    /// ``cache`` (which runs in a task of its own). `nil`: ``RenderLanes/shared``. An
    /// ``ElementLayer`` sets its own lanes here when this is `nil`.
    public var lanes: RenderLanes?

    /// Creates a renderer.
    ///
    /// - Parameters:
    ///   - limits: What a tree may ask for.
    ///   - imageLoader: Resolves named images.
    ///   - cache: Keeps decoded images and measured texts between renders (see ``ElementCache``).
    ///   - lanes: Where images are loaded and decoded; `nil`: ``RenderLanes/shared``.
    public init(limits: ElementLimits = .default, imageLoader: (any ElementImageLoader)? = nil, cache: ElementCache? = nil,
                lanes: RenderLanes? = nil) {
        self.limits = limits
        self.imageLoader = imageLoader
        self.cache = cache
        self.lanes = lanes
    }

    /// The executor image loads and decodes run on.
    var imageExecutor: RenderExecutor { (lanes ?? .shared).executor }

    /// Lays out, resolves images and draws `root` in a canvas of `size` points at `scale`.
    ///
    /// - Throws: ``ElementError``: a limit, a layout or image problem, a Canvas refusal
    ///   (``ElementError/canvas(_:)``), or ``ElementError/cancelled``.
    public func render(_ root: Element, size: Size, scale: Double) async throws(ElementError) -> Bitmap {
        if Task.isCancelled { throw .cancelled }
        let deadline = limits.maxRenderDuration.map { RenderDeadline(limit: $0) }
        do { _ = try limits.pixels.pixelSize(for: size, scale: scale) } catch { throw .canvas(error) }
        let (layout, measured) = try await layout(root, in: size)
        try deadline?.check()
        let images = try await resolveImages(root, layout: layout, scale: scale, deadline: deadline, measuredTexts: measured)
        return try draw(root, layout: layout, images: images, scale: scale, deadline: deadline)
    }

    /// Resolves the images of a tree laid out before (pre-layout: ``ElementLayout/layout(_:in:limits:)``
    /// off the loop, once) and draws it at `scale`: the render without its layout step.
    ///
    /// - Throws: as ``render(_:size:scale:)``; ``ElementError/invalidLayout(_:)`` when `layout`
    ///   does not have one node per element of `root`.
    public func render(_ root: Element, layout: LayoutResult, scale: Double) async throws(ElementError) -> Bitmap {
        if Task.isCancelled { throw .cancelled }
        let deadline = limits.maxRenderDuration.map { RenderDeadline(limit: $0) }
        do { _ = try limits.pixels.pixelSize(for: layout.size, scale: scale) } catch { throw .canvas(error) }
        try root.checkSupportedDepth()
        guard layout.nodes.count == ElementTreeWalk.count(root) else {
            throw .invalidLayout("the layout result has \(layout.nodes.count) nodes; it belongs to another tree")
        }
        let images = try await resolveImages(root, layout: layout, scale: scale, deadline: deadline)
        return try draw(root, layout: layout, images: images, scale: scale, deadline: deadline)
    }

    /// Lays `root` out with the texts the cache measured before; returns the texts it measured
    /// anew, for the cache (handed to it with the image lookups, in one call).
    func layout(_ root: Element, in size: Size) async throws(ElementError) -> (LayoutResult, [TextContent: ElementCache.TextMeasurements]) {
        try limits.check(root)
        guard let cache else {
            return (try ElementLayout.layout(checked: root, in: size, limits: limits, texts: TextMeasurer()), [:])
        }
        var contents = Set<TextContent>()
        TextMeasurer.contents(of: root, into: &contents)
        let texts = TextMeasurer(known: contents.isEmpty ? [:] : await cache.textMeasurements(for: contents))
        let layout = try ElementLayout.layout(checked: root, in: size, limits: limits, texts: texts)
        return (layout, texts.added)
    }

    /// Draws a laid-out tree whose images are resolved; synchronous, for a render lane.
    ///
    /// - Throws: ``ElementError/invalidLayout(_:)`` when `layout` is not this tree's,
    ///   ``ElementError/cancelled``, ``ElementError/canvas(_:)``,
    ///   ``ElementError/customDrawFailed(typeName:detail:)``.
    public func draw(_ root: Element, layout: LayoutResult, images: ResolvedImages, scale: Double) throws(ElementError) -> Bitmap {
        try draw(root, layout: layout, images: images, scale: scale, deadline: limits.maxRenderDuration.map { RenderDeadline(limit: $0) })
    }

    func draw(_ root: Element, layout: LayoutResult, images: ResolvedImages, scale: Double, deadline: RenderDeadline?) throws(ElementError) -> Bitmap {
        try root.checkSupportedDepth()
        guard layout.nodes.count == ElementTreeWalk.count(root) else {
            throw .invalidLayout("the layout result has \(layout.nodes.count) nodes; it belongs to another tree")
        }
        do {
            return try Bitmap.render(size: layout.size, scale: scale, limits: limits.pixels) { context in
                var index = 0
                try ElementPainter(context: context, nodes: layout.nodes, images: images, deadline: deadline).draw(root, index: &index)
            }
        } catch let error as ElementError {
            throw error
        } catch let error as CanvasError {
            throw .canvas(error)
        } catch {
            throw .invalidLayout("\(error)")
        }
    }
}

/// Counting a tree's elements (the depth is bounded by the limits checked before).
enum ElementTreeWalk {
    static func count(_ element: Element) -> Int {
        element.children.reduce(1) { $0 + count($1) }
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
