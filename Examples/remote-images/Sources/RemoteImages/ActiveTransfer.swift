import CCurl

/// One transfer on the transfer thread: it owns its curl easy handle (and the lists and buffer
/// curl reads from) from `curl_easy_init` to the one ``finish(_:multi:)`` that removes and cleans
/// it up, and receives curl's callbacks, all on that thread. Never shared with another thread.
final class ActiveTransfer {
    /// The easy handle: the transfer's identity in the thread's table.
    let handle: UnsafeMutableRawPointer
    /// Set when the transfer's waiter went away.
    let control: TransferControl
    private let request: TransferRequest
    private let continuation: CheckedContinuation<Result<TransferResponse, RemoteImageError>, Never>
    private var body: [UInt8] = []
    private var headers: [HeaderField] = []
    /// The first address the guard refused, with why.
    private var refused: (address: IPAddress, category: AddressCategory)?
    /// Whether the body went past the policy's byte limit.
    private var overLimit = false
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var resolveList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var addedToMulti = false
    private var finished = false

    /// The `Accept` header: the formats the renderer decodes (a hint; the bytes are sniffed).
    static let accept = "Accept: image/png, image/jpeg, image/webp, image/svg+xml;q=0.9"
    /// The `User-Agent` header.
    static let userAgent = "AsyncLayerKit-RemoteImages/1"

