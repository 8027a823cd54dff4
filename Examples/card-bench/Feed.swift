import BenchSupport
import ArgumentParser
import AsyncLayerKit
import AsyncLayerKitTesting
import FeedSupport
import Foundation
import ReferenceCard

/// A feed of reference cards rendered through ``ElementRenderService`` pass after pass, with a
/// share of the trees changing between passes; and the same cold pass on one lane vs two.
struct Feed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "1,000 element-tree cards: a cold pass, then passes where 10 % of the trees change; one lane vs two.",
        discussion: """
            Every card is the reference card (ReferenceCard.element(for:)) with its own title and \
            viewer count, so all trees differ; the two images are shared. A pass asks the service for \
            every card, at most 4 per lane in flight. Cold pass: a new service whose cache holds only \
            the decoded images (decoded once, as the C program does). Churn pass: the same service \
            after `--churn` of the trees changed (new viewer counts), so those are rendered and the \
            rest are cache hits. Lanes: the cold pass on RenderLanes(width: 1) vs (width: 2), \
            interleaved rounds, ratio of times, with a 32 MiB cache: the images and texts stay, the \
            cards are evicted as they are made (their memory is reused), so this measures rendering \
            and not the kernel handing out 1.5 GB of fresh pages, which the cold pass includes.
            """
    )

    @Option(help: "Cards in the feed.") var cards = 1000
    @Option(help: "Share of trees changed per pass.") var churn = 0.10
    @Option(help: "Churn passes per round.") var passes = 3
    @Option(help: "Interleaved rounds.") var rounds = 3
    @Option(help: "Pixels per point (the spec's 2: 750×520 px, 1.56 MB a card).") var scale = 2.0
    @Option(help: "Cache budget in MiB; default: enough for every card (1,000 cards at scale 2 ≈ 1.5 GiB).") var cacheMB: Int?
    @Flag(help: "Only the one-lane vs two-lanes comparison.") var lanesOnly = false
    @Option(help: "With --lanes-only: run only this width (for profiling one of them).") var onlyWidth: Int?

    /// Card `i` of the feed at `version` (a changed card gets a new viewer count).
    static func record(_ i: Int, version: Int) -> LiveCardRecord {
        var record = LiveCardRecord.samples[i & 1]
        record.title = "#\(i) " + record.title
        record.viewers = "\(i % 97 + 1).\(version % 10)万 watching"
        return record
    }

    func run() async throws {
        let loader = try ReferenceCardLoader()
        var limits = ElementLimits.default
        limits.maxRenderDuration = nil
        let size = ReferenceCard.size
        var versions = [Int](repeating: 0, count: cards)
        var trees = try (0..<cards).map { try HashedElement(ReferenceCard.element(for: Self.record($0, version: 0))) }
        var generator = SplitMix64(seed: 42)

        /// Asks for every card, `4 × width` in flight at most; returns the seconds taken.
        func pass(_ service: ElementRenderService, _ trees: [HashedElement]) async throws -> Double {
            let inFlight = service.lanes.executor.width * 4
            let start = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (i, tree) in trees.enumerated() {
                    if i >= inFlight { try await group.next() }
                    group.addTask { _ = try await service.render(RenderRequest(tree, size: size, scale: scale)) }
                }
                try await group.waitForAll()
            }
            return (ContinuousClock.now - start).seconds
        }
        let cardBytes = Int((size.width * scale).rounded(.up)) * Int((size.height * scale).rounded(.up)) * 4
        let budget = cacheMB.map { $0 << 20 } ?? (cards * cardBytes * 11 / 10 + (64 << 20))
        func coldService(width: Int, budget: Int) async throws -> ElementRenderService {
            let service = ElementRenderService(.init(limits: limits, imageLoader: loader, lanes: RenderLanes(width: width), cacheBytes: budget))
            // Warm-up: the lanes' threads started and 64 cards that are not in the feed rendered,
            // then everything dropped but the images, decoded once before the clock starts, as
            // the C program does.
            let warmUp = try (0..<64).map { try HashedElement(ReferenceCard.element(for: Self.record($0, version: -1))) }
            _ = try await pass(service, warmUp)
            await service.cache.removeAll()
            try await service.prefetchImages(of: RenderRequest(trees[0], layout: try ElementLayout.layout(trees[0].element, in: size, limits: limits), scale: scale))
            return service
        }

        var cold: [Double] = [], churned: [Double] = [], one: [Double] = [], two: [Double] = []
        var renders: [Int] = []
        for round in 0..<rounds {
            // One lane vs two, alternating which goes first.
            for width in (round % 2 == 0 ? [1, 2] : [2, 1]) where onlyWidth == nil || onlyWidth == width {
                let service = try await coldService(width: width, budget: 32 << 20)
                let seconds = try await pass(service, trees)
                if width == 1 { one.append(seconds) } else { two.append(seconds) }
            }
            if lanesOnly { continue }
            // Cold, then churn passes on the same service (default width).
            let service = try await coldService(width: RenderExecutor.defaultWidth, budget: budget)
            cold.append(try await pass(service, trees))
            for _ in 0..<passes {
                let changed = Int((Double(cards) * churn).rounded())
                var picked = Set<Int>()
                while picked.count < changed { picked.insert(Int(generator.next() % UInt64(cards))) }
                for i in picked {
                    versions[i] += 1
                    trees[i] = try HashedElement(ReferenceCard.element(for: Self.record(i, version: versions[i])))
                }
                let before = service.renders
                churned.append(try await pass(service, trees))
                renders.append(service.renders - before)
            }
        }
        if lanesOnly {
            var line = "lanes:"
            if !one.isEmpty { line += String(format: " one %.3f s", one.median) }
            if !two.isEmpty { line += String(format: " two %.3f s", two.median) }
            if !one.isEmpty && !two.isEmpty { line += String(format: ", two/one %.2f×", one.median / two.median) }
            print(line)
            return
        }
        let c = cold.median, ch = churned.median
        print("| feed of \(cards) cards (\(Int(size.width * scale))×\(Int(size.height * scale)) px), median of \(rounds) rounds | seconds per pass | cards/s | ratio |")
        print("|---|---:|---:|---:|")
        print(String(format: "| cold pass: every card rendered (images decoded once) | %.3f | %.0f | 1.00 |", c, Double(cards) / c))
        print(String(format: "| pass after %.0f %% of the trees changed | %.3f | %.0f | %.1f× faster than cold |", churn * 100, ch, Double(cards) / ch, c / ch))
        print(String(format: "| cards rendered per churn pass (median; the rest were cache hits) | %d | | |", renders.median))
        print(String(format: "| cold pass on one lane, 32 MiB cache (cards not kept) | %.3f | %.0f | 1.00 |", one.median, Double(cards) / one.median))
        print(String(format: "| cold pass on two lanes, 32 MiB cache (cards not kept) | %.3f | %.0f | **%.2f×** one lane |", two.median, Double(cards) / two.median, one.median / two.median))
    }
}

extension Array where Element == Int {
    var median: Int { isEmpty ? 0 : sorted()[count / 2] }
}
