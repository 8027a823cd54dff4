import CCairoPango
import Synchronization

/// A small pool of ``TextEngine``s, each checked out by one thread for one synchronous measurement.
///
/// Measurement is synchronous and may be called from any thread or task, so the pool needs a lock:
/// a `Mutex` guards only the pop and push of an idle engine (and the generation swap when fonts are
/// registered). Building a new engine and all Pango work happen outside the lock, so the critical
/// section is a few instructions long and never blocks on Pango or fontconfig.
final class TextEnginePool: Sendable {
    /// The pool every measurement uses.
    static let shared = TextEnginePool()

    /// The most idle engines kept; more concurrent measurements build temporary engines.
    static let maxIdleEngines = 8

    private struct State {
        var idle: [TextEngine] = []
        /// Bumped by every font registration; engines of older generations are dropped.
        var generation = 0
        /// The configuration new engines use, or `nil` for fontconfig's default one.
        var config: FontConfigHandle?
    }

    private let state = Mutex(State())

    private init() {
        // Warm fontconfig once, before any engine exists. `shared` is initialised exactly once
        // (swift_once), so every thread that uses the pool is ordered after this call. FcInit is
        // thread-safe in fontconfig 2.14, but doing it here means Pango's own background
        // "[pango] FcInit" thread finds the default configuration already loaded.
        _ = FcInit()
    }

    /// Runs `body` with an engine that no other thread uses until `body` returns.
    func withEngine<R, E: Error>(_ body: (TextEngine) throws(E) -> R) throws(E) -> R {
        let engine = checkOut()
        defer { checkIn(engine) }
        return try body(engine)
    }

    private func checkOut() -> TextEngine {
        let (engine, generation, config) = state.withLock { state -> (TextEngine?, Int, FontConfigHandle?) in
            (state.idle.popLast(), state.generation, state.config)
        }
        return engine ?? TextEngine(config: config, generation: generation)
    }

    private func checkIn(_ engine: TextEngine) {
        // An engine that is not kept is released after the lock is dropped (when `engine` goes
        // out of scope here), so Pango's clean-up never runs inside the critical section.
        state.withLock { state in
            if engine.generation == state.generation, state.idle.count < TextEnginePool.maxIdleEngines {
                state.idle.append(engine)
            }
        }
    }

    /// Makes `config` the configuration of every engine built from now on. Idle engines of the
    /// old generation are dropped; checked-out ones are dropped when they come back.
    func install(_ config: FontConfigHandle) {
        let stale = state.withLock { state -> [TextEngine] in
            state.generation += 1
            state.config = config
            defer { state.idle.removeAll() }
            return state.idle
        }
        _ = stale  // released here, outside the lock
    }
}
