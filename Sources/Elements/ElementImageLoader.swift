/// The host's source of named images: turns a name from an element tree (`{"named": "cover"}`)
/// into encoded PNG, JPEG, WebP or SVG bytes. Called before any drawing starts, concurrently for the
/// images of one tree; the renderer decodes the bytes at each image's display size.
///
/// ``FolderImageLoader`` is one for the images of a local folder, safe with untrusted names. A
/// loader of URLs (whose bytes may change behind one name) says so with
/// ``caching(forName:)``.
public protocol ElementImageLoader: Sendable {
    /// The encoded bytes of the image called `name`.
    func imageBytes(named name: String) async throws -> [UInt8]

    /// How the renderer's cache may keep the decoded picture of `name`.
    ///
    /// Default: ``ImageNameCaching/byName``, the name always means the same picture. A loader
    /// whose names stand for bytes that may change (an `https` URL under HTTP caching rules)
    /// answers ``ImageNameCaching/byContent`` for those names: the renderer then asks it for the
    /// bytes on every render and keeps the decoded picture by a digest of those bytes.
    func caching(forName name: String) -> ImageNameCaching
}

extension ElementImageLoader {
    /// The name always means the same picture: ``ImageNameCaching/byName``.
    public func caching(forName name: String) -> ImageNameCaching { .byName }
}

/// How a renderer with a cache keeps the decoded picture of a named image (see
/// ``ElementImageLoader/caching(forName:)``).
public enum ImageNameCaching: Hashable, Sendable {
    /// The name always means the same picture: decoded pictures are cached by name, and a render
    /// that finds the picture cached does not call the loader at all.
    case byName
    /// The bytes behind the name may change: the loader is asked for them on every render (it
    /// keeps its own cache, say HTTP's), and the decoded picture is cached by a digest of the
    /// bytes, so a render whose bytes did not change decodes nothing.
    case byContent
}
