import CCairoPango
import LayerKitSupport

/// A small pool of ``TextEngine``s, each checked out by one thread for one synchronous measurement,
/// and the current font configuration (system fonts plus registered application fonts); and the
/// font sets of renders (``FontSet``) prepared lately, each with idle engines of its own, kept
/// while they fit the font cache's budget.
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
        /// Prepared font sets by digest, least recently used first in `setOrder`.
        var sets: [String: PreparedFontSet] = [:]
        var setOrder: [String] = []
        /// Idle engines of each prepared set, and how many in all.
        var idleBySet: [String: [TextEngine]] = [:]
        var idleSetEngines = 0
        /// The bytes of the prepared sets' fonts, and the most they may add up to.
        var setBytes = 0
        var setByteLimit = TextEnginePool.defaultFontCacheBytes
        /// The serial of the next prepared set (its file and family names).
        var nextSerial = 1
        /// Font sets prepared so far (a counter for tests and benchmarks).
        var setsPrepared = 0
    }

    /// The most idle engines kept per font set (a service's set is used by every lane), and for
    /// all sets together (each engine's font map caches fonts).
    static let maxIdleEnginesPerSet = 16
    static let maxIdleSetEngines = 48
    /// The most font sets kept prepared, whatever their size.
    static let maxPreparedSets = 64
    /// The default budget of prepared font sets' bytes: 128 MiB.
    static let defaultFontCacheBytes = 128 << 20

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

    /// Runs `body` with an engine for `fonts` (prepared now if it is not cached) that no other
    /// thread uses until `body` returns; `nil` is the plain engine of ``withEngine(_:)``.
    ///
    /// - Throws: ``CanvasError/fontRejected(_:)`` when the set cannot be prepared, or `body`'s error.
    func withEngine<R>(fonts: FontSet?, _ body: (TextEngine) throws(CanvasError) -> R) throws(CanvasError) -> R {
        guard let fonts else { return try withEngine(body) }
        let engine = try checkOut(fonts)
        defer { checkIn(engine) }
        return try body(engine)
    }

    private func checkOut(_ fonts: FontSet) throws(CanvasError) -> TextEngine {
        let (found, engine, generation, files, serial) = locked { state -> (PreparedFontSet?, TextEngine?, Int, [String], Int) in
            guard let prepared = state.sets[fonts.digest] else {
                defer { state.nextSerial += 1 }
                return (nil, nil, state.generation, state.files, state.nextSerial)
            }
            TextEnginePool.touch(fonts.digest, in: &state)
            let engine = state.idleBySet[fonts.digest]?.popLast()
            if engine != nil { state.idleSetEngines -= 1 }
            return (prepared, engine, state.generation, [], 0)
        }
        if let engine { return engine }
        if let found { return TextEngine(config: nil, generation: generation, fontSet: found) }
        // Prepared outside the lock (files, a fontconfig configuration: milliseconds); a set that
        // another thread prepared meanwhile wins, and this one is dropped (its files removed).
        let made = try PreparedFontSet(fonts, serial: serial, registered: files)
        let (prepared, evicted) = locked { state -> (PreparedFontSet, Evicted) in
            guard state.generation == generation else { return (made, Evicted()) }
            if let other = state.sets[fonts.digest] { return (other, Evicted()) }
            state.sets[fonts.digest] = made
            state.setOrder.append(fonts.digest)
            state.setBytes += made.byteCount
            state.setsPrepared += 1
            return (made, TextEnginePool.evict(&state, keeping: fonts.digest))
        }
        _ = evicted  // released here, outside the lock
        return TextEngine(config: nil, generation: generation, fontSet: prepared)
    }

    /// Moves `digest` to the most recently used end.
    private static func touch(_ digest: String, in state: inout State) {
        if let index = state.setOrder.lastIndex(of: digest), index != state.setOrder.count - 1 {
            state.setOrder.remove(at: index)
            state.setOrder.append(digest)
        }
    }

    /// Prepared sets and engines taken out of the pool, released by the caller outside the lock.
    private struct Evicted: Sendable {
        var sets: [PreparedFontSet] = []
        var engines: [TextEngine] = []
    }

    /// Drops the least recently used sets (and their idle engines) until the rest fit the budget
    /// and the count, never `kept`; returns what was dropped, to be released outside the lock.
    private static func evict(_ state: inout State, keeping kept: String) -> Evicted {
        var dropped = Evicted()
        var index = 0
        while (state.setBytes > state.setByteLimit || state.setOrder.count > maxPreparedSets), index < state.setOrder.count {
            let digest = state.setOrder[index]
            guard digest != kept, let set = state.sets.removeValue(forKey: digest) else { index += 1; continue }
            state.setOrder.remove(at: index)
            state.setBytes -= set.byteCount
            dropped.sets.append(set)
            let engines = state.idleBySet.removeValue(forKey: digest) ?? []
            state.idleSetEngines -= engines.count
            dropped.engines += engines
        }
        return dropped
    }

    /// The budget of prepared font sets' bytes; lowering it drops sets at once.
    var fontCacheByteLimit: Int {
        get { locked { $0.setByteLimit } }
        set {
            let dropped = locked { state -> Evicted in
                state.setByteLimit = max(0, newValue)
                return TextEnginePool.evict(&state, keeping: "")
            }
            _ = dropped
        }
    }

    /// The prepared sets' digests (least recently used first), their bytes, and how many sets
    /// were prepared so far.
    var fontCacheState: (digests: [String], bytes: Int, prepared: Int) {
        locked { ($0.setOrder, $0.setBytes, $0.setsPrepared) }
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
            guard engine.generation == state.generation else { return }
            if let set = engine.fontSet {
                // Kept only while its set is still the cached one.
                guard state.sets[set.digest] === set, state.idleSetEngines < TextEnginePool.maxIdleSetEngines,
                      state.idleBySet[set.digest, default: []].count < TextEnginePool.maxIdleEnginesPerSet else { return }
                state.idleBySet[set.digest, default: []].append(engine)
                state.idleSetEngines += 1
            } else if state.idle.count < TextEnginePool.maxIdleEngines {
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
            // Prepared sets hold the old registered fonts: they are prepared again when next used.
            let stale = state.idle + state.idleBySet.values.flatMap { $0 }
            state.idle.removeAll()
            state.idleBySet.removeAll()
            state.idleSetEngines = 0
            state.sets.removeAll()
            state.setOrder.removeAll()
            state.setBytes = 0
            return (true, stale)
        }
        _ = stale  // released here, outside the lock
        return installed
    }
}
