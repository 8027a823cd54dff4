import ArgumentParser
import AsyncLayerKit
import Foundation

/// Renders any JSON element tree (schema version 2, CSS property names; version 1 documents are
/// still accepted, migrated on read) to PNG, WebP or JPEG.
///
///     swift run --package-path Examples render-card Examples/element-cards/reference-card.json \
///         --assets Examples/ReferenceCard/Inputs -o out/card.webp
///
/// `make cards` renders every card in `Examples/element-cards/` into `out/cards/`.
///
/// Bad input prints one clear line on stderr and exits with status 1 (2 for usage errors); the
/// element limits bound memory and time (document size, nodes, depth, text, image bytes, pixels,
/// a render deadline). Named images are read only from the assets folder (default: the JSON file's
/// folder), never from the network, and a name cannot climb out of that folder.
@main
struct RenderCard: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-card",
        abstract: "Renders a JSON element tree to PNG, WebP or JPEG.",
        discussion: """
            The tree is a JSON document of schema version 2: {"version": 2, "size": {"width", "height"}, \
            "root": ELEMENT}, each element {"type", "style": {CSS flexbox and paint properties, camelCase}, \
            <content>, "children"}. Version 1 documents are still accepted (migrated on read). \
            Examples: Examples/element-cards/*.json; `make cards` renders them all into out/cards/.
            """
    )

    @Argument(help: "The element tree (JSON, schema version 2; version 1 still accepted).") var tree: String
    @Option(name: .shortAndLong, help: "The output file: .png, .webp or .jpg/.jpeg.") var output: String
    @Option(help: "Pixels per point (0 < scale ≤ 16).") var scale = 2.0
    @Option(help: "WebP/JPEG quality, 1...100 (WebP 80 and JPEG 85 by default).") var quality: Int?
    @Option(help: "The folder named images are read from (default: the tree's folder).") var assets: String?
    @Option(help: "A folder of Twemoji-style emoji pictures (1f600.svg, 2764.svg) drawn in place of the fonts' emoji; the document's graphemeImages win (default: none).") var emojiDir: String?
    @Option(help: "Render deadline in seconds.") var timeout = 10.0

    static func main() async {
        let command: RenderCard
        do {
            let parsed = try parseAsRoot()
            guard let card = parsed as? RenderCard else {
                // `--help` / `-h` parse as ArgumentParser's help command: running it prints the help.
                var help = parsed
                try help.run()
                return
            }
            command = card
        } catch {
            if Self.exitCode(for: error) == .success { Self.exit(withError: error) }  // --help
            FileHandle.standardError.write(Data("render-card: \(Self.message(for: error))\n".utf8))
            Foundation.exit(2)
        }
        do {
            try await command.render()
        } catch {
            FileHandle.standardError.write(Data("render-card: \(error)\n".utf8))
            Foundation.exit(1)
        }
    }

    /// Usage errors (exit status 2): checked before anything is read.
    func validate() throws {
        guard scale.isFinite, scale > 0, scale <= 16 else { throw ValidationError("--scale \(scale): expected 0 < scale ≤ 16") }
        guard timeout.isFinite, timeout > 0 else { throw ValidationError("--timeout \(timeout): expected a positive number of seconds") }
        do {
            _ = try encodingOptions()
        } catch {
            throw ValidationError("\(error)")
        }
    }

    func render() async throws {
        let encoding = try encodingOptions()
        var limits = ElementLimits.default
        limits.maxRenderDuration = .milliseconds(Int(timeout * 1000))

        let url = URL(fileURLWithPath: tree)
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        guard let size = attributes?[.size] as? Int else { throw Failure("\(tree): no such file") }
        guard size <= limits.maxDocumentBytes else {
            throw Failure("\(tree): \(size) bytes is over the document limit of \(limits.maxDocumentBytes)")
        }
        let bytes = [UInt8](try Data(contentsOf: url))
        let document = try ElementDocument.decode(bytes, options: ElementDecodingOptions(limits: limits))
        guard let canvas = document.size else { throw Failure("\(tree): the document has no \"size\"") }

        // Named images only from the assets folder; every name is checked before anything is drawn.
        let images = FolderImageLoader(folder: assets ?? url.deletingLastPathComponent().path)
        // The tree with its own grapheme images; the emoji folder draws the emoji it leaves.
        let root = try document.resolvedRoot(limits: limits)
        try images.checkImageNames(in: root)
        let emoji = try emojiDir.map { folder throws(EmojiImages.FolderError) in try EmojiImages(folder: folder) }
        let renderer = ElementRenderer(limits: limits, imageLoader: images, emojiImages: emoji)
        let bitmap = try await renderer.render(root, size: canvas, scale: scale)
        let encoded = try ImageEncoder.encode(bitmap, as: encoding)
        let out = URL(fileURLWithPath: output)
        try FileManager.default.createDirectory(at: out.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(encoded).write(to: out)
        print("wrote \(output): \(bitmap.width)×\(bitmap.height) px, \(encoded.count) bytes")
    }

    func encodingOptions() throws -> EncodingOptions {
        if let quality, !(1...100).contains(quality) { throw Failure("--quality \(quality): expected 1...100") }
        switch URL(fileURLWithPath: output).pathExtension.lowercased() {
        case "png": return .png()
        case "webp": return .webp(quality: Double(quality ?? 80))
        case "jpg", "jpeg": return .jpeg(quality: quality ?? 85)
        default: throw Failure("-o \(output): the extension must be .png, .webp, .jpg or .jpeg")
        }
    }
}

/// One line saying what was wrong.
struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
