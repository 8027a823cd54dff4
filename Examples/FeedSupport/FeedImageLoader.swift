public import AsyncLayerKit
public import Foundation

/// Serves the sample feed's bundled images by name (`photo-01` → `photo-01.jpg`) from a folder,
/// read once when the loader is made.
public struct FeedImageLoader: ElementImageLoader {
    /// A name the folder has no image for.
    public struct MissingImage: Error, CustomStringConvertible {
        /// The name asked for.
        public let name: String
        /// `no bundled image "name"`.
        public var description: String { "no bundled image \"\(name)\"" }
    }

    /// The file extensions served, in the order they are tried.
    public static let extensions = ["jpg", "png", "webp"]

    /// The encoded bytes of each image, by name (the file name without its extension).
    public let images: [String: [UInt8]]

    /// Reads every `.jpg`, `.png` and `.webp` file of `directory`.
    public init(directory: URL) throws {
        var images: [String: [UInt8]] = [:]
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        for file in files where Self.extensions.contains(file.pathExtension.lowercased()) {
            images[file.deletingPathExtension().lastPathComponent] = [UInt8](try Data(contentsOf: file))
        }
        self.images = images
    }

    /// The bytes of the image called `name`.
    ///
    /// - Throws: ``MissingImage`` for a name the folder does not have.
    public func imageBytes(named name: String) async throws -> [UInt8] {
        guard let bytes = images[name] else { throw MissingImage(name: name) }
        return bytes
    }
}
