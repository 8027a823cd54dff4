import Synchronization
public import Canvas
public import DisplayLoop

/// A layer whose contents — a ``/Canvas/Bitmap`` — are drawn off the loop: YYAsyncLayer for
/// Swift concurrency.
///
/// All its state lives on ``/DisplayLoop/DisplayActor``. ``setNeedsDisplay()`` marks the layer;
/// at the turn's display phase (``/DisplayLoop/BeforeWaitingPhase/display``) the layer starts
/// **one** draw of its current state, however many times it was marked in the turn. A new draw
/// cancels the one it supersedes. The draw checks for cancellation before it starts, after
/// drawing, after the bitmap is made, and on the loop right before the contents are set —
/// YYAsyncLayer's four checks — so a superseded draw never becomes visible. Each request gets
/// exactly one ``AsyncLayerDisplayTask/didDisplay`` (`finished: false` when superseded).
///
/// - A display task can instead hand the layer a job that produces the bitmap itself
///   (``AsyncLayerDisplayTask/render``): the layer runs it in the draw task, with the same checks
///   (the job's own end stands for the second and third) and the same single `didDisplay`.
/// - Edge rules: a layer smaller than 1 pt in either dimension, or without a
///   ``AsyncLayerDisplayTask/display`` closure or render job, gets empty contents and `didDisplay(true)`. An
///   opaque layer is filled white, then with its ``backgroundColor``.
/// - By default the old contents stay until the new ones are ready (no flicker); set
///   ``clearsContentsBeforeDisplay`` to clear them when a draw starts.
/// - Replaced contents are released off the loop (``ReleaseQueue``), and so are replaced display
///   tasks and renderers, and a draw's inputs when it ends: whatever model or tree their closures
///   captured never dies on the loop.
/// - A draw that fails (the drawing throws, or the size is over the pixel limits) keeps the old
///   contents, reports `didDisplay(false)` and sets ``lastError``.
@DisplayActor
public final class AsyncLayer {
    /// The layer's rectangle in points; its size is what is drawn.
    public var bounds: Rect
    /// Pixels per point of the contents.
    public var contentsScale: Double
    /// Whether the layer fills its whole area (white first, then ``backgroundColor``).
    public var isOpaque: Bool
    /// Painted under the drawing.
    public var backgroundColor: Color?
    /// Whether drawing happens off the loop (the default) or synchronously on it.
    public var displaysAsynchronously = true
    /// Whether a new draw clears the current contents right away instead of keeping them until
    /// the new ones are ready.
    public var clearsContentsBeforeDisplay = false
    /// What to draw and the hooks around it, when there is no ``delegate``. A replaced task (and
    /// the model its closures captured) is released off the loop.
    public var displayTask: AsyncLayerDisplayTask? {
        didSet { if let oldValue { ReleaseQueue.shared.release(oldValue) } }
    }
    /// Makes a new display task for each display, from the state at that moment (YYAsyncLayer's
    /// `newAsyncDisplayTask`); held weakly. When set, it wins over ``displayTask``.
    public weak var delegate: (any AsyncLayerDelegate)?
    /// Where asynchronous drawing closures run (a render job runs where it chooses). A replaced
    /// renderer (and what its closure captured) is released off the loop.
    public var renderer: LayerRenderer {
        didSet { ReleaseQueue.shared.release(oldValue) }
    }
    /// The current contents.
    public private(set) var contents: Bitmap?
    /// Why the last draw failed, if it did.
    public private(set) var lastError: (any Error)?
    /// Counts, for tests and benchmarks.
    public private(set) var statistics = Statistics()

    /// How many displays a layer requested, drew, finished and abandoned.
    public struct Statistics: Sendable, Hashable {
        /// Display requests (coalesced `setNeedsDisplay` calls count once).
        public var requests = 0
        /// Drawing closures that started running (render jobs are not counted).
        public var drawsStarted = 0
        /// Requests whose contents were set (`didDisplay(true)`).
        public var finished = 0
        /// Requests superseded or failed (`didDisplay(false)`).
        public var abandoned = 0
    }

