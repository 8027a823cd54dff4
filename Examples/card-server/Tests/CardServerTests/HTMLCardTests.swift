import AsyncLayerKit
import CardRequestParsing
@testable import CardServer
import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import NIOCore
import Testing

/// An HTML card `width` × `height` px (declared with `<meta name="card-size">` unless `declared`
/// is false), with `style` in a `<style>` sheet and `body` inside `<body>`.
func htmlCard(_ body: String = "<h1>Hello</h1>", style: String = "", width: Int = 200, height: Int = 100, declared: Bool = true) -> ByteBuffer {
    let meta = declared ? "<meta name=\"card-size\" content=\"\(width)x\(height)\">" : ""
    return ByteBuffer(string: "<!doctype html><html><head>\(meta)<style>body { margin: 0; font-family: \"DejaVu Sans\"; } \(style)</style></head><body>\(body)</body></html>")
}

/// `Content-Type: text/html; charset=utf-8`, and PNG asked for.
let htmlHeaders: HTTPFields = [.contentType: "text/html; charset=utf-8", .accept: "image/png"]

/// Every text of `element`'s tree, in document order.
func texts(in element: Element) -> [String] {
    var found: [String] = []
    var stack = [element]
    while let next = stack.popLast() {
        if case .text(let content) = next.kind {
            // A paragraph's words are in its runs (each inline box's text with its style).
            let runs = content.runs.map { run -> String in
                if case .text(let words) = run.content { return words }
                return ""
            }.joined()
            found.append(content.runs.isEmpty ? content.text.string : runs.trimmingCharacters(in: .whitespaces))
        }
        stack += next.children.reversed()
    }
    return found
}

extension HTTPField.Name {
    static var testCardWarnings: Self { .init("X-Card-Warnings")! }
    static var testCardWarning: Self { .init("X-Card-Warning")! }
}

@Suite struct HTMLRenderTests {
    @Test func anHTMLBodyRendersToPNG() async throws {
        let server = try await TestServer()
        try await server.test { client in
            let response = try await client.execute(uri: "/render", method: .post, headers: htmlHeaders,
                                                    body: htmlCard("<div style='background: teal; height: 40px'>Card</div>"))
            #expect(response.status == .ok)
            #expect(sniff(response) == "png")
            #expect(response.headers[.contentType] == "image/png")
            #expect(response.headers[.testCardWarnings] == "0")
            #expect(response.headers[values: .testCardWarning].isEmpty)
            // 200 × 100 CSS px at the default scale 2.
            let info = try ImageDecoder.info(of: Array(response.body.readableBytesView))
            #expect(info.width == 400 && info.height == 200)
            // The query's size wins over the declared one.
            let sized = try await client.execute(uri: "/render?width=50&height=30&scale=1", method: .post, headers: htmlHeaders, body: htmlCard())
            #expect(sized.status == .ok)
            let small = try ImageDecoder.info(of: Array(sized.body.readableBytesView))
            #expect(small.width == 50 && small.height == 30)
            // `text/html` without a charset is UTF-8, and its type compares without case.
            let bare = try await client.execute(uri: "/render", method: .post, headers: [.contentType: "TEXT/HTML", .accept: "image/png"], body: htmlCard())
            #expect(bare.status == .ok)
            #expect(sniff(bare) == "png")
        }
    }

    @Test func warningsAreCountedAndListedInHeaders() async throws {
        let server = try await TestServer()
        let style = "@keyframes spin { from { color: red } } p:hover { color: red } @ünïcode { x: y } h1 { color: nonsense }"
        try await server.test { client in
            let response = try await client.execute(uri: "/render", method: .post, headers: htmlHeaders, body: htmlCard(style: style))
            #expect(response.status == .ok)
            let header = try #require(response.headers[.testCardWarnings])
            let count = try #require(Int(header))
            #expect(count >= 4)
            let lines = response.headers[values: .testCardWarning]
            #expect(lines.count == min(count, CardServer.warningHeaderLines))
            #expect(lines.contains { $0.contains("@keyframes") })
            // Header-safe: printable ASCII only, the non-ASCII at-rule percent-encoded.
            for line in lines {
                #expect(line.utf8.allSatisfy { (0x20..<0x7F).contains($0) }, "\(line)")
                #expect(line.utf8.count <= 200)
            }
            #expect(lines.contains { $0.contains("@%C3%BCn%C3%AFcode") })
        }
    }

