import BenchSupport
import ArgumentParser
import AsyncLayerKit
import Foundation
import ReferenceCard

/// `layout-bench card`: the reference card's layout time beside its cold render time, in one process.
struct CardShare: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "card",
        abstract: "The reference card's layout as a share of its cold render (layout + draw).",
        discussion: """
            The card is ReferenceCard.element(for:) of the first sample record, 375×260 pt at scale 2, \
            as `card-bench run --source elements` draws it. Its two images are loaded and decoded once \
            at start (as card-bench and the C program do). Each round times --count layouts \
            (ElementLayout.layout as the renderer calls it, see CardLayout.swift: texts measured with Pango, no cache), then --count cold renders \
            (that layout + ElementRenderer.draw), the order swapped every other round; the share is \
            layout ÷ cold render within each round. This source builds against the stack layout of \
            main 02bf7e3 and against the Flexbox engine, so scripts/bench-layout.sh runs both.
            """
    )

    @Option(help: "Interleaved rounds.") var rounds = 5
    @Option(help: "Layouts, and cold renders, per round.") var count = 300
    @Option(help: "Untimed cold renders first.") var warmup = 20
    @Option(help: "A label for the JSON line (which build this is).") var label = "current"
    @Flag(help: "Print one JSON object instead of the Markdown table.") var json = false

    func validate() throws {
        guard rounds >= 1 else { throw ValidationError("--rounds must be at least 1") }
        guard count >= 1 else { throw ValidationError("--count must be at least 1") }
        guard warmup >= 0 else { throw ValidationError("--warmup must be 0 or more") }
    }

    func run() async throws {
        var limits = ElementLimits.default
        limits.maxRenderDuration = nil
        let tree = ReferenceCard.element(for: LiveCardRecord.samples[0])
        let size = ReferenceCard.size, scale = ReferenceCard.scale
        let renderer = ElementRenderer(limits: limits, imageLoader: try BundledImages())
        let images = try await renderer.resolveImages(tree, layout: try cardLayout(tree, in: size, limits: limits, scale: scale), scale: scale)
        for _ in 0..<warmup {
            _ = try renderer.draw(tree, layout: try cardLayout(tree, in: size, limits: limits, scale: scale), images: images, scale: scale)
        }

        let clock = ContinuousClock()
        var layoutTimes: [Double] = [], coldTimes: [Double] = []
        for round in 0..<rounds {
            let layoutFirst = round % 2 == 0
            for part in layoutFirst ? [0, 1] : [1, 0] {
                let start = clock.now
                for _ in 0..<count {
                    let layout = try cardLayout(tree, in: size, limits: limits, scale: scale)
                    if part == 1 {
                        withExtendedLifetime(try renderer.draw(tree, layout: layout, images: images, scale: scale)) {}
                    }
                    withExtendedLifetime(layout) {}
                }
                let perCard = (clock.now - start).seconds / Double(count)
                if part == 0 { layoutTimes.append(perCard) } else { coldTimes.append(perCard) }
            }
        }
        let shares = zip(layoutTimes, coldTimes).map { $0 / $1 }
        if json {
            let object: [String: Any] = ["label": label, "layout_ms": layoutTimes.map { $0 * 1000 },
                                         "cold_ms": coldTimes.map { $0 * 1000 }, "share": shares]
            print(String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self))
            return
        }
        print("| reference card (750×520 px), \(label) | ms per card (median of \(rounds) rounds × \(count)) | range |")
        print("|---|---:|---:|")
        print(String(format: "| layout (texts measured, no cache) | %.4f | %.4f–%.4f |", layoutTimes.median * 1000, layoutTimes.min()! * 1000, layoutTimes.max()! * 1000))
        print(String(format: "| cold render: layout + draw, images decoded once | %.4f | %.4f–%.4f |", coldTimes.median * 1000, coldTimes.min()! * 1000, coldTimes.max()! * 1000))
        print(String(format: "| layout share of the cold render | **%.1f %%** | %.1f–%.1f %% |", shares.median * 100, shares.min()! * 100, shares.max()! * 100))
    }
}

/// Serves the reference card's two bundled images by name ("cover", anything else: the avatar),
/// read once, as card-bench's loader does.
struct BundledImages: ElementImageLoader {
    let files: (cover: [UInt8], avatar: [UInt8])

    init() throws { files = try ReferenceCardAssets.bundledFiles() }

    func imageBytes(named name: String) async throws -> [UInt8] {
        name == "cover" ? files.cover : files.avatar
    }
}
