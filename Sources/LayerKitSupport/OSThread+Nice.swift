#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// Linux keeps a nice value per thread, and `who == 0` with PRIO_PROCESS means the calling
// thread (the kernel's `current`), not the whole process: see setpriority(2), "BUGS". So no
// gettid(), which Glibc's Swift module does not export, is needed.

extension OSThread {
    /// The calling thread's nice value (Linux: per thread).
    package static var niceValue: Int32 {
        errno = 0
        return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }

    /// Sets the calling thread's nice value (Linux: per thread); returns whether it took effect.
    @discardableResult
    package static func setNiceValue(_ value: Int32) -> Bool {
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, value) == 0
    }

    /// Whether a thread may lower its priority by one step and then restore it, checked on a
    /// throwaway thread so that a failed restore leaves no thread lowered.
    package static func canRestoreNiceValue() -> Bool {
        run(stackSize: nil) {
            let base = niceValue
            guard base < 19, setNiceValue(base + 1) else { return false }
            return setNiceValue(base) && niceValue == base
        } ?? false
    }
}
