#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs work that recurses once per tree level on a thread with a stack sized for the depth.
///
/// The engine recurses through each level of the tree (a few frames per level); a 1000-level
/// chain would overflow a default thread stack (512 KB to 8 MB). Deep trees are therefore laid
/// out on one short-lived thread whose stack fits them, joined before the call returns: the call
/// stays synchronous and pure. Shallow trees run inline.
enum DeepStack {
    /// Trees up to this depth run on the caller's stack.
    static let inlineDepth = 48
    /// Stack reserved per tree level (generous: unoptimized builds use large frames).
    static let bytesPerLevel = 64 * 1024

    /// Runs `body` inline, or on a thread with room for `depth` levels (inline if one cannot start).
    static func run<T>(depth: Int, _ body: () -> T) -> T {
        guard depth > inlineDepth else { return body() }
        return withoutActuallyEscaping(body) { escapable in
            let job = Job(escapable)
            let size = 1 << 20 + depth * bytesPerLevel
            if runOnThread(job, stackSize: size), let result = job.result { return result }
            return escapable()
        }
    }

    /// The work and its result, handed to the thread through an opaque pointer.
    private final class Job<T>: Runnable {
        let body: () -> T
        var result: T?
        init(_ body: @escaping () -> T) { self.body = body }
        func run() { result = body() }
    }

    private static func runOnThread(_ job: some Runnable, stackSize: Int) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, stackSize) == 0 else { return false }
        let context = Unmanaged.passRetained(job as AnyObject).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let started = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            let job = Unmanaged<AnyObject>.fromOpaque(context).takeRetainedValue()
            (job as? any Runnable)?.run()
            return nil
        }, context)
        guard started == 0 else {
            Unmanaged<AnyObject>.fromOpaque(context).release()
            return false
        }
        #if canImport(Darwin)
        guard let thread else { return false }
        #endif
        pthread_join(thread, nil)
        return true
    }
}

/// Work a ``DeepStack`` thread runs.
private protocol Runnable: AnyObject {
    func run()
}
