import Foundation
import Testing

@testable import Canvas

/// Golden-image comparison for text tests, independent of the public PNG codec: goldens are
/// written and read with Cairo's own PNG functions (`Bitmap._cairoPNGData`, `Bitmap(_cairoPNG:)`).
///
/// Set `ACS_RECORD_GOLDEN=1` to write the golden instead of comparing (then look at it before
/// committing it).
enum GoldenImage {
    /// The folder of the golden PNGs in the source tree.
    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden")
    }

    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["ACS_RECORD_GOLDEN"] == "1"
    }

    /// The result of comparing two bitmaps channel by channel.
    struct Difference: CustomStringConvertible {
        var differingPixels: Int
        var totalPixels: Int
        var largestChannelDifference: Int
        var fraction: Double { totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels) }
        var description: String {
            "\(differingPixels) of \(totalPixels) pixels differ by more than the tolerance (largest channel difference \(largestChannelDifference))"
        }
    }

    /// Pixels whose channels differ by more than `tolerance`.
    static func difference(_ a: Bitmap, _ b: Bitmap, tolerance: Int) -> Difference {
        var differing = 0, largest = 0
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width) {
                let distance = a.pixel(x: x, y: y)!.distance(to: b.pixel(x: x, y: y)!)
                largest = max(largest, distance)
                if distance > tolerance { differing += 1 }
            }
        }
        return Difference(differingPixels: differing, totalPixels: a.width * a.height, largestChannelDifference: largest)
    }

    /// Compares `bitmap` with the golden `name` (≤ `tolerance` per channel on all but
    /// `allowedFraction` of the pixels), or records it when `ACS_RECORD_GOLDEN=1`. On a mismatch the
    /// actual image is written next to the build products for inspection.
    static func check(
        _ bitmap: Bitmap,
        named name: String,
        tolerance: Int = 8,
        allowedFraction: Double = 0.005,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = directory.appendingPathComponent(name)
        let png = try bitmap._cairoPNGData()
        if isRecording {
            try Data(png).write(to: url)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("no golden image at \(url.path); record it with ACS_RECORD_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        let golden = try Bitmap(_cairoPNG: [UInt8](data))
        #expect(golden.width == bitmap.width && golden.height == bitmap.height,
                "golden is \(golden.width)×\(golden.height), got \(bitmap.width)×\(bitmap.height)",
                sourceLocation: sourceLocation)
        let difference = difference(golden, bitmap, tolerance: tolerance)
        if difference.fraction > allowedFraction {
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent("actual-" + name)
            try? Data(png).write(to: actual)
            Issue.record("\(name): \(difference); actual image written to \(actual.path)", sourceLocation: sourceLocation)
        }
    }
}
