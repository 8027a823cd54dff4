import BenchSupport
import ArgumentParser
import AsyncLayerKit
import Foundation
import ReferenceCard

struct Elements: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The reference card as an element tree: cold and cached renders vs the hand-drawn card, warm (cached) vs cold.",
        discussion: """
            Interleaved rounds in one process, every figure the median of the rounds. Baseline: \
            ReferenceCard.render, the card drawn by hand with the Canvas, images decoded once. \
            Cold: layout (texts measured) + draw of the JSON tree, images decoded once up front like \
            the baseline and the C program — no render or text cache. Uncached: ElementRenderer.render \
            with no cache at all (images loaded and decoded at display size on every render). \
            Images+texts cached: ElementRenderer.render with an ElementCache (decoded images and \
            measured texts reused; layout and drawing done). Warm: ElementRenderService.render of the \
            same tree (content hash + cache hit), and with the hash computed once (HashedElement).
            """
    )

    @Option(help: "The element tree of the reference card.") var tree = "Examples/element-cards/reference-card.json"
    @Option(help: "Interleaved rounds.") var rounds = 5
    @Option(help: "Cards per round and kind.") var count = 200

    func run() async throws {
        let document = try ElementDocument.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: tree))))
        guard let size = document.size else { throw ValidationError("\(tree) has no size") }
        let root = document.root
        let assets = try ReferenceCardAssets.load()
        let loader = try ReferenceCardLoader()
        var limits = ElementLimits.default
        limits.maxRenderDuration = nil
        let uncached = ElementRenderer(limits: limits, imageLoader: loader)
        let cached = ElementRenderer(limits: limits, imageLoader: loader, cache: ElementCache(byteLimit: 64 << 20))
        let service = ElementRenderService(.init(limits: limits, imageLoader: loader))
        let hashed = try HashedElement(root)
        _ = try await service.render(RenderRequest(root, size: size, scale: 2))  // fills the render cache
        _ = try await cached.render(root, size: size, scale: 2)  // fills the image and text caches
        // Images decoded once, as the baseline and the C program do.
        let images = try await uncached.resolveImages(root, layout: try ElementLayout.layout(root, in: size, limits: limits), scale: 2)

        let clock = ContinuousClock()
        func perCard(_ body: () async throws -> Void) async rethrows -> Double {
            let start = clock.now
            for _ in 0..<count { try await body() }
            return (clock.now - start).seconds / Double(count)
        }
        var rows: [String: [Double]] = [:]
        for _ in 0..<rounds {
            rows["hand", default: []].append(try await perCard { _ = try ReferenceCard.render(LiveCardRecord.samples[0], assets: assets) })
            rows["cold", default: []].append(try await perCard {
                let layout = try ElementLayout.layout(root, in: size, limits: limits)
                _ = try uncached.draw(root, layout: layout, images: images, scale: 2)
            })
            rows["uncached", default: []].append(try await perCard { _ = try await uncached.render(root, size: size, scale: 2) })
            rows["cached", default: []].append(try await perCard { _ = try await cached.render(root, size: size, scale: 2) })
            rows["warm", default: []].append(try await perCard { _ = try await service.render(RenderRequest(root, size: size, scale: 2)) })
            rows["warmHashed", default: []].append(try await perCard { _ = try await service.render(RenderRequest(hashed, size: size, scale: 2)) })
            rows["hash", default: []].append(try await perCard { _ = try root.contentHash() })
        }
        let m = rows.mapValues(\.median)
        let h = m["hand"]!, c = m["cold"]!
        print("| reference card (750×520 px) | ms per card (median of \(rounds) rounds × \(count)) | ratio |")
        print("|---|---:|---:|")
        print(String(format: "| hand-drawn with the Canvas, images decoded once (baseline) | %.3f | 1.00 |", h * 1000))
        print(String(format: "| element tree, cold: layout + draw, images decoded once, no cache | %.3f | %.2f× baseline |", c * 1000, c / h))
        print(String(format: "| element tree, no cache at all (images loaded + decoded at size each time) | %.3f | %.2f× baseline |", m["uncached"]! * 1000, m["uncached"]! / h))
        print(String(format: "| element tree, decoded images + measured texts cached (layout + draw) | %.3f | %.2f× baseline |", m["cached"]! * 1000, m["cached"]! / h))
        print(String(format: "| element tree, warm: content hash + render cache hit | %.4f | %.0f× faster than cold |", m["warm"]! * 1000, c / m["warm"]!))
        print(String(format: "| element tree, warm, hash computed once (HashedElement) | %.4f | %.0f× faster than cold |", m["warmHashed"]! * 1000, c / m["warmHashed"]!))
        print(String(format: "| the content hash alone | %.4f | %.0f %% of warm |", m["hash"]! * 1000, m["hash"]! / m["warm"]! * 100))
    }
}
