import CCairoPango
import LayerKitSupport

/// A small pool of ``TextEngine``s, each checked out by one thread for one synchronous measurement,
/// and the current font configuration (system fonts plus registered application fonts).
///
/// Measurement is synchronous and may be called from any thread or task, so the pool needs a lock:
/// the package's one ``Lock`` guards the pop and push of an idle engine and the swap of the configuration when a
/// font is registered. Building engines and configurations and all Pango work happen outside the
/// lock, so the critical section is a few instructions long and never blocks on Pango or
/// fontconfig.
final class TextEnginePool: Sendable {
    /// The pool every measurement uses.
    static let shared = TextEnginePool()

    /// The most idle engines kept; more concurrent measurements build temporary engines.
    /// Sixteen matches the widest render lane (active processors, at most 16), so a saturated
    /// renderer reuses engines instead of building font maps.
    static let maxIdleEngines = 16

    private struct State {
        var idle: [TextEngine] = []
        /// Bumped by every font registration; engines of older generations are dropped.
        var generation = 0
        /// The configuration new engines use, or `nil` for fontconfig's default one.
        var config: FontConfigHandle?
        /// The application font files in `config`.
        var files: [String] = []
    }

    /// TSan-visible (see ``Lock``), so it orders each engine's hand-over between threads.
    private let state = Lock(State())

    private init() {
        // Warm fontconfig once, before any engine exists. `shared` is initialised exactly once
        // (swift_once), so every thread that uses the pool is ordered after this call. FcInit is
        // thread-safe in fontconfig 2.14, but doing it here means Pango's own background
        // "[pango] FcInit" thread finds the default configuration already loaded.
        _ = FcInit()
    }

    /// Runs `body` under the lock.
    private func locked<R>(_ body: (inout State) -> sending R) -> sending R {
        state.withLock { body(&$0) }
    }

    /// Runs `body` with an engine that no other thread uses until `body` returns.
    func withEngine<R, E: Error>(_ body: (TextEngine) throws(E) -> R) throws(E) -> R {
        let engine = checkOut()
        defer { checkIn(engine) }
        return try body(engine)
    }

    private func checkOut() -> TextEngine {
        let (engine, generation, config) = locked { state -> (TextEngine?, Int, FontConfigHandle?) in
            (state.idle.popLast(), state.generation, state.config)
        }
        return engine ?? TextEngine(config: config, generation: generation)
    }

    private func checkIn(_ engine: TextEngine) {
        // An engine that is not kept is released after the lock is dropped (when `engine` goes
        // out of scope here), so Pango's clean-up never runs inside the critical section.
        locked { state in
            if engine.generation == state.generation, state.idle.count < TextEnginePool.maxIdleEngines {
                state.idle.append(engine)
            }
        }
    }

    /// The registered application font files and the generation they belong to.
    func applicationFonts() -> (files: [String], generation: Int) {
        locked { state in (state.files, state.generation) }
    }

    /// Makes `config` (holding `files`) the configuration of every engine built from now on,
    /// unless another registration came first (the generation moved on): then nothing changes and
    /// the result is `false`. Idle engines of the old generation are dropped; checked-out ones
    /// are dropped when they come back.
    func install(_ config: FontConfigHandle, files: [String], ifGeneration expected: Int) -> Bool {
        let (installed, stale) = locked { state -> (Bool, [TextEngine]) in
            guard state.generation == expected else { return (false, []) }
            state.generation += 1
            state.config = config
            state.files = files
            defer { state.idle.removeAll() }
            return (true, state.idle)
        }
        _ = stale  // released here, outside the lock
        return installed
    }
}
