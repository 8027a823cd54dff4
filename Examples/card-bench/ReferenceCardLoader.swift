import AsyncLayerKit
import ReferenceCard

/// Serves the reference card's two bundled images by name ("cover", anything else: the avatar),
/// read once; every card-bench element benchmark uses it.
struct ReferenceCardLoader: ElementImageLoader {
    let files: (cover: [UInt8], avatar: [UInt8])

    init() throws {
        files = try ReferenceCardAssets.bundledFiles()
    }

    func imageBytes(named name: String) async throws -> [UInt8] {
        name == "cover" ? files.cover : files.avatar
    }
}
