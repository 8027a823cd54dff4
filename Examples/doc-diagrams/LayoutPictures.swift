import AsyncLayerKit
import Foundation

/// The Layout article's pictures: small JSON element trees (`scripts/doc-images/layout-<concept>.json`)
/// rendered by the library at scale 2, as `render-card` renders any tree, and the article's
/// opening picture, the product example card of `Examples/element-cards/`.
struct LayoutPictures {
    /// The repository's root: the trees and their images are read from there.
    let repository: URL

    /// Each picture's tree, relative to the repository, and its name in the catalog.
    static let trees: [(tree: String, name: String)] =
        ["direction", "wrap", "justify", "align", "grow-shrink", "absolute", "aspect-ratio", "rtl"].map {
            ("scripts/doc-images/layout-\($0).json", "layout-\($0)")
        } + [("Examples/element-cards/product-card.json", "layout-product-card")]

    /// The folder the trees' named images (`avatar`, `cover`) come from.
    static let assets = "Examples/ReferenceCard/Inputs"

    /// Renders the tree at `path` (relative to the repository) at the diagrams' scale.
    func render(_ path: String) async throws -> Bitmap {
        let bytes = [UInt8](try Data(contentsOf: repository.appendingPathComponent(path)))
        let document = try ElementDocument.decode(bytes, options: ElementDecodingOptions(limits: .default))
        guard let size = document.size else { throw DiagramError("\(path): the document has no \"size\"") }
        let images = FolderImageLoader(folder: repository.appendingPathComponent(Self.assets).path)
        let root = try document.resolvedRoot()
        try images.checkImageNames(in: root)
        return try await ElementRenderer(imageLoader: images).render(root, size: size, scale: Diagram.scale)
    }
}
