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

    /// Names the calling OS thread (Linux: its `/proc/thread-self/comm`, 15 bytes at most).
    package static func setCurrentName(_ name: String) {
        #if os(Linux)
        let fd = open("/proc/thread-self/comm", O_WRONLY)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        #endif
    }

    static var current: ThreadIdentity {
        #if canImport(Darwin)
        ThreadIdentity(raw: UInt(bitPattern: pthread_self()))
        #else
        ThreadIdentity(raw: UInt(pthread_self()))
        #endif
    }
}
