import AsyncLayerKit
import AsyncLayerKitTesting
@testable import CardServer
import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import NIOCore
import Testing

/// A client that goes away cancels its render, unless another request shares it. These run a
/// live server on a loopback port: only a real connection can be closed under a request.
@Suite struct DisconnectTests {
    /// Waits (at most 20 s) until `condition` holds.
    static func eventually(_ condition: () async -> Bool) async throws -> Bool {
        let clock = ContinuousClock(), deadline = clock.now + .seconds(20)
        while clock.now < deadline {
            if await condition() { return true }
            try await Task.sleep(for: .milliseconds(2))
        }
        return await condition()
    }

    /// Runs `body` against `server` listening on loopback, with the port.
    static func live<R: Sendable>(_ server: TestServer, _ body: @Sendable (any TestClientProtocol, Int) async throws -> R) async throws -> R {
        let app = Application(router: server.server.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await app.test(.live) { client in
            try await body(client, try #require(client.port))
        }
    }

    /// Sends a render request on a connection of its own and returns that connection unread.
    static func sendAndLeaveOpen(_ document: ElementDocument, port: Int) async throws -> TestClient {
        let client = TestClient(host: "127.0.0.1", port: port)
        client.connect()
        try await client.executeAndDontWaitForResponse(.init("/render", method: .post, body: document.body))
        return client
    }

    @Test func aClientThatGoesAwayCancelsItsRender() async throws {
        // The holder keeps the only admission slot, so the render waits for admission.
        let lanes = RenderLanes(width: 1, admissionLimit: 1, overloadPolicy: .wait)
        let server = try await TestServer(lanes: lanes)
        let holder = await LaneHolder(lanes: lanes, count: 1)
        let admitted = lanes.metrics.admittedTotal
        try await Self.live(server) { client, port in
            let leaving = try await Self.sendAndLeaveOpen(card("gone"), port: port)
            #expect(try await Self.eventually { lanes.metrics.waitingForAdmission == 1 })
            try await leaving.close(mode: .all)
            // The wait for admission is cancelled: the render never runs.
            #expect(try await Self.eventually { lanes.metrics.cancelledWhileWaiting == 1 })
            #expect(lanes.metrics.waitingForAdmission == 0)
            #expect(try await Self.eventually {
                server.server.metrics.text().contains("card_server_renders_cancelled_total 1")
            })
            await holder.release()
            #expect(lanes.metrics.admittedTotal == admitted)
            // The same tree asked again starts afresh and renders.
            let again = try await client.execute(uri: "/render", method: .post, body: card("gone").body)
            #expect(again.status == .ok)
            #expect(again.headers[.cacheStatus] == "card-server; fwd=miss; stored")
            #expect(again.headers[.connection] == "close")
            try? await leaving.shutdown()
        }
        #expect(server.server.metrics.text().contains(#"card_server_requests_total{route="/render",status="499"} 1"#))
    }

