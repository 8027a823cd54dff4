public import Canvas
public import DisplayLoop
public import Elements
/// A layer that shows an element tree: the LNAsyncKit cell, on top of ``AsyncLayer``.
///
/// The model builds the tree (a value, on any thread); the cell hands it to its element layer on
/// the loop; the layer renders it off the loop — through an ``ElementRenderService`` (cache,
/// shared in-flight renders, render lanes) or an ``/Elements/ElementRenderer`` on ``RenderLanes`` — and
/// shows the bitmap:
///
/// ```swift
/// @DisplayActor final class LiveCell {
///     let content = ElementLayer(bounds: Rect(size: ReferenceCard.size), contentsScale: 2, service: service)
///
///     func configure(with item: LiveItem) {        // also when the cell is reused for another item
///         content.setElement(ReferenceCard.element(for: item.record), modelID: item.id)
///     }
/// }
/// ```
///
/// All its state lives on ``/DisplayLoop/DisplayActor``. The display is an ``AsyncLayer``
/// display whose task hands the layer a render job (``AsyncLayerDisplayTask/render``), with that
/// layer's rules: requests in one turn are coalesced into one render of the
/// last state at the turn's display phase; a failed render keeps the old contents and sets
/// ``lastError``; a layer under 1 pt, or without a tree, gets empty contents; replaced contents
/// are released off the loop, and so are replaced trees (``ReleaseQueue``). On top of that:
///
/// - **Supersession.** Setting a different tree, or the same tree for a different model,
///   cancels the render in flight at once: its result is never shown, even if it finishes later
///   (its request gets `didDisplay(false)`), and the cancellation reaches the render itself — a
///   service's shared render is cancelled when its last requester leaves.
/// - **Consistency (LNAsyncKit's model check).** A new model identity — a cell reused for another
///   item — also clears the contents at once, so a reused cell never shows the previous item's
///   bitmap, not even while the new one renders. A new tree for the *same* model keeps the old
///   contents until the new ones are ready (no flicker).
/// - **No redundant renders.** Setting a tree equal to the current one for the same model does
///   nothing (call ``setNeedsDisplay()`` to render again, after a failure for instance); and with
///   a service, showing a tree drawn before is a cache hit.
/// - **Size and scale.** The tree is rendered at ``bounds``' size and ``contentsScale``; changing
///   either renders again.
///
/// The bitmap shown is the render's own (with a service, the cached bitmap itself): nothing is
/// drawn over or under it, so give the tree's root a background where the card needs one.
@DisplayActor
public final class ElementLayer {
    /// How trees are rendered.
    private enum Source: Sendable {
        case service(ElementRenderService)
        case renderer(ElementRenderer, RenderLanes)
        case function(ElementLayer.RenderFunction)

        /// Renders `element`; called in the layer's draw task, so a superseding request cancels
        /// it, and always off the loop.
        @concurrent nonisolated func render(_ element: Element, size: Size, scale: Double, priority: RenderPriority) async throws -> Bitmap {
            switch self {
            case .service(let service):
                return try await service.render(RenderRequest(element, size: size, scale: scale, priority: priority))
            case .renderer(let renderer, let lanes):
                return try await lanes.renderAsync(priority: priority) {
                    try await renderer.render(element, size: size, scale: scale)
                }
            case .function(let render):
                // Hashed here, off the loop, once per render.
                return try await render(try HashedElement(element), size, scale, priority)
            }
        }
    }

    private let layer: AsyncLayer
    private let source: Source

    /// The layer's rectangle in points; its size is the render size. Changing the size renders
    /// the tree (if any) again.
    public var bounds: Rect {
        get { layer.bounds }
        set {
            guard newValue != layer.bounds else { return }
            let resized = newValue.size != layer.bounds.size
            layer.bounds = newValue
            if resized, element != nil { requestDisplay() }
        }
    }

    /// Pixels per point of the contents: the render scale. Changing it renders the tree (if any)
    /// again.
    public var contentsScale: Double {
        get { layer.contentsScale }
        set {
            guard newValue != layer.contentsScale else { return }
            layer.contentsScale = newValue
            if element != nil { requestDisplay() }
        }
    }

