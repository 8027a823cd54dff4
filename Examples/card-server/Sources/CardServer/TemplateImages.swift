import AsyncLayerKit
import HTTPTypes

/// The templates' bundled images: the reference card's cover and avatar, and the sample feed's.
struct TemplateImages: ElementImageLoader {
    let images: [String: [UInt8]]

    func imageBytes(named name: String) async throws -> [UInt8] {
        guard let bytes = images[name] else {
            throw CardServerError(status: .notFound, message: "no bundled image \"\(name)\"", limit: "assets")
        }
        return bytes
    }
}
