import AsyncLayerKit
@testable import CardServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import RemoteImages
import Testing

/// `--allow-image-host`: image URLs in `POST /render` trees, refused before any render when they
/// are off or name another host.
@Suite struct ImageURLTests {
    static func document(imageURL: String) -> ElementDocument {
        card(children: [Element.image(.named(imageURL), layout: { var l = FlexStyle(); l.width = .points(20); l.height = .points(20); return l }())])
    }

    static func post(_ server: TestServer, _ document: ElementDocument) async throws -> (HTTPResponse.Status, ErrorBody?) {
        try await server.test { client in
            try await client.execute(uri: "/render", method: .post, headers: [.accept: "image/png"], body: document.body) { response in
                (response.status, response.status == .ok ? nil : try errorBody(response))
            }
        }
    }

    @Test func aURLIsRefusedWith422WhenImagesByURLAreOff() async throws {
        let server = try await TestServer()
        #expect(server.server.remoteImages == nil)
        let (status, body) = try await Self.post(server, Self.document(imageURL: "https://images.example.com/a.png"))
        #expect(status == .unprocessableContent)
        #expect(body?.limit == "image-host")
        #expect(body?.error.contains("--allow-image-host") == true)
    }

    @Test func aURLOnAHostNotAllowedIsRefusedWith422() async throws {
        let server = try await TestServer { $0.allowedImageHosts = ["images.example.com"] }
        for url in ["https://evil.example.net/a.png", "http://169.254.169.254/latest/meta-data/", "HTTPS://images.example.com.evil.net/a.png"] {
            let (status, body) = try await Self.post(server, Self.document(imageURL: url))
            #expect(status == .unprocessableContent, "\(url)")
            #expect(body?.limit == "image-host", "\(url)")
            #expect(body?.error.contains(url) == true, "\(url)")
        }
        // Another scheme is no URL to this loader: a file name, which the assets folder refuses.
        let (status, body) = try await Self.post(server, Self.document(imageURL: "ftp://images.example.com/a.png"))
        #expect(status == .badRequest && body?.limit == "assets")
    }

    /// An allowed host whose fetch fails (here: it resolves to loopback, which the guard refuses)
    /// is 422 `image-url`, not a 5xx.
    @Test func aFailedFetchIs422() async throws {
        let server = try await TestServer { $0.allowedImageHosts = ["localhost"] }
        let (status, body) = try await Self.post(server, Self.document(imageURL: "http://localhost:9/a.png"))
        #expect(status == .unprocessableContent)
        #expect(body?.limit == "image-url")
        #expect(body?.error.contains("refused to connect") == true)
    }

    /// Folder names still go to the assets folder when URLs are on.
    @Test func namesStillComeFromTheAssetsFolder() async throws {
        let server = try await TestServer { $0.allowedImageHosts = ["images.example.com"] }
        let (status, body) = try await Self.post(server, Self.document(imageURL: "missing-avatar"))
        #expect(status == .notFound)
        #expect(body?.limit == "assets")
    }
}