    /// The render lane of this layer's renders (for a service: the priority its render asks for);
    /// a change applies from the next render.
    public var priority: RenderPriority

    /// Called on the loop once per display request of a tree: with the model identity given with
    /// that tree and `true` when its bitmap (or, for a `nil` tree, empty contents) was set, `false`
    /// when it was superseded or failed. The immediate clearing that a new model identity causes
    /// is not reported here.
    public var didDisplay: (@DisplayActor (_ modelID: AnyHashable?, _ finished: Bool) -> Void)?

    /// The tree last set (`nil`: none).
    public private(set) var element: Element?
    /// The model identity last set with ``setElement(_:modelID:)`` (`nil`: none).
    public private(set) var modelID: AnyHashable?
    /// The model identity whose tree the contents show now; `nil` when the contents are empty or
    /// were drawn for no model.
    public private(set) var displayedModelID: AnyHashable?

    /// Creates an element layer that renders through `service`: from its cache when the same tree
    /// was drawn at the same size and scale before, sharing a render of the same tree in flight,
    /// and otherwise on the service's lanes.
    ///
    /// - Parameters:
    ///   - bounds: The layer's rectangle; its size is the render size.
    ///   - contentsScale: Pixels per point.
    ///   - service: Renders (and caches) the trees.
    ///   - priority: The lane renders ask for; default ``RenderPriority/userInitiated``.
    public init(bounds: Rect = .zero, contentsScale: Double = 1, service: ElementRenderService,
                priority: RenderPriority = .userInitiated) {
        self.layer = AsyncLayer(bounds: bounds, contentsScale: contentsScale)
        self.source = .service(service)
        self.priority = priority
    }

    /// Creates an element layer that renders each tree with `renderer` on `lanes`, without a cache.
    ///
    /// - Parameters:
    ///   - bounds: The layer's rectangle; its size is the render size.
    ///   - contentsScale: Pixels per point.
    ///   - renderer: Limits and the image loader; default ``/Elements/ElementRenderer/init(limits:imageLoader:fonts:emojiImages:)``.
    ///   - lanes: Where renders run, and the renderer's image loads and decodes; default
    ///     ``RenderLanes/shared``.
    ///   - priority: The lane renders run in; default ``RenderPriority/userInitiated``.
    public init(bounds: Rect = .zero, contentsScale: Double = 1, renderer: ElementRenderer = ElementRenderer(),
                lanes: RenderLanes = .shared, priority: RenderPriority = .userInitiated) {
        var renderer = renderer
        // Its images are loaded and decoded on the same lanes, unless it names lanes of its own.
        renderer.imageExecutor = renderer.imageExecutor ?? lanes.executor
        self.layer = AsyncLayer(bounds: bounds, contentsScale: contentsScale)
        self.source = .renderer(renderer, lanes)
        self.priority = priority
    }

    isolated deinit {
        // A layer dropped on the loop must not free its tree there either, nor the display task
        // whose render job captured it (the bitmap is the underlying layer's to hand off).
        if let element { ReleaseQueue.shared.release(element) }
        if let task = layer.displayTask { ReleaseQueue.shared.release(task) }
    }

    /// Renders a tree for an element layer created with ``init(bounds:contentsScale:priority:render:)``:
    /// the tree (with its content hash), the size in points, the scale and the lane asked for.
    /// Called off the loop, in the layer's draw task, so a superseding request cancels it.
    public typealias RenderFunction = @Sendable (
        _ tree: HashedElement, _ size: Size, _ scale: Double, _ priority: RenderPriority
    ) async throws -> Bitmap

    /// Creates an element layer that renders each tree with `render`: a headless list's render
    /// backend, or a test's simulated renderer. Everything else — coalescing, supersession, the
    /// model check, ``didDisplay`` — is as with a service.
    ///
    /// - Parameters:
    ///   - bounds: The layer's rectangle; its size is the render size.
    ///   - contentsScale: Pixels per point.
    ///   - priority: The lane passed to `render`; default ``RenderPriority/userInitiated``.
    ///   - render: Draws a tree; called off the loop, its task cancelled when superseded.
    public init(bounds: Rect = .zero, contentsScale: Double = 1, priority: RenderPriority = .userInitiated,
                render: @escaping RenderFunction) {
        self.layer = AsyncLayer(bounds: bounds, contentsScale: contentsScale)
        self.source = .function(render)
        self.priority = priority
    }

