import ArgumentParser
import AsyncLayerKit
import Foundation
import ReferenceCard

struct Elements: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The reference card as an element tree: cold render vs the hand-drawn card, and warm (cached) vs cold.",
        discussion: """
            Interleaved rounds in one process. Cold: ElementRenderer.render of the JSON tree — layout, \
            text measurement, both images decoded at display size, drawing — with no cache. Warm: \
            ElementRenderService.render of the same tree after a first render (content hash + cache hit). \
            Baseline: ReferenceCard.render, the same card drawn by hand with images decoded once.
            """
    )

    @Option(help: "The element tree of the reference card.") var tree = "Examples/element-cards/reference-card.json"
    @Option(help: "Interleaved rounds.") var rounds = 5
    @Option(help: "Cards per round and kind.") var count = 200

    struct BundledLoader: ElementImageLoader {
        let files: (cover: [UInt8], avatar: [UInt8])
        func imageBytes(named name: String) async throws -> [UInt8] {
            name == "cover" ? files.cover : files.avatar
        }
    }

    func run() async throws {
        let document = try ElementDocument.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: tree))))
        guard let size = document.size else { throw ValidationError("\(tree) has no size") }
        let assets = try ReferenceCardAssets.load()
        let loader = BundledLoader(files: try ReferenceCardAssets.bundledFiles())
        var limits = ElementLimits.default
        limits.maxRenderDuration = nil
        let renderer = ElementRenderer(limits: limits, imageLoader: loader)
        let service = ElementRenderService(renderer: renderer)
        _ = try await service.render(document.root, size: size, scale: 2)  // fills the cache
        let clock = ContinuousClock()
        var hand: [Double] = [], cold: [Double] = [], warm: [Double] = [], hashes: [Double] = []
        for _ in 0..<rounds {
            // The tree is record 0 of the spec.
            hand.append(try clock.measure {
                for _ in 0..<count { _ = try ReferenceCard.render(LiveCardRecord.samples[0], assets: assets) }
            }.seconds / Double(count))
            let start = clock.now
            for _ in 0..<count { _ = try await renderer.render(document.root, size: size, scale: 2) }
            cold.append((clock.now - start).seconds / Double(count))
            let warmStart = clock.now
            for _ in 0..<count { _ = try await service.render(document.root, size: size, scale: 2) }
            warm.append((clock.now - warmStart).seconds / Double(count))
            let hashStart = clock.now
            for _ in 0..<count { _ = try document.root.contentHash() }
            hashes.append((clock.now - hashStart).seconds / Double(count))
        }
        let h = hand.median, c = cold.median, w = warm.median
        print("| reference card (750×520 px) | ms per card (median of \(rounds) rounds × \(count)) | ratio |")
        print("|---|---:|---:|")
        print(String(format: "| hand-drawn with the Canvas, images decoded once (baseline) | %.3f | 1.00 |", h * 1000))
        print(String(format: "| element tree, cold (layout + decode at size + draw, no cache) | %.3f | %.2f× baseline |", c * 1000, c / h))
        print(String(format: "| element tree, warm (content hash + cache hit) | %.4f | %.0f× faster than cold |", w * 1000, c / w))
        print(String(format: "| of which the content hash | %.4f | %.0f %% of warm |", hashes.median * 1000, hashes.median / w * 100))
    }
}
