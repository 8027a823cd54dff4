import BenchSupport
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
            its speed and bytes relative to libpng at zlib level 6 (the library's PNG writer before \
            issue 13, kept in card-bench as the baseline), the same speed ratio with the card's \
            render included (render + encode, as a server pays it), and the ratio to the render.
            """
    )

    @Option(help: "Interleaved rounds.") var rounds = 5
    @Option(help: "Encodes per setting per round.") var iterations = 10
    @Flag(help: "Print Markdown table rows.") var markdown = false
    @Flag(help: "Only the PNG rows, with the filter and level variants the presets were chosen from.") var pngVariants = false
    @Flag(help: "Encode an opaque copy of the card (its corners filled white) instead.") var opaque = false

    /// One row: a name and the encode it times, returning the byte count.
    typealias Setting = (name: String, encode: (Bitmap) throws -> Int)

    static func ours(_ name: String, _ options: EncodingOptions) -> Setting {
        (name, { try ImageEncoder.encode($0, as: options).count })
    }

    static func ourPNG(_ level: Int, _ filter: PNGCompression.Filter) -> Setting {
        ours("PNG \(filter.rawValue), libdeflate \(level)", .png(compression: PNGCompression(level: level, filter: filter)))
    }

    var settings: [Setting] {
        let baseline: Setting = ("libpng level 6 (baseline)", { try LibPNGBaseline.encode($0, level: 6).count })
        let png: [Setting] = [
            baseline,
            ("libpng level 1", { try LibPNGBaseline.encode($0, level: 1).count }),
            Self.ours("PNG .fast (default: up, libdeflate 1)", .png(compression: .fast)),
            Self.ours("PNG .compact (up, libdeflate 6)", .png(compression: .compact)),
        ]
        if pngVariants {
            return png + [.none, .sub, .average, .paeth, .adaptive].map { Self.ourPNG(1, $0) }
                + [2, 3, 4, 5, 6, 7, 8].map { Self.ourPNG($0, .adaptive) } + [Self.ourPNG(6, .sub), Self.ourPNG(6, .paeth)]
        }
        return png + [
            Self.ours("WebP lossy q80, method 0", .webp(quality: 80, lossless: false, method: 0)),
            Self.ours("WebP lossy q80, method 2 (default)", .webp(quality: 80, lossless: false, method: 2)),
            Self.ours("WebP lossy q80, method 4 (default before issue 13)", .webp(quality: 80, lossless: false, method: 4)),
            Self.ours("WebP lossy q80, method 6", .webp(quality: 80, lossless: false, method: 6)),
            Self.ours("WebP lossless, method 0", .webp(quality: 75, lossless: true, method: 0)),
            Self.ours("WebP lossless, method 4", .webp(quality: 75, lossless: true, method: 4)),
            Self.ours("JPEG q85 4:2:0 (on white)", .jpeg(quality: 85)),
        ]
    }

    func run() throws {
        let assets = try ReferenceCardAssets.load()
        let rendered = try ReferenceCard.render(LiveCardRecord.samples[0], assets: assets)
        let bitmap = opaque ? try Self.opaqueCopy(of: rendered) : rendered
        let settings = settings
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
                    for _ in 0..<iterations { size = try setting.encode(bitmap) }
                }
                times[index].append(elapsed.seconds / Double(iterations))
                bytes[index] = size
            }
        }
        // Row 0 is libpng level 6: the baseline of every ratio.
        let baseline = times[0].median, render = renderTimes.median
        if markdown {
            print("| setting | ms per encode (median) | speed × libpng 6 | speed × libpng 6, render included | bytes × libpng 6 | × render | bytes |")
            print("|---|---:|---:|---:|---:|---:|---:|")
        } else {
            print(String(format: "render only: %.2f ms per card (median of %d rounds)", render * 1000, rounds))
        }
        for (index, setting) in settings.enumerated() {
            let t = times[index].median
            let speed = baseline / t, withRender = (baseline + render) / (t + render)
            let relativeBytes = Double(bytes[index]) / Double(bytes[0])
            if markdown {
                print(String(format: "| %@ | %.2f | %.2f | %.2f | %.3f | %.1f | %d |",
                             setting.name, t * 1000, speed, withRender, relativeBytes, t / render, bytes[index]))
            } else {
                print(setting.name.padding(toLength: 40, withPad: " ", startingAt: 0)
                    + String(format: " %8.2f ms  speed×libpng6 %6.2f (with render %6.2f)  bytes×libpng6 %5.3f  ×render %6.1f  %8d bytes",
                             t * 1000, speed, withRender, relativeBytes, t / render, bytes[index]))
            }
        }
        if markdown {
            print(String(format: "| render only (baseline for × render) | %.2f | – | – | – | 1.0 | – |", render * 1000))
        }
    }

    /// `bitmap` drawn over white: every pixel opaque, to time the writers' RGB path.
    static func opaqueCopy(of bitmap: Bitmap) throws -> Bitmap {
        var bytes = bitmap.premultipliedBGRABytes()
        for i in stride(from: 0, to: bytes.count, by: 4) {
            let a = Int(bytes[i + 3])
            for c in 0..<3 { bytes[i + c] = UInt8(Int(bytes[i + c]) + (255 - a)) }
            bytes[i + 3] = 255
        }
        return try Bitmap(width: bitmap.width, height: bitmap.height, scale: bitmap.scale, premultipliedBGRA: bytes)
    }
}

/// The PNG presets, as card-bench's options spell them.
enum PNGPreset: String, ExpressibleByArgument, CaseIterable {
    case fast, compact

    var compression: PNGCompression {
        switch self {
        case .fast: .fast
        case .compact: .compact
        }
    }
}
