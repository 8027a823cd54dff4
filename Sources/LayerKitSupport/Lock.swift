import Synchronization

/// The package's one lock: a `Mutex` whose hand-overs ThreadSanitizer can see.
///
/// On Linux a contended `Mutex` waits on a futex inside the (uninstrumented) standard library,
/// so TSan misses the ordering it provides and reports races on the state it protects. An
/// acquire-release increment at both ends of every critical section states that ordering
/// explicitly; it costs one uncontended atomic operation and changes nothing else.
/// A thread that must sleep until the value changes uses ``ConditionLock`` instead.
package final class Lock<Value: ~Copyable>: Sendable where Value: Sendable {
    private let mutex: Mutex<Value>
    private let handOver = Atomic<Int>(0)

    /// Creates a lock guarding `value`.
    package init(_ value: consuming sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value, the lock held.
    package func withLock<R: ~Copyable, E: Error>(_ body: (inout sending Value) throws(E) -> sending R) throws(E) -> sending R {
        try mutex.withLock { (value: inout sending Value) throws(E) -> sending R in
            handOver.add(1, ordering: .acquiringAndReleasing)
            defer { handOver.add(1, ordering: .acquiringAndReleasing) }
            return try body(&value)
        }
    }
}
