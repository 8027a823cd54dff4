import AsyncLayerKit
import AsyncLayerKitTesting
import CardRequestParsing
@testable import CardServer
import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import NIOCore
import Testing

@Suite struct NegotiationTests {
    @Test func acceptPicksTheFormat() {
        #expect(CardFormat.negotiate(accept: nil) == .webp)
        #expect(CardFormat.negotiate(accept: "*/*") == .webp)
        #expect(CardFormat.negotiate(accept: "image/*") == .webp)
        #expect(CardFormat.negotiate(accept: "image/png") == .png)
        #expect(CardFormat.negotiate(accept: "image/jpeg, image/png;q=0.5") == .jpeg)
        #expect(CardFormat.negotiate(accept: "image/png;q=0.9, image/webp;q=0.2") == .png)
        #expect(CardFormat.negotiate(accept: "image/*, image/webp;q=0") == .png)
        #expect(CardFormat.negotiate(accept: "text/html") == nil)
        #expect(CardFormat.negotiate(accept: "image/gif, image/png;q=0") == nil)
    }

    @Test func ifNoneMatchComparesTags() {
        #expect(ifNoneMatch("\"a\"", matches: "\"a\""))
        #expect(ifNoneMatch("\"b\", W/\"a\"", matches: "\"a\""))
        #expect(ifNoneMatch("*", matches: "\"a\""))
        #expect(!ifNoneMatch("\"b\"", matches: "\"a\""))
        #expect(!ifNoneMatch(nil, matches: "\"a\""))
    }
}

@Suite struct RouteTests {
    @Test func formatsFollowAccept() async throws {
        let server = try await TestServer()
        try await server.test { client in
            for (accept, expected) in [(nil, "webp"), ("image/png", "png"), ("image/jpeg", "jpeg"), ("image/webp", "webp"),
                                       ("text/html;q=1, image/jpeg;q=0.5, image/png;q=0.4", "jpeg")] {
                let headers: HTTPFields = accept.map { [.accept: $0] } ?? [:]
                try await client.execute(uri: "/render", method: .post, headers: headers, body: card().body) { response in
                    #expect(response.status == .ok)
                    #expect(sniff(response) == expected)
                    #expect(response.headers[.contentType] == "image/\(expected)")
                    #expect(response.headers[.vary] == "Accept")
                }
            }
            let refused = try await client.execute(uri: "/render", method: .post, headers: [.accept: "image/gif"], body: card().body)
            #expect(refused.status == .notAcceptable)
            let body = try errorBody(refused)
            #expect(body.error.contains("image/webp"))
        }
    }

