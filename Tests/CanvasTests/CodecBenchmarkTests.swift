import Foundation
import Testing

@testable import Canvas

/// Encode timings for the reference cover. Off by default; run with
/// `ACS_BENCH=1 swift test -c release --scratch-path .build-codecs --filter CodecBenchmark`.
@Suite struct CodecBenchmarkTests {
    static let cases: [(String, EncodingOptions)] = [
        ("PNG fast", .png(compression: .fast)),
        ("PNG compact", .png(compression: .compact)),
        ("WebP q80 method 0", .webp(quality: 80, method: 0)),
        ("WebP q80 method 2", .webp(quality: 80, method: 2)),
        ("WebP q80 method 4", .webp(quality: 80, method: 4)),
        ("WebP q80 method 6", .webp(quality: 80, method: 6)),
        ("WebP lossless (q75, method 4)", .webp(quality: 75, lossless: true, method: 4)),
        ("JPEG q85 4:2:0", .jpeg(quality: 85)),
    ]

    @Test(.disabled(if: ProcessInfo.processInfo.environment["ACS_BENCH"] == nil, "set ACS_BENCH=1 to run"))
    func encodeTable() throws {
        let cover = try ImageDecoder.decode(CodecTestSupport.fixture("cover.jpg"))
        let clock = ContinuousClock()
        var lines = ["| encoding (640×480 cover) | bytes | ms per encode (median of 5 runs × 20) |", "|---|---:|---:|"]
        for (name, options) in Self.cases {
            var bytes = 0
            var runs: [Duration] = []
            for _ in 0..<5 {
                let elapsed = try clock.measure {
                    for _ in 0..<20 { bytes = try ImageEncoder.encode(cover, as: options).count }
                }
                runs.append(elapsed)
            }
            let median = runs.sorted()[2]
            let ms = Double(median.components.seconds) * 1000 + Double(median.components.attoseconds) / 1e15
            lines.append("| \(name) | \(bytes) | \(String(format: "%.2f", ms / 20)) |")
        }
        // Decode for comparison: full size and at a quarter (DCT 1/4).
        let data = try CodecTestSupport.fixture("cover.jpg")
        for (name, target) in [("decode JPEG full", DecodeTarget.original), ("decode JPEG to 160×120", .fill(width: 160, height: 120))] {
            var runs: [Duration] = []
            for _ in 0..<5 { runs.append(try clock.measure { for _ in 0..<20 { _ = try ImageDecoder.decode(data, target: target) } }) }
            let median = runs.sorted()[2]
            let ms = Double(median.components.seconds) * 1000 + Double(median.components.attoseconds) / 1e15
            lines.append("| \(name) | \(data.count) in | \(String(format: "%.2f", ms / 20)) |")
        }
        // The 4000×3000 photo for a 375×211 pt slot at scale 2, against decoding it in full.
        let photo = CodecDecodeAtSizeTests.bigJPEG
        for (name, target) in [("decode 4000×3000 JPEG full", DecodeTarget.original), ("decode 4000×3000 JPEG fill 750×422", .fill(width: 750, height: 422))] {
            var runs: [Duration] = []
            for _ in 0..<5 { runs.append(try clock.measure { for _ in 0..<3 { _ = try ImageDecoder.decode(photo, target: target) } }) }
            let median = runs.sorted()[2]
            let ms = Double(median.components.seconds) * 1000 + Double(median.components.attoseconds) / 1e15
            lines.append("| \(name) | \(photo.count) in | \(String(format: "%.2f", ms / 3)) |")
        }
        print(lines.joined(separator: "\n"))
    }
}
