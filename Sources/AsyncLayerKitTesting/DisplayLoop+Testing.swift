import DisplayLoop
import LayerKitSupport
import Synchronization

extension DisplayLoop {
    /// Runs `body` on ``/DisplayLoop/DisplayActor`` by driving the (manual) main loop from the
    /// calling thread until it is idle, and returns what `body` returned: the way a test reads or
    /// changes loop-isolated state without awaiting a loop that nobody drives.
    ///
    /// Also returns the turns that ran. Use it only on a manual ``/DisplayLoop/DisplayLoop/main``
    /// (see ``MainDisplayLoopTrait``).
    @discardableResult
    public static func drive<T: Sendable>(_ body: @escaping @DisplayActor () -> T) -> (value: T, turns: [TurnRecord]) {
        let box = Lock<T?>(nil)
        Task { @DisplayActor in
            let value = body()
            box.withLock { $0 = value }
        }
        let turns = DisplayLoop.main.runUntilIdle()
        guard let value = box.withLock({ $0 }) else {
            preconditionFailure("the main loop is not manual, or the body did not run")
        }
        return (value, turns)
    }
}

/// Collects the turn records of a loop as they happen (an observer in the last phase): for
/// thread-driven loops, where no driver call returns them.
public final class TurnRecorder: Sendable {
    private final class Records: Sendable {
        let list = Lock<[TurnRecord]>([])
    }

    private let records = Records()
    private let loop: DisplayLoop
    private let observer: DisplayLoop.BeforeWaitingObserver

    /// Starts recording `loop`'s turns.
    public init(loop: DisplayLoop) {
        self.loop = loop
        let records = self.records
        observer = loop.addBeforeWaitingObserver(phase: .asyncTransactionCompletions, order: .max) { turn in
            records.list.withLock { $0.append(turn) }
        }
    }

    /// The turns recorded so far.
    public var turns: [TurnRecord] { records.list.withLock { $0 } }

    /// Stops recording.
    public func stop() {
        loop.removeBeforeWaitingObserver(observer)
    }

    deinit {
        loop.removeBeforeWaitingObserver(observer)
    }
}