    @Test func etagAnswers304WithoutRendering() async throws {
        let server = try await TestServer()
        try await server.test { client in
            let first = try await client.execute(uri: "/cards/live/0", method: .get, headers: [.accept: "image/png"])
            #expect(first.status == .ok)
            #expect(sniff(first) == "png")
            let etag = try #require(first.headers[.eTag])
            #expect(etag.hasPrefix("\"") && !etag.hasPrefix("W/"))
            let again = try await client.execute(uri: "/cards/live/0", method: .get, headers: [.accept: "image/png", .ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            #expect(again.headers[.eTag] == etag)
            // Another format, scale or quality is another image, with another tag.
            let webp = try await client.execute(uri: "/cards/live/0", method: .get, headers: [.ifNoneMatch: etag])
            #expect(webp.status == .ok)
            #expect(webp.headers[.eTag] != etag)
            let scaled = try await client.execute(uri: "/cards/live/0?scale=1", method: .get, headers: [.accept: "image/png"])
            #expect(scaled.headers[.eTag] != etag)
            let quality = try await client.execute(uri: "/cards/live/0?quality=50", method: .get)
            #expect(quality.headers[.eTag] != webp.headers[.eTag])
            let otherCard = try await client.execute(uri: "/cards/live/1", method: .get, headers: [.accept: "image/png"])
            #expect(otherCard.headers[.eTag] != etag)
            // One render per distinct tree, size and scale: the formats share the bitmap.
            #expect(server.server.templateService.renders == 3)
            // A repeat without a tag is answered from the stored bytes: no render, no encode.
            let admitted = server.server.lanes.metrics.admittedTotal
            let repeated = try await client.execute(uri: "/cards/live/0", method: .get, headers: [.accept: "image/png"])
            #expect(repeated.status == .ok)
            #expect(repeated.body == first.body)
            #expect(server.server.lanes.metrics.admittedTotal == admitted)

            // The content-hash URL serves the same bytes, immutable.
            let location = try #require(first.headers[.contentLocation])
            let stored = try await client.execute(uri: location, method: .get)
            #expect(stored.status == .ok)
            #expect(stored.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(stored.headers[.contentType] == "image/png")
            #expect(stored.body == first.body)
            let unknown = try await client.execute(uri: "/images/0000.png", method: .get)
            #expect(unknown.status == .notFound)
            // Revalidating a content-hash URL needs no stored copy: the tag is the content.
            let revalidated = try await client.execute(uri: "/images/0000.png", method: .get, headers: [.ifNoneMatch: "\"0000.png\""])
            #expect(revalidated.status == .notModified)
        }
    }

    @Test func feedCellsAndUnknownTemplates() async throws {
        let server = try await TestServer()
        let page = try await FeedSupportAccess.firstItemID()
        try await server.test { client in
            let cell = try await client.execute(uri: "/cards/feed/\(page)", method: .get, headers: [.accept: "image/png"])
            #expect(cell.status == .ok)
            #expect(sniff(cell) == "png")
            for uri in ["/cards/feed/no-such-item", "/cards/live/99", "/cards/live/x", "/cards/other/0"] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .notFound, "\(uri)")
            }
        }
    }
}

@Suite struct LimitTests {
    /// Posts `body` and returns the status, the error body and `Retry-After`.
    static func post(_ server: TestServer, _ body: ByteBuffer) async throws -> (HTTPResponse.Status, ErrorBody, String?) {
        try await server.test { client in
            let response = try await client.execute(uri: "/render", method: .post, body: body)
            return (response.status, try errorBody(response), response.headers[.retryAfter])
        }
    }

    @Test func bodyOverTheLimitIs413() async throws {
        let server = try await TestServer { $0.maxBodyBytes = 200 }
        let (status, body, _) = try await Self.post(server, card(String(repeating: "x", count: 400)).body)
        #expect(status == .contentTooLarge, "\(body)")
        #expect(body.limit == "body-bytes")
    }

    @Test func treeLimitsAre422() async throws {
        let server = try await TestServer {
            $0.limits.maxNodes = 5
            $0.limits.maxDepth = 4
            $0.limits.maxTextUTF8Bytes = 16
            $0.limits.pixels = PixelLimits(maxPixelCount: 100_000)
        }
        let many = card(children: (0..<8).map { _ in Element.view(children: []) })
        var deep = Element.view(children: [])
        for _ in 0..<4 { deep = Element.view(children: [deep]) }
        let cases: [(ElementDocument, String)] = [
            (many, "nodes"),
            (ElementDocument(root: deep, size: Size(width: 10, height: 10)), "depth"),
            (card(String(repeating: "long ", count: 10)), "text-bytes"),
            (card(size: Size(width: 400, height: 400)), "pixels"),
        ]
        for (document, limit) in cases {
            let (status, body, _) = try await Self.post(server, document.body)
            #expect(status == .unprocessableContent, "\(limit)")
            #expect(body.limit == limit)
        }
        // Under the limits the same server renders.
        try await server.test { client in
            let response = try await client.execute(uri: "/render", method: .post, body: card("ok").body)
            #expect(response.status == .ok)
        }
    }

    @Test func embeddedImageBytesOverTheLimitAre422() async throws {
        let server = try await TestServer { $0.limits.maxEncodedImageBytes = 64 }
        let png = try ImageEncoder.encode(try Bitmap.render(size: Size(width: 40, height: 40)) { _ in }, as: .png())
        #expect(png.count > 64)
        let document = ElementDocument(
            root: Element.image(.encoded(png), frame: Rect(x: 0, y: 0, width: 40, height: 40)),
            size: Size(width: 40, height: 40))
        let (status, body, _) = try await Self.post(server, document.body)
        #expect(status == .unprocessableContent)
        #expect(body.limit == "image-bytes")
    }

