import ArgumentParser
import AsyncLayerKit
import FeedSupport
import Foundation

/// Writes the bundled sample feed: `sample-feed.json` (300 items, deterministic) and its images,
/// drawn with the Canvas.
@main
struct FeedGen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed-gen",
        abstract: "Writes the sample feed (sample-feed.json and images/) used by the feed examples and tests."
    )

    @Option(name: .shortAndLong, help: "The folder to write into.")
    var output = "Examples/FeedSupport/feed-data"

    @Option(help: "The number of items.")
    var count = SampleFeedGenerator.itemCount

    @Option(help: "Also write PNG previews into this folder: every image, and the first cells of the page laid out and rendered at 375 pt.")
    var preview: String?

    func run() async throws {
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        let images = folder.appendingPathComponent("images", isDirectory: true)
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)

        let page = SampleFeedGenerator.page(count: count)
        let json = page.jsonBytes(prettyPrinted: true) + [UInt8(ascii: "\n")]
        try Data(json).write(to: folder.appendingPathComponent("sample-feed.json"))
        var imageBytes = 0
        let files = try SampleFeedImages.files()
        for file in files {
            try Data(file.bytes).write(to: images.appendingPathComponent("\(file.name).\(file.fileExtension)"))
            imageBytes += file.bytes.count
        }
        let live = page.items.filter { if case .liveCard = $0.kind { true } else { false } }.count
        if let preview { try await writePreviews(page: page, files: files, to: URL(fileURLWithPath: preview, isDirectory: true)) }
        print("feed-gen: \(page.items.count) items (\(live) live cards) in \(json.count) bytes; \(files.count) images in \(imageBytes) bytes → \(folder.path)")
    }

    /// Each image as PNG, then a strip of cells rendered through pre-layout, to look at.
    func writePreviews(page: FeedPage, files: [SampleFeedImages.File], to folder: URL) async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in files {
            let bitmap = try ImageDecoder.decode(file.bytes)
            try Data(try ImageEncoder.encode(bitmap, as: .png())).write(to: folder.appendingPathComponent("\(file.name).png"))
        }
        let loader = try FeedImageLoader(directory: URL(fileURLWithPath: output).appendingPathComponent("images"))
        let cache = FeedLayoutCache(template: FeedCells())
        let renderer = ElementRenderer(imageLoader: loader)
        var items = Array(page.items.prefix(8))
        if let live = page.items.first(where: { if case .liveCard = $0.kind { true } else { false } }) { items.append(live) }
        for (index, result) in await cache.layouts(of: items, width: 375).enumerated() {
            let layout = try result.get()
            let bitmap = try await renderer.render(layout.element, size: layout.size, scale: 2)
            try Data(try ImageEncoder.encode(bitmap, as: .png())).write(to: folder.appendingPathComponent("cell-\(index)-\(layout.id).png"))
        }
    }
}