    private init(handle: UnsafeMutableRawPointer, submission: TransferSubmission) {
        self.handle = handle
        self.control = submission.control
        self.request = submission.request
        self.continuation = submission.continuation
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    /// Starts `submission` on `multi`: a configured easy handle added to it. `nil` when the
    /// transfer ended at once (cancelled already, or curl refused it), its waiter answered.
    static func start(_ submission: TransferSubmission, multi: UnsafeMutableRawPointer) -> ActiveTransfer? {
        if submission.control.isCancelled {
            submission.continuation.resume(returning: .failure(.cancelled))
            return nil
        }
        guard let handle = curl_easy_init() else {
            submission.continuation.resume(returning: .failure(.transport("curl_easy_init failed")))
            return nil
        }
        let transfer = ActiveTransfer(handle: handle, submission: submission)
        if let problem = transfer.configure() {
            transfer.finish(.failure(.transport(problem)), multi: multi)
            return nil
        }
        guard curl_multi_add_handle(multi, handle) == CURLM_OK else {
            transfer.finish(.failure(.transport("curl_multi_add_handle failed")), multi: multi)
            return nil
        }
        transfer.addedToMulti = true
        return transfer
    }

    /// Sets every option; the name of the first one curl refused, or `nil`.
    private func configure() -> String? {
        let policy = request.policy
        let me = Unmanaged.passUnretained(self).toOpaque()
        for header in request.headers + [Self.accept] { headerList = curl_slist_append(headerList, header) }
        for pin in policy.pinnedAddresses { resolveList = curl_slist_append(resolveList, pin.curlEntry) }
        let milliseconds = { (duration: Duration) -> Int in
            Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
        }
        let steps: [(String, () -> CURLcode)] = [
            ("URL", { ccurl_setopt_string(self.handle, CURLOPT_URL, self.request.url.text) }),
            // Rule 1: http and https only, for the request and (were curl to follow one) redirects.
            ("PROTOCOLS_STR", { ccurl_setopt_string(self.handle, CURLOPT_PROTOCOLS_STR, "http,https") }),
            ("REDIR_PROTOCOLS_STR", { ccurl_setopt_string(self.handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https") }),
            // Rule 4: redirects are the loader's, each re-checked.
            ("FOLLOWLOCATION", { ccurl_setopt_long(self.handle, CURLOPT_FOLLOWLOCATION, 0) }),
            // No proxy, whatever the environment says: the address connected to is the origin's.
            ("PROXY", { ccurl_setopt_string(self.handle, CURLOPT_PROXY, "") }),
            ("NOPROXY", { ccurl_setopt_string(self.handle, CURLOPT_NOPROXY, "*") }),
            // Several threads in the process: no signals (and no alarm-based DNS timeout).
            ("NOSIGNAL", { ccurl_setopt_long(self.handle, CURLOPT_NOSIGNAL, 1) }),
            // Rule 6.
            ("CONNECTTIMEOUT_MS", { ccurl_setopt_long(self.handle, CURLOPT_CONNECTTIMEOUT_MS, max(1, milliseconds(policy.connectTimeout))) }),
            ("TIMEOUT_MS", { ccurl_setopt_long(self.handle, CURLOPT_TIMEOUT_MS, max(1, milliseconds(policy.totalTimeout))) }),
            // Rule 5: a declared length over the limit is refused before the body.
            ("MAXFILESIZE_LARGE", { ccurl_setopt_off(self.handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(policy.maxBytes)) }),
            ("USERAGENT", { ccurl_setopt_string(self.handle, CURLOPT_USERAGENT, Self.userAgent) }),
            ("HTTPHEADER", { ccurl_setopt_slist(self.handle, CURLOPT_HTTPHEADER, self.headerList) }),
            ("RESOLVE", { ccurl_setopt_slist(self.handle, CURLOPT_RESOLVE, self.resolveList) }),
            ("ERRORBUFFER", { ccurl_setopt_pointer(self.handle, CURLOPT_ERRORBUFFER, self.errorBuffer) }),
            ("WRITEFUNCTION", {
                ccurl_setopt_write(self.handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
                    Unmanaged<ActiveTransfer>.fromOpaque(context!).takeUnretainedValue()
                        .receive(UnsafeRawBufferPointer(start: data, count: size * count))
                }
            }),
            ("WRITEDATA", { ccurl_setopt_pointer(self.handle, CURLOPT_WRITEDATA, me) }),
            ("HEADERFUNCTION", {
                ccurl_setopt_write(self.handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
                    Unmanaged<ActiveTransfer>.fromOpaque(context!).takeUnretainedValue()
                        .receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
                }
            }),
            ("HEADERDATA", { ccurl_setopt_pointer(self.handle, CURLOPT_HEADERDATA, me) }),
            // Rule 3: every address judged before its socket exists.
            ("OPENSOCKETFUNCTION", {
                ccurl_setopt_opensocket(self.handle) { context, purpose, address in
                    guard purpose == CURLSOCKTYPE_IPCXN, let address else { return ccurl_socket_bad }
                    return Unmanaged<ActiveTransfer>.fromOpaque(context!).takeUnretainedValue().openSocket(address)
                }
            }),
            ("OPENSOCKETDATA", { ccurl_setopt_pointer(self.handle, CURLOPT_OPENSOCKETDATA, me) }),
            // Cancellation during a round of curl's work.
            ("NOPROGRESS", { ccurl_setopt_long(self.handle, CURLOPT_NOPROGRESS, 0) }),
            ("XFERINFOFUNCTION", {
                ccurl_setopt_xferinfo(self.handle) { context, _, _, _, _ in
                    Unmanaged<ActiveTransfer>.fromOpaque(context!).takeUnretainedValue().control.isCancelled ? 1 : 0
                }
            }),
            ("XFERINFODATA", { ccurl_setopt_pointer(self.handle, CURLOPT_XFERINFODATA, me) }),
        ]
        for (name, step) in steps where step() != CURLE_OK {
            return "curl refused CURLOPT_\(name)"
        }
        return nil
    }

    /// Body bytes: kept unless they pass the byte limit (0 stops the transfer).
    private func receive(_ bytes: UnsafeRawBufferPointer) -> Int {
        if control.isCancelled { return 0 }
        guard body.count + bytes.count <= request.policy.maxBytes else {
            overLimit = true
            return 0
        }
        body.append(contentsOf: bytes)
        return bytes.count
    }

    /// One header line; a status line starts the headers anew (after a `100 Continue`).
    private func receiveHeader(_ line: UnsafeRawBufferPointer) -> Int {
        let text = String(decoding: line, as: UTF8.self)
        if text.hasPrefix("HTTP/") {
            headers.removeAll()
        } else if let colon = text.firstIndex(of: ":") {
            let name = text[..<colon].trimmingSpaces
            let value = String(text[text.index(after: colon)...]).trimmingCharacters(whereIn: { $0.isNewline || $0 == " " || $0 == "\t" })
            if !name.isEmpty { headers.append(HeaderField(name: name, value: value)) }
        }
        return line.count
    }

    /// curl is about to connect to `address`: a socket when the policy allows the address,
    /// `CURL_SOCKET_BAD` (and the refusal remembered) when it does not.
    private func openSocket(_ address: UnsafeMutablePointer<curl_sockaddr>) -> curl_socket_t {
        guard let ip = IPAddress(socketAddress: UnsafeRawPointer(ccurl_sockaddr(address)), length: Int(address.pointee.addrlen)) else {
            return ccurl_socket_bad
        }
        if let category = request.policy.refusal(of: ip) {
            if refused == nil { refused = (ip, category) }
            return ccurl_socket_bad
        }
        return ccurl_open_socket(address)
    }

    /// curl finished the transfer with `code`: its response or its error, then ``finish(_:multi:)``.
    func complete(_ code: CURLcode, multi: UnsafeMutableRawPointer) {
        let result: Result<TransferResponse, RemoteImageError>
        if control.isCancelled {
            result = .failure(.cancelled)
        } else if code == CURLE_OK {
            var status = 0
            ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
            var location: UnsafeMutablePointer<CChar>?
            ccurl_getinfo_string(handle, CURLINFO_REDIRECT_URL, &location)
            result = .success(TransferResponse(status: status, headers: headers, body: body, redirectURL: location.map { String(cString: $0) }))
        } else if let refused {
            result = .failure(.refusedAddress(refused.address.description, refused.category))
        } else if overLimit || code == CURLE_FILESIZE_EXCEEDED {
            result = .failure(.tooLarge(limit: request.policy.maxBytes))
        } else if code == CURLE_OPERATION_TIMEDOUT {
            var connected: curl_off_t = 0
            ccurl_getinfo_off(handle, CURLINFO_CONNECT_TIME_T, &connected)
            result = .failure(.timedOut(connected == 0 ? .connect : .transfer))
        } else if code == CURLE_ABORTED_BY_CALLBACK {
            result = .failure(.cancelled)
        } else {
            let detail = errorBuffer.pointee != 0 ? String(cString: errorBuffer) : String(cString: curl_easy_strerror(code))
            result = .failure(.transport(detail))
        }
        finish(result, multi: multi)
    }

    /// Ends the transfer, exactly once: the handle out of `multi` and cleaned up, the lists and
    /// the error buffer freed, the waiter answered with `result`.
    func finish(_ result: Result<TransferResponse, RemoteImageError>, multi: UnsafeMutableRawPointer) {
        guard !finished else { return }
        finished = true
        if addedToMulti { curl_multi_remove_handle(multi, handle) }
        curl_easy_cleanup(handle)
        curl_slist_free_all(headerList)
        curl_slist_free_all(resolveList)
        headerList = nil
        resolveList = nil
        errorBuffer.deallocate()
        continuation.resume(returning: result)
    }
}

extension String {
    /// Without leading and trailing characters for which `test` holds.
    func trimmingCharacters(whereIn test: (Character) -> Bool) -> String {
        guard let start = firstIndex(where: { !test($0) }), let end = lastIndex(where: { !test($0) }) else { return "" }
        return String(self[start...end])
    }
}
