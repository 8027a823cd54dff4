import ArgumentParser
import Canvas
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
        subcommands: [Run.self, Compare.self, Encoders.self, Elements.self, Blur.self],
        defaultSubcommand: Run.self
    )
}

/// A benchmark mode, as in the C program.
enum Mode: String, ExpressibleByArgument, CaseIterable, Codable {
    case render, png, webp
}

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render (and optionally encode) cards in timed runs; prints one JSON line, like the C program."
    )

    @Option(help: "render, png or webp.") var mode: Mode = .render
    @Option(help: "Cards per timed run.") var count = 500
    @Option(help: "Timed runs; the median is reported.") var runs = 5
    @Option(help: "Untimed cards first.") var warmup = 50
    @Option(help: "zlib level for --mode png.") var pngLevel = 6
    @Option(help: "WebP method (effort) for --mode webp, 0...6.") var webpMethod = 4
    @Option(help: "Write card-0 and card-1 as PNG and WebP into this folder.") var out: String?
    @Option(help: "Threads rendering at once; each renders its share of the cards.") var threads = 1

    func run() throws {
        let assets = try ReferenceCardAssets.load()
        let records = LiveCardRecord.samples
        var sink = 0
        let encoding: EncodingOptions? =
            switch mode {
            case .render: nil
            case .png: .png(compressionLevel: pngLevel)
            case .webp: .webp(quality: 80, lossless: false, method: webpMethod)
            }
        @Sendable func card(_ i: Int) throws -> Int {
            let bitmap = try ReferenceCard.render(records[i & 1], assets: assets)
            if let encoding {
                return try ImageEncoder.encode(bitmap, as: encoding).count
            }
            return Int(bitmap.pixel(x: 100, y: 100)?.alpha ?? 0)
        }
        /// Cards lo..<hi split over `threads` workers (DispatchQueue.concurrentPerform: one per core).
        func cards(_ range: Range<Int>) throws {
            guard threads > 1 else {
                for i in range { sink &+= try card(i) }
                return
            }
            let workers = threads, n = range.count, start = range.lowerBound
            let failures = FailureBox()
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                do {
                    for i in (start + n * worker / workers)..<(start + n * (worker + 1) / workers) { _ = try card(i) }
                } catch {
                    failures.record(error)
                }
            }
            if let error = failures.first { throw error }
        }
        var pngBytes = 0, webpBytes = 0
        for i in 0..<2 {
            let bitmap = try ReferenceCard.render(records[i], assets: assets)
            let png = try ImageEncoder.encode(bitmap, as: .png(compressionLevel: pngLevel))
            let webp = try ImageEncoder.encode(bitmap, as: .webp(quality: 80, lossless: false, method: webpMethod))
            if i == 0 {
                pngBytes = png.count
                webpBytes = webp.count
            }
            if let out {
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                try Data(png).write(to: URL(fileURLWithPath: "\(out)/card-\(i).png"))
                try Data(webp).write(to: URL(fileURLWithPath: "\(out)/card-\(i).webp"))
            }
        }
        try cards(0..<warmup)
        var cardsPerSecond: [Double] = []
        for _ in 0..<runs {
            let clock = ContinuousClock()
            let elapsed = try clock.measure {
                try cards(0..<count)
            }
            cardsPerSecond.append(Double(count) / elapsed.seconds)
        }
        let result = RunResult(
            peer: "asynclayerkit",
            mode: mode,
            threads: threads,
            cards: count,
            pngLevel: pngLevel,
            webpMethod: webpMethod,
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

extension Duration {
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }
}

extension Array where Element == Double {
    var median: Double {
        guard !isEmpty else { return .nan }
        let sorted = self.sorted()
        return sorted.count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2
    }
}
