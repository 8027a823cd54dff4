import AsyncLayerKitTesting
import Canvas
import ExampleTestSupport
import Foundation
import ReferenceCard
import Testing

/// The reference feed card of ../shared/bench/peers/spec/feed-card.json, drawn with the Canvas.
@Suite struct ReferenceCardTests {
    static let assets = Result { try ReferenceCardAssets.load() }

    @Test(arguments: [0, 1])
    func matchesItsGolden(record: Int) throws {
        let card = try ReferenceCard.render(LiveCardRecord.samples[record], assets: try Self.assets.get())
        #expect(card.width == 750 && card.height == 520)
        // Transparent outside the rounded corners, opaque inside.
        #expect(card.pixel(x: 0, y: 0)?.alpha == 0)
        #expect(card.pixel(x: 375, y: 480)?.alpha == 255)
        try canvasGoldenImages.assertMatches(card, named: "reference-card-\(record)")
    }

    /// The C program of the bench folder wrote its card 0 to `samples/c-cairo-pango.png`; ours must
    /// be the same picture (same fonts, same geometry, same text rules). Skipped — and the run says
    /// so, with the reason — when the bench folder is not beside the repository.
    @Test(.enabled(
        if: FileManager.default.fileExists(atPath: Self.cSample.path),
        "not checked: the plain C program's card is not at ../shared/bench/peers/samples/c-cairo-pango.png"
    ))
    func matchesThePlainCProgram() throws {
        let c = try ImageDecoder.decode([UInt8](try Data(contentsOf: Self.cSample)))
        let ours = try ReferenceCard.render(LiveCardRecord.samples[0], assets: try Self.assets.get())
        #expect(c.width == ours.width && c.height == ours.height)
        let difference = canvasGoldenImages.difference(ours, c, tolerance: 8)
        #expect(difference.fraction < 0.001, "\(difference)")
    }

    static let cSample = ExampleFolders.root
        .appendingPathComponent("../shared/bench/peers/samples/c-cairo-pango.png").standardizedFileURL
}
