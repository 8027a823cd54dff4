import AsyncLayerKit
@testable import CardServer
import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import NIOCore
import Testing

/// `--emoji-dir` (``CardServerConfiguration/emojiFolder``): the emoji of `POST /render` trees
/// drawn from the folder's Twemoji-style files, a tree's own `graphemeImages` first.
@Suite struct EmojiFolderTests {
    /// A green square SVG, so that where it is drawn is plain.
    static let greenSquare = Array(##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" fill="#00C000"/></svg>"##.utf8)

    /// A fresh folder holding `1f600.svg`, the green square.
    static func emojiFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("card-server-emoji-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(greenSquare).write(to: folder.appendingPathComponent("1f600.svg"))
        return folder
    }

    /// The PNG the server renders for `document`.
    static func render(_ server: TestServer, _ document: ElementDocument) async throws -> Bitmap {
        let bytes = try await server.test { client in
            let response = try await client.execute(uri: "/render?scale=2", method: .post, headers: [.accept: "image/png"], body: document.body)
            #expect(response.status == .ok)
            return Array(response.body.readableBytesView)
        }
        return try ImageDecoder.decode(bytes)
    }

    /// Where the first inline picture of the card's text lands, in pixels at scale 2, once `set`
    /// is applied to `root`.
    static func pictureCentre(_ root: Element, size: Size, set: EmojiImages) throws -> (x: Int, y: Int) {
        let layout = try ElementLayout.layout(set.applied(to: root), in: size)
        let text = try #require(layout.nodes[1].text)
        let rect = try #require(text.attachments.first).rect
        let origin = layout.nodes[1].contentFrame.origin
        return (Int(2 * (origin.x + rect.midX)), Int(2 * (origin.y + rect.midY)))
    }

    static func isGreen(_ color: Color) -> Bool { color.green > 0.6 && color.red < 0.2 && color.blue < 0.2 }

    @Test func aCardWithAnEmojiDrawsThePictureFromTheFolder() async throws {
        let folder = try Self.emojiFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let withEmoji = try await TestServer(configure: { $0.emojiFolder = folder })
        let plain = try await TestServer()
        let document = card("Hi 😀 there")
        let size = try #require(document.size)
        let drawn = try await Self.render(withEmoji, document)
        let font = try await Self.render(plain, document)
        let centre = try Self.pictureCentre(document.root, size: size, set: try EmojiImages(folder: folder.path))
        // The folder's green square where the emoji is; the font's face (no green) without the option.
        #expect(Self.isGreen(try #require(drawn.color(x: centre.x, y: centre.y))))
        #expect(!Self.isGreen(try #require(font.color(x: centre.x, y: centre.y))))
        // The words before it are the same in both.
        #expect(drawn.color(x: 4, y: centre.y) == font.color(x: 4, y: centre.y))
    }

    @Test func theTreesGraphemeImagesWinOverTheFolder() async throws {
        let folder = try Self.emojiFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await TestServer(configure: { $0.emojiFolder = folder })
        let blue = try Bitmap.render(size: Size(width: 8, height: 8)) { $0.fill(Rect(x: 0, y: 0, width: 8, height: 8), with: .blue) }
        try Data(ImageEncoder.encode(blue, as: .png())).write(to: server.assets.appendingPathComponent("blue.png"))
        var document = card("Hi 😀 there")
        document.graphemeImages = ["😀": .named("blue")]
        let size = try #require(document.size)
        let drawn = try await Self.render(server, document)
        let centre = try Self.pictureCentre(document.root, size: size, set: EmojiImages(images: document.graphemeImages))
        let colour = try #require(drawn.color(x: centre.x, y: centre.y))
        #expect(colour.blue > 0.9 && colour.green < 0.1, "\(colour)")
        // A grapheme image missing from the assets folder is refused like any named image.
        document.graphemeImages = ["😀": .named("nothing-here")]
        let body = document.body
        let missing = try await server.test { client in
            try await client.execute(uri: "/render", method: .post, body: body)
        }
        #expect(missing.status == .notFound)
    }

    @Test func anUnreadableEmojiFolderStopsTheServerAtStart() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-emoji-\(UUID().uuidString)")
        await #expect(throws: EmojiImages.FolderError.self) {
            _ = try await TestServer(configure: { $0.emojiFolder = missing })
        }
    }
}
