/// What an ``AsyncLayer`` draws, and the hooks around each display: the counterpart of
/// `YYAsyncLayerDisplayTask`.
///
/// For each display request the layer calls ``willDisplay`` on the loop, then ``display`` — off
/// the loop when the layer ``AsyncLayer/displaysAsynchronously`` — and finally ``didDisplay``
/// on the loop, **exactly once per request**: with `true` when the new contents were set, with
/// `false` when a newer request superseded this one (YYAsyncLayer skipped the call when the draw
/// was cancelled before it began; this layer never does).
public struct AsyncLayerDisplayTask: Sendable {
    /// Draws the contents into `context`, whose bounds are `size` points. Runs on a render thread
    /// for an asynchronous layer (on the loop for a synchronous one); long drawing should check
    /// `Task.isCancelled` between steps and return early when it is set — the result is then
    /// discarded anyway.
    public typealias Display = @Sendable (_ context: GraphicsContext, _ size: Size) throws -> Void

    /// Called on the loop before a display starts.
    public var willDisplay: (@DisplayActor (AsyncLayer) -> Void)?
    /// The drawing; `nil` clears the layer's contents.
    public var display: Display?
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
}
