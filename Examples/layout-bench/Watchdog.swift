import Foundation
import Synchronization

/// Stops the process when one piece of work outlives a limit, so a tree on which the engine's time
/// grows without bound ends the run with a message instead of hanging it.
final class Watchdog: Sendable {
    private let current = Mutex<(name: String, deadline: ContinuousClock.Instant)?>(nil)
    private let limit: Duration

    /// Starts the watching thread (it lives as long as the process).
    init(limit seconds: Double) {
        limit = .milliseconds(Int64(seconds * 1000))
        Thread.detachNewThread { [self] in
            while true {
                Thread.sleep(forTimeInterval: 0.25)
                if let (name, deadline) = current.withLock({ $0 }), ContinuousClock.now > deadline {
                    print("\(name): one layout still running after \(seconds) s: stopped (time unbounded on this tree).")
                    fflush(nil)
                    exit(3)
                }
            }
        }
    }

    /// Runs `body`, stopping the process if it runs past the limit.
    func guarded<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        current.withLock { $0 = (name, ContinuousClock.now + limit) }
        defer { current.withLock { $0 = nil } }
        return try body()
    }
}
