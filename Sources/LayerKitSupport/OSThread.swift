#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An OS thread the package started: the one way it runs threads (the loop's, the render
/// workers, the timers, the layout engine's deep-stack thread), and the calls a thread makes
/// about itself (its name, its nice value).
package struct OSThread: @unchecked Sendable {
    // @unchecked Sendable: a pthread handle is an opaque identifier, valid from any thread.
    private let handle: pthread_t

    /// Starts a joinable thread named `name` (Linux keeps 15 bytes) with a stack of `stackSize`
    /// bytes (the system default when `nil`); `nil` when the system refuses to start it.
    package static func tryStart(name: String?, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> OSThread? {
        final class Box {
            let body: () -> Void
            init(_ body: @escaping () -> Void) { self.body = body }
        }
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        if let stackSize, pthread_attr_setstacksize(&attributes, stackSize) != 0 { return nil }
        // A new Linux thread inherits its creator's name, so the thread names itself first.
        let context = Unmanaged.passRetained(Box {
            if let name { setCurrentName(name) }
            body()
        }).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let result = pthread_create(&thread, &attributes, { raw in
            Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            return nil
        }
        #if canImport(Darwin)
        guard let thread else { return nil }
        #endif
        return OSThread(handle: thread)
    }

    /// Starts a joinable thread like ``tryStart(name:stackSize:_:)``; traps if it cannot.
    package static func start(name: String?, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> OSThread {
        guard let thread = tryStart(name: name, stackSize: stackSize, body) else {
            preconditionFailure("pthread_create failed for thread \(name ?? "(unnamed)")")
        }
        return thread
    }

    /// Starts a thread that nobody joins.
    package static func detach(name: String?, _ body: @escaping @Sendable () -> Void) {
        start(name: name, body).detach()
    }

    /// Lets the thread end without being joined (its resources are freed when it exits).
    package func detach() {
        pthread_detach(handle)
    }

    /// Runs `body` on a new thread with a stack of `stackSize` bytes (the default when `nil`) and
    /// waits for it; `nil` (having run nothing) when the thread cannot start.
    package static func run<T>(stackSize: Int?, _ body: () -> T) -> T? {
        withoutActuallyEscaping(body) { escapable in
            let job = ThreadJob(escapable)
            guard let thread = tryStart(name: nil, stackSize: stackSize, { job.result = job.body() }) else { return nil }
            thread.join()
            return job.result
        }
    }

    /// Work and its result handed to a thread by ``run(stackSize:_:)``. Unchecked Sendable: used
    /// by the new thread only, between its start and the join, which orders its writes before the
    /// caller's reads.
    private final class ThreadJob<T>: @unchecked Sendable {
        let body: () -> T
        var result: T?
        init(_ body: @escaping () -> T) { self.body = body }
    }

    /// Waits for the thread to exit.
    package func join() {
        pthread_join(handle, nil)
    }

    /// Whether this is the calling thread.
    package var isCurrent: Bool { pthread_equal(handle, pthread_self()) != 0 }

    // Glibc's Swift module does not export pthread_setname_np / pthread_getname_np (they need
    // _GNU_SOURCE), and prctl is variadic; /proc/thread-self/comm (Linux 3.17+) is the same
    // name, readable and writable by the thread itself.

    /// Names the calling thread (Linux: its `/proc/thread-self/comm`, 15 bytes at most).
    package static func setCurrentName(_ name: String) {
        #if os(Linux)
        let fd = open("/proc/thread-self/comm", O_WRONLY)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        #endif
    }

    /// The calling thread's name (empty where it cannot be read).
    package static var currentName: String {
        let fd = open("/proc/thread-self/comm", O_RDONLY)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return "" }
        return String(decoding: buffer[..<count].prefix { $0 != 0 && $0 != 10 }, as: UTF8.self)
    }
}
