import Foundation
import HTTPTypes
import NIOCore
import NIOPosix
import Testing

/// A raw TCP client for the slow-client tests: it writes the bytes it is given at its own pace and
/// reads whatever the server sends until the server closes the connection.
enum RawClient {
    /// What one connection saw.
    struct Outcome: Sendable {
        /// Every byte the server sent.
        var received: [UInt8]
        /// From connecting to the server's close; `nil` if the server had not closed by `giveUpAfter`.
        var closedAfter: Duration?

        /// The status code of the first response, if one came.
        var status: Int? {
            let text = String(decoding: received, as: UTF8.self)
            guard text.hasPrefix("HTTP/1.1 ") else { return nil }
            return Int(text.dropFirst(9).prefix(3))
        }

        /// The first response's header fields.
        var headers: HTTPFields {
            let text = String(decoding: received, as: UTF8.self)
            var fields = HTTPFields()
            for line in (text.components(separatedBy: "\r\n\r\n").first ?? "").components(separatedBy: "\r\n").dropFirst() {
                guard let colon = line.firstIndex(of: ":"), let name = HTTPField.Name(String(line[..<colon])) else { continue }
                fields.append(HTTPField(name: name, value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            }
            return fields
        }

        /// The first response's body (after the blank line).
        var body: String {
            let text = String(decoding: received, as: UTF8.self)
            guard let range = text.range(of: "\r\n\r\n") else { return "" }
            return String(text[range.upperBound...])
        }
    }

    /// Connects to `port`, sends `burst` at once, then `trickle` one byte every `interval`, and
    /// reads until the server closes the connection or `giveUpAfter` passes.
    ///
    /// The trickle's pause paces the client (it is the behaviour under test); nothing waits on
    /// it to synchronise with the server, which is watched through the connection's close.
    static func send(
        port: Int, burst: [UInt8], trickle: [UInt8] = [], interval: Duration = .milliseconds(50),
        giveUpAfter: Duration
    ) async throws -> Outcome {
        // Timed from before connecting: the server cannot start its timers before it accepts.
        let clock = ContinuousClock(), start = clock.now
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            try await withThrowingTaskGroup(of: Outcome?.self) { group in
                group.addTask {
                    try await outbound.write(ByteBuffer(bytes: burst))
                    for byte in trickle {
                        try await Task.sleep(for: interval)
                        // A write after the server closed fails: the reader reports the close.
                        do { try await outbound.write(ByteBuffer(bytes: [byte])) } catch { break }
                    }
                    try await Task.sleep(for: giveUpAfter)
                    return nil
                }
                group.addTask {
                    var received: [UInt8] = []
                    do {
                        for try await chunk in inbound { received += chunk.readableBytesView }
                    } catch {
                        // A reset counts as the close it is.
                    }
                    return Outcome(received: received, closedAfter: clock.now - start)
                }
                group.addTask {
                    try await Task.sleep(for: giveUpAfter)
                    return Outcome(received: [], closedAfter: nil)
                }
                // The first non-nil outcome: the close, or giving up.
                while let next = try await group.next() {
                    if let outcome = next {
                        group.cancelAll()
                        return outcome
                    }
                }
                return Outcome(received: [], closedAfter: nil)
            }
        }
    }
}
