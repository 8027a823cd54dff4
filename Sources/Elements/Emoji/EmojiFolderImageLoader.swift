/// The image loader of a renderer whose emoji set has a folder: names that start with
/// ``EmojiImages/folderImageNamePrefix`` are the folder's files, read by a ``FolderImageLoader``
/// on it; every other name goes to the host's loader.
struct EmojiFolderImageLoader: ElementImageLoader {
    /// The emoji folder, restricted to ``EmojiImages/folderExtensions``.
    let folder: FolderImageLoader
    /// The host's loader; `nil`: a name without the prefix is ``ElementError/noImageLoader(name:)``.
    let host: (any ElementImageLoader)?

    /// The bytes of an emoji file or of a host's image.
    ///
    /// - Throws: ``FolderImageLoaderError/notFound(name:)`` for a prefixed name that is not a
    ///   code-point file name (before touching any file), the folder loader's errors, the host's.
    func imageBytes(named name: String) async throws -> [UInt8] {
        let prefix = EmojiImages.folderImageNamePrefix.utf8
        guard name.utf8.starts(with: prefix) else {
            guard let host else { throw ElementError.noImageLoader(name: name) }
            return try await host.imageBytes(named: name)
        }
        let file = String(decoding: name.utf8.dropFirst(prefix.count), as: UTF8.self)
        guard EmojiImages.codePointFileName(file) != nil else { throw FolderImageLoaderError.notFound(name: file) }
        return try await folder.imageBytes(named: file)
    }
}

extension EmojiImages {
    /// The loader the image stage uses with this set: `host` alone when the set has no folder.
    func imageLoader(over host: (any ElementImageLoader)?) -> (any ElementImageLoader)? {
        guard let folder else { return host }
        return EmojiFolderImageLoader(folder: FolderImageLoader(folder: folder, extensions: Self.folderExtensions), host: host)
    }
}
