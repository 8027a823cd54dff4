import AsyncLayerKit
import BenchSupport
import Foundation

/// `card-bench html --throughput`: cards per second from HTML to PNG, as a server draws them.
extension HTMLBench {
    /// One card drawn as a server draws it: read (``HTMLCard``), rendered cold at scale 2 by a
    /// fresh renderer (texts measured, images decoded), encoded as PNG. Returns the PNG's size.
    static func drawPNG(_ html: String) async throws -> Int {
        let card = try HTMLCard(html: html)
        let bitmap = try await ElementRenderer(fonts: card.fonts).render(card.root, size: card.size, scale: 2)
        return try ImageEncoder.encode(bitmap, as: .png()).count
    }

    /// Cards per second of `workers` concurrent child tasks each drawing `count` cards of `html`:
    /// the cards drawn over the wall time from the first start to the last end.
    static func cardsPerSecond(_ html: String, workers: Int, count: Int) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        let bytes = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<workers {
                group.addTask {
                    var bytes = 0
                    for _ in 0..<count { bytes &+= try await drawPNG(html) }
                    return bytes
                }
            }
            return try await group.reduce(0, &+)
        }
        let seconds = (clock.now - start).seconds
        precondition(bytes > 0, "no PNG was written")
        return Double(workers * count) / seconds
    }

    /// `--throughput`: with `--json`, one measurement per card at `--workers`, as JSON lines;
    /// otherwise `--rounds` interleaved rounds of one worker and two, and a table of medians.
    func runThroughput() async throws {
        let inputs = try cards.map { path in
            (name: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, html: try String(contentsOfFile: path, encoding: .utf8))
        }
        // Warm before timing: the fonts, the user-agent sheet's checked values, the code.
        var pngBytes: [Int] = []
        for input in inputs {
            pngBytes.append(try await Self.drawPNG(input.html))
            _ = try await Self.drawPNG(input.html)
        }
        if json {
            for (index, input) in inputs.enumerated() {
                let rate = try await Self.cardsPerSecond(input.html, workers: workers, count: count)
                print(String(format: "{\"card\": \"%@\", \"workers\": %d, \"cards_per_second\": %.3f, \"png_bytes\": %d}",
                             input.name, workers, rate, pngBytes[index]))
            }
            return
        }
        var one = Array(repeating: [Double](), count: inputs.count), two = one
        for _ in 0..<rounds {
            for (index, input) in inputs.enumerated() {
                one[index].append(try await Self.cardsPerSecond(input.html, workers: 1, count: count))
                two[index].append(try await Self.cardsPerSecond(input.html, workers: 2, count: count))
            }
        }
        print("HTML → PNG at scale 2 (HTMLCard + cold render + PNG); median of \(rounds) interleaved rounds, \(count) cards per worker")
        print("| card | PNG bytes | 1 worker cards/s | 2 workers cards/s | 2 / 1 |")
        print("|---|---:|---:|---:|---:|")
        for (index, input) in inputs.enumerated() {
            print(String(format: "| %@ | %d | %.1f | %.1f | %.2f |", input.name, pngBytes[index], one[index].median, two[index].median,
                         two[index].median / one[index].median))
        }
    }
}
