#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Named images read from one local folder, and from nowhere else: every name is checked before any
/// file is touched, and must resolve inside the folder. The name rules and extensions are in
/// <doc:ElementTrees> ("Images from a folder").
public struct FolderImageLoader: ElementImageLoader, Hashable {
    /// The folder, as given. Its symbolic links are resolved at each load.
    public let folder: String
    /// The file extensions the loader reads, lowercased, in the order they are tried for a name
    /// without one; empty: no restriction.
    public let extensions: [String]

    /// The default extensions: `png`, `jpg`, `jpeg`, `webp`, `svg`, tried in this order.
    public static let imageExtensions = ["png", "jpg", "jpeg", "webp", "svg"]
    /// The longest name accepted, in UTF-8 bytes (Linux's `PATH_MAX` is 4 096).
    public static let maxNameUTF8Bytes = 1_024
    /// The longest component of a name accepted, in UTF-8 bytes (most file systems' limit).
    public static let maxComponentUTF8Bytes = 255

    /// A loader for the images of `folder`.
    ///
    /// - Parameters:
    ///   - folder: The folder's path, absolute or relative to the current directory. It need not
    ///     exist yet; while it does not, every safe name is ``FolderImageLoaderError/notFound(name:)``.
    ///   - extensions: The extensions read (see the type's discussion), without their dot; compared
    ///     without regard to case. Empty: any file, by its exact name.
    public init(folder: String, extensions: [String] = FolderImageLoader.imageExtensions) {
        self.folder = folder
        var seen = Set<String>()
        self.extensions = extensions.map { $0.lowercased() }.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The encoded bytes of the image called `name`.
    ///
    /// - Throws: ``FolderImageLoaderError``: an unsafe name, no such file, or a file that could
    ///   not be read.
    public func imageBytes(named name: String) async throws(FolderImageLoaderError) -> [UInt8] {
        let path = try path(ofImageNamed: name)
        do {
            return try LocalFile.readRegularFile(atPath: path)
        } catch {
            // Gone or replaced since `path(ofImageNamed:)` checked it.
            switch error {
            case .notRegularFile: throw .notFound(name: name)
            case .system(let code) where code == ENOENT: throw .notFound(name: name)
            case .system(let code): throw .unreadable(name: name, detail: LocalFile.message(for: code))
            }
        }
    }

    /// The real path (symbolic links resolved) of the file the image `name` stands for, checked.
    ///
    /// - Throws: ``FolderImageLoaderError/unsafeName(name:problem:)`` for a name that is not a
    ///   plain relative path (before touching any file) or that resolves outside the folder,
    ///   ``FolderImageLoaderError/notFound(name:)`` when no regular file has that name,
    ///   ``FolderImageLoaderError/unreadable(name:detail:)`` when resolving the name failed
    ///   otherwise (a loop of links, a folder without permission).
    public func path(ofImageNamed name: String) throws(FolderImageLoaderError) -> String {
        try Self.checkSyntax(of: name)
        guard let root = try? LocalFile.realPath(folder) else { throw .notFound(name: name) }
        let inside = root.hasSuffix("/") ? root : root + "/"
        for candidate in candidates(for: name) {
            let path: String
            do {
                path = try LocalFile.realPath(inside + candidate)
            } catch {
                switch error {
                case .system(let code) where code == ENOENT || code == ENOTDIR || code == ENAMETOOLONG:
                    continue  // no such file (or the name with an extension appended is too long for one)
                case .system(let code): throw .unreadable(name: name, detail: LocalFile.message(for: code))
                case .notRegularFile: continue
                }
            }
            // Bytes, not characters: two canonically equivalent folder names are two folders.
            guard path.utf8.starts(with: inside.utf8) else { throw .unsafeName(name: name, problem: .outsideFolder) }
            if LocalFile.isRegularFile(atPath: path) { return path }
        }
        throw .notFound(name: name)
    }

    /// Checks every named image of a tree (hidden elements included: image elements, inline
    /// images of texts, `url()` background and mask layers), so that a host can refuse a
    /// request with a bad or missing name before rendering anything. Each distinct name is
    /// resolved once; no image is read.
    ///
    /// - Throws: the ``FolderImageLoaderError`` of the first bad name, in depth-first order.
    public func checkImageNames(in root: Element) throws(FolderImageLoaderError) {
        for name in root.imageNamesInTree {
            _ = try path(ofImageNamed: name)
        }
    }

    /// The relative paths `name` may stand for, in the order they are tried.
    func candidates(for name: String) -> [String] {
        guard !extensions.isEmpty else { return [name] }
        let last = name.utf8.split(separator: UInt8(ascii: "/")).last ?? []
        if let dot = last.lastIndex(of: UInt8(ascii: ".")),
           extensions.contains(String(decoding: last[last.index(after: dot)...], as: UTF8.self).lowercased()) {
            return [name]
        }
        return extensions.map { name + "." + $0 }
    }
}

extension Element {
    /// Every name this tree's pictures are loaded by, depth first, each once: its image
    /// elements', its texts' inline images', its `url()` background and mask layers', hidden
    /// elements included. A host checks them before rendering (a folder's names, the hosts of
    /// image URLs) to refuse a request without drawing anything.
    public var imageNamesInTree: [String] {
        var seen = Set<String>()
        var names: [String] = []
        var stack = [self]
        while let element = stack.popLast() {
            for name in element.imageNames where seen.insert(name).inserted { names.append(name) }
            stack.append(contentsOf: element.children.reversed())
        }
        return names
    }

    /// The names this element's own pictures are loaded by: its image's, its texts' inline
    /// images', its background and mask layers' `url()`s, in that order.
    var imageNames: [String] {
        var names: [String] = []
        switch kind {
        case .image(let content):
            if case .named(let name) = content.source { names.append(name) }
        case .text(let text):
            for run in text.runs {
                if case .image(let image) = run.content, case .named(let name) = image.source { names.append(name) }
            }
        case .view, .gradient, .custom:
            break
        }
        for layer in style.backgroundLayers + style.maskLayers {
            if case .image(.named(let name)) = layer.image { names.append(name) }
        }
        return names
    }
}
