import LayerKitSupport

import Synchronization

extension DisplayLoop {
    /// A registered before-waiting observer; pass it to ``removeBeforeWaitingObserver(_:)``.
    public struct BeforeWaitingObserver: Sendable, Hashable {
        let id: Int
    }

    /// Runs `body` at every before-waiting point, in `phase`, ordered by `order` then by when it was
    /// added. `body` runs on the loop's thread, outside any job, with the loop's isolation
    /// (``DisplayActor/assumeIsolated(_:file:line:)`` works there for ``main``).
    ///
    /// These are the synchronous hooks the library's own phases use (layout, display commits,
    /// transactions); ``beforeWaitingPoints()`` is the asynchronous form for everyone else.
    @discardableResult
    public func addBeforeWaitingObserver(
        phase: BeforeWaitingPhase,
        order: Int = 0,
        _ body: @escaping @Sendable (TurnRecord) -> Void
    ) -> BeforeWaitingObserver {
        BeforeWaitingObserver(id: state.withLock { $0.addObserver(phase: phase, order: order, body: body) })
    }

    /// Removes an observer; it does not run at any later before-waiting point.
    public func removeBeforeWaitingObserver(_ observer: BeforeWaitingObserver) {
        state.withLock { state in state.observers.removeAll { $0.id == observer.id } }
    }

    /// The before-waiting points at which a flush was asked for (``setNeedsBeforeWaiting()``), as an
    /// asynchronous sequence of turn records.
    ///
    /// Only requested points are yielded, and a slow consumer sees only the latest one (the stream
    /// buffers the newest element): a consumer on this loop that flushes when it receives a point
    /// runs as a job of the *next* turn, and since its flush requests nothing, that turn yields
    /// nothing — a flush never re-arms itself, so the loop can go idle.
    public func beforeWaitingPoints() -> AsyncStream<TurnRecord> {
        let (stream, continuation) = AsyncStream.makeStream(of: TurnRecord.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state -> Int in
            state.nextObserverID += 1
            state.sequences[state.nextObserverID] = continuation
            return state.nextObserverID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.sequences.removeValue(forKey: id) }
        }
        return stream
    }
}