    /// Shows `element` for the model identified by `modelID`: the cell's `configure(with:)`.
    ///
    /// - A tree equal to the current one, for an equal `modelID`, changes nothing.
    /// - Otherwise the render in flight, if any, is cancelled now and its result is never shown;
    ///   the new tree is rendered at this turn's display phase (several calls in one turn render
    ///   once, the last tree).
    /// - A `modelID` different from the current one also clears the contents now: they belong to
    ///   another model.
    /// - A `nil` element empties the contents at the display phase.
    public func setElement(_ element: Element?, modelID: some Hashable & Sendable) {
        update(element, modelID: AnyHashable(modelID))
    }

    /// Shows `element`, for no particular model (see ``setElement(_:modelID:)``; changing from a
    /// model's tree to this one counts as a new model identity).
    public func setElement(_ element: Element?) {
        update(element, modelID: nil)
    }

    /// Renders the current tree again at this turn's display phase (with a service, a cache hit
    /// when it was drawn before).
    public func setNeedsDisplay() {
        requestDisplay()
    }

    /// The current contents: the last tree's bitmap, or `nil`.
    public var contents: Bitmap? { layer.contents }
    /// Why the last render failed, if it did (an ``/Elements/ElementError``, or a ``RenderLaneError`` when the
    /// lanes refused the work); `nil` after a success.
    public var lastError: (any Error)? { layer.lastError }
    /// Whether a render is in flight.
    public var isDisplaying: Bool { layer.isDisplaying }
    /// The underlying layer's counts: display `requests`, `finished` and `abandoned` ones (a
    /// new model identity's immediate clearing counts as a finished request when there were
    /// contents to clear). `drawsStarted` stays 0: the tree is drawn by the layer's render job,
    /// not by a drawing closure — see ``ElementRenderService/renders`` for the renders themselves.
    public var statistics: AsyncLayer.Statistics { layer.statistics }

    private func update(_ element: Element?, modelID: AnyHashable?) {
        guard element != self.element || modelID != self.modelID else { return }
        let newModel = modelID != self.modelID
        // The previous tree may be large: it dies off the loop, as replaced bitmaps do (the
        // display task that captured it is released the same way when it is replaced below).
        if let previous = self.element { ReleaseQueue.shared.release(previous) }
        self.element = element
        self.modelID = modelID
        // Whatever is in flight was asked for an older state: drop it now, not at the display
        // phase, so a result that comes back earlier in this turn is not shown either.
        layer.cancelDisplay()
        if newModel, layer.contents != nil {
            // The contents show another model: clear them now (a display without drawing).
            layer.displayTask = AsyncLayerDisplayTask(display: nil)
            layer.display()
            displayedModelID = nil
        }
        requestDisplay()
    }

    /// Arms the layer with the current tree and marks it for the display phase.
    private func requestDisplay() {
        let modelID = self.modelID
        let report: @DisplayActor (AsyncLayer, Bool) -> Void = { [weak self] _, finished in
            guard let self else { return }
            if finished { self.displayedModelID = self.layer.contents == nil ? nil : modelID }
            self.didDisplay?(modelID, finished)
        }
        guard let element else {
            // No drawing: the layer empties its contents.
            layer.displayTask = AsyncLayerDisplayTask(display: nil, didDisplay: report)
            layer.setNeedsDisplay()
            return
        }
        let (source, priority) = (self.source, self.priority)
        // The source produces the tree's finished bitmap, at the size and scale of the display.
        layer.displayTask = AsyncLayerDisplayTask(render: { size, scale in
            try await source.render(element, size: size, scale: scale, priority: priority)
        }, didDisplay: report)
        layer.setNeedsDisplay()
    }
}
