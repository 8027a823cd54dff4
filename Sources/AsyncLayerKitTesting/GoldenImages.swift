public import Canvas
public import Foundation
public import Testing

/// Golden-image comparison: a rendered bitmap against a reviewed PNG in a test target's `Golden/`
/// folder. The library's own tests and its examples' use it; so can yours.
///
/// Pixels may differ by up to `tolerance` per channel (anti-aliasing and font rasterisation move a
/// little between library versions) on at most `maxDifferingFraction` of the pixels; beyond that
/// the test fails and the actual image and a difference map are written next to the build
/// (`.build/golden-failures/` of the package that holds `Tests/<Target>/Golden`) for review. Set `ACS_RECORD_GOLDEN=1` to write the golden instead;
/// the test then fails on purpose, so that a recorded image is always looked at before it is
/// committed.
public struct GoldenImages: Sendable {
    /// The folder of the reviewed PNGs.
    public let directory: URL

    /// The `Golden/` folder of the test target that holds `testFile` (pass `#filePath` from a file
    /// directly inside the target's folder or its `Support/` folder).
    public init(testFile: String) {
        var folder = URL(fileURLWithPath: testFile).deletingLastPathComponent()
        if folder.lastPathComponent == "Support" { folder = folder.deletingLastPathComponent() }
        directory = folder.appendingPathComponent("Golden")
    }

    /// The reviewed PNGs in `directory` (a `Tests/<Target>/Golden` folder).
    public init(directory: URL) {
        self.directory = directory
    }

    /// Whether goldens are being recorded (`ACS_RECORD_GOLDEN=1`).
    public var isRecording: Bool { ProcessInfo.processInfo.environment["ACS_RECORD_GOLDEN"] == "1" }

    /// Compares `bitmap` with the golden `name`.png, or records it.
    public func assertMatches(
        _ bitmap: Bitmap,
        named name: String,
        tolerance: Int = 8,
        maxDifferingFraction: Double = 0.005,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = directory.appendingPathComponent("\(name).png")
        if isRecording {
            try Data(try ImageEncoder.encode(bitmap, as: .png(compression: .compact))).write(to: url)
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
        let result = difference(bitmap, golden, tolerance: tolerance)
        if result.fraction > maxDifferingFraction {
            Issue.record("\(name): \(result)", sourceLocation: sourceLocation)
            try writeFailure(bitmap, diff: result.map, name: name)
        }
    }

    /// How two bitmaps of the same size differ, channel by channel.
    public struct Difference: CustomStringConvertible {
        /// Pixels differing by more than the tolerance.
        public var differingPixels: Int
        /// All pixels compared.
        public var totalPixels: Int
        /// The largest difference on any channel.
        public var largestChannelDifference: Int
        /// Red where a pixel differs by more than the tolerance.
        public var map: Bitmap?
        /// Differing pixels over all pixels.
        public var fraction: Double { totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels) }
        /// A one-line summary.
        public var description: String {
            "\(differingPixels) of \(totalPixels) pixels differ by more than the tolerance (largest channel difference \(largestChannelDifference))"
        }
    }

    /// Pixels whose channels differ by more than `tolerance`.
    public func difference(_ a: Bitmap, _ b: Bitmap, tolerance: Int) -> Difference {
        let width = min(a.width, b.width), height = min(a.height, b.height)
        var differing = 0, largest = 0
        var map = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let d = a.pixel(x: x, y: y)!.distance(to: b.pixel(x: x, y: y)!)
                largest = max(largest, d)
                if d > tolerance {
                    differing += 1
                    map[(y * width + x) * 4 + 2] = 255
                    map[(y * width + x) * 4 + 3] = 255
                }
            }
        }
        return Difference(
            differingPixels: differing,
            totalPixels: a.width * a.height,
            largestChannelDifference: largest,
            map: try? Bitmap(width: width, height: height, premultipliedBGRA: map)
        )
    }

    private func writeFailure(_ bitmap: Bitmap, diff: Bitmap?, name: String) throws {
        let folder = directory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/golden-failures")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(try ImageEncoder.encode(bitmap, as: .png())).write(to: folder.appendingPathComponent("\(name)-actual.png"))
        if let diff {
            try Data(try ImageEncoder.encode(diff, as: .png())).write(to: folder.appendingPathComponent("\(name)-diff.png"))
        }
    }
}
