public import Canvas
/// Where an ``AsyncLayer`` runs its drawing when it displays asynchronously.
///
/// The drawing runs inside the layer's draw task (so `Task.isCancelled` in the drawing code sees
/// a superseding request), on whatever threads the renderer chooses.
public struct LayerRenderer: Sendable {
    /// Runs `work` off the loop and returns its bitmap.
    public typealias Run = @Sendable (_ work: @escaping @Sendable () throws -> Bitmap) async throws -> Bitmap

    let run: Run

    /// A renderer from a function.
    public init(_ run: @escaping Run) {
        self.run = run
    }

    /// Draws on render lanes: on the lanes' own threads, never on the cooperative pool, in the
    /// lane of `priority`, under the lanes' admission limit. The drawing runs in a child task of
    /// the layer's draw task, so a superseding request cancels it (`Task.isCancelled` is seen
    /// inside the drawing), and a draw cancelled while it waits for a lane never runs.
    public static func lanes(_ lanes: RenderLanes = .shared, priority: RenderPriority = .userInitiated) -> LayerRenderer {
        LayerRenderer { work in
            try await lanes.renderAsync(priority: priority) { try work() }
        }
    }

    /// The default: ``lanes(_:priority:)`` on ``RenderLanes/shared`` at ``RenderPriority/userInitiated``.
    public static let `default` = LayerRenderer.lanes()

    /// Draws on Swift's global concurrent executor (the cooperative pool). Fine for tests and
    /// small apps; servers should keep drawing off the pool that serves requests.
    public static let cooperativePool = LayerRenderer { work in
        try await runOffTheLoop(work)
    }
}

@concurrent
private func runOffTheLoop(_ work: @Sendable () throws -> Bitmap) async throws -> Bitmap {
    try work()
}
