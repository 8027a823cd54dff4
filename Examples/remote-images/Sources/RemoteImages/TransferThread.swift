import CCurl
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Whether a transfer's waiter has gone: set by the waiting task's cancellation handler, read by
/// the transfer thread (between rounds) and by curl's progress callback (during one).
final class TransferControl: Sendable {
    private let cancelled = Atomic<Bool>(false)

    /// Asks the transfer to stop.
    func cancel() { cancelled.store(true, ordering: .releasing) }

    /// Whether ``cancel()`` was called.
    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
}

/// A request handed to the transfer thread, with the continuation its answer resumes.
struct TransferSubmission: Sendable {
    let request: TransferRequest
    let control: TransferControl
    let continuation: CheckedContinuation<Result<TransferResponse, RemoteImageError>, Never>
}

/// The curl multi handle, shared with other threads for `curl_multi_wakeup` alone.
struct MultiHandle: @unchecked Sendable {
    // @unchecked Sendable: the pointer crosses threads, but only the transfer thread calls curl on
    // it, except `curl_multi_wakeup`, which libcurl documents as safe from any thread. Wakeups are
    // made under the inbox lock and only while the inbox is not closed; the transfer thread closes
    // it and calls `curl_multi_cleanup` under that same lock, so no wakeup can follow the cleanup.
    let pointer: UnsafeMutableRawPointer
}

/// Runs every transfer of one loader on **one thread of its own**, around a curl multi handle
/// (`curl_multi_perform` then `curl_multi_poll`), never on Swift's cooperative pool: a blocked
/// or slow origin holds no pool thread, and one thread serves any number of transfers.
///
/// Ownership: the thread owns the multi handle and every easy handle; each easy handle belongs to
/// one ``ActiveTransfer``, which removes and cleans it up exactly once when the transfer ends (done,
/// failed, cancelled, or the thread shutting down). Other threads only append to the inbox (under
/// its lock) and wake the thread; a cancelled waiter sets its transfer's ``TransferControl``,
/// which the thread and curl's progress callback read.
final class TransferThread: Sendable {
    private struct Inbox {
        var submissions: [TransferSubmission] = []
        /// No new submission is taken; the thread ends its transfers and exits.
        var stopping = false
        /// The multi handle is cleaned up: no wakeup may touch it.
        var closed = false
    }

    private let inbox = Mutex(Inbox())
    private let multi: MultiHandle

    /// Creates the multi handle and starts the thread.
    ///
    /// - Throws: ``RemoteImageError/transport(_:)`` when libcurl or the thread cannot start.
    init() throws(RemoteImageError) {
        guard curlGlobalReady, let pointer = curl_multi_init() else { throw .transport("libcurl could not be initialised") }
        multi = MultiHandle(pointer: pointer)
        let body = ThreadBody { [self] in self.run() }
        let context = Unmanaged.passRetained(body).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            let body = Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue()
            body.run()
            return nil
        }, context)
        guard started == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            curl_multi_cleanup(pointer)
            throw .transport("could not start the transfer thread (error \(started))")
        }
        pthread_detach(thread)
    }

    /// Makes `request` on the transfer thread and waits for its answer. Cancelling the calling
    /// task stops the transfer (its connection is closed) and answers ``RemoteImageError/cancelled``.
    func perform(_ request: TransferRequest) async throws(RemoteImageError) -> TransferResponse {
        let control = TransferControl()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                submit(TransferSubmission(request: request, control: control, continuation: continuation))
            }
        } onCancel: {
            control.cancel()
            wakeUp()
        }
        return try result.get()
    }

    /// Asks the thread to end every transfer (answering ``RemoteImageError/cancelled``), clean up
    /// and exit. The owner calls it once, when it goes away.
    func shutDown() {
        inbox.withLock { inbox in
            inbox.stopping = true
            if !inbox.closed { curl_multi_wakeup(multi.pointer) }
        }
    }

    private func submit(_ submission: TransferSubmission) {
        let accepted = inbox.withLock { inbox in
            guard !inbox.stopping else { return false }
            inbox.submissions.append(submission)
            curl_multi_wakeup(multi.pointer)
            return true
        }
        if !accepted { submission.continuation.resume(returning: .failure(.cancelled)) }
    }

    private func wakeUp() {
        inbox.withLock { inbox in
            if !inbox.closed { curl_multi_wakeup(multi.pointer) }
        }
    }

    /// Names the calling thread (Linux keeps 15 bytes), as the project's threads do, so that it
    /// is known in `top -H` and in a debugger.
    private static func nameCurrentThread(_ name: String) {
        #if os(Linux)
        let fd = open("/proc/thread-self/comm", O_WRONLY)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        #endif
    }

    /// The thread: takes new submissions, drops cancelled transfers, lets curl work, finishes
    /// what curl finished, then sleeps in `curl_multi_poll` until a socket, a curl timer or a
    /// wakeup (at most a second).
    private func run() {
        Self.nameCurrentThread("remote-images")
        let multi = self.multi.pointer
        var active: [UnsafeMutableRawPointer: ActiveTransfer] = [:]
        while true {
            let (new, stopping) = inbox.withLock { inbox in
                defer { inbox.submissions.removeAll() }
                return (inbox.submissions, inbox.stopping)
            }
            for submission in new {
                if let transfer = ActiveTransfer.start(submission, multi: multi) { active[transfer.handle] = transfer }
            }
            if stopping { break }
            for (handle, transfer) in active where transfer.control.isCancelled {
                active[handle] = nil
                transfer.finish(.failure(.cancelled), multi: multi)
            }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var finished: [(handle: UnsafeMutableRawPointer, code: CURLcode)] = []
            var queued: Int32 = 0
            while let message = curl_multi_info_read(multi, &queued) {
                if message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle {
                    finished.append((handle, ccurl_message_result(message)))
                }
            }
            for (handle, code) in finished {
                active.removeValue(forKey: handle)?.complete(code, multi: multi)
            }
            curl_multi_poll(multi, nil, 0, 1000, nil)
        }
        for transfer in active.values { transfer.finish(.failure(.cancelled), multi: multi) }
        let left = inbox.withLock { inbox in
            inbox.closed = true
            curl_multi_cleanup(multi)
            defer { inbox.submissions.removeAll() }
            return inbox.submissions
        }
        for submission in left { submission.continuation.resume(returning: .failure(.cancelled)) }
    }
}

/// What a new thread runs.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void

    init(_ run: @escaping @Sendable () -> Void) {
        self.run = run
    }
}
