import Synchronization

/// The loop's one lock: a `Mutex` whose hand-overs ThreadSanitizer can see.
///
/// On Linux a contended `Mutex` waits on a futex inside the (uninstrumented) standard library,
/// so TSan misses the ordering it provides and reports races on the state it protects. An
/// acquire-release increment at both ends of every critical section states that ordering
/// explicitly; it costs one uncontended atomic operation and changes nothing else. (The text
/// engine pool in Canvas found and fixed the same thing.)
package final class LoopLock<Value: ~Copyable>: Sendable where Value: Sendable {
    private let mutex: Mutex<Value>
    private let handOver = Atomic<Int>(0)

    package init(_ value: consuming sending Value) {
        mutex = Mutex(value)
    }

    package func withLock<R: ~Copyable, E: Error>(_ body: (inout sending Value) throws(E) -> sending R) throws(E) -> sending R {
        try mutex.withLock { (value: inout sending Value) throws(E) -> sending R in
            handOver.add(1, ordering: .acquiringAndReleasing)
            defer { handOver.add(1, ordering: .acquiringAndReleasing) }
            return try body(&value)
        }
    }
}
