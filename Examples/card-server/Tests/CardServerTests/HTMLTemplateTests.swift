import AsyncLayerKit
import CardRequestParsing
@testable import CardServer
import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import NIOCore
import Testing

/// `Examples/card-server/templates`, the example templates folder.
let exampleTemplates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("templates", isDirectory: true)

/// A 32-byte key, in hex.
let testSigningKey = String(repeating: "0123456789abcdef", count: 4)

/// A folder of its own holding `files` (name → text).
func templateFolder(_ files: [String: String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("card-server-templates-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
    return folder
}

@Suite struct HTMLTemplateTests {
    @Test func theExampleTemplateRendersWithEscapedParameters() async throws {
        let server = try await TestServer(configure: { $0.htmlTemplatesFolder = exampleTemplates })
        let template = try #require(server.server.htmlTemplates?["og"])
        #expect(template.declaresSize)
        // The HTML handed to HTMLCard: the title's markup escaped.
        let query = try QueryString(parsing: "title=%3Cscript%3Ealert(1)%3C%2Fscript%3E&author=Ann+%26+Bo&tags=swift,+html,,css")
        let html = template.render(HTMLTemplates.context(of: query, excluding: CardServer.renderParameterNames))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!html.contains("<script>"))
        #expect(html.contains("by Ann &amp; Bo"))
        // The card shows it as text; the tag list is one span per tag.
        let card = try HTMLCard(html: html, options: server.server.htmlOptions)
        let shown = texts(in: card.root)
        #expect(shown.contains("<script>alert(1)</script>"))
        #expect(shown.contains("by Ann & Bo"))
        #expect(shown.filter { ["swift", "html", "css"].contains($0) }.count == 3)
        #expect(card.warnings.isEmpty, "\(card.warnings)")

        try await server.test { client in
            let uri = "/og/og?title=%3Cscript%3Ealert(1)%3C%2Fscript%3E&author=Ann&tags=swift,html"
            let response = try await client.execute(uri: uri, method: .get, headers: [.accept: "image/png"])
            #expect(response.status == .ok)
            #expect(sniff(response) == "png")
            #expect(response.headers[.cacheControl] == "public, max-age=60")
            #expect(response.headers[.testCardWarnings] == "0")
            // Open Graph size at scale 1 by default.
            let info = try ImageDecoder.info(of: Array(response.body.readableBytesView))
            #expect(info.width == 1200 && info.height == 630)
            let etag = try #require(response.headers[.eTag])
            let again = try await client.execute(uri: uri, method: .get, headers: [.accept: "image/png", .ifNoneMatch: etag])
            #expect(again.status == .notModified)
            // Parameter order does not change the image; a value does.
            let reordered = try await client.execute(uri: "/og/og?tags=swift,html&author=Ann&title=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
                                                     method: .get, headers: [.accept: "image/png"])
            #expect(reordered.headers[.eTag] == etag)
            let other = try await client.execute(uri: "/og/og?title=Other", method: .get, headers: [.accept: "image/png"])
            #expect(other.status == .ok)
            #expect(other.headers[.eTag] != etag)
        }
    }

    @Test func unknownTemplatesAndBadQueries() async throws {
        let server = try await TestServer(configure: { $0.htmlTemplatesFolder = exampleTemplates })
        try await server.test { client in
            for uri in ["/og/nope", "/og/OG", "/og/og.html", "/og/..%2Fog"] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .notFound, "\(uri)")
            }
            let long = String(repeating: "%C3%A9", count: server.server.configuration.maxQueryValueLength + 1)
            let many = (0...server.server.configuration.maxQueryParameters).map { "p\($0)=1" }.joined(separator: "&")
            for query in ["title=\(long)", many, "title=%ZZ", "title=%FF", "a.b=1", "tags_list=x", "scale=0", "quality=0", "strict=maybe",
                          "sig=\(String(repeating: "A", count: 65))", "sig=a.b"] {
                let response = try await client.execute(uri: "/og/og?\(query)", method: .get, headers: [.accept: "image/jpeg"])
                #expect(response.status == .badRequest, "\(query.prefix(40))")
            }
            let strict = try await client.execute(uri: "/og/og?strict=1&title=x", method: .get)
            #expect(strict.status == .ok)
        }
        // No templates folder: every template is unknown.
        let bare = try await TestServer()
        try await bare.test { client in
            let response = try await client.execute(uri: "/og/og", method: .get)
            #expect(response.status == .notFound)
            #expect(try errorBody(response).error.contains("--html-templates"))
        }
    }

    @Test func badTemplatesFailLoadingWithTheirPath() throws {
        let good = "<meta name='card-size' content='100x50'><p>{{title}}</p>"
        let refused: [(file: String, text: String, reason: String)] = [
            ("triple.html", "<p>{{{title}}}</p>", "unescaped"),
            ("amp.html", "<p>{{ & title}}</p>", "unescaped"),
            ("pragma.html", "{{% CONTENT_TYPE: TEXT}}<p>{{title}}</p>", "pragma"),
            ("delims.html", "{{=<% %>=}}<p><%&title%></p>", "delimiter"),
            ("partial.mustache", "{{> other}}", "partials"),
            ("Upper.html", good, "[a-z0-9-]+"),
            ("bad.html", "<p>{{#title}}</p>", "Mustache"),
            ("grid.html", "<meta name='card-size' content='100x50'><div style='display: grid'>{{title}}</div>", "grid"),
        ]
        for (file, text, reason) in refused {
            let folder = try templateFolder([file: text])
            let error = #expect(throws: HTMLTemplateError.self, "\(file)") { try HTMLTemplates(folder: folder) }
            #expect(error?.path == folder.appendingPathComponent(file).path, "\(file)")
            #expect(error?.description.contains(reason) == true, "\(file): \(String(describing: error))")
        }
        let twice = try templateFolder(["card.html": good, "card.mustache": good])
        #expect(throws: HTMLTemplateError.self) { try HTMLTemplates(folder: twice) }
        let empty = try templateFolder(["notes.txt": "{{{x}}}"])
        #expect(throws: HTMLTemplateError.self) { try HTMLTemplates(folder: empty) }
        // A template without a declared size gets the Open Graph size; other files are ignored.
        let folder = try templateFolder(["plain.mustache": "<p>{{title}}</p>", "notes.txt": "{{{x}}}"])
        let templates = try HTMLTemplates(folder: folder)
        #expect(templates.templates.keys.sorted() == ["plain"])
        #expect(templates["plain"]?.declaresSize == false)
    }

    @Test func aServerWithABadTemplateDoesNotStart() async throws {
        let folder = try templateFolder(["og.html": "<p>{{{title}}}</p>"])
        await #expect(throws: HTMLTemplateError.self) {
            _ = try await TestServer(configure: { $0.htmlTemplatesFolder = folder })
        }
    }

    @Test func theContextListsCommaSeparatedAndRepeatedValues() throws {
        let query = try QueryString(parsing: "tags=a,b&tags=c&title=T&title=U&sig=s&scale=2")
        let context = HTMLTemplates.context(of: query, excluding: CardServer.renderParameterNames)
        #expect(context["title"] as? String == "T")
        #expect(context["tags_list"] as? [String] == ["a", "b", "c"])
        #expect(context["sig"] == nil && context["scale"] == nil)
    }
}

