import AsyncLayerKit
import Synchronization

/// A label: attributed text measured and drawn by an AsyncLayer off the loop.
///
/// It counts its draws where they happen — started and drawn to the end in the display closure,
/// shown in `didDisplay` — so the demo prints what ran, not what should have.
@DisplayActor
final class AsyncLabel: AsyncLayerDelegate {
    let layer: AsyncLayer
    let width: Double
    /// The text, and its number in the run (1, 2, …).
    private(set) var attributedText = AttributedText(segments: [])
    private(set) var textNumber = 0
    /// Counted on the render threads.
    let draws = DrawCounts()
    /// The numbers of the texts whose draws were shown, in order.
    private(set) var shownTexts: [Int] = []
    /// Draws shown although a newer display request had started: what the layer's cancellation
    /// prevents. (A text set in the turn a draw lands does not supersede it until that turn's
    /// display phase starts the new draw; the old one may show until the new one replaces it.)
    private(set) var shownWhileSuperseded = 0
    /// The text number of the latest display request.
    private var requestedNumber = 0

    private var needsDisplay = false
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    init(width: Double) {
        self.width = width
        layer = AsyncLayer(bounds: Rect(x: 0, y: 0, width: width, height: 72), contentsScale: 2,
                           isOpaque: true, backgroundColor: Color(red255: 250, green255: 250, blue255: 250))
        layer.delegate = self
    }

    /// Sets text number `number`; the layer draws it at this turn's display phase.
    func setText(_ text: AttributedText, number: Int) {
        attributedText = text
        textNumber = number
        needsDisplay = true
        layer.setNeedsDisplay()
    }

    func newDisplayTask(for layer: AsyncLayer) -> AsyncLayerDisplayTask {
        needsDisplay = false
        requestedNumber = textNumber
        let text = attributedText, number = textNumber, draws = self.draws
        return AsyncLayerDisplayTask(
            display: { context, size in
                draws.started.add(1, ordering: .relaxed)
                // Measured on the render thread, once, then drawn from that measurement.
                let layout = try TextLayout(
                    text: text,
                    style: TextStyle(size: 15, color: Color(white: 0.1), lineHeight: 20),
                    options: TextLayoutOptions(maxWidth: size.width - 16, maxLines: 3)
                )
                guard !Task.isCancelled else { return }
                context.draw(layout, at: Point(x: 8, y: 6))
                draws.drawn.add(1, ordering: .relaxed)
            },
            didDisplay: { [weak self] _, finished in
                guard let self else { return }
                if finished {
                    shownTexts.append(number)
                    if number != requestedNumber { shownWhileSuperseded += 1 }
                }
                resumeIfIdle()
            }
        )
    }

    /// Whether every display request has been answered and none is waiting for the display phase.
    var isIdle: Bool {
        let stats = layer.statistics
        return !needsDisplay && stats.requests == stats.finished + stats.abandoned
    }

    /// Returns once ``isIdle``.
    func waitUntilIdle() async {
        guard !isIdle else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    private func resumeIfIdle() {
        guard isIdle else { return }
        let waiters = idleWaiters
        idleWaiters = []
        for waiter in waiters { waiter.resume() }
    }
}

/// Draws counted from inside the display closure, on the render threads.
final class DrawCounts: Sendable {
    /// Display closures that began.
    let started = Atomic<Int>(0)
    /// Display closures that drew the text to the end (a later check may still drop the bitmap).
    let drawn = Atomic<Int>(0)
}