    private var generation = 0
    private var drawTask: Task<Void, Never>?

    /// Creates a layer.
    public init(
        bounds: Rect = .zero,
        contentsScale: Double = 1,
        isOpaque: Bool = false,
        backgroundColor: Color? = nil,
        renderer: LayerRenderer = .default,
        displayTask: AsyncLayerDisplayTask? = nil
    ) {
        self.bounds = bounds
        self.contentsScale = contentsScale
        self.isOpaque = isOpaque
        self.backgroundColor = backgroundColor
        self.renderer = renderer
        self.displayTask = displayTask
    }

    isolated deinit {
        // A layer dropped on the loop must not free its bitmap there either.
        if let contents {
            ReleaseQueue.shared.release(contents)
        }
    }

    /// Marks the layer for display at this turn's display phase. Any number of calls in one turn
    /// make one draw, of the layer's state at that phase.
    public func setNeedsDisplay() {
        LayerDisplayQueue.queue.commit(self, action: "display", onDisplayActor: { $0.display() })
    }

    /// Whether a draw is in flight.
    public var isDisplaying: Bool { drawTask != nil }

    /// Abandons the draw in flight, if any (its request gets `didDisplay(false)`).
    public func cancelDisplay() {
        generation += 1
        drawTask?.cancel()
        drawTask = nil
    }

    /// Starts a display of the current state now (what the display phase calls).
    public func display() {
        cancelDisplay()
        statistics.requests += 1
        let task = delegate?.newDisplayTask(for: self) ?? displayTask
        task?.willDisplay?(self)
        let size = bounds.size
        guard size.width >= 1, size.height >= 1,
              let work = DrawWork(task, size: size, scale: contentsScale, isOpaque: isOpaque, background: backgroundColor) else {
            replaceContents(with: nil)
            finish(task, finished: true)
            return
        }
        if clearsContentsBeforeDisplay {
            replaceContents(with: nil)
        }
        // A render job is asynchronous by nature: it runs off the loop even on a synchronous layer.
        if !displaysAsynchronously, case .draw(let job) = work {
            statistics.drawsStarted += 1
            complete(task, with: Result { try job.render() })
            return
        }
        let myGeneration = generation
        let started = DrawStarted()
        // The draw's inputs reach the task through a box it empties, so that when the draw ends
        // they go to the release queue and nothing of them dies on the loop with the task.
        let inputs = DrawInputs(renderer: renderer, work: work, task: task)
        drawTask = Task { @DisplayActor in
            let (renderer, work, task) = inputs.take()
            defer { ReleaseQueue.shared.release(DrawInputs(renderer: renderer, work: work, task: task)) }
            let result: Result<Bitmap, any Error>
            do {
                result = .success(try await work.run(on: renderer, started: started))  // checks 1 to 3
            } catch {
                result = .failure(error)
            }
            if started.isMarked { self.statistics.drawsStarted += 1 }
            // 4: on the loop, right before the contents are set.
            guard myGeneration == self.generation, !Task.isCancelled else {
                self.finish(task, finished: false)
                return
            }
            self.drawTask = nil
            self.complete(task, with: result)
        }
    }

    private func complete(_ task: AsyncLayerDisplayTask?, with result: Result<Bitmap, any Error>) {
        switch result {
        case .success(let bitmap):
            lastError = nil
            replaceContents(with: bitmap)
            finish(task, finished: true)
        case .failure(let error):
            if !(error is CancellationError) { lastError = error }
            finish(task, finished: false)
        }
    }

    private func finish(_ task: AsyncLayerDisplayTask?, finished: Bool) {
        if finished { statistics.finished += 1 } else { statistics.abandoned += 1 }
        task?.didDisplay?(self, finished)
    }

    private func replaceContents(with bitmap: Bitmap?) {
        if let old = contents {
            ReleaseQueue.shared.release(old)
        }
        contents = bitmap
    }
}

