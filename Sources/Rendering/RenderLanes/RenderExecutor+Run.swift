import LayerKitSupport

extension RenderExecutor {
    /// Queues `work` as item `id` in the lane of `binding` and awaits its result; see `RenderLanes.render`.
    func run<R: Sendable>(id: UInt64, binding: RenderLaneBinding, _ work: @escaping @Sendable () throws -> R) async throws -> R {
        try await parkWaiter { (continuation: CheckedContinuation<R, any Error>) in
            let entry = RenderQueueEntry.item(
                run: { continuation.resume(with: Result { try work() }) },
                cancel: { continuation.resume(throwing: CancellationError()) }
            )
            guard submit(entry, id: id, binding: binding) else {
                continuation.resume(throwing: RenderLaneError.shutDown)
                return false
            }
            return true
        } onCancel: {
            cancel(id: id)
        }
    }
}