    @Test func strictModeRefusesACardWithWarningsListingThem() async throws {
        let server = try await TestServer()
        try await server.test { client in
            let response = try await client.execute(uri: "/render?strict=1", method: .post, headers: htmlHeaders,
                                                    body: htmlCard(style: "@keyframes spin { } h1 { color: nonsense }"))
            #expect(response.status == .unprocessableContent)
            struct StrictBody: Decodable {
                struct Warning: Decodable { var path: String; var property: String; var reason: String }
                var error: String
                var limit: String?
                var warnings: [Warning]
            }
            let body = try JSONDecoder().decode(StrictBody.self, from: Data(response.body.readableBytesView))
            #expect(body.limit == "strict")
            #expect(body.error.hasPrefix("strict: the card has 2 warnings"))
            #expect(body.warnings.count == 2)
            #expect(body.warnings.contains { $0.property == "@keyframes" && !$0.reason.isEmpty && !$0.path.isEmpty })
            #expect(body.warnings.contains { $0.property == "color" && $0.path.hasPrefix("style[0]") && $0.reason.contains("nonsense") })
            // The same card without strict renders; a clean card renders in strict mode.
            let lenient = try await client.execute(uri: "/render?strict=0", method: .post, headers: htmlHeaders,
                                                   body: htmlCard(style: "@keyframes spin { } h1 { color: nonsense }"))
            #expect(lenient.status == .ok)
            let clean = try await client.execute(uri: "/render?strict=true", method: .post, headers: htmlHeaders, body: htmlCard())
            #expect(clean.status == .ok)
            let bad = try await client.execute(uri: "/render?strict=yes", method: .post, headers: htmlHeaders, body: htmlCard())
            #expect(bad.status == .badRequest)
            #expect(try errorBody(bad).limit == "strict")
        }
    }

    @Test func refusalsOfHTMLCards() async throws {
        let server = try await TestServer()
        let maxBody = server.server.configuration.maxBodyBytes
        try await server.test { client in
            // No size: neither the query nor the document gives one.
            let unsized = try await client.execute(uri: "/render", method: .post, headers: htmlHeaders, body: htmlCard(declared: false))
            #expect(unsized.status == .unprocessableContent)
            let unsizedBody = try errorBody(unsized)
            #expect(unsizedBody.limit == "card-size")
            #expect(unsizedBody.error.contains("<meta name=\"card-size\""))
            // Only a width is not a size either.
            let halfSized = try await client.execute(uri: "/render?width=100", method: .post, headers: htmlHeaders, body: htmlCard(declared: false))
            #expect(halfSized.status == .unprocessableContent)
            // Grid: a clear error naming it and where.
            let grid = try await client.execute(uri: "/render", method: .post, headers: htmlHeaders,
                                                body: htmlCard("<div class='g'><span>a</span></div>", style: ".g { display: grid }"))
            #expect(grid.status == .unprocessableContent)
            let gridBody = try errorBody(grid)
            #expect(gridBody.error.contains("grid"))
            #expect(gridBody.path?.contains("div") == true)
            // A body over the limit.
            let huge = try await client.execute(uri: "/render", method: .post, headers: htmlHeaders,
                                                body: ByteBuffer(string: "<p>" + String(repeating: "x", count: maxBody) + "</p>"))
            #expect(huge.status == .contentTooLarge)
            #expect(try errorBody(huge).limit == "body-bytes")
            // Another charset.
            for type in ["text/html; charset=iso-8859-1", "text/html;charset=\"windows-1252\""] {
                let latin = try await client.execute(uri: "/render", method: .post, headers: [.contentType: type], body: htmlCard())
                #expect(latin.status == .unsupportedMediaType, "\(type)")
                #expect(try errorBody(latin).error.contains("UTF-8"))
            }
            // Sizes out of range are the request's error, for HTML and JSON bodies alike.
            for query in ["width=0", "height=-1", "width=nan", "height=20000"] {
                let html = try await client.execute(uri: "/render?\(query)", method: .post, headers: htmlHeaders, body: htmlCard())
                #expect(html.status == .badRequest, "\(query)")
                let json = try await client.execute(uri: "/render?\(query)", method: .post, body: card().body)
                #expect(json.status == .badRequest, "\(query)")
            }
            // Over the pixel limit (4,000,000): 422 before any render.
            let pixels = try await client.execute(uri: "/render?width=4000&height=4000", method: .post, headers: htmlHeaders, body: htmlCard())
            #expect(pixels.status == .unprocessableContent)
            #expect(try errorBody(pixels).limit == "pixels")
        }
        // More elements than the server's node limit.
        let small = try await TestServer(configure: { $0.limits.maxNodes = 100 })
        try await small.test { client in
            let many = try await client.execute(uri: "/render", method: .post, headers: htmlHeaders,
                                                body: htmlCard(String(repeating: "<div>x</div>", count: 150)))
            #expect(many.status == .unprocessableContent)
            #expect(try errorBody(many).limit == "nodes")
        }
    }

