import ArgumentParser
import AsyncLayerKit
import Foundation

/// Renders any JSON element tree (schema version 2, CSS property names; version 1 documents are
/// still accepted, migrated on read) or HTML card to PNG, WebP or JPEG.
///
///     swift run --package-path Examples render-card Examples/element-cards/reference-card.json \
///         --assets Examples/ReferenceCard/Inputs -o out/card.webp
///     swift run --package-path Examples render-card Examples/html-cards/profile.html -o out/profile.png \
///         --boxes out/profile-boxes.json
///
/// `make cards` renders every card in `Examples/element-cards/` and `Examples/html-cards/` into `out/cards/`.
///
/// Bad input prints one clear line on stderr and exits with status 1 (2 for usage errors); the
/// element limits bound memory and time (document size, nodes, depth, text, image bytes, pixels,
/// a render deadline). Named images are read only from the assets folder (default: the JSON file's
/// folder), never from the network, and a name cannot climb out of that folder.
@main
struct RenderCard: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-card",
        abstract: "Renders a JSON element tree or an HTML card to PNG, WebP or JPEG.",
        discussion: """
            A .json file is a JSON document of schema version 2: {"version": 2, "size": {"width", "height"}, \
            "root": ELEMENT}, each element {"type", "style": {CSS flexbox and paint properties, camelCase}, \
            <content>, "children"}. Version 1 documents are still accepted (migrated on read). \
            Examples: Examples/element-cards/*.json; `make cards` renders them all into out/cards/. \
            A .html or .htm file is an HTML card: its size comes from --width and --height, or from \
            <meta name="card-size" content="600x400">; what was ignored as a browser ignores it is printed \
            as warnings on stderr (--strict makes them errors). Examples: Examples/html-cards/*.html (also rendered by `make cards`).
            """
    )

    @Argument(help: "The element tree (JSON, schema version 2; version 1 still accepted), or an HTML card (.html, .htm).") var tree: String
    @Option(name: .shortAndLong, help: "The output file: .png, .webp or .jpg/.jpeg.") var output: String
    @Option(help: "Pixels per point (0 < scale ≤ 16).") var scale = 2.0
    @Option(help: "WebP/JPEG quality, 1...100 (WebP 80 and JPEG 85 by default).") var quality: Int?
    @Option(help: "The folder named images are read from (default: the tree's folder).") var assets: String?
    @Option(help: "A folder of Twemoji-style emoji pictures (1f600.svg, 2764.svg) drawn in place of the fonts' emoji; the document's graphemeImages win (default: none).") var emojiDir: String?
    @Option(help: "Render deadline in seconds.") var timeout = 10.0
    @Option(help: "An HTML card's width in CSS px (default: its <meta name=\"card-size\">).") var width: Double?
    @Option(help: "An HTML card's height in CSS px (default: its <meta name=\"card-size\">).") var height: Double?
    @Option(help: "Write every HTML element's border box, in document order, as JSON [[x, y, width, height], …] (CSS px) to this file.") var boxes: String?
    @Flag(help: "Fail an HTML card on its first warning (something ignored or drawn otherwise than a browser would).") var strict = false

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
        for (name, value) in [("--width", width), ("--height", height)] {
            if let value, !(value.isFinite && value > 0 && value <= 16_384) { throw ValidationError("\(name) \(value): expected 0 < size ≤ 16384") }
        }
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
        if ["html", "htm"].contains(url.pathExtension.lowercased()) {
            try await renderHTML(String(decoding: bytes, as: UTF8.self), folder: url.deletingLastPathComponent().path, limits: limits, encoding: encoding)
            return
        }
        guard boxes == nil else { throw Failure("--boxes is for HTML cards") }
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
        try write(bitmap, encoding: encoding)
    }

    /// An HTML card: parsed, styled and mapped onto an element tree, then rendered as a JSON one.
    func renderHTML(_ html: String, folder: String, limits: ElementLimits, encoding: EncodingOptions) async throws {
        var options = HTMLOptions()
        options.strict = strict
        let card = try HTMLCard(html: html, width: width, height: height, options: options)
        for warning in card.warnings { FileHandle.standardError.write(Data("render-card: warning: \(warning)\n".utf8)) }
        let images = FolderImageLoader(folder: assets ?? folder)
        try images.checkImageNames(in: card.root)
        let emoji = try emojiDir.map { folder throws(EmojiImages.FolderError) in try EmojiImages(folder: folder) }
        let renderer = ElementRenderer(limits: limits, imageLoader: images, fonts: card.fonts, emojiImages: emoji)
        let bitmap = try await renderer.render(card.root, size: card.size, scale: scale)
        try write(bitmap, encoding: encoding)
        if let boxes {
            let layout = try ElementLayout.layout(card.root, in: card.size, limits: limits, scale: scale, fonts: card.fonts)
            let frames = card.frames(in: layout).map { [$0.frame.minX, $0.frame.minY, $0.frame.width, $0.frame.height] }
            let out = URL(fileURLWithPath: boxes)
            try FileManager.default.createDirectory(at: out.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONSerialization.data(withJSONObject: frames).write(to: out)
            print("wrote \(boxes): \(frames.count) boxes")
        }
    }

    func write(_ bitmap: Bitmap, encoding: EncodingOptions) throws {
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
