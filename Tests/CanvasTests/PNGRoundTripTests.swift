import Foundation
import Testing

@_spi(Benchmarks) @testable import Canvas

/// Decode → encode → decode over real PNGs: the Canvas goldens (cards, text, shadows: what the
/// writer is for) and PngSuite's valid images (every colour type, bit depth, palette,
/// transparency and interlacing libpng decodes into a bitmap).
@Suite struct PNGRoundTripTests {
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func golden(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: goldenFolder.appendingPathComponent(name)))
    }

    static var goldenNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: goldenFolder.path)) ?? []).filter { $0.hasSuffix(".png") }.sorted()
    }

    /// PngSuite (Willem van Schaik's PNG test images). Its images are not committed here: the tests
    /// read them from `$PNGSUITE_DIR`, else from `../shared/fixtures/PngSuite` beside the checkout.
    static let pngSuiteFolder: URL? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [ProcessInfo.processInfo.environment["PNGSUITE_DIR"].map { URL(fileURLWithPath: $0) },
                          root.deletingLastPathComponent().appendingPathComponent("shared/fixtures/PngSuite")]
        return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("basn6a08.png").path) }
    }()

    /// The valid images: PngSuite names its corrupt ones `x…`.
    static var pngSuiteNames: [String] {
        guard let folder = pngSuiteFolder else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".png") && !$0.hasPrefix("x") }.sorted()
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

    @Test(.enabled(if: pngSuiteFolder != nil, "PngSuite not found: set PNGSUITE_DIR or put it in ../shared/fixtures/PngSuite"))
    func pngSuiteRoundTrips() throws {
        let names = Self.pngSuiteNames
        // 175 files, 14 of them corrupt (x…).
        #expect(names.count >= 150, "only \(names.count) PngSuite images")
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: Self.pngSuiteFolder!.appendingPathComponent(name)))
            try Self.expectRoundTrip(ImageDecoder.decode(bytes), name: name)
        }
    }
}
