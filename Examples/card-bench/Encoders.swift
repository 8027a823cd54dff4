import ArgumentParser
import Canvas
import Foundation
import ReferenceCard

struct Encoders: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Encodes the reference card with every encoder setting in interleaved rounds; prints time and bytes.",
        discussion: """
            Every setting is timed in each round, in the same process, so the figures are \
            comparable with each other: the table gives each setting's median time per encode, \
            its ratio to PNG at level 6 (the default) and to the card's render time, and the bytes.
            """
    )

    @Option(help: "Interleaved rounds.") var rounds = 5
    @Option(help: "Encodes per setting per round.") var iterations = 10
    @Flag(help: "Print Markdown table rows.") var markdown = false

    func run() throws {
        let assets = try ReferenceCardAssets.load()
        let bitmap = try ReferenceCard.render(LiveCardRecord.samples[0], assets: assets)
        let settings: [(String, EncodingOptions)] = [
            ("PNG level 1", .png(compressionLevel: 1)),
            ("PNG level 6 (default)", .png(compressionLevel: 6)),
            ("PNG level 9", .png(compressionLevel: 9)),
            ("WebP lossy q80, method 0", .webp(quality: 80, lossless: false, method: 0)),
            ("WebP lossy q80, method 2", .webp(quality: 80, lossless: false, method: 2)),
            ("WebP lossy q80, method 4 (default)", .webp(quality: 80, lossless: false, method: 4)),
            ("WebP lossy q80, method 6", .webp(quality: 80, lossless: false, method: 6)),
            ("WebP lossless, method 0", .webp(quality: 75, lossless: true, method: 0)),
            ("WebP lossless, method 4", .webp(quality: 75, lossless: true, method: 4)),
            ("JPEG q85 4:2:0 (on white)", .jpeg(quality: 85)),
        ]
        var times = Array(repeating: [Double](), count: settings.count)
        var renderTimes: [Double] = []
        var bytes = Array(repeating: 0, count: settings.count)
        let clock = ContinuousClock()
        for _ in 0..<rounds {
            let render = try clock.measure {
                for _ in 0..<iterations { _ = try ReferenceCard.render(LiveCardRecord.samples[0], assets: assets) }
            }
            renderTimes.append(render.seconds / Double(iterations))
            for (index, setting) in settings.enumerated() {
                var size = 0
                let elapsed = try clock.measure {
                    for _ in 0..<iterations { size = try ImageEncoder.encode(bitmap, as: setting.1).count }
                }
                times[index].append(elapsed.seconds / Double(iterations))
                bytes[index] = size
            }
        }
        let baseline = times[1].median, render = renderTimes.median
        if markdown {
            print("| setting | ms per encode (median) | × PNG level 6 | × render | bytes |")
            print("|---|---:|---:|---:|---:|")
        } else {
            print(String(format: "render only: %.2f ms per card (median of %d rounds)", render * 1000, rounds))
        }
        for (index, setting) in settings.enumerated() {
            let t = times[index].median
            if markdown {
                print(String(format: "| %@ | %.2f | %.2f | %.1f | %d |", setting.0, t * 1000, t / baseline, t / render, bytes[index]))
            } else {
                print(setting.0.padding(toLength: 36, withPad: " ", startingAt: 0)
                    + String(format: " %8.2f ms  ×PNG6 %5.2f  ×render %6.1f  %8d bytes", t * 1000, t / baseline, t / render, bytes[index]))
            }
        }
        if markdown {
            print(String(format: "| render only (baseline for × render) | %.2f | %.2f | 1.0 | – |", render * 1000, render / baseline))
        }
    }
}
