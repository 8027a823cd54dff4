import AsyncLayerKit
import CardRequestParsing
@testable import CardServer
import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import NIOCore
import Testing

/// The encodings served by content-hash name (`/images/{name}`, repeated requests) live in the
/// render services' caches, under the one byte budget of renders, decoded images and texts; the
/// `/metrics` gauges say what those caches hold.
@Suite struct StoredImageTests {
    static let hash = ContentHash(high: 0x0123_4567_89AB_CDEF, low: 42)
    static let hex = "0123456789abcdef000000000000002a"

    @Test func aNameReadsBackToItsCacheKey() throws {
        let webp = ImageName(hash: Self.hash, size: Size(width: 375, height: 260.5), scale: 2, quality: 80, format: .webp)
        #expect(webp.fileName == "\(Self.hex)-375x260.5@2-q80.webp")
        #expect(ImageName(fileName: webp.fileName) == webp)
        #expect(webp.options == .webp(quality: 80))
        #expect(webp.encodingKey == ElementCache.EncodingKey(
            render: .init(hash: Self.hash, size: Size(width: 375, height: 260.5), scale: 2), options: .webp(quality: 80)))
        // PNG has no quality in its name or its options.
        let png = ImageName(hash: Self.hash, size: Size(width: 120, height: 40), scale: 1.5, quality: 80, format: .png)
        #expect(png.fileName == "\(Self.hex)-120x40@1.5.png")
        #expect(ImageName(fileName: png.fileName) == png)
        #expect(png.options == .png())
        // `.jpeg` is read as the `.jpg` the server writes.
        let jpeg = try #require(ImageName(fileName: "\(Self.hex)-120x40@2-q85.jpeg"))
        #expect(jpeg.fileName == "\(Self.hex)-120x40@2-q85.jpg")
        #expect(jpeg.options == .jpeg(quality: 85))
    }

    @Test(arguments: [
        "0000.png", "\(hex)-120.0x40@2.png", "\(hex)-120x40@2.0.png", "\(hex)-120x40@2-q80.png", "\(hex)-120x40@2.webp",
        "\(hex)-120x40@2-q0.webp", "\(hex)-120x40@2-q101.jpg", "\(hex)-120x40@2-q080.webp", "\(hex)120x40@2.png",
        "\(hex.uppercased())-120x40@2.png", "\(hex)-120x40.png", "\(hex)-120@2.png", "\(hex)-120x40@2.gif",
        "z123456789abcdef000000000000002a-120x40@2.png", "\(hex)-nanx40@2.png", "\(hex)-120x40@inf.png", "\(hex)-0x40@2.png",
    ])
    func onlyCanonicalNamesParse(_ name: String) {
        #expect(ImageName(fileName: name) == nil)
    }

    /// The encoded size and content-hash URL of a render of `document`.
    static func render(_ document: ElementDocument, client: some TestClientProtocol) async throws -> (bytes: Int, url: String) {
        let response = try await client.execute(uri: "/render", method: .post, body: document.body)
        #expect(response.status == .ok)
        return (response.body.readableBytes, try #require(response.headers[.contentLocation]))
    }

    @Test func storedImagesAreTheServiceCachesEncodings() async throws {
        let server = try await TestServer(configure: { $0.cacheBytes = 8 << 20 })
        let service = server.server.service
        try await server.test { client in
            let first = try await client.execute(uri: "/render", method: .post, body: card("kept").body)
            let url = try #require(first.headers[.contentLocation])
            let stored = try await client.execute(uri: url, method: .get)
            #expect(stored.status == .ok && stored.body == first.body)
            // The bytes are the service's cache entry, counted under its budget (half the server's).
            let metrics = await service.cache.metrics
            #expect(metrics.encodings.count == 1 && metrics.encodings.bytes == first.body.readableBytes)
            #expect(metrics.byteLimit == 4 << 20)
            #expect(metrics.bytes == metrics.renders.bytes + metrics.texts.bytes + metrics.encodings.bytes)

            let text = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
            let template = await server.server.templateService.cache.metrics
            #expect(metricValue("card_server_stored_images", in: text) == 1)
            #expect(metricValue("card_server_stored_image_bytes", in: text) == Double(first.body.readableBytes))
            #expect(metricValue("card_server_cache_bytes", in: text) == Double(metrics.bytes + template.bytes))
            #expect(metricValue("card_server_cache_bytes_limit", in: text) == Double(8 << 20))

            // Memory pressure on the service's cache drops the encoding with the rest: the URL is
            // gone, and the same request renders and encodes again.
            await service.cache.trim(toBytes: 0)
            #expect(try await client.execute(uri: url, method: .get).status == .notFound)
            let again = try await client.execute(uri: "/render", method: .post, body: card("kept").body)
            #expect(again.headers[.cacheStatus] == "card-server; fwd=miss; stored")
            #expect(again.body == first.body)
            #expect(service.encodeStarts == 2)
            #expect(try await client.execute(uri: url, method: .get).status == .ok)
        }
    }

    @Test func encodingsAreEvictedWithRendersAndTextsByTheOneBudget() async throws {
        let (first, second) = (card("first"), card("the second one"))
        // Measured on servers with room for everything: all that the second card puts in the
        // cache (text, render, encoding), and the first card's encoding.
        let secondServer = try await TestServer()
        _ = try await secondServer.test { client in try await Self.render(second, client: client) }
        let secondTotal = await secondServer.server.service.cache.metrics.bytes
        let firstEncoding = try await TestServer().test { client in try await Self.render(first, client: client).bytes }

        // A service budget one byte short of both: the second card's entries push out the
        // first's, oldest first (its text, its render, then its encoding).
        let budget = secondTotal + firstEncoding - 1
        let server = try await TestServer(configure: { $0.cacheBytes = 2 * budget })
        try await server.test { client in
            let firstURL = try await Self.render(first, client: client).url
            let secondURL = try await Self.render(second, client: client).url
            #expect(try await client.execute(uri: firstURL, method: .get).status == .notFound)
            #expect(try await client.execute(uri: secondURL, method: .get).status == .ok)
        }
        let metrics = await server.server.service.cache.metrics
        #expect(metrics.evictions == 3)
        #expect(metrics.encodings.count == 1 && metrics.renders.count == 1 && metrics.texts.count == 1)
        #expect(metrics.bytes == secondTotal)
    }
}
