public import Canvas
import Foundation

/// The card's two images, decoded once (the spec's "image cache"): a 640×480 JPEG cover and a
/// 96×96 RGBA PNG avatar, generated with a fixed seed by the bench's `inputs/gen_inputs.py`.
public struct ReferenceCardAssets: Sendable {
    /// The cover photo.
    public var cover: Bitmap
    /// The avatar.
    public var avatar: Bitmap

    /// Creates assets from decoded bitmaps.
    public init(cover: Bitmap, avatar: Bitmap) {
        self.cover = cover
        self.avatar = avatar
    }

    /// The encoded bundled inputs, as stored.
    public static func bundledFiles() throws -> (cover: [UInt8], avatar: [UInt8]) {
        func read(_ name: String) throws -> [UInt8] {
            guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Inputs") else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Inputs/\(name)"])
            }
            return [UInt8](try Data(contentsOf: url))
        }
        return (try read("cover.jpg"), try read("avatar.png"))
    }

    /// Decodes the bundled inputs at their full size.
    public static func load() throws -> ReferenceCardAssets {
        let files = try bundledFiles()
        return ReferenceCardAssets(
            cover: try ImageDecoder.decode(files.cover),
            avatar: try ImageDecoder.decode(files.avatar)
        )
    }
}
