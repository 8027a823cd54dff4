import Foundation
import Testing

@_spi(Benchmarks) @testable import Canvas

/// Decode → encode → decode over the Canvas goldens (cards, text, shadows: what the writer is
/// for). PngSuite's round trip is in ``PngSuiteTests``.
@Suite struct PNGRoundTripTests {
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func golden(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: goldenFolder.appendingPathComponent(name)))
    }

    static var goldenNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: goldenFolder.path)) ?? []).filter { $0.hasSuffix(".png") }.sorted()
    }

    /// Encodes `first` with each preset (and adaptive filtering) and decodes it again: the same
    /// premultiplied pixels.
    static func expectRoundTrip(_ first: Bitmap, name: String) throws {
        for compression in [PNGCompression.fast, .compact, PNGCompression(level: 6, filter: .adaptive)] {
            let encoded = try ImageEncoder.encode(first, as: .png(compression: compression))
            let second = try ImageDecoder.decode(encoded)
            #expect(second.width == first.width && second.height == first.height, "\(name)")
            #expect(second.premultipliedBGRABytes() == first.premultipliedBGRABytes(), "\(name) with \(compression)")
            #expect(try PNGFile(encoded).colorType == (PixelConversion.isOpaque(first) ? 2 : 6), "\(name)")
        }
    }

    @Test func theGoldensAreThere() {
        #expect(Self.goldenNames.count >= 7)
    }

    @Test(arguments: goldenNames)
    func goldensRoundTrip(name: String) throws {
        try Self.expectRoundTrip(ImageDecoder.decode(Self.golden(name)), name: name)
    }
}
