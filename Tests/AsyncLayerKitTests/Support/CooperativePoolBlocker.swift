import AsyncLayerKit
@testable import Elements
@testable import Rendering
import Foundation
import LayerKitSupport
import Testing

/// Saturates the cooperative pool: one task per pool thread, each blocked on a lock until
/// ``release()`` — no sleeps, no spinning. While they block, nothing else runs on the pool: a
/// wake-up that needs a pool thread waits until the release (or until libdispatch's monitor adds
/// a thread, about a second later on Linux).
///
/// Use it from a render lane (inside `RenderLanes.renderAsync`), never from a pool task (which
/// could not resume before the release), and release in a `defer`. A safety timer on
/// ``DeadlineTimer``'s own thread releases the pool after `safety`, so that a regression makes
/// the test fail instead of deadlocking the run.
///
/// A blocker at priority `p` holds a thread of the pool that serves `p`: on Linux libdispatch
/// keeps one pool per priority band, `poolWidth` threads each.
final class CooperativePoolBlocker: Sendable {
    private struct State {
        var blocked: [Int: Int] = [:]
        var isOpen = false
    }

    /// The cooperative pool's width: one thread per active processor — per priority on Linux,
    /// where each priority's global dispatch queue has a thread pool of its own.
    static var poolWidth: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// One priority per pool: blocking these blocks every level a task can run at (on Linux a
    /// `userInteractive` task shares the `high` pool: measured, a third and fourth blocker at
    /// raw priority 33 got a thread only when libdispatch's monitor added one, 0.9 s and 1.9 s
    /// later).
    static let allPools: [TaskPriority] = [.high, .medium, .low, .background]

    /// The priorities whose pools are blocked.
    let priorities: [TaskPriority]
    /// Blocked threads per priority.
    let width: Int
    private let state = ConditionLock(State())

    /// Blocks `width` threads of the pool of each of `priorities`.
    init(priorities: [TaskPriority] = CooperativePoolBlocker.allPools, width: Int = CooperativePoolBlocker.poolWidth) {
        self.priorities = priorities
        self.width = width
    }

    /// Blockers in all.
    var count: Int { width * priorities.count }

    /// Blocked threads by task priority (raw value), as of now.
    var blocked: [Int: Int] { state.withLock { $0.blocked } }

    /// Starts the blockers, one priority after the other in the order given, and blocks the
    /// calling (lane) thread until every one of them holds a pool thread; returns whether they
    /// all did before the safety release.
    ///
    /// One band at a time, so that a band already blocked is not held while the next one's
    /// backlog drains (at the start of a full run the default band has seconds of queued jobs
    /// ahead of its blockers).
    func saturate(safety: Duration = .seconds(50)) -> Bool {
        DeadlineTimer.shared.schedule(at: .now + safety) { [self] in release() }
        let width = self.width
        for priority in priorities {
            let band = Int(priority.rawValue)
            for _ in 0..<width {
                Task.detached(priority: priority) { [state] in
                    state.withLock { $0.blocked[band, default: 0] += 1 }
                    state.broadcast()
                    state.wait { $0.isOpen ? () : nil }
                }
            }
            let held = state.wait { state in state.isOpen || state.blocked[band] == width ? !state.isOpen : nil }
            guard held else { return false }
        }
        return true
    }

    /// Lets every blocker go. Idempotent.
    func release() {
        state.withLock { $0.isOpen = true }
        state.broadcast()
    }
}
