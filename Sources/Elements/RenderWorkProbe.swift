import LayerKitSupport
import Synchronization

/// Reports each heavy step of a render — a text measured, an image decoded — from inside the
/// step, on the thread doing it, so that a test can check where the work really happens (the
/// render lanes, never the loop or the cooperative pool) rather than where a task was started.
///
/// Internal: the tests observe it through `@testable import`. With no observer (always, outside
/// tests) a probe costs one atomic load.
enum RenderWorkProbe {
    /// A heavy step.
    enum Step: Sendable, Hashable {
        /// A text measured (laid out by Pango), not taken from a cache.
        case textMeasurement
        /// An image's bytes decoded (and its effects applied).
        case imageDecode
    }

    /// What an observer is told: the step and what it worked on (the text, or the image's name;
    /// empty for encoded bytes and bitmaps). It runs on the working thread, inside the step.
    typealias Observer = @Sendable (_ step: Step, _ subject: String) -> Void

    /// Identifies an added observer.
    struct Token: Sendable, Hashable {
        fileprivate let id: Int
    }

    private static let active = Atomic<Int>(0)
    private static let observers = Lock<(next: Int, all: [Int: Observer])>((0, [:]))

    /// Adds `observer` (called for every step of every render in the process: filter on the
    /// subject); remove it with ``remove(_:)``.
    static func add(_ observer: @escaping Observer) -> Token {
        let id = observers.withLock { state -> Int in
            state.next += 1
            state.all[state.next] = observer
            return state.next
        }
        active.add(1, ordering: .sequentiallyConsistent)
        return Token(id: id)
    }

    /// Removes an observer.
    static func remove(_ token: Token) {
        let removed = observers.withLock { $0.all.removeValue(forKey: token.id) != nil }
        if removed { active.subtract(1, ordering: .sequentiallyConsistent) }
    }

    /// Tells every observer that `step` is being done on this thread, on `subject`.
    static func record(_ step: Step, _ subject: @autoclosure () -> String) {
        guard active.load(ordering: .relaxed) > 0 else { return }
        let all = observers.withLock { Array($0.all.values) }
        let subject = subject()
        for observer in all { observer(step, subject) }
    }
}
