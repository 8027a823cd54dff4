import AsyncLayerKit
@testable import CardServer
import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import Logging
import NIOCore
import Testing

/// The OpenAPI document against the server: its routes are the router's, and requests that drive
/// the real routes to every documented status get exactly the documented statuses, media types,
/// headers and error bodies, no more and no fewer.
@Suite struct OpenAPIDocumentTests {
    /// The committed document, read from the source tree.
    static func committed() throws -> Data {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/CardServer/openapi.json")
        return try Data(contentsOf: url)
    }

    @Test func theDocumentIsServedAsCommitted() async throws {
        let server = try await TestServer()
        let served = try await server.test { client in
            try await client.execute(uri: "/openapi.json", method: .get)
        }
        #expect(served.status == .ok)
        #expect(served.headers[.contentType] == "application/json")
        #expect(Data(served.body.readableBytesView) == (try Self.committed()))
        let document = try OpenAPIDocument(data: Data(served.body.readableBytesView))
        #expect(document.version.hasPrefix("3.1."))
    }

    @Test func theRoutesAreTheRouters() async throws {
        let server = try await TestServer()
        let document = try OpenAPIDocument(data: try Self.committed())
        let routed = Set(server.server.router().routes.map { "\($0.method.rawValue) \($0.path.description)" })
        #expect(Set(document.operations.map(\.key)) == routed)
        // Path parameters: exactly the path's captures, each required.
        for operation in document.operations {
            let captures = Set(operation.path.split(separator: "/").filter { $0.hasPrefix("{") }.map { String($0.dropFirst().dropLast()) })
            let documented = operation.parameters.filter { $0.location == "path" }
            #expect(Set(documented.map(\.name)) == captures, "\(operation.key)")
            #expect(documented.allSatisfy { $0.required }, "\(operation.key)")
        }
    }


