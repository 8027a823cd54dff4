import AsyncLayerKit
@testable import CardServer
import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import NIOCore
import Testing

/// The stored encodings (`/images/{name}` and repeated requests) are bounded by bytes, least
/// recently used out first, and the `/metrics` gauges say what they hold.
@Suite struct StoredImageTests {
    @Test func theStoreIsBoundedByBytesLeastRecentlyUsedOutFirst() async {
        let store = ImageStore(byteLimit: 1_000)
        await store.insert([UInt8](repeating: 1, count: 400), for: "a")
        await store.insert([UInt8](repeating: 2, count: 400), for: "b")
        // Reading "a" makes it the most recently used, so "b" is the one that goes.
        #expect(await store.bytes(for: "a")?.count == 400)
        await store.insert([UInt8](repeating: 3, count: 400), for: "c")
        #expect(await store.bytes(for: "b") == nil)
        #expect(await store.bytes(for: "a")?.count == 400)
        #expect(await store.bytes(for: "c")?.count == 400)
        var metrics = await store.metrics
        #expect(metrics.count == 2)
        #expect(metrics.bytes == 800)
        #expect(metrics.byteLimit == 1_000)
        // An image larger than the whole budget is not kept, and pushes nothing out.
        await store.insert([UInt8](repeating: 4, count: 1_001), for: "huge")
        #expect(await store.bytes(for: "huge") == nil)
        metrics = await store.metrics
        #expect(metrics.count == 2)
        #expect(metrics.bytes == 800)
    }

    @Test func smallImagesAreNotLimitedByACount() async {
        // 1,500 tiny images fit in 2,000 bytes: the bound is their size, not how many there are.
        let store = ImageStore(byteLimit: 2_000)
        for index in 0..<1_500 { await store.insert([UInt8(index % 256)], for: "tiny-\(index)") }
        let metrics = await store.metrics
        #expect(metrics.count == 1_500)
        #expect(metrics.bytes == 1_500)
        #expect(await store.bytes(for: "tiny-0") == [0])
    }

    /// The encoded size and content-hash URL of a render of `document`.
    static func render(_ document: ElementDocument, client: some TestClientProtocol) async throws -> (bytes: Int, url: String) {
        let response = try await client.execute(uri: "/render", method: .post, body: document.body)
        #expect(response.status == .ok)
        return (response.body.readableBytes, try #require(response.headers[.contentLocation]))
    }

    @Test func theServerEvictsStoredImagesByBytes() async throws {
        // The three encodings' sizes, measured on a server with room for all.
        let documents = [card("first"), card("second one"), card("the third")]
        let sizes = try await TestServer().test { client in
            var sizes: [Int] = []
            for document in documents { sizes.append(try await Self.render(document, client: client).bytes) }
            return sizes
        }
        // A budget one byte short of all three: storing the third pushes out the least recently used.
        let budget = sizes.reduce(0, +) - 1
        let server = try await TestServer(configure: { $0.storedImageBytes = budget })
        try await server.test { client in
            let first = try await Self.render(documents[0], client: client)
            let second = try await Self.render(documents[1], client: client)
            // Reading the first makes the second the least recently used.
            #expect(try await client.execute(uri: first.url, method: .get).status == .ok)
            let third = try await Self.render(documents[2], client: client)
            #expect(try await client.execute(uri: second.url, method: .get).status == .notFound)
            #expect(try await client.execute(uri: first.url, method: .get).status == .ok)
            #expect(try await client.execute(uri: third.url, method: .get).status == .ok)

            let metrics = try await client.execute(uri: "/metrics", method: .get)
            let text = String(buffer: metrics.body)
            #expect(metricValue("card_server_stored_images", in: text) == 2)
            #expect(metricValue("card_server_stored_image_bytes", in: text) == Double(first.bytes + third.bytes))
            #expect(metricValue("card_server_stored_image_bytes_limit", in: text) == Double(budget))
        }
    }
}
