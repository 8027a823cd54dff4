import AsyncLayerKit

/// The loop's side of the job's pre-layout: asks a ``/AsyncLayerKit/FeedPreLayout`` for every
/// item's layout and collects the deliveries (they arrive at the loop's layout phase) until the
/// request is complete.
@DisplayActor
final class FeedLayoutCollector {
    private var layouts: [String: FeedItemLayout<String>] = [:]
    private var failure: FeedRenderError?
    private var continuation: CheckedContinuation<Void, Never>?
    private var complete = false

    /// The layouts of `items` at `width`, in the items' order, computed off the loop by `cache`
    /// and handed to the loop at the layout phase.
    ///
    /// - Throws: ``FeedRenderError/layout(id:_:)`` for the first item that failed.
    static func layOut(
        _ items: [FeedItem],
        width: Double,
        cache: FeedLayoutCache<FeedItem>,
        progress: @escaping @DisplayActor @Sendable (FeedRenderProgress) -> Void
    ) async throws -> [FeedItemLayout<String>] {
        let collector = FeedLayoutCollector()
        let total = items.count
        let preLayout = FeedPreLayout(cache: cache) { [weak collector] delivery in
            guard let collector else { return }
            for layout in delivery.layouts { collector.layouts[layout.id] = layout }
            if let first = delivery.failures.first, collector.failure == nil {
                collector.failure = .layout(id: first.id, "\(first.error)")
            }
            progress(FeedRenderProgress(phase: .layout, done: collector.layouts.count, total: total))
            if !delivery.completed.isEmpty { collector.finish() }
        }
        let request = preLayout.request(items, width: width)
        await withTaskCancellationHandler {
            await collector.waitUntilComplete()
        } onCancel: {
            Task { @DisplayActor in
                preLayout.cancel(request)
                collector.finish()
            }
        }
        try Task.checkCancellation()
        if let failure = collector.failure { throw failure }
        return try items.map { item in
            guard let layout = collector.layouts[item.id] else { throw FeedRenderError.layout(id: item.id, "no layout delivered") }
            return layout
        }
    }

    private func waitUntilComplete() async {
        guard !complete else { return }
        await withCheckedContinuation { continuation = $0 }
    }

    private func finish() {
        complete = true
        continuation?.resume()
        continuation = nil
    }
}