    @Test(.timeLimit(.minutes(2))) func everyDocumentedStatusAndNoOther() async throws {
        let document = try OpenAPIDocument(data: try Self.committed())
        let lanes = RenderLanes(width: 1, admissionLimit: 1, overloadPolicy: .fail)
        let server = try await TestServer(configure: {
            $0.readTimeout = .seconds(1)
            $0.htmlTemplatesFolder = exampleTemplates
            $0.signingKey = try? URLSigner.keyBytes(testSigningKey)
        }, lanes: lanes)
        let signer = try URLSigner(keyText: testSigningKey)
        try Self.smallPNG().write(to: server.assets.appendingPathComponent("inside.png"))
        let maxBody = server.server.configuration.maxBodyBytes
        let app = server.server.application(configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: Logger(label: "openapi-tests"))
        var probes = try await app.test(.live) { client in
            let port = try #require(client.port)
            var probes: [Probe] = []
            // A connection per request: a rendered response closes its connection.
            func probe(_ operation: String, _ uri: String, _ method: HTTPRequest.Method = .get, headers: HTTPFields = [:], body: ByteBuffer? = nil) async throws -> Probe {
                let response = try await TestClient.withClient(host: "127.0.0.1", port: port) { connection in
                    try await connection.execute(.init(uri, method: method, headers: headers, body: body))
                }
                let probe = Probe(operation: operation, status: Int(response.status.code), headers: response.headers,
                                  body: response.body.map { Array($0.readableBytesView) } ?? [])
                probes.append(probe)
                return probe
            }
            _ = try await probe("GET /health", "/health")
            _ = try await probe("GET /metrics", "/metrics")
            _ = try await probe("GET /openapi.json", "/openapi.json")

            let render = "POST /render"
            let rendered = try await probe(render, "/render", .post, body: card().body)
            _ = try await probe(render, "/render", .post, headers: [.ifNoneMatch: rendered.headers[.eTag] ?? ""], body: card().body)
            _ = try await probe(render, "/render", .post, body: ByteBuffer(string: "{not json"))
            _ = try await probe(render, "/render?scale=9", .post, body: card().body)
            _ = try await probe(render, "/render", .post, body: Self.named("../outside.png").body)
            _ = try await probe(render, "/render", .post, body: Self.named("inside.png").body)
            _ = try await probe(render, "/render", .post, body: Self.named("nothing-here").body)
            _ = try await probe(render, "/render", .post, headers: [.accept: "image/gif"], body: card().body)
            _ = try await probe(render, "/render", .post, body: ByteBuffer(repeating: UInt8(ascii: " "), count: maxBody + 1))
            _ = try await probe(render, "/render", .post, body: card(size: Size(width: 10_000, height: 10_000)).body)
            let html: HTTPFields = [.contentType: "text/html; charset=utf-8"]
            let page = try await probe(render, "/render", .post, headers: html, body: htmlCard(style: "@keyframes k { }"))
            _ = try await probe(render, "/render", .post, headers: [.contentType: "text/html; charset=utf-8", .ifNoneMatch: page.headers[.eTag] ?? ""],
                                body: htmlCard(style: "@keyframes k { }"))
            _ = try await probe(render, "/render?strict=1", .post, headers: html, body: htmlCard(style: "@keyframes k { }"))
            _ = try await probe(render, "/render", .post, headers: html, body: htmlCard(declared: false))
            _ = try await probe(render, "/render?width=0", .post, headers: html, body: htmlCard())
            _ = try await probe(render, "/render", .post, headers: [.contentType: "text/html; charset=latin1"], body: htmlCard())

            let og = "GET /og/{template}"
            let signedOG = try signer.signedURL("/og/og?title=Hello&author=Ann&tags=a,b")
            let ogImage = try await probe(og, signedOG)
            _ = try await probe(og, signedOG, headers: [.ifNoneMatch: ogImage.headers[.eTag] ?? ""])
            _ = try await probe(og, try signer.signedURL("/og/og?title=Hello&scale=0"))
            _ = try await probe(og, "/og/og?title=Hello")
            _ = try await probe(og, "/og/og?title=Hello&sig=AAAA")
            _ = try await probe(og, try signer.signedURL("/og/nope?title=Hello"))
            _ = try await probe(og, signedOG, headers: [.accept: "image/gif"])
            _ = try await probe(og, try signer.signedURL("/og/og?title=Hello&scale=4"))

            let cards = "GET /cards/{template}/{id}"
            let live = try await probe(cards, "/cards/live/0")
            _ = try await probe(cards, "/cards/live/0", headers: [.ifNoneMatch: live.headers[.eTag] ?? ""])
            _ = try await probe(cards, "/cards/feed/\(try await FeedSupportAccess.firstItemID())?scale=1", headers: [.accept: "image/png"])
            _ = try await probe(cards, "/cards/live/0?quality=0", headers: [.accept: "image/jpeg"])
            _ = try await probe(cards, "/cards/live/99")
            _ = try await probe(cards, "/cards/nope/0")
            _ = try await probe(cards, "/cards/live/0", headers: [.accept: "text/html"])
            _ = try await probe(cards, "/cards/live/0?scale=0.0000000001")

            let images = "GET /images/{file}"
            let location = try #require(live.headers[HTTPField.Name.contentLocation])
            let stored = try await probe(images, location)
            _ = try await probe(images, location, headers: [.ifNoneMatch: stored.headers[.eTag] ?? ""])
            _ = try await probe(images, "/images/nothing.png")

            // Full lanes: both render routes answer 503, each on a tree not rendered yet.
            let holder = await LaneHolder(lanes: lanes, count: 1)
            _ = try await probe(render, "/render", .post, body: card("full").body)
            _ = try await probe(cards, "/cards/live/1")
            _ = try await probe(og, try signer.signedURL("/og/og?title=full"))
            await holder.release()
            return probes
        }
        // 408 takes a body that stops coming: a raw connection to a server of its own.
        probes.append(try await Self.stalledBody(server))

        var seen: [String: Set<Int>] = [:]
        for probe in probes {
            seen[probe.operation, default: []].insert(probe.status)
            for problem in document.problems(with: probe) {
                Issue.record("\(probe.operation) → \(probe.status): \(problem)")
            }
        }
        for operation in document.operations {
            #expect(seen[operation.key] == Set(operation.responses.keys), "\(operation.key): statuses seen vs documented")
        }
    }