    @Test func imageOverThePixelLimitIs422() async throws {
        let server = try await TestServer { $0.limits.pixels = PixelLimits(maxPixelCount: 50_000) }
        let big = try Bitmap.render(size: Size(width: 300, height: 300)) { _ in }
        try Data(ImageEncoder.encode(big, as: .png())).write(to: server.assets.appendingPathComponent("big.png"))
        let document = ElementDocument(
            root: Element.image(.named("big"), frame: Rect(x: 0, y: 0, width: 50, height: 50)),
            size: Size(width: 50, height: 50))
        let (status, body, _) = try await Self.post(server, document.body)
        #expect(status == .unprocessableContent)
        #expect(body.limit == "image-pixels")
    }

    /// The two pixel limits map apart, whatever the route that met them: the output bitmap's
    /// (`pixels`) and a source image's (`image-pixels`).
    @Test func pixelLimitErrorsMapToTheirOwnLimit() {
        let output = CardServerError(ElementError.canvas(.tooManyPixels(width: 400, height: 400, limit: 100_000)))
        #expect(output.status == .unprocessableContent)
        #expect(output.limit == "pixels")
        let image = CardServerError(ElementError.canvas(.imageTooManyPixels(width: 400, height: 400, limit: 100_000)))
        #expect(image.status == .unprocessableContent)
        #expect(image.limit == "image-pixels")
        #expect(CardServerError(CanvasError.imageTooManyPixels(width: 400, height: 400, limit: 100_000)).limit == "image-pixels")
    }

    /// The assets folder's errors: an unsafe name is 400, a missing or unreadable file 404.
    @Test func folderLoaderErrorsMapTo400And404() {
        let unsafe = CardServerError(FolderImageLoaderError.unsafeName(name: "../x.png", problem: .parentComponent))
        #expect(unsafe.status == .badRequest)
        #expect(unsafe.limit == "assets")
        #expect(unsafe.message.contains("../x.png"))
        #expect(CardServerError(FolderImageLoaderError.notFound(name: "x")).status == .notFound)
        #expect(CardServerError(FolderImageLoaderError.unreadable(name: "x", detail: "Permission denied")).status == .notFound)
    }

    @Test func deadlineIs503WithRetryAfter() async throws {
        let server = try await TestServer { $0.limits.maxRenderDuration = .nanoseconds(1) }
        let (status, body, retryAfter) = try await Self.post(server, card(children: (0..<50).map { _ in Element.view(children: []) }).body)
        #expect(status == .serviceUnavailable)
        #expect(body.limit == "deadline")
        #expect(retryAfter == "1")
    }

