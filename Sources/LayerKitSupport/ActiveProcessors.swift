#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How many processors this process may run on, clamped to 1…16: the default width of every
/// pool of threads or operations in the package (16 is the cap of YYAsyncLayer's queue pool).
package enum ActiveProcessors {
    /// The most the package uses by default, however many processors there are.
    package static let cap = 16

    /// The processors online (`sysconf(_SC_NPROCESSORS_ONLN)`), clamped to 1…``cap``.
    /// (Glibc's Swift module does not export `sched_getaffinity`, which needs `_GNU_SOURCE`.)
    package static var count: Int {
        min(max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1), cap)
    }
}
