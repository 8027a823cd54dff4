import Foundation
import Testing

@testable import Canvas

/// Golden-image comparison: a rendered bitmap against a reviewed PNG in `Tests/CanvasTests/Golden/`.
///
/// Pixels may differ by up to `tolerance` per channel (anti-aliasing and font rasterisation move a
/// little between library versions) on at most `maxDifferingFraction` of the pixels; beyond that
/// the test fails and the actual image and a difference map are written next to the build
/// (`.build/golden-failures/`) for review. Set `ACS_RECORD_GOLDEN=1` to write the golden instead;
/// the test then fails on purpose, so that a recorded image is always looked at before it is
/// committed.
enum GoldenImage {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden")

    static var isRecording: Bool { ProcessInfo.processInfo.environment["ACS_RECORD_GOLDEN"] == "1" }

    static func assertMatches(
        _ bitmap: Bitmap,
        named name: String,
        tolerance: Int = 8,
        maxDifferingFraction: Double = 0.005,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = directory.appendingPathComponent("\(name).png")
        if isRecording {
            try Data(try ImageEncoder.encode(bitmap, as: .png(compressionLevel: 9))).write(to: url)
            Issue.record("recorded golden \(url.lastPathComponent): look at it, then rerun without ACS_RECORD_GOLDEN", sourceLocation: sourceLocation)
            return
        }
        guard let data = try? Data(contentsOf: url) else {
            Issue.record("no golden image \(name).png; run with ACS_RECORD_GOLDEN=1 to record it", sourceLocation: sourceLocation)
            return
        }
        let golden = try ImageDecoder.decode([UInt8](data))
        guard golden.width == bitmap.width, golden.height == bitmap.height else {
            Issue.record("\(name): size \(bitmap.width)×\(bitmap.height) differs from the golden's \(golden.width)×\(golden.height)",
                         sourceLocation: sourceLocation)
            try writeFailure(bitmap, diff: nil, name: name)
            return
        }
        var differing = 0, worst = 0
        var diff = [UInt8](repeating: 0, count: bitmap.width * bitmap.height * 4)
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let d = bitmap.pixel(x: x, y: y)!.distance(to: golden.pixel(x: x, y: y)!)
                worst = max(worst, d)
                if d > tolerance {
                    differing += 1
                    let i = (y * bitmap.width + x) * 4
                    diff[i + 2] = 255
                    diff[i + 3] = 255
                }
            }
        }
        let fraction = Double(differing) / Double(bitmap.width * bitmap.height)
        if fraction > maxDifferingFraction {
            Issue.record(
                "\(name): \(differing) pixels (\(String(format: "%.3f", fraction * 100)) %) differ by more than \(tolerance); worst \(worst)",
                sourceLocation: sourceLocation
            )
            try writeFailure(bitmap, diff: try Bitmap(width: bitmap.width, height: bitmap.height, premultipliedBGRA: diff), name: name)
        }
    }

    private static func writeFailure(_ bitmap: Bitmap, diff: Bitmap?, name: String) throws {
        let folder = directory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/golden-failures")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(try ImageEncoder.encode(bitmap, as: .png(compressionLevel: 1))).write(to: folder.appendingPathComponent("\(name)-actual.png"))
        if let diff {
            try Data(try ImageEncoder.encode(diff, as: .png(compressionLevel: 1))).write(to: folder.appendingPathComponent("\(name)-diff.png"))
        }
    }
}
