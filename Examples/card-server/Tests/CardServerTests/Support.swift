import AsyncLayerKit
@testable import CardServer
import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import NIOCore
import Testing

/// A server on its own lanes and a fresh assets folder, for one test.
struct TestServer {
    let server: CardServer
    let assets: URL

    init(configure: (inout CardServerConfiguration) -> Void = { _ in }, lanes: RenderLanes? = nil) async throws {
        let assets = FileManager.default.temporaryDirectory.appendingPathComponent("card-server-\(UUID().uuidString)/assets")
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        var configuration = CardServerConfiguration(assetsFolder: assets, laneWidth: 2)
        configure(&configuration)
        self.assets = assets
        self.server = try await CardServer(configuration: configuration, lanes: lanes)
    }

    /// Runs `body` against the routes in process.
    func test<R: Sendable>(_ body: @Sendable (any TestClientProtocol) async throws -> R) async throws -> R {
        let app = Application(router: server.router())
        return try await app.test(.router, body)
    }
}

/// A small card: a coloured view holding a text, `size` points.
func card(_ text: String = "Hello", size: Size = Size(width: 120, height: 40), children extra: [Element] = []) -> ElementDocument {
    let root = Element.view(style: ElementStyle(background: Color(red255: 30, green255: 120, blue255: 200)),
                            children: [Element.text(AttributedText(text), style: TextStyle(size: 14, color: .white))] + extra)
    return ElementDocument(root: root, size: size)
}

extension ElementDocument {
    var body: ByteBuffer { ByteBuffer(bytes: try! jsonBytes()) }
}

/// The error body.
struct ErrorBody: Decodable, Equatable {
    var error: String
    var limit: String?
    var path: String?
}

func errorBody(_ response: TestResponse) throws -> ErrorBody {
    #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
    return try JSONDecoder().decode(ErrorBody.self, from: Data(response.body.readableBytesView))
}

/// The leading bytes of each format.
func sniff(_ response: TestResponse) -> String? {
    let bytes = Array(response.body.readableBytesView)
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "png" }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpeg" }
    if bytes.count > 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return "webp" }
    return nil
}

/// Holds `count` admission slots of `lanes` until `release()`: each slot is an async render that
/// waits on a stream.
final class LaneHolder: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    private let tasks: [Task<Void, Never>]

    init(lanes: RenderLanes, count: Int) async {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        self.stream = stream
        self.continuation = continuation
        let before = lanes.metrics.admitted
        tasks = (0..<count).map { _ in
            Task { _ = try? await lanes.renderAsync { for await _ in stream { break } } }
        }
        let clock = ContinuousClock(), deadline = clock.now + .seconds(20)
        while lanes.metrics.admitted < before + count, clock.now < deadline { try? await Task.sleep(for: .milliseconds(2)) }
        #expect(lanes.metrics.admitted == before + count, "the holder could not take its lane slots")
    }

    func release() async {
        continuation.finish()
        for task in tasks { await task.value }
    }
}

import FeedSupport

/// The sample feed, read the way the server reads it.
enum FeedSupportAccess {
    static func firstItemID() async throws -> String {
        try #require(try await SampleFeed.loadPage().items.first?.id)
    }
}

/// The value of the unlabelled sample `name` in Prometheus text, or `nil` if it is not there.
func metricValue(_ name: String, in text: String) -> Double? {
    for line in text.split(separator: "\n") where line.hasPrefix(name + " ") {
        return Double(line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces))
    }
    return nil
}