    @Test func aSharedRenderOutlivesTheClientThatStartedIt() async throws {
        let lanes = RenderLanes(width: 1, admissionLimit: 1, overloadPolicy: .wait)
        let server = try await TestServer(lanes: lanes)
        let holder = await LaneHolder(lanes: lanes, count: 1)
        let encodings = server.server.service.encodesInFlight
        try await Self.live(server) { client, port in
            // The leaving client starts the render; the staying one joins it.
            let leaving = try await Self.sendAndLeaveOpen(card("kept"), port: port)
            #expect(try await Self.eventually { encodings.started == 1 })
            let staying = Task { try await client.execute(uri: "/render", method: .post, body: card("kept").body) }
            #expect(try await Self.eventually { encodings.joined == 1 })
            try await leaving.close(mode: .all)
            // The leaving client's request ends as a 499; the render it started lives on.
            #expect(try await Self.eventually {
                server.server.metrics.text().contains(#"card_server_requests_total{route="/render",status="499"} 1"#)
            })
            await holder.release()
            let response = try await staying.value
            #expect(response.status == .ok)
            #expect(response.headers[.cacheStatus] == "card-server; fwd=miss; collapsed")
            #expect(lanes.metrics.cancelledWhileWaiting == 0)
            #expect(encodings.cancelledWorks == 0)
            #expect(metricValue("card_server_renders_cancelled_total", in: server.server.metrics.text()) == 0)
            try? await leaving.shutdown()
        }
    }

    /// The sample of `count` requests to `/render` answered 499 (the client went away).
    static func closed499(_ count: Int) -> String {
        #"card_server_requests_total{route="/render",status="499"} \#(count)"#
    }

    @Test func rendersCancelledCountsRendersNotClientsThatLeft() async throws {
        // The holder keeps the only admission slot: the shared render waits for admission.
        let lanes = RenderLanes(width: 1, admissionLimit: 1, overloadPolicy: .wait)
        let server = try await TestServer(lanes: lanes)
        let holder = await LaneHolder(lanes: lanes, count: 1)
        let encodings = server.server.service.encodesInFlight
        let metrics = server.server.metrics
        try await Self.live(server) { _, port in
            let first = try await Self.sendAndLeaveOpen(card("both"), port: port)
            #expect(try await Self.eventually { encodings.started == 1 })
            let second = try await Self.sendAndLeaveOpen(card("both"), port: port)
            #expect(try await Self.eventually { encodings.joined == 1 })

            // One of the two leaves: its request is a 499, but the render goes on for the other.
            try await first.close(mode: .all)
            #expect(try await Self.eventually { metrics.text().contains(Self.closed499(1)) })
            #expect(metricValue("card_server_renders_cancelled_total", in: metrics.text()) == 0)
            #expect(encodings.inFlightCount == 1)
            #expect(encodings.cancelledWorks == 0)

            // The last one leaves: now the render itself is cancelled, and counted once.
            try await second.close(mode: .all)
            #expect(try await Self.eventually { metrics.text().contains(Self.closed499(2)) })
            #expect(try await Self.eventually {
                metricValue("card_server_renders_cancelled_total", in: metrics.text()) == 1
            })
            #expect(encodings.cancelledWorks == 1)
            #expect(try await Self.eventually { lanes.metrics.cancelledWhileWaiting == 1 })
            await holder.release()
            #expect(metricValue("card_server_renders_cancelled_total", in: metrics.text()) == 1)
            try? await first.shutdown()
            try? await second.shutdown()
        }
    }

    @Test func aRenderRefusedAfterTheWatchBeganSaysItClosesTheConnection() async throws {
        let lanes = RenderLanes(width: 1, admissionLimit: 1, overloadPolicy: .fail)
        let server = try await TestServer(lanes: lanes)
        let holder = await LaneHolder(lanes: lanes, count: 1)
        try await Self.live(server) { client, port in
            let refused = try await client.execute(uri: "/render", method: .post, body: card("full").body)
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.headers[.connection] == "close")
            // An error found before any render (here: no acceptable format) keeps the connection.
            try await TestClient.withClient(host: "127.0.0.1", port: port) { connection in
                let first = try await connection.post("/render", headers: [.accept: "image/gif"], body: card().body)
                #expect(first.status == .notAcceptable)
                #expect(first.headers[.connection] == nil)
                let second = try await connection.get("/health")
                #expect(second.status == .ok)
            }
        }
        await holder.release()
    }

    @Test func storedImagesKeepTheConnectionAlive() async throws {
        let server = try await TestServer()
        try await Self.live(server) { client, port in
            // A rendered response ends its connection (the server closes it after the response).
            let first = try await client.execute(uri: "/cards/live/0", method: .get)
            #expect(first.headers[.connection] == "close")
            // Stored bytes and 304s keep theirs: three requests on one new connection.
            try await TestClient.withClient(host: "127.0.0.1", port: port) { connection in
                let stored = try await connection.get("/cards/live/0")
                #expect(stored.headers[.cacheStatus] == "card-server; hit")
                #expect(stored.headers[.connection] == nil)
                let etag = try #require(stored.headers[.eTag])
                let notModified = try await connection.get("/cards/live/0", headers: [.ifNoneMatch: etag])
                #expect(notModified.status == .notModified)
                let image = try await connection.get(try #require(first.headers[.contentLocation]))
                #expect(image.status == .ok)
            }
        }
        let metrics = server.server.metrics.text()
        #expect(metrics.contains(#"card_server_responses_total{route="/cards/{template}/{id}",outcome="not_modified"} 1"#))
        #expect(metrics.contains(#"card_server_responses_total{route="/images/{file}",outcome="stored"} 1"#))
    }
}
