#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a pthread mutex, with a condition variable a thread sleeps on until the
/// value changes: the package's one way to park an OS thread (render workers, timer threads,
/// the loop's thread).
///
/// `Synchronization.Mutex` has no condition variable, hence pthreads (which ThreadSanitizer
/// sees natively). Every access to the value goes through `withLock` or `wait`, so it is never
/// touched without the mutex held. For a lock nobody sleeps on, use ``Lock``.
package final class ConditionLock<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is read and written only between pthread_mutex_lock and
    // pthread_mutex_unlock on `mutex` (withLock, wait); the mutex and condition are allocated
    // once, never moved, and destroyed in deinit when no thread can hold a reference.
    private var value: Value
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// What a parked thread does next, decided under the lock by the body of ``wait(_:)``.
    package enum Decision<R> {
        /// Stop waiting, with this result.
        case proceed(R)
        /// Sleep until signalled.
        case park
        /// Sleep until signalled or until this instant, whichever comes first.
        case parkUntil(ContinuousClock.Instant)
    }

    /// Creates a lock guarding `value`.
    package init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        #if !canImport(Darwin)
        // Timed waits measure a duration, so they run on the monotonic clock (see `sleep(until:)`).
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        #endif
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` with the value, the mutex held.
    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` (mutex held) until it decides to proceed, parking the thread between runs as it
    /// asks; re-run after every wake-up (signal, broadcast, deadline or a spurious one).
    package func wait<R>(_ body: (inout Value) -> Decision<R>) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            switch body(&value) {
            case .proceed(let result): return result
            case .park: pthread_cond_wait(condition, mutex)
            case .parkUntil(let instant): sleep(until: instant)
            }
        }
    }

    /// Blocks until `body` returns a non-nil result, re-running it (mutex held) after each wake-up.
    package func wait<R>(until body: (inout Value) -> R?) -> R {
        wait { value in body(&value).map(Decision.proceed) ?? .park }
    }

    /// Wakes one thread blocked in `wait`.
    package func signal() { pthread_cond_signal(condition) }

    /// Wakes every thread blocked in `wait`.
    package func broadcast() { pthread_cond_broadcast(condition) }

    /// Sleeps on the condition (mutex held) until `instant` at the latest. The remaining duration
    /// is measured on the continuous clock and added to the monotonic one the condition uses.
    private func sleep(until instant: ContinuousClock.Instant) {
        let remaining = ContinuousClock.now.duration(to: instant)
        guard remaining > .zero else { return }
        let (seconds, attoseconds) = remaining.components
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nanoseconds = Int(now.tv_nsec) + Int(attoseconds / 1_000_000_000)
        var deadline = timespec()
        deadline.tv_sec = now.tv_sec + Int(seconds) + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        pthread_cond_timedwait(condition, mutex, &deadline)
    }
}
