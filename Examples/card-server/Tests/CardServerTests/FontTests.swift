import AsyncLayerKit
import CardRequestParsing
@testable import CardServer
import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import NIOCore
import Testing

/// `--fonts DIR` and a document's own `"fonts"`: named by family, keyed apart in the cache and
/// the image names, and bad fonts refused with 400 and their path.
@Suite struct FontTests {
    /// The library's test fonts (scripts/fonts/make-test-fonts.py): letters drawn as frames.
    static let fontFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../../Tests/CanvasTests/Fixtures/Fonts").standardizedFileURL

    /// A card whose text asks for `family` (then sans-serif).
    static func document(family: String, fonts: String = "") -> ByteBuffer {
        ByteBuffer(string: """
            {"version": 2, "size": {"width": 160, "height": 40}, \(fonts)
             "root": {"type": "text", "text": {"text": "Hello Fonts"},
                      "style": {"fontFamily": "\(family), sans-serif", "fontSize": 20, "color": "#000000", "backgroundColor": "#FFFFFF"}}}
            """)
    }

    static func png(_ server: TestServer, _ body: ByteBuffer) async throws -> (HTTPResponse.Status, [UInt8], String?) {
        try await server.test { client in
            let response = try await client.execute(uri: "/render", method: .post, headers: [.accept: "image/png"], body: body)
            return (response.status, Array(response.body.readableBytesView), response.headers[.eTag])
        }
    }

    @Test func theServersFontsAreNamedByFamily() async throws {
        let plain = try await TestServer()
        let withFonts = try await TestServer { $0.fonts = try? FontSet(contentsOfFolder: Self.fontFolder.path) }
        #expect(withFonts.server.configuration.fonts?.families == ["ALK Stars", "ALK Test"])
        let (status, branded, _) = try await Self.png(withFonts, Self.document(family: "ALK Test"))
        #expect(status == .ok)
        let (_, system, _) = try await Self.png(plain, Self.document(family: "ALK Test"))
        #expect(branded != system)
    }

    @Test func aDocumentsFontsChangeTheImageAndItsName() async throws {
        let server = try await TestServer()
        let woff2 = try Data(contentsOf: Self.fontFolder.appendingPathComponent("ALKTest-Regular.woff2")).base64EncodedString()
        let fonts = #""fonts": [{"family": "Brand", "src": "data:font/woff2;base64,\#(woff2)"}],"#
        let (status, branded, brandedTag) = try await Self.png(server, Self.document(family: "Brand", fonts: fonts))
        #expect(status == .ok)
        let (_, plain, plainTag) = try await Self.png(server, Self.document(family: "Brand"))
        #expect(branded != plain)
        #expect(brandedTag != plainTag)
        let name = try #require(brandedTag.map { String($0.dropFirst().dropLast()) })
        let parsed = try #require(ImageName(fileName: name))
        #expect(parsed.fonts?.count == 32)
        // The name leads back to the stored image.
        try await server.test { client in
            let stored = try await client.execute(uri: "/images/\(name)", method: .get)
            #expect(stored.status == .ok)
            #expect(Array(stored.body.readableBytesView) == branded)
        }
    }

    @Test func aBadFontIs422WithItsPath() async throws {
        let server = try await TestServer()
        let fonts = #""fonts": [{"family": "Brand", "src": "data:font/woff2;base64,AAAAAAAA"}],"#
        let body = try await server.test { client in
            let response = try await client.execute(uri: "/render", method: .post, body: Self.document(family: "Brand", fonts: fonts))
            #expect(response.status == .unprocessableContent)
            return try errorBody(response)
        }
        #expect(body.path == "fonts[0]")
        #expect(body.error.contains("not a TrueType"))
    }

    @Test func imageNamesWithFontsReadBack() {
        let hash = ContentHash(high: 0x0123_4567_89ab_cdef, low: 0xfedc_ba98_7654_3210)
        let name = ImageName(hash: hash, size: Size(width: 160, height: 40), scale: 2, quality: 80, format: .webp,
                             fonts: "00112233445566778899aabbccddeeff")
        #expect(name.fileName == "0123456789abcdeffedcba9876543210-f00112233445566778899aabbccddeeff-160x40@2-q80.webp")
        #expect(ImageName(fileName: name.fileName) == name)
        #expect(ImageName(fileName: name.fileName.replacingOccurrences(of: "aabbcc", with: "AABBCC")) == nil)
        #expect(ImageName(fileName: "0123456789abcdeffedcba9876543210-f0011-160x40@2-q80.webp") == nil)
        #expect(name.encodingKey.render.fonts == name.fonts)
    }
}
