#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The identity of the calling OS thread, comparable across threads: how the loop knows whether
/// code runs on the thread that is draining it (for `checkIsolated`).
package struct ThreadIdentity: Sendable, Equatable {
    private let raw: UInt

    static var current: ThreadIdentity {
        #if canImport(Darwin)
        ThreadIdentity(raw: UInt(bitPattern: pthread_self()))
        #else
        ThreadIdentity(raw: UInt(pthread_self()))
        #endif
    }
}
