public import AsyncLayerKit
public import Foundation
import HTTPTypes

/// Named images from one local folder: no network, no name that climbs out of the folder
/// (`..`, an absolute path, a symbolic link that resolves outside it).
public struct AssetFolder: ElementImageLoader {
    /// The folder, with its symbolic links resolved.
    public let folder: URL

    /// Serves the images of `folder`.
    public init(folder: URL) {
        self.folder = folder.standardizedFileURL.resolvingSymlinksInPath()
    }

    /// The file a name stands for (the name as given, else with an image extension), checked.
    ///
    /// - Throws: ``CardServerError`` 400 (`limit: "assets"`) for a name that is not a plain
    ///   relative path or that resolves outside the folder, 404 when no file has that name.
    public func file(named name: String) throws(CardServerError) -> URL {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.hasPrefix("~"), !name.contains("\0"), !name.contains("\\"),
              !name.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0 == "." || $0.isEmpty })
        else {
            throw CardServerError(status: .badRequest, message: "image name \"\(name)\" is not a plain file name inside the assets folder", limit: "assets")
        }
        for candidate in [name, name + ".png", name + ".jpg", name + ".jpeg", name + ".webp"] {
            let file = folder.appendingPathComponent(candidate).resolvingSymlinksInPath()
            guard file.path.hasPrefix(folder.path + "/") else {
                throw CardServerError(status: .badRequest, message: "image \"\(name)\" resolves outside the assets folder", limit: "assets")
            }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return file
            }
        }
        throw CardServerError(status: .notFound, message: "image \"\(name)\": no such file in the assets folder", limit: "assets")
    }

    /// The bytes of the image `name`.
    public func imageBytes(named name: String) async throws -> [UInt8] {
        let file = try file(named: name)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw CardServerError(status: .notFound, message: "image \"\(name)\": unreadable", limit: "assets")
        }
        return [UInt8](data)
    }

    /// Checks every named image of a tree before it is rendered, so a bad name is a 400 or 404
    /// rather than a failed render.
    public func checkNames(in root: Element) throws(CardServerError) {
        var stack = [root]
        while let element = stack.popLast() {
            if case .image(let content) = element.kind, case .named(let name) = content.source {
                _ = try file(named: name)
            }
            stack.append(contentsOf: element.children)
        }
    }
}

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
