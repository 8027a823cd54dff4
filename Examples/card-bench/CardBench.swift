import BenchSupport
import ArgumentParser
import AsyncLayerKit
import Foundation
import ReferenceCard
import Synchronization

/// Measures the reference feed card (../shared/bench/peers/spec/feed-card.json) drawn with the
/// Canvas, beside the plain C program that draws the same card with cairo + pango + libwebp.
///
/// The machine is shared and noisy, so every figure that matters is a ratio against a baseline
/// measured in the same run, in interleaved rounds.
@main
struct CardBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "card-bench",
        abstract: "Benchmarks the reference feed card: render, encode, and the ratio to plain C.",
        subcommands: [Run.self, Compare.self, Encoders.self, Elements.self, Feed.self, Blur.self, Effects.self, SVGLogo.self, FontsBench.self, EmojiSplit.self, Variants.self, WebPTable.self, HTMLBench.self],
        defaultSubcommand: Run.self
    )
}

/// A benchmark mode, as in the C program.
enum Mode: String, ExpressibleByArgument, CaseIterable, Codable {
    case render, png, webp
}

/// What draws the cards of `card-bench run`.
enum Source: String, ExpressibleByArgument, CaseIterable, Codable {
    /// ReferenceCard.draw: the card drawn by hand with the Canvas.
    case canvas
    /// The card's element tree (ReferenceCard.element(for:)): layout + draw per card, images
    /// decoded once at start-up; no cache.
    case elements
    /// ElementRenderService: render cache, shared in-flight renders, render lanes.
    case service

    /// The peer name in the JSON line (the peers' table labels rows by it).
    var peerName: String {
        switch self {
        case .canvas: "asynclayerkit"
        case .elements: "asynclayerkit-elements"
        case .service: "asynclayerkit-service"
        }
    }
}

struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render (and optionally encode) cards in timed runs; prints one JSON line, like the C program."
    )

    @Option(help: "render, png or webp.") var mode: Mode = .render
    @Option(help: "canvas (hand-drawn), elements (element tree, no cache) or service (ElementRenderService with its caches).") var source: Source = .canvas
    @Option(help: "Cards per timed run.") var count = 500
    @Option(help: "Timed runs; the median is reported.") var runs = 5
    @Option(help: "Untimed cards first.") var warmup = 50
    @Option(help: "PNG preset for --mode png: fast or compact.") var png: PNGPreset = .fast
    @Option(help: "WebP method (effort) for --mode webp, 0...6; default the library's (`.webp()`).") var webpMethod: Int?
    @Option(help: "Write card-0 and card-1 as PNG and WebP into this folder.") var out: String?
    @Option(help: "Threads rendering at once; each renders its share of the cards.") var threads = 1
    @Option(help: "--source service: distinct trees requested in turn (2: the two sample cards; more: copies with viewer counts of their own, so warm hits spread over more cache entries).") var trees = 2

    func run() async throws {
        let records = LiveCardRecord.samples
        var sink = 0
        let webp: EncodingOptions = webpMethod.map { .webp(quality: 80, method: $0) } ?? .webp(quality: 80)
        let encoding: EncodingOptions? =
            switch mode {
            case .render: nil
            case .png: .png(compression: png.compression)
            case .webp: webp
            }
        @Sendable func finish(_ bitmap: Bitmap) throws -> Int {
            if let encoding { return try ImageEncoder.encode(bitmap, as: encoding).count }
            return Int(bitmap.pixel(x: 100, y: 100)?.alpha ?? 0)
        }
        let lanes = RenderLanes(width: max(1, threads))
        let draw = try await CardSource.make(source, lanes: lanes, serviceTrees: trees)
        /// One card drawn and encoded: on this thread when there is one thread (no hop, as in
        /// C), on a lane thread when there are more (render and encode there, like C's pthreads),
        /// or through the service (which renders on its lanes; the encode runs on the caller).
        @Sendable func card(_ i: Int) async throws -> Int {
            switch draw {
            case .synchronous(let body) where threads == 1:
                return try finish(try body(records[i & 1], i))
            case .synchronous(let body):
                return try await lanes.render { try finish(try body(records[i & 1], i)) }
            case .service:
                return try finish(try await draw.card(records[i & 1], index: i))
            }
        }
        /// Cards lo..<hi split over `threads` workers.
        func cards(_ range: Range<Int>) async throws {
            guard threads > 1 else {
                for i in range { sink &+= try await card(i) }
                return
            }
            let workers = threads, n = range.count, start = range.lowerBound
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<workers {
                    group.addTask {
                        for i in (start + n * worker / workers)..<(start + n * (worker + 1) / workers) { _ = try await card(i) }
                    }
                }
                try await group.waitForAll()
            }
        }
        var pngBytes = 0, webpBytes = 0
        for i in 0..<2 {
            let bitmap = try await draw.card(records[i], index: i)
            let pngFile = try ImageEncoder.encode(bitmap, as: .png(compression: self.png.compression))
            let webpFile = try ImageEncoder.encode(bitmap, as: webp)
            if i == 0 {
                pngBytes = pngFile.count
                webpBytes = webpFile.count
            }
            if let out {
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                try Data(pngFile).write(to: URL(fileURLWithPath: "\(out)/card-\(i).png"))
                try Data(webpFile).write(to: URL(fileURLWithPath: "\(out)/card-\(i).webp"))
            }
        }
        try await cards(0..<warmup)
        var cardsPerSecond: [Double] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try await cards(0..<count)
            cardsPerSecond.append(Double(count) / (ContinuousClock.now - start).seconds)
        }
        let result = RunResult(
            peer: source.peerName,
            mode: mode,
            threads: threads,
            cards: count,
            pngLevel: png.compression.level,
            webpMethod: { if case .webp(_, _, let method, _, _, _, _) = webp { method } else { 0 } }(),
            runsCPS: cardsPerSecond.map { ($0 * 10).rounded() / 10 },
            medianCPS: (cardsPerSecond.median * 10).rounded() / 10,
            pngBytes: pngBytes,
            webpBytes: webpBytes,
            sink: sink % 2
        )
        print(try result.jsonLine())
    }
}

/// One line of results, in the C program's field names where they overlap.
struct RunResult: Codable {
    var peer: String
    var mode: Mode
    var threads: Int
    var cards: Int
    /// libdeflate's level for our PNG (the C program's is zlib's).
    var pngLevel: Int
    var webpMethod: Int
    var runsCPS: [Double]
    var medianCPS: Double
    var pngBytes: Int
    var webpBytes: Int
    var sink: Int

    enum CodingKeys: String, CodingKey {
        case peer, mode, threads, cards, sink
        case pngLevel = "png_level"
        case webpMethod = "webp_method"
        case runsCPS = "runs_cps"
        case medianCPS = "median_cps"
        case pngBytes = "png_bytes"
        case webpBytes = "webp_bytes"
    }
}

extension Encodable {
    /// The value as one line of JSON with sorted keys (the results' format).
    func jsonLine() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

/// The first error of the worker threads. A lock, not an actor: `concurrentPerform` workers are
/// synchronous threads that cannot await.
final class FailureBox: Sendable {
    private let errors = Mutex<[any Error]>([])
    func record(_ error: any Error) { errors.withLock { $0.append(error) } }
    var first: (any Error)? { errors.withLock { $0.first } }
}


extension Array where Element == Double {
    var median: Double {
        guard !isEmpty else { return .nan }
        let sorted = self.sorted()
        return sorted.count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2
    }
}
