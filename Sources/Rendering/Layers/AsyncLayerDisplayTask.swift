public import Canvas
import DisplayLoop
/// What an ``AsyncLayer`` draws, and the hooks around each display: the counterpart of
/// `YYAsyncLayerDisplayTask`.
///
/// For each display request the layer calls ``willDisplay`` on the loop, then ``display`` — off
/// the loop when the layer ``AsyncLayer/displaysAsynchronously`` — and finally ``didDisplay``
/// on the loop, **exactly once per request**: with `true` when the new contents were set, with
/// `false` when a newer request superseded this one (YYAsyncLayer skipped the call when the draw
/// was cancelled before it began; this layer never does).
///
/// Instead of a drawing closure, a task can carry a ``render`` job that produces the finished
/// bitmap itself — an element tree's renderer, a cache: the layer runs it in its draw task, with
/// the same cancellation checks and the same single ``didDisplay``.
public struct AsyncLayerDisplayTask: Sendable {
    /// Draws the contents into `context`, whose bounds are `size` points. Runs on a render thread
    /// for an asynchronous layer (on the loop for a synchronous one); long drawing should check
    /// `Task.isCancelled` between steps and return early when it is set — the result is then
    /// discarded anyway.
    public typealias Display = @Sendable (_ context: GraphicsContext, _ size: Size) throws -> Void

    /// Produces the finished bitmap for `size` points at `scale` pixels per point. Runs off the
    /// loop, in the layer's draw task (a superseding request cancels it, wherever it hops), and
    /// always asynchronously; the layer shows its bitmap as it is, without its
    /// ``AsyncLayer/renderer``, opaque fill or background.
    public typealias Render = @Sendable (_ size: Size, _ scale: Double) async throws -> Bitmap

    /// Called on the loop before a display starts.
    public var willDisplay: (@DisplayActor (AsyncLayer) -> Void)?
    /// The drawing; `nil`, with no ``render`` job either, clears the layer's contents.
    public var display: Display?
    /// A job that produces the bitmap itself; when set, it is used instead of ``display``.
    public var render: Render?
    /// Called on the loop once per display request: `true` when its contents were set, `false`
    /// when it was superseded or failed.
    public var didDisplay: (@DisplayActor (AsyncLayer, _ finished: Bool) -> Void)?

    /// Creates a display task.
    public init(
        willDisplay: (@DisplayActor (AsyncLayer) -> Void)? = nil,
        display: Display?,
        didDisplay: (@DisplayActor (AsyncLayer, _ finished: Bool) -> Void)? = nil
    ) {
        self.willDisplay = willDisplay
        self.display = display
        self.didDisplay = didDisplay
    }

    /// Creates a display task whose bitmap comes from `render` (see ``Render``).
    public init(
        willDisplay: (@DisplayActor (AsyncLayer) -> Void)? = nil,
        render: @escaping Render,
        didDisplay: (@DisplayActor (AsyncLayer, _ finished: Bool) -> Void)? = nil
    ) {
        self.willDisplay = willDisplay
        self.render = render
        self.didDisplay = didDisplay
    }
}
