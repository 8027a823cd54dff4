import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A request the origin received.
public struct OriginRequest: Hashable, Sendable {
    /// `GET`, usually.
    public var method: String
    /// The path and query.
    public var path: String
    /// Header fields, names in lower case.
    public var headers: [String: String]
}

/// What the origin answers to one request.
public struct OriginResponse: Sendable {
    /// How the body is sent.
    public enum Body: Sendable {
        /// All at once, with its `Content-Length`.
        case bytes([UInt8])
        /// One byte every `interval`, with its `Content-Length` (a slow drip).
        case drip([UInt8], interval: Duration)
        /// `chunk` again and again, without a length, until the client goes away.
        case endless(chunk: [UInt8])
        /// A `Content-Length` of `declared` bytes, then only `chunk` once (a length that lies).
        case declared(Int, chunk: [UInt8])
    }

    /// The status code.
    public var status: Int
    /// Header fields besides `Content-Length` and `Connection`.
    public var headers: [(String, String)]
    /// The body.
    public var body: Body

    /// A response.
    public init(status: Int = 200, headers: [(String, String)] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// A tiny HTTP/1.1 origin on loopback for the tests and the benchmark: one thread accepts, one
/// thread per connection reads a request head, asks the handler, writes the answer and closes
/// (`Connection: close`). It counts connections and requests, and lets a caller wait (without
/// polling) until a number of requests arrived or of connections ended. It stops accepting when
/// it goes away (or at ``stop()``).
public final class OriginServer: Sendable {
    private let core: OriginCore

    /// The port it listens on, on 127.0.0.1.
    public var port: Int { core.port }

    /// Starts an origin whose answers `handler` gives (called on the connection's thread; it may
    /// block, which holds only that connection).
    public init(handler: @escaping @Sendable (OriginRequest) -> OriginResponse) throws {
        core = try OriginCore(handler: handler)
    }

    deinit {
        core.stop()
    }

    /// `http://127.0.0.1:port` followed by `path`.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Every request received so far.
    public var requests: [OriginRequest] { core.requests }

    /// The requests received for `path`.
    public func requestCount(_ path: String) -> Int { core.requests.filter { $0.path == path }.count }

    /// Connections accepted so far.
    public var connections: Int { core.connections }

    /// Returns once `count` requests have been received in all.
    public func waitForRequests(_ count: Int) async { await core.wait(.requests, count) }

    /// Returns once `count` connections have ended with the client gone before the body was
    /// all sent (a cancelled or refused transfer).
    public func waitForAbandonedConnections(_ count: Int) async { await core.wait(.closed, count) }

    /// Stops accepting (connections in progress finish on their own).
    public func stop() { core.stop() }
}

/// The origin's sockets, threads and counts; its threads hold it, not the ``OriginServer`` that
/// owns it, so dropping the server stops it.
private final class OriginCore: Sendable {
    let port: Int
    private let listener: Int32
    private let handler: @Sendable (OriginRequest) -> OriginResponse
    private let state = Mutex(State())

    private struct State {
        var requests: [OriginRequest] = []
        var connections = 0
        var closed = 0
        var stopped = false
        var waits: [(kind: WaitKind, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    enum WaitKind { case requests, closed }

    init(handler: @escaping @Sendable (OriginRequest) -> OriginResponse) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw OriginError(what: "socket", code: errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw OriginError(what: "bind/listen", code: errno)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        listener = fd
        startThread { [self] in self.acceptLoop() }
    }

    var requests: [OriginRequest] { state.withLock { $0.requests } }

    var connections: Int { state.withLock { $0.connections } }

    func stop() {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        if first { shutdown(listener, Int32(SHUT_RDWR)) }
    }

    deinit {
        close(listener)
    }

    func wait(_ kind: WaitKind, _ count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                let reached = (kind == .requests ? state.requests.count : state.closed) >= count
                if !reached { state.waits.append((kind, count, continuation)) }
                return reached
            }
            if ready { continuation.resume() }
        }
    }

    /// Resumes the waits the state now satisfies.
    private func settle(_ change: (inout State) -> Void) {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            change(&state)
            var ready: [CheckedContinuation<Void, Never>] = []
            state.waits.removeAll { wait in
                let reached = (wait.kind == .requests ? state.requests.count : state.closed) >= wait.count
                if reached { ready.append(wait.continuation) }
                return reached
            }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            settle { $0.connections += 1 }
            startThread { [self] in self.serve(connection) }
        }
    }

    private func serve(_ fd: Int32) {
        defer { close(fd) }
        guard let request = readHead(fd) else { return }
        settle { $0.requests.append(request) }
        let response = handler(request)
        if !write(fd, response) { settle { $0.closed += 1 } }
    }

    /// Reads up to the blank line ending the head; `nil` if the client left first.
    private func readHead(_ fd: Int32) -> OriginRequest? {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = [13, 10, 13, 10]
        while !data.suffix(4).elementsEqual(end) || data.count < 4 {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { return nil }
            data.append(contentsOf: buffer[0..<n])
            if data.count > 64 * 1024 { return nil }
            if let range = data.firstRange(of: end) {
                data.removeSubrange(range.upperBound...)
                break
            }
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\r\n")
        guard let first = lines.first else { return nil }
        let parts = first.split(separator: " ")
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingPrefix(" ").description
        }
        return OriginRequest(method: String(parts[0]), path: String(parts[1]), headers: headers)
    }

    /// Writes the response; `false` when the client went away before it was all sent.
    private func write(_ fd: Int32, _ response: OriginResponse) -> Bool {
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\nConnection: close\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        switch response.body {
        case .bytes(let bytes), .drip(let bytes, _): head += "Content-Length: \(bytes.count)\r\n"
        case .declared(let length, _): head += "Content-Length: \(length)\r\n"
        case .endless: break
        }
        head += "\r\n"
        guard send(fd, Array(head.utf8)) else { return false }
        switch response.body {
        case .bytes(let bytes):
            return send(fd, bytes)
        case .declared(_, let chunk):
            return send(fd, chunk)
        case .drip(let bytes, let interval):
            for byte in bytes {
                guard send(fd, [byte]) else { return false }
                sleep(for: interval)
            }
            return true
        case .endless(let chunk):
            while send(fd, chunk) {}
            return false
        }
    }

    private func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 {
                if n < 0, errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    private func sleep(for interval: Duration) {
        let nanoseconds = interval.components.seconds * 1_000_000_000 + interval.components.attoseconds / 1_000_000_000
        var time = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&time, &remaining) != 0, errno == EINTR { time = remaining }
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 404: "Not Found"
        case 500: "Internal Server Error"
        default: "Status"
        }
    }
}

/// A socket call of the origin failed.
public struct OriginError: Error, CustomStringConvertible {
    /// The call.
    public var what: String
    /// `errno`.
    public var code: Int32

    /// The call and its error.
    public var description: String { "\(what): \(String(cString: strerror(code)))" }
}

/// What a new thread runs.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void

    init(_ run: @escaping @Sendable () -> Void) {
        self.run = run
    }
}

/// Starts a detached thread running `body`.
private func startThread(_ body: @escaping @Sendable () -> Void) {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(&thread, nil, { context in
        Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, context)
    if started == 0 {
        pthread_detach(thread)
    } else {
        Unmanaged<ThreadBody>.fromOpaque(context).release()
    }
}