    @Test func theSameHTMLTwiceHasOneETagAnd304() async throws {
        let server = try await TestServer()
        try await server.test { client in
            let body = htmlCard("<p>Same card</p>", style: "@keyframes k { }")
            let first = try await client.execute(uri: "/render", method: .post, headers: htmlHeaders, body: body)
            #expect(first.status == .ok)
            let etag = try #require(first.headers[.eTag])
            #expect(first.headers[.cacheStatus] == ResponseOutcome.rendered.cacheStatus)
            var revalidating = htmlHeaders
            revalidating[.ifNoneMatch] = etag
            let again = try await client.execute(uri: "/render", method: .post, headers: revalidating, body: body)
            #expect(again.status == .notModified)
            #expect(again.headers[.eTag] == etag)
            #expect(again.body.readableBytes == 0)
            #expect(again.headers[.testCardWarnings] == "1")
            // Without the tag: the same name, from the stored encoding, no second render.
            let repeated = try await client.execute(uri: "/render", method: .post, headers: htmlHeaders, body: body)
            #expect(repeated.headers[.eTag] == etag)
            #expect(repeated.headers[.cacheStatus] == ResponseOutcome.stored.cacheStatus)
            #expect(repeated.body == first.body)
            #expect(server.server.service.renders == 1)
            // The same card written otherwise (same tree) has the same tag; another scale, another tag.
            let respaced = ByteBuffer(string: String(buffer: body).replacingOccurrences(of: "<p>", with: "<p >"))
            let same = try await client.execute(uri: "/render", method: .post, headers: htmlHeaders, body: respaced)
            #expect(same.headers[.eTag] == etag)
            let scaled = try await client.execute(uri: "/render?scale=1", method: .post, headers: htmlHeaders, body: body)
            #expect(scaled.headers[.eTag] != etag)
            let other = try await client.execute(uri: "/render", method: .post, headers: htmlHeaders, body: htmlCard("<p>Other card</p>"))
            #expect(other.headers[.eTag] != etag)
        }
    }

    @Test func contentTypesAreReadAsHTTPSays() {
        #expect(BodyMediaType(contentType: nil) == .json)
        #expect(BodyMediaType(contentType: "application/json") == .json)
        #expect(BodyMediaType(contentType: "text/html") == .html)
        #expect(BodyMediaType(contentType: "Text/HTML ; Charset=\"UTF-8\"") == .html)
        #expect(BodyMediaType(contentType: "text/html;charset=utf8;q=1") == .html)
        #expect(BodyMediaType(contentType: "text/html; charset=latin1") == .unsupportedCharset("latin1"))
        #expect(BodyMediaType(contentType: "text/htmlx") == .json)
    }

    @Test func headerValuesAreSafe() {
        #expect(CardServer.headerSafe("a: b") == "a: b")
        #expect(CardServer.headerSafe("line\r\nInjected: 1") == "line%0D%0AInjected: 1")
        #expect(CardServer.headerSafe("é 100%") == "%C3%A9 100%25")
        let long = CardServer.headerSafe(String(repeating: "é", count: 200), limit: 50)
        #expect(long.utf8.count <= 50 && long.hasSuffix("..."))
    }
}
