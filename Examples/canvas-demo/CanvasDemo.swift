import ArgumentParser
import Canvas
import Foundation
import ReferenceCard

/// The main job for now: renders the bundled reference card (both records) and a small sample
/// page into a folder, and prints what it wrote and how long each step took.
@main
struct CanvasDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "canvas-demo",
        abstract: "Renders the reference feed card and a sample page with the Canvas into out/."
    )

    @Option(name: .shortAndLong, help: "The folder to write into.") var output = "out"
    @Option(help: "Pixels per point.") var scale = 2.0

    func run() throws {
        let clock = ContinuousClock()
        let started = clock.now
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        var written: [(file: String, bytes: Int, milliseconds: Double)] = []

        var assets: ReferenceCardAssets?
        let decode = try clock.measure { assets = try ReferenceCardAssets.load() }
        guard let assets else { return }
        print(String(format: "decoded cover %d×%d and avatar %d×%d in %.1f ms",
                     assets.cover.width, assets.cover.height, assets.avatar.width, assets.avatar.height, decode.milliseconds))

        func write(_ bitmap: Bitmap, _ name: String, _ options: EncodingOptions, renderTime: Duration) throws {
            var bytes: [UInt8] = []
            let encode = try clock.measure { bytes = try ImageEncoder.encode(bitmap, as: options) }
            let path = "\(output)/\(name).\(options.format.fileExtension)"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            written.append((path, bytes.count, (renderTime + encode).milliseconds))
        }

        for (index, record) in LiveCardRecord.samples.enumerated() {
            var card: Bitmap?
            let render = try clock.measure { card = try ReferenceCard.render(record, assets: assets, scale: scale) }
            guard let card else { continue }
            print(String(format: "rendered card-%d (%d×%d px) in %.2f ms", index, card.width, card.height, render.milliseconds))
            try write(card, "card-\(index)", .png(), renderTime: render)
            try write(card, "card-\(index)", .webp(quality: 80, lossless: false, method: 4), renderTime: render)
        }

        var page: Bitmap?
        let render = try clock.measure { page = try SamplePage.render(assets: assets, scale: scale) }
        if let page {
            print(String(format: "rendered sample-page (%d×%d px) in %.2f ms", page.width, page.height, render.milliseconds))
            try write(page, "sample-page", .png(), renderTime: render)
            try write(page, "sample-page", .webp(quality: 85, lossless: false, method: 4), renderTime: render)
            try write(page, "sample-page", .jpeg(quality: 85), renderTime: render)
        }

        print("")
        print("wrote \(written.count) files:")
        let nameWidth = written.map(\.file.count).max() ?? 0
        for file in written {
            print(String(format: "  %@  %@  (render + encode %.1f ms)",
                         file.file.padding(toLength: nameWidth, withPad: " ", startingAt: 0),
                         ByteCountFormatter.string(fromByteCount: Int64(file.bytes), countStyle: .file).padding(toLength: 9, withPad: " ", startingAt: 0),
                         file.milliseconds))
        }
        print(String(format: "total %.0f ms", (clock.now - started).milliseconds))
    }
}

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
