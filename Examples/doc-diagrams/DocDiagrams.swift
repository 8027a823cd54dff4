import ArgumentParser
import AsyncLayerKit
import Foundation

/// Draws the pictures of the DocC catalogs with the library itself: labels measured by the Canvas
/// (Pango), titled panels, tables and replicas laid out by the Flexbox engine as element trees,
/// the arrows, braces, time lines and hatching drawn with Canvas paths, and the Layout article's
/// JSON trees rendered as `render-card` renders them. Each is written as
/// `DocC/<Module>.docc/Resources/<name>@2x.png`.
///
///     swift run doc-diagrams                     # all of them (scripts/make-doc-images.sh)
///     swift run doc-diagrams --only turn-phases  # one
///
/// The PNGs are committed: run it after changing a diagram, and look at each picture.
@main
struct DocDiagrams: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doc-diagrams",
        abstract: "Draws the DocC catalogs' pictures into DocC/<Module>.docc/Resources/<name>@2x.png."
    )

    @Option(help: "The repository's root (the layout trees and their images are read from there).") var repository = "."
    @Option(help: "The folder holding the .docc catalogs (default: <repository>/DocC).") var docc: String?
    @Option(help: "Draw only these pictures (by name; repeatable).") var only: [String] = []

    func run() async throws {
        let names = Self.diagrams.map(\.name) + LayoutPictures.trees.map(\.name)
        let unknown = Set(only).subtracting(names)
        guard unknown.isEmpty else {
            throw ValidationError("unknown picture(s) \(unknown.sorted()); known: \(names.joined(separator: ", "))")
        }
        let root = URL(fileURLWithPath: repository)
        let catalogs = docc.map { URL(fileURLWithPath: $0) } ?? root.appendingPathComponent("DocC")
        for diagram in Self.diagrams where only.isEmpty || only.contains(diagram.name) {
            try write(try diagram.render(), named: diagram.name, catalog: diagram.catalog, in: catalogs)
        }
        let layouts = LayoutPictures(repository: root)
        for (tree, name) in LayoutPictures.trees where only.isEmpty || only.contains(name) {
            try write(try await layouts.render(tree), named: name, catalog: "Elements", in: catalogs)
        }
    }

    /// Writes `DocC/<catalog>.docc/Resources/<name>@2x.png`.
    func write(_ bitmap: Bitmap, named name: String, catalog: String, in catalogs: URL) throws {
        let bytes = try ImageEncoder.encode(bitmap, as: .png(compression: .compact))
        let folder = catalogs.appendingPathComponent("\(catalog).docc/Resources")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("\(name)@2x.png")
        try Data(bytes).write(to: file)
        print("wrote \(file.path): \(bitmap.width)×\(bitmap.height) px, \(bytes.count) bytes")
    }

    /// Every diagram drawn in code, by catalog.
    static var diagrams: [Diagram] { CanvasDiagrams.all + LoopDiagrams.all + LayerDiagrams.all + ServingDiagrams.all + ArchitectureDiagrams.all }
}