@Suite struct SignedURLTests {
    static func signedServer() async throws -> TestServer {
        try await TestServer(configure: {
            $0.htmlTemplatesFolder = exampleTemplates
            $0.signingKey = try? URLSigner.keyBytes(testSigningKey)
        })
    }

    @Test func aSignatureIsRequiredAndChecked() async throws {
        let server = try await Self.signedServer()
        let signer = try URLSigner(keyText: testSigningKey)
        try await server.test { client in
            let unsigned = try await client.execute(uri: "/og/og?title=Hello", method: .get)
            #expect(unsigned.status == .forbidden)
            #expect(try errorBody(unsigned).limit == "signature")
            let bad = try await client.execute(uri: "/og/og?title=Hello&sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", method: .get)
            #expect(bad.status == .forbidden)
            let garbage = try await client.execute(uri: "/og/og?title=Hello&sig=!!", method: .get)
            #expect(garbage.status == .forbidden)
            // An unsigned request cannot tell a missing template from another.
            let unknown = try await client.execute(uri: "/og/nope?title=Hello", method: .get)
            #expect(unknown.status == .forbidden)

            let signed = try signer.signedURL("/og/og?title=Hello&author=Ann")
            let good = try await client.execute(uri: signed, method: .get, headers: [.accept: "image/png"])
            #expect(good.status == .ok)
            #expect(sniff(good) == "png")
            // Any change to the path or a value breaks it; so does a second sig.
            let sig = try #require(signed.split(separator: "sig=").last)
            for uri in ["/og/og?title=Hellp&author=Ann&sig=\(sig)", "/og/og?title=Hello&author=Ann&extra=1&sig=\(sig)",
                        "/og/og2?title=Hello&author=Ann&sig=\(sig)", "/og/og?title=Hello&author=Ann&scale=2&sig=\(sig)",
                        "\(signed)&sig=\(sig)"] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .forbidden, "\(uri)")
            }
            // The same pairs spelled otherwise: the same signature holds.
            let respelled = try await client.execute(uri: "/og/og?sig=\(sig)&author=%41nn&title=Hello", method: .get, headers: [.accept: "image/png"])
            #expect(respelled.status == .ok)
            // A known template, signed, unknown name: 404 only once signed.
            let signedUnknown = try await client.execute(uri: try signer.signedURL("/og/nope?title=x"), method: .get)
            #expect(signedUnknown.status == .notFound)
        }
    }

    @Test func theCanonicalQuerySortsAndEncodes() throws {
        let query = try QueryString(parsing: "b=2&a=x+y&a=1&sig=zzz&c=%7e%2F&%C3%A9=%E2%9C%93&d")
        #expect(query.canonical(excluding: ["sig"]) == "a=1&a=x%20y&b=2&c=~%2F&d=&%C3%A9=%E2%9C%93")
        #expect(URLSigner.signedString(path: "/og/og", query: query) == "/og/og?a=1&a=x%20y&b=2&c=~%2F&d=&%C3%A9=%E2%9C%93")
        // Another spelling of the same pairs: the same canonical form and signature.
        let respelled = try QueryString(parsing: "%C3%A9=%e2%9c%93&d=&c=~%2f&a=x%20y&b=2&a=1")
        #expect(respelled.canonical(excluding: ["sig"]) == query.canonical(excluding: ["sig"]))
        let signer = try URLSigner(keyText: testSigningKey)
        #expect(signer.signature(path: "/og/og", query: query) == signer.signature(path: "/og/og", query: respelled))
        #expect(signer.signature(path: "/og/og", query: query) != signer.signature(path: "/og/other", query: query))
        // HMAC-SHA256 as RFC 4231 test case 2 computes it (key "Jefe"), base64url without padding:
        // 5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843.
        let mac = URLSigner(key: Array("Jefe".utf8)).signature(of: "what do ya want for nothing?")
        #expect(mac.count == 43 && !mac.contains("=") && !mac.contains("+") && !mac.contains("/"))
        let vector = try #require(URLSigner.base64URLDecoded(mac))
        #expect(vector.map { String(format: "%02x", $0) }.joined() == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func keysAreHexOrBase64() throws {
        #expect(try URLSigner.keyBytes(testSigningKey).count == 32)
        #expect(try URLSigner.keyBytes(Data(repeating: 7, count: 24).base64EncodedString()) == [UInt8](repeating: 7, count: 24))
        #expect(try URLSigner.keyBytes("_-_-_-_-_-_-_-_-_-_-_-_-") == URLSigner.base64URLDecoded("_-_-_-_-_-_-_-_-_-_-_-_-"))
        #expect(throws: URLSigner.KeyError.self) { try URLSigner.keyBytes("abcd") }
        #expect(throws: URLSigner.KeyError.self) { try URLSigner.keyBytes("not a key!") }
    }

    @Test func theSignCommandsURLVerifies() async throws {
        let signer = try URLSigner(keyText: testSigningKey)
        let url = try signer.signedURL("https://cards.example.com/og/og?title=Hello+World&author=Ann&tags=a,b")
        #expect(url.hasPrefix("https://cards.example.com/og/og?author=Ann&tags=a%2Cb&title=Hello%20World&sig="))
        // Signing a signed URL again gives it back.
        #expect(try signer.signedURL(url) == url)
        let server = try await Self.signedServer()
        let path = String(url.dropFirst("https://cards.example.com".count))
        let response = try await server.test { client in
            try await client.execute(uri: path, method: .get, headers: [.accept: "image/png"])
        }
        #expect(response.status == .ok)
        #expect(sniff(response) == "png")
        // The sign subcommand prints exactly this (card-server sign --key KEY URL).
        let printed = try #require(try signCommandOutput(["sign", "--key", testSigningKey, "https://cards.example.com/og/og?title=Hello+World&author=Ann&tags=a,b"]))
        #expect(printed == url)
    }
}

/// What `card-server sign ARGS` prints, run as the built executable beside the test bundle
/// (`swift test` builds the package's executable too); `nil` when it is not there.
func signCommandOutput(_ arguments: [String]) throws -> String? {
    let bundle = Bundle.main.bundleURL
    let candidates = [bundle.appendingPathComponent("card-server"), bundle.deletingLastPathComponent().appendingPathComponent("card-server")]
    guard let executable = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else { return nil }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}
