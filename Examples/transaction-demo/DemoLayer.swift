import AsyncLayerKit
import Foundation
import Synchronization

/// A layer whose colour is its whole state, with a transaction that logs once per turn. It counts
/// what happens to it where it happens (the transaction's body, the display callbacks), so the
/// demo reports what ran, not what should have.
@DisplayActor
final class DemoLayer: AsyncLayerDelegate {
    let layer = AsyncLayer(bounds: Rect(x: 0, y: 0, width: 64, height: 64), contentsScale: 2)
    let events: EventLog
    /// How long each draw takes, unless it is superseded first.
    var drawDelay: Duration = .zero
    var hue = 0.0 {
        didSet {
            needsDisplay = true
            layer.setNeedsDisplay()
        }
    }

    /// Times the transaction's body ran.
    private(set) var transactionsRun = 0
    /// A display was asked for and the display phase has not started it yet.
    private var needsDisplay = false
    /// A transaction was committed and has not run yet.
    private var transactionPending = false
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    private var requestWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    init(events: EventLog) {
        self.events = events
        layer.delegate = self
    }

    /// Commits the logging transaction (any number of commits in a turn run it once).
    func commitLog() {
        transactionPending = true
        Transaction(target: self, action: "log") { $0.logOnce() }.commit()
    }

    private func logOnce() {
        transactionPending = false
        transactionsRun += 1
        events.add("transaction ran once at before-waiting (hue \(String(format: "%.1f", hue)))")
        resumeIfIdle()
    }

    /// The display task captures the state when the display phase starts the draw.
    func newDisplayTask(for layer: AsyncLayer) -> AsyncLayerDisplayTask {
        needsDisplay = false
        let hue = self.hue, events = self.events
        let delay = Double(drawDelay.components.seconds) + Double(drawDelay.components.attoseconds) / 1e18
        return AsyncLayerDisplayTask(
            willDisplay: { [weak self] layer in
                events.add("draw starts for hue \(String(format: "%.1f", hue))")
                self?.resumeRequestWaiters(requests: layer.statistics.requests)
            },
            display: { context, size in
                // A slow draw that notices when it is superseded, as drawing code should.
                var waited = 0.0
                while waited < delay, !Task.isCancelled {
                    Thread.sleep(forTimeInterval: 0.002)
                    waited += 0.002
                }
                context.fill(Rect(size: size), with: Color(red: hue, green: 0.3, blue: 1 - hue))
            },
            didDisplay: { [weak self] _, finished in
                events.add(finished ? "shown: hue \(String(format: "%.1f", hue))" : "cancelled: hue \(String(format: "%.1f", hue)) (superseded)")
                self?.resumeIfIdle()
            }
        )
    }

    /// Whether nothing is left to happen: no display waiting for the display phase, every display
    /// request answered by its `didDisplay`, no transaction waiting to run.
    var isIdle: Bool {
        let stats = layer.statistics
        return !needsDisplay && !transactionPending && stats.requests == stats.finished + stats.abandoned
    }

    /// Returns once ``isIdle``.
    func waitUntilIdle() async {
        guard !isIdle else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    /// Returns once the display phase has started `count` display requests of this layer.
    func waitUntilRequested(_ count: Int) async {
        guard layer.statistics.requests < count else { return }
        await withCheckedContinuation { requestWaiters.append((count, $0)) }
    }

    private func resumeIfIdle() {
        guard isIdle else { return }
        let waiters = idleWaiters
        idleWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    private func resumeRequestWaiters(requests: Int) {
        let ready = requestWaiters.filter { $0.count <= requests }
        requestWaiters.removeAll { $0.count <= requests }
        for waiter in ready { waiter.continuation.resume() }
    }
}

/// A thread-safe event log.
final class EventLog: Sendable {
    private let entries = Mutex<[String]>([])
    func add(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}
