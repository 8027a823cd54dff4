import AsyncLayerKit
@testable import CardServer
import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import Logging
import NIOCore
import Testing

/// Clients that trickle their headers, trickle their body or stop sending halfway are closed
/// within the configured timeouts, and never hold a render lane while they dawdle. These run the
/// server's own application (its HTTP/1.1 configuration) on a loopback port.
@Suite struct SlowClientTests {
    /// Runs `body` against `server`'s application on loopback, with the port.
    static func live<R: Sendable>(_ server: TestServer, _ body: @Sendable (any TestClientProtocol, Int) async throws -> R) async throws -> R {
        let app = server.server.application(configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                                            logger: Logger(label: "slow-client-tests"))
        return try await app.test(.live) { client in
            try await body(client, try #require(client.port))
        }
    }

    /// A POST /render head that announces `length` body bytes.
    static func renderHead(contentLength length: Int) -> [UInt8] {
        Array("POST /render HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n".utf8)
    }

    /// The slack allowed past a timeout for the close to be seen (a loaded 2-core machine).
    static let slack = Duration.seconds(4)

    @Test(.timeLimit(.minutes(1))) func tricklingHeadersIsClosedByTheIdleTimeout() async throws {
        let lanes = RenderLanes(width: 1, admissionLimit: 1, overloadPolicy: .fail)
        let idle = Duration.seconds(1)
        let server = try await TestServer(configure: { $0.idleTimeout = idle; $0.readTimeout = .seconds(60) }, lanes: lanes)
        try await Self.live(server) { client, port in
            // 240 header bytes at one per 50 ms would take 12 s; the idle timeout ends it first.
            let head = Array("GET /cards/live/0 HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8) + Array(repeating: UInt8(ascii: "a"), count: 180) + Array(": b\r\n\r\n".utf8)
            async let slow = RawClient.send(port: port, burst: Array(head.prefix(4)), trickle: Array(head.dropFirst(4)), giveUpAfter: idle + Self.slack)
            // Meanwhile the one render slot is free for everyone else.
            let other = try await client.execute(uri: "/cards/live/1", method: .get)
            #expect(other.status == .ok)
            let afterOther = lanes.metrics.admittedTotal
            let outcome = try await slow
            let closedAfter = try #require(outcome.closedAfter, "the trickling client was not closed within \(idle + Self.slack)")
            #expect(closedAfter >= idle)
            #expect(outcome.received.isEmpty, "no response to a head that never ended")
            #expect(lanes.metrics.admittedTotal == afterOther, "only the other client's render took the lanes")
        }
        #expect(lanes.metrics.admitted == 0)
    }

    @Test(.timeLimit(.minutes(1))) func aBodyThatStopsHalfwayIs408AndClosed() async throws {
        let lanes = RenderLanes(width: 1, admissionLimit: 1, overloadPolicy: .fail)
        let read = Duration.seconds(1)
        let server = try await TestServer(configure: { $0.idleTimeout = .seconds(60); $0.readTimeout = read }, lanes: lanes)
        try await Self.live(server) { client, port in
            // 10 of the 1000 bytes announced, then nothing: the idle timeout (60 s) would wait far longer.
            async let dropped = RawClient.send(port: port, burst: Self.renderHead(contentLength: 1000) + Array(#"{"version""#.utf8),
                                               giveUpAfter: read + Self.slack)
            let other = try await client.execute(uri: "/render", method: .post, body: card("meanwhile").body)
            #expect(other.status == .ok)
            let afterOther = lanes.metrics.admittedTotal
            let outcome = try await dropped
            let closedAfter = try #require(outcome.closedAfter, "the stalled body was not closed within \(read + Self.slack)")
            #expect(closedAfter >= read)
            #expect(outcome.status == 408)
            #expect(outcome.body.contains(#""limit":"read-timeout""#))
            #expect(lanes.metrics.admittedTotal == afterOther, "only the other client's render took the lanes")
        }
        #expect(lanes.metrics.admitted == 0)
        #expect(server.server.metrics.text().contains(#"card_server_requests_total{route="/render",status="408"} 1"#))
    }

    @Test(.timeLimit(.minutes(1))) func aTrickledBodyIs408AndClosed() async throws {
        let lanes = RenderLanes(width: 1, admissionLimit: 1, overloadPolicy: .fail)
        let read = Duration.seconds(1)
        let server = try await TestServer(configure: { $0.idleTimeout = .seconds(60); $0.readTimeout = read }, lanes: lanes)
        let admitted = lanes.metrics.admittedTotal
        try await Self.live(server) { _, port in
            // A byte every 50 ms keeps the connection active, so only the read timeout can end it.
            let body = Array(try card("slow").jsonBytes())
            let outcome = try await RawClient.send(port: port, burst: Self.renderHead(contentLength: body.count), trickle: body,
                                                   giveUpAfter: read + Self.slack)
            let closedAfter = try #require(outcome.closedAfter, "the trickled body was not closed within \(read + Self.slack)")
            #expect(closedAfter >= read)
            #expect(outcome.status == 408)
        }
        #expect(lanes.metrics.admittedTotal == admitted, "the trickling client never took a lane")
    }

    @Test func timeoutErrorsMapTo408ThatClose() {
        let error = CardServerError(RequestReadTimeoutError(timeout: .seconds(15)))
        #expect(error.status == .requestTimeout)
        #expect(error.limit == "read-timeout")
        #expect(error.closesConnection)
    }
}
