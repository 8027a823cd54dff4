#if canImport(Glibc)
import Glibc
#endif

/// A gate an origin's handler waits at, on its connection's thread, until the test or the
/// benchmark opens it: how a test holds a response back until every fetch has joined.
public final class OriginGate: @unchecked Sendable {
    // @unchecked Sendable: the mutex and the condition variable are allocated once, here, never
    // moved, and freed in deinit when no thread can hold a reference; `isOpen` is read and
    // written only with the mutex held.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var isOpen = false

    /// A closed gate.
    public init() {
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    /// Blocks the calling thread (an origin's connection thread, never a task's) until ``open()``.
    public func wait() {
        pthread_mutex_lock(mutex)
        while !isOpen { pthread_cond_wait(condition, mutex) }
        pthread_mutex_unlock(mutex)
    }

    /// Lets every waiting handler go on, and those that come later.
    public func open() {
        pthread_mutex_lock(mutex)
        isOpen = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }
}