    @Test func theQueryBoundsAreTheServers() async throws {
        let document = try OpenAPIDocument(data: try Self.committed())
        let operation = try #require(document.operations.first { $0.key == "GET /cards/{template}/{id}" })
        let scale = try #require(operation.parameters.first { $0.name == "scale" })
        let quality = try #require(operation.parameters.first { $0.name == "quality" })
        let scaleMax = try #require(scale.maximum), qualityMin = try #require(quality.minimum), qualityMax = try #require(quality.maximum)
        #expect(scale.exclusiveMinimum == 0)
        let server = try await TestServer()
        try await server.test { client in
            // At each bound the request is served; past it, 400 naming the parameter.
            func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
            let cases: [(query: String, limit: String?)] = [
                ("scale=\(number(scaleMax))", nil), ("scale=\(number(scaleMax + 0.5))", "scale"), ("scale=0", "scale"),
                ("quality=\(number(qualityMin))", nil), ("quality=\(number(qualityMax))", nil),
                ("quality=\(number(qualityMin - 1))", "quality"), ("quality=\(number(qualityMax + 1))", "quality"),
            ]
            for (query, limit) in cases {
                let response = try await client.execute(uri: "/cards/live/0?\(query)", method: .get, headers: [.accept: "image/webp"])
                if let limit {
                    #expect(response.status == .badRequest, "\(query)")
                    #expect(try errorBody(response).limit == limit, "\(query)")
                } else {
                    #expect(response.status == .ok, "\(query)")
                }
            }
        }
    }

    @Test func theTemplateQueryBoundsAreTheServers() async throws {
        let document = try OpenAPIDocument(data: try Self.committed())
        let operation = try #require(document.operations.first { $0.key == "GET /og/{template}" })
        let server = try await TestServer(configure: { $0.htmlTemplatesFolder = exampleTemplates })
        let configuration = server.server.configuration
        for name in ["title", "author", "tags"] {
            let parameter = try #require(operation.parameters.first { $0.name == name })
            #expect(parameter.maxLength == configuration.maxQueryValueLength, "\(name)")
        }
        let scale = try #require(operation.parameters.first { $0.name == "scale" })
        #expect(scale.maximum == configuration.maxScale)
        #expect(scale.defaultValue == CardServer.templateDefaultScale)
        // At the documented length a value renders; one more is 400.
        let length = try #require(operation.parameters.first { $0.name == "title" }?.maxLength)
        try await server.test { client in
            let atLimit = try await client.execute(uri: "/og/og?scale=0.25&title=" + String(repeating: "%C3%A9", count: length), method: .get)
            #expect(atLimit.status == .ok)
            let over = try await client.execute(uri: "/og/og?scale=0.25&title=" + String(repeating: "%C3%A9", count: length + 1), method: .get)
            #expect(over.status == .badRequest)
            #expect(try errorBody(over).limit == "query")
        }
    }

    @Test func aKnownPathWithAnotherMethodIs405WithAllow() async throws {
        let server = try await TestServer()
        try await server.test { client in
            for (uri, method, allow) in [("/health", HTTPRequest.Method.post, "GET, HEAD"), ("/render", .get, "POST"),
                                         ("/cards/live/0", .delete, "GET, HEAD"), ("/images/x.png", .put, "GET, HEAD"),
                                         ("/og/og", .post, "GET, HEAD")] {
                let response = try await client.execute(uri: uri, method: method)
                #expect(response.status == .methodNotAllowed, "\(method) \(uri)")
                #expect(response.headers[.allow] == allow, "\(method) \(uri)")
                #expect(try errorBody(response).error.contains(method.rawValue))
            }
            // A path no route has stays 404.
            let unknown = try await client.execute(uri: "/nothing/here", method: .post)
            #expect(unknown.status == .notFound)
            #expect(unknown.headers[.allow] == nil)
        }
    }

    /// A 4×4 PNG.
    static func smallPNG() throws -> Data {
        Data(try ImageEncoder.encode(try Bitmap.render(size: Size(width: 4, height: 4)) { _ in }, as: .png()))
    }

    /// A document drawing the assets folder's image `name`.
    static func named(_ name: String) -> ElementDocument {
        ElementDocument(root: Element.image(.named(name), frame: Rect(x: 0, y: 0, width: 4, height: 4)), size: Size(width: 4, height: 4))
    }

    /// The response to a body that stops halfway, through a raw connection (the server's own
    /// read timeout answers it).
    static func stalledBody(_ server: TestServer) async throws -> Probe {
        let app = server.server.application(configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: Logger(label: "openapi-tests"))
        let outcome = try await app.test(.live) { client in
            try await RawClient.send(port: try #require(client.port), burst: SlowClientTests.renderHead(contentLength: 100) + Array("{".utf8),
                                     giveUpAfter: .seconds(10))
        }
        return Probe(operation: "POST /render", status: try #require(outcome.status), headers: outcome.headers,
                     body: Array(outcome.body.utf8))
    }
}