    @Test func malformedJSONIs400WithThePath() async throws {
        let server = try await TestServer()
        let (status, body, _) = try await Self.post(server, ByteBuffer(string: #"{"version": 1, "size": {"width": 10, "height": 10}, "root": {"type": "view", "children": [{"type": 3}]}}"#))
        #expect(status == .badRequest)
        #expect(body.path?.contains("children") == true)
        let (brokenStatus, _, _) = try await Self.post(server, ByteBuffer(string: "{not json"))
        #expect(brokenStatus == .badRequest)
        let (noSize, noSizeBody, _) = try await Self.post(server, ElementDocument(root: Element.view(children: [])).body)
        #expect(noSize == .badRequest)
        #expect(noSizeBody.path == "size")
    }

    @Test func namesOutsideTheAssetsFolderAreRefused() async throws {
        let server = try await TestServer()
        let outside = server.assets.deletingLastPathComponent().appendingPathComponent("secret.png")
        let small = try Bitmap.render(size: Size(width: 4, height: 4)) { _ in }
        try Data(ImageEncoder.encode(small, as: .png())).write(to: outside)
        try Data(ImageEncoder.encode(small, as: .png())).write(to: server.assets.appendingPathComponent("inside.png"))
        try FileManager.default.createSymbolicLink(at: server.assets.appendingPathComponent("link.png"), withDestinationURL: outside)
        @Sendable func document(_ name: String) -> ElementDocument {
            ElementDocument(root: Element.image(.named(name), frame: Rect(x: 0, y: 0, width: 4, height: 4)), size: Size(width: 4, height: 4))
        }
        try Data(ImageEncoder.encode(small, as: .png())).write(to: server.assets.appendingPathComponent(".hidden.png"))
        for name in ["../secret.png", "../secret", outside.path, "link.png", "link", "./inside.png", "a//b", ".hidden.png", "a\\b.png"] {
            let (status, body, _) = try await Self.post(server, document(name).body)
            #expect(status == .badRequest, "\(name)")
            #expect(body.limit == "assets")
        }
        let (missing, _, _) = try await Self.post(server, document("nothing-here").body)
        #expect(missing == .notFound)
        try await server.test { client in
            let response = try await client.execute(uri: "/render", method: .post, body: document("inside").body)
            #expect(response.status == .ok)
        }
    }
}

@Suite struct BackPressureTests {
    @Test func fullLanesAnswer503WithRetryAfter() async throws {
        let lanes = RenderLanes(width: 1, admissionLimit: 1, overloadPolicy: .fail)
        let server = try await TestServer(configure: { $0.retryAfterSeconds = 3 }, lanes: lanes)
        let holder = await LaneHolder(lanes: lanes, count: 1)
        let (status, body, retryAfter) = try await LimitTests.post(server, card().body)
        await holder.release()
        #expect(status == .serviceUnavailable)
        #expect(body.limit == "render-queue")
        #expect(retryAfter == "3")
        #expect(lanes.metrics.rejected >= 1)
        // Once the lanes are free the same request renders.
        try await server.test { client in
            let response = try await client.execute(uri: "/render", method: .post, body: card().body)
            #expect(response.status == .ok)
        }
    }

    @Test(.timeLimit(.minutes(1))) func identicalConcurrentRequestsShareOneRenderAndOneEncode() async throws {
        // The holder takes the only admission slot and the render waits for it (`.wait`), so
        // nothing can finish, nor reach the cache, before every request has joined.
        let lanes = RenderLanes(width: 1, admissionLimit: 1, overloadPolicy: .wait)
        let server = try await TestServer(lanes: lanes)
        let holder = await LaneHolder(lanes: lanes, count: 1)
        let service = server.server.service
        let document = card("shared")
        let image = ImageName(hash: try HashedElement(document.root).contentHash, size: try #require(document.size),
                              scale: CardServer.defaultScale, quality: CardFormat.webp.defaultQuality, format: .webp)
        let admitted = lanes.metrics.admittedTotal
        let responses = try await server.test { client in
            try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for _ in 0..<6 {
                    group.addTask { try await client.execute(uri: "/render", method: .post, body: document.body) }
                }
                // All six wait on the service's one render and encode: one started it, five joined.
                try await service.encodesInFlight.waitForWaiters(6, for: image.encodingKey)
                await holder.release()
                var responses: [TestResponse] = []
                for try await response in group { responses.append(response) }
                return responses
            }
        }
        #expect(responses.count == 6)
        #expect(responses.allSatisfy { $0.status == .ok })
        #expect(Set(responses.map { $0.body }).count == 1)
        #expect(responses.allSatisfy { $0.headers[.contentLocation] == "/images/\(image.fileName)" })
        // One render and one encode, counted, for all six.
        #expect(service.renders == 1)
        #expect(service.encodeStarts == 1)
        #expect(service.encodesInFlight.started == 1)
        #expect(service.encodesInFlight.joined == 5)
        // Both went through the lanes once (plus the holder's slot).
        #expect(lanes.metrics.admittedTotal == admitted + 2)
        let statuses = responses.compactMap { $0.headers[.cacheStatus] }.sorted()
        #expect(statuses == Array(repeating: "card-server; fwd=miss; collapsed", count: 5) + ["card-server; fwd=miss; stored"])
        let metrics = server.server.metrics.text()
        #expect(metrics.contains(#"card_server_responses_total{route="/render",outcome="shared"} 5"#))
        #expect(metrics.contains(#"card_server_responses_total{route="/render",outcome="rendered"} 1"#))
    }
}