/// Gives an ``AsyncLayer`` a fresh display task for each display, built from the model's state
/// when the display phase starts the draw.
@DisplayActor
public protocol AsyncLayerDelegate: AnyObject {
    /// The task for this display: capture the state to draw in its closures.
    func newDisplayTask(for layer: AsyncLayer) -> AsyncLayerDisplayTask
}

/// What one draw needs from the loop: handed to its task, which takes it out (leaving the box
/// empty), and afterwards to the release queue, so a superseded draw that ends later does not
/// free a renderer's captured tree or a display task's model on the loop.
@DisplayActor
final class DrawInputs {
    private var renderer: LayerRenderer?
    private var work: DrawWork?
    private var task: AsyncLayerDisplayTask?

    init(renderer: LayerRenderer, work: DrawWork, task: AsyncLayerDisplayTask?) {
        self.renderer = renderer
        self.work = work
        self.task = task
    }

    /// The inputs, moved out: the box keeps nothing. Called once, by the draw task.
    func take() -> (LayerRenderer, DrawWork, AsyncLayerDisplayTask?) {
        defer { (renderer, work, task) = (nil, nil, nil) }
        return (renderer!, work!, task)
    }
}

/// Whether a draw's closure began, told from the render thread to the loop.
final class DrawStarted: Sendable {
    private let flag = Atomic<Bool>(false)
    func mark() { flag.store(true, ordering: .releasing) }
    var isMarked: Bool { flag.load(ordering: .acquiring) }
}

/// The layers' display requests, flushed at the display phase.
@DisplayActor
enum LayerDisplayQueue {
    static let queue = CoalescingQueue(phase: .display)
}

/// How one display makes its bitmap, captured on the loop and run off it: the task's drawing
/// closure, in a context the layer makes, or the task's render job, which makes the bitmap itself.
enum DrawWork: Sendable {
    case draw(DrawJob)
    case produce(AsyncLayerDisplayTask.Render, size: Size, scale: Double)

    /// The work `task` asks for (its render job wins over its drawing); `nil` when it has neither.
    init?(_ task: AsyncLayerDisplayTask?, size: Size, scale: Double, isOpaque: Bool, background: Color?) {
        if let render = task?.render {
            self = .produce(render, size: size, scale: scale)
        } else if let draw = task?.display {
            self = .draw(DrawJob(size: size, scale: scale, isOpaque: isOpaque, background: background, draw: draw))
        } else {
            return nil
        }
    }

    /// Makes the bitmap off the loop, with the first three cancellation checks (the fourth is
    /// the layer's, on the loop). Only a drawing closure marks `started`.
    @concurrent func run(on renderer: LayerRenderer, started: DrawStarted) async throws -> Bitmap {
        switch self {
        case .draw(let job):
            return try await renderer.run {
                try Task.checkCancellation()  // 1: superseded before it started
                started.mark()
                let bitmap = try job.render()  // 2: checked after drawing, inside render
                try Task.checkCancellation()  // 3: superseded while the bitmap was made
                return bitmap
            }
        case .produce(let render, let size, let scale):
            try Task.checkCancellation()  // 1: superseded before it started
            let bitmap = try await render(size, scale)
            try Task.checkCancellation()  // 2 and 3: the job drew and made the bitmap
            return bitmap
        }
    }
}

/// A drawing closure's inputs, captured on the loop and used off it.
struct DrawJob: Sendable {
    let size: Size
    let scale: Double
    let isOpaque: Bool
    let background: Color?
    let draw: AsyncLayerDisplayTask.Display

    func render() throws -> Bitmap {
        try Bitmap.render(size: size, scale: scale) { context in
            if isOpaque {
                context.paint(.color(.white))
            }
            if let background {
                context.paint(.color(background))
            }
            try draw(context, size)
            try Task.checkCancellation()  // 2: superseded while drawing
        }
    }
}
