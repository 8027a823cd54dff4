/// The host's source of named images: turns a name from an element tree (`{"named": "cover"}`)
/// into encoded PNG, JPEG, WebP or SVG bytes. Called before any drawing starts, concurrently for the
/// images of one tree; the renderer decodes the bytes at each image's display size.
///
/// ``FolderImageLoader`` is one for the images of a local folder, safe with untrusted names.
public protocol ElementImageLoader: Sendable {
    /// The encoded bytes of the image called `name`.
    func imageBytes(named name: String) async throws -> [UInt8]
}
