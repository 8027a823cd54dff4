import AsyncLayerKit
import OriginServer
import RemoteImages

#if canImport(Glibc)
import Glibc
#endif

/// The Elements catalog's picture of images by URL (`images-by-url@2x.png`): two cards rendered
/// through a `RemoteImageLoader` from an origin on loopback, one whose avatar URL answers the
/// picture, one whose URL answers 404 and whose image draws its placeholder.
enum DocPicture {
    static func write(to path: String, avatar: [UInt8]) async throws {
        let origin = try OriginServer { request in
            request.path == "/avatars/ada.png"
                ? OriginResponse(headers: [("Content-Type", "image/png"), ("Cache-Control", "max-age=3600")], body: .bytes(avatar))
                : OriginResponse(status: 404, body: .bytes(Array("not found".utf8)))
        }
        defer { origin.stop() }
        // A public-looking name pinned to the loopback origin, so the picture names no port.
        let host = "images.example.com"
        let policy = RemoteImagePolicy(allowedHosts: [host], allowLoopback: true,
                                       pinnedAddresses: [.init(host: host, port: origin.port, address: .v4(127, 0, 0, 1))])
        let renderer = ElementRenderer(imageLoader: try RemoteImageLoader(policy: policy))
        func card(_ file: String, caption: String) -> Element {
            Element.hstack(spacing: 12, style: ElementStyle(background: .white, cornerRadii: CornerRadii(all: 12)), children: [
                Element.image(.named("http://\(host):\(origin.port)\(file)"), placeholder: .color(Color(red255: 209, green255: 213, blue255: 219)))
                    .size(width: 64, height: 64).cornerRadius(32),
                Element.vstack(spacing: 4, children: [
                    .text(AttributedText(host), style: TextStyle(size: 11, color: Color(red255: 107, green255: 114, blue255: 128)), maxLines: 1),
                    .text(AttributedText(file), style: TextStyle(size: 13, weight: .bold), maxLines: 1),
                    .text(AttributedText(caption), style: TextStyle(size: 12, color: Color(red255: 75, green255: 85, blue255: 99)), maxLines: 2),
                ]).size(width: 180),
            ]).size(width: 280, height: 88).padding(12)
        }
        let root = Element.hstack(spacing: 16, style: ElementStyle(background: Color(red255: 243, green255: 244, blue255: 246)), children: [
            card("/avatars/ada.png", caption: "200: sniffed as PNG, cached by URL"),
            card("/avatars/gone.png", caption: "404: its placeholder colour instead"),
        ]).size(width: 608, height: 120).padding(16)
        let bitmap = try await renderer.render(root, size: Size(width: 608, height: 120), scale: 2)
        let png = try ImageEncoder.encode(bitmap, as: .png())
        guard let file = fopen(path, "wb") else { throw BenchError(message: "cannot write \(path)") }
        defer { fclose(file) }
        guard fwrite(png, 1, png.count, file) == png.count else { throw BenchError(message: "cannot write \(path)") }
        print("wrote \(path) (\(bitmap.width)×\(bitmap.height) px)")
    }
}
