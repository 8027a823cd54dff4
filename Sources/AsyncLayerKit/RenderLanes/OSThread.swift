#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Thin wrappers over the pthread and scheduling calls a ``RenderExecutor`` makes.
enum OSThread {
    /// Starts a joinable thread running `body`.
    static func spawn(_ body: @escaping @Sendable () -> Void) -> pthread_t {
        final class Box {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, context)
        precondition(result == 0, "pthread_create failed: \(result)")
        return thread
    }

    /// Starts a detached thread running `body`; nobody joins it.
    static func spawnDetached(_ body: @escaping @Sendable () -> Void) {
        pthread_detach(spawn(body))
    }

    /// Waits for `thread` to exit.
    static func join(_ thread: pthread_t) {
        pthread_join(thread, nil)
    }

    /// The calling thread's pthread handle.
    static var current: pthread_t { pthread_self() }

    // Glibc's Swift module does not export pthread_setname_np / pthread_getname_np (they need
    // _GNU_SOURCE), and prctl is variadic; /proc/thread-self/comm (Linux 3.17+) is the same
    // name, readable and writable by the thread itself.

    /// Names the calling thread (Linux keeps at most 15 bytes); the loop names its thread the same way.
    static func setName(_ name: String) {
        ThreadIdentity.setCurrentName(name)
    }

    /// The calling thread's name.
    static var name: String {
        let fd = open("/proc/thread-self/comm", O_RDONLY)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return "" }
        return String(decoding: buffer[..<count].prefix { $0 != 0 && $0 != 10 }, as: UTF8.self)
    }

    // Linux keeps a nice value per thread, and `who == 0` with PRIO_PROCESS means the calling
    // thread (the kernel's `current`), not the whole process: see setpriority(2), "BUGS". So no
    // gettid(), which Glibc's Swift module does not export, is needed.

    /// The calling thread's nice value (Linux: per thread).
    static var niceValue: Int32 {
        errno = 0
        return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }

    /// Sets the calling thread's nice value (Linux: per thread); returns whether it took effect.
    @discardableResult
    static func setNiceValue(_ value: Int32) -> Bool {
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, value) == 0
    }

    /// Whether a thread may lower its priority by one step and then restore it, checked on a
    /// throwaway thread so that a failed restore leaves no worker lowered.
    static func canRestoreNiceValue() -> Bool {
        final class Outcome: @unchecked Sendable {
            // @unchecked Sendable: written by the probe thread only, read after pthread_join,
            // which orders the write before the read.
            var restored = false
        }
        let outcome = Outcome()
        let probe = spawn {
            let base = niceValue
            guard base < 19, setNiceValue(base + 1) else { return }
            outcome.restored = setNiceValue(base) && niceValue == base
        }
        join(probe)
        return outcome.restored
    }
}
