import AsyncLayerKit
import AsyncLayerKitTesting
import ExampleTestSupport
import Foundation
import ReferenceCard
import Testing

/// `ReferenceCard.element(for:)`, the reference card written with the result-builder DSL: the
/// same tree as its JSON form and as the hand-built tree behind the goldens, and the same pixels.
@Suite struct ReferenceCardDSLTests {
    let renderer = ElementRenderer(limits: .testing, imageLoader: BundledImageLoader())

    @Test func recordZeroIsTheJSONTree() throws {
        let url = ElementExampleTests.folder.appendingPathComponent("reference-card.json")
        let document = try ElementDocument.decode([UInt8](try Data(contentsOf: url)))
        let tree = ReferenceCard.element(for: LiveCardRecord.samples[0])
        #expect(tree == document.root)
        #expect(try tree.contentHash() == document.root.contentHash())
        #expect(document.size == ReferenceCard.size)
    }

    @Test func eachRecordGivesItsOwnTree() throws {
        let trees = LiveCardRecord.samples.map(ReferenceCard.element(for:))
        #expect(trees[0] != trees[1])
        #expect(try trees[0].contentHash() != trees[1].contentHash())
    }

    /// The goldens `element-reference-card-0` and `-1`, at scale 1 (record 0's tree is also the
    /// JSON file's, tested above).
    @Test(arguments: [0, 1])
    func drawsTheGolden(sample: Int) async throws {
        let record = LiveCardRecord.samples[sample]
        let tree = ReferenceCard.element(for: record)
        let bitmap = try await renderer.render(tree, size: ReferenceCard.size, scale: 1)
        try goldenImages.assertMatches(bitmap, named: "element-reference-card-\(sample)", tolerance: 12, maxDifferingFraction: 0.01)
    }
}
