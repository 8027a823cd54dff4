import AsyncLayerKit
import AsyncLayerKitTesting
import DisplayLoop
import LayerKitSupport
import Synchronization
import Testing

/// A thread-safe log.
final class EventLog: Sendable {
    private let entries = Lock<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

/// A value behind a lock, shareable between the test, the loop and render threads.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Lock<Value>
    init(_ value: Value) { mutex = Lock(value) }
    func withLock<R>(_ body: (inout Value) -> R) -> R { mutex.withLock { body(&$0) } }
    var value: Value { withLock { $0 } }
}

/// A gate a draw waits on until the test opens it. The drawing (lane) thread blocks in the
/// kernel on a condition variable (``Latch``) until `release()`; it never spins.
final class Gate: Sendable {
    private let latch = Latch()
    func release() { latch.open() }
    func wait() { latch.wait() }
}

/// A layer display task that fills the layer with `color` and logs its callbacks.
func fillTask(_ color: Color, log: EventLog, gate: Gate? = nil, onLoop: Locked<Bool>? = nil) -> AsyncLayerDisplayTask {
    AsyncLayerDisplayTask(
        willDisplay: { _ in log.append("will \(color.hexString)") },
        display: { context, size in
            gate?.wait()
            if let onLoop { onLoop.withLock { $0 = DisplayLoop.main.isDrainingOnCurrentThread } }
            context.fill(Rect(size: size), with: color)
        },
        didDisplay: { _, finished in log.append("did \(color.hexString) \(finished)") }
    )
}

/// A 4×4 pt layer with `task`, displayed once: marked on the manual main loop, then settled
/// until its first contents are set.
func displayedLayer(_ task: AsyncLayerDisplayTask) async -> AsyncLayer {
    let layer = DisplayLoop.drive { () -> AsyncLayer in
        let layer = AsyncLayer(bounds: Rect(x: 0, y: 0, width: 4, height: 4))
        layer.displayTask = task
        layer.setNeedsDisplay()
        return layer
    }.value
    #expect(await DisplayLoop.settle { layer.contents != nil })
    return layer
}
