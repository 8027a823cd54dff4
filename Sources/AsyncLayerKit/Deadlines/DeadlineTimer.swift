#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Fires deadlines from one small thread of its own, so that a deadline's wake-up never waits for
/// a cooperative-pool thread: when the pool is saturated (every thread busy or blocked), a
/// `Task.sleep` wakes only when a pool thread frees up, which can be seconds late.
///
/// The thread keeps the pending deadlines in instant order and blocks in `poll(2)` until the
/// earliest one (or until a new, earlier one is scheduled: a byte on a pipe wakes it). An action
/// runs **on the timer thread** and must be tiny — resume a continuation, cancel a task — so that
/// one action never delays the next deadline. The thread starts on first use and lives for the
/// process.
final class DeadlineTimer: Sendable {
    /// The process-wide timer (one thread).
    static let shared = DeadlineTimer()

    /// Identifies one scheduled action, for ``cancel(_:)``.
    struct Token: Sendable, Hashable {
        fileprivate let id: UInt64
    }

    private struct Entry {
        let instant: ContinuousClock.Instant
        let id: UInt64
        let action: @Sendable () -> Void
    }

    private struct State {
        /// Pending entries, earliest first.
        var entries: [Entry] = []
        var nextID: UInt64 = 0
        var isThreadStarted = false
        /// Actions run so far (for tests).
        var fired = 0
    }

    // The timer's state is shared by the scheduling threads and the timer thread: a lock is
    // inherent, and it is the project's one lock type.
    private let state = ConditionLock(State())
    /// The self-pipe that wakes the thread when an earlier deadline arrives: read end, write end.
    private let wakeRead: Int32
    private let wakeWrite: Int32

    init() {
        var fds: [Int32] = [-1, -1]
        let made = pipe(&fds)
        precondition(made == 0, "DeadlineTimer: pipe failed (errno \(errno))")
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        wakeRead = fds[0]
        wakeWrite = fds[1]
    }

    /// Runs `action` on the timer thread at `instant` (at once if it has passed), unless the
    /// returned token is cancelled first.
    @discardableResult
    func schedule(at instant: ContinuousClock.Instant, _ action: @escaping @Sendable () -> Void) -> Token {
        let (token, isEarliest, startThread) = state.withLock { state -> (Token, Bool, Bool) in
            state.nextID += 1
            let entry = Entry(instant: instant, id: state.nextID, action: action)
            // Binary search for the first entry later than this one (equal instants keep order).
            var low = 0, high = state.entries.count
            while low < high {
                let middle = (low + high) / 2
                if state.entries[middle].instant <= instant { low = middle + 1 } else { high = middle }
            }
            state.entries.insert(entry, at: low)
            let start = !state.isThreadStarted
            state.isThreadStarted = true
            return (Token(id: entry.id), low == 0, start)
        }
        if startThread {
            OSThread.spawnDetached { [self] in self.run() }
        } else if isEarliest {
            wake()
        }
        return token
    }

    /// Removes a scheduled action; returns whether it was still pending (it then never runs).
    @discardableResult
    func cancel(_ token: Token) -> Bool {
        state.withLock { state in
            guard let index = state.entries.firstIndex(where: { $0.id == token.id }) else { return false }
            state.entries.remove(at: index)
            return true
        }
    }

    /// Actions scheduled and not yet run or cancelled.
    var pendingCount: Int { state.withLock { $0.entries.count } }

    /// Actions run so far.
    var firedCount: Int { state.withLock { $0.fired } }

    private func wake() {
        var byte: UInt8 = 1
        // Non-blocking: a full pipe already holds a wake-up.
        _ = write(wakeWrite, &byte, 1)
    }

    /// The timer thread: fire what is due, then block until the next deadline or a wake-up.
    private func run() {
        OSThread.setName("DeadlineTimer")
        var drain = [UInt8](repeating: 0, count: 64)
        while true {
            let (due, timeout) = state.withLock { state -> ([Entry], Int32) in
                let now = ContinuousClock.now
                let count = state.entries.prefix { $0.instant <= now }.count
                let due = Array(state.entries.prefix(count))
                state.entries.removeFirst(count)
                state.fired += count
                guard let next = state.entries.first else { return (due, -1) }
                return (due, Self.milliseconds(until: next.instant, from: now))
            }
            for entry in due { entry.action() }
            if !due.isEmpty { continue }
            var descriptor = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, timeout)
            while drain.withUnsafeMutableBytes({ read(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
        }
    }

    /// The poll timeout that reaches `instant`: whole milliseconds, rounded up (never early).
    private static func milliseconds(until instant: ContinuousClock.Instant, from now: ContinuousClock.Instant) -> Int32 {
        let (seconds, attoseconds) = (instant - now).components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        return Int32(min(max((nanoseconds / 1e6).rounded(.up), 0), Double(Int32.max)))
    }
}
