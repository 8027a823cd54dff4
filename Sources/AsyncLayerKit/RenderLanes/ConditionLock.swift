#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a pthread mutex, with a condition variable to sleep on until it changes.
///
/// The lock of a ``RenderExecutor`` (and of the admission gate of ``RenderLanes``), inherent to
/// the executor: its worker threads are OS
/// threads, not tasks, so they cannot `await` an actor for their next job, and an idle worker must
/// block in the kernel without spinning until work arrives. `Synchronization.Mutex` has no
/// condition variable, hence pthreads. Every access to the value goes through `withLock` or
/// `wait(until:)`, so it is never touched without the mutex held.
final class ConditionLock<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is read and written only between pthread_mutex_lock and
    // pthread_mutex_unlock on `mutex` (withLock, wait(until:)); the mutex and condition are
    // allocated once, never moved, and destroyed in deinit when no thread can hold a reference.
    private var value: Value
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// Creates a lock guarding `value`.
    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` with the value, the mutex held.
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Blocks until `body` returns a non-nil result, re-running it (mutex held) after each wake-up.
    func wait<R>(until body: (inout Value) -> R?) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if let result = body(&value) { return result }
            pthread_cond_wait(condition, mutex)
        }
    }

    /// Wakes one thread blocked in `wait(until:)`.
    func signal() { pthread_cond_signal(condition) }

    /// Wakes every thread blocked in `wait(until:)`.
    func broadcast() { pthread_cond_broadcast(condition) }
}
