import ArgumentParser
import AsyncLayerKit
import Foundation

/// Draws the diagrams of the DocC catalogs with the library itself: labels measured by the Canvas
/// (Pango), titled panels laid out by the Flexbox engine as element trees, and the arrows, braces,
/// time lines and hatching drawn with Canvas paths. Each is written as
/// `DocC/<Module>.docc/Resources/<name>@2x.png`.
///
///     swift run doc-diagrams DocC             # all of them (scripts/make-doc-images.sh)
///     swift run doc-diagrams DocC --only turn-phases
///
/// The PNGs are committed: run it after changing a diagram, and look at each picture.
@main
struct DocDiagrams: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doc-diagrams",
        abstract: "Draws the DocC catalogs' diagrams into DocC/<Module>.docc/Resources/<name>@2x.png."
    )

    @Argument(help: "The folder holding the .docc catalogs.") var docc = "DocC"
    @Option(help: "Draw only these diagrams (by name; repeatable).") var only: [String] = []

    func run() throws {
        let chosen = Self.diagrams.filter { only.isEmpty || only.contains($0.name) }
        let unknown = Set(only).subtracting(Self.diagrams.map(\.name))
        guard unknown.isEmpty else {
            throw ValidationError("unknown diagram(s) \(unknown.sorted()); known: \(Self.diagrams.map(\.name).joined(separator: ", "))")
        }
        for diagram in chosen {
            let bitmap = try diagram.render()
            let bytes = try ImageEncoder.encode(bitmap, as: .png(compression: .compact))
            let folder = URL(fileURLWithPath: docc).appendingPathComponent("\(diagram.catalog).docc/Resources")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("\(diagram.name)@2x.png")
            try Data(bytes).write(to: file)
            print("wrote \(file.path): \(bitmap.width)×\(bitmap.height) px, \(bytes.count) bytes")
        }
    }

    /// Every diagram, by catalog.
    static var diagrams: [Diagram] { CanvasDiagrams.all + LoopDiagrams.all + LayerDiagrams.all + ServingDiagrams.all }
}
