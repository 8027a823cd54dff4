import AsyncLayerKit
import AsyncLayerKitTesting
import ExampleTestSupport
import Foundation
import ReferenceCard
import Testing

/// The JSON example files in `Examples/element-cards/`: they decode, equal the trees the tests
/// build in Swift, and draw the goldens. Set `ACS_RECORD_EXAMPLES=1` to rewrite them from the
/// Swift trees.
@Suite struct ElementExampleTests {
    static let folder = ExampleFolders.elementCards

    static let examples: [(file: String, document: ElementDocument)] = [
        ("reference-card.json", ElementDocument(root: ReferenceCard.element(for: LiveCardRecord.samples[0]), size: ReferenceCard.size)),
    ]

    @Test func theExampleFilesMatchTheSwiftTrees() throws {
        for (file, document) in Self.examples {
            let url = Self.folder.appendingPathComponent(file)
            if ProcessInfo.processInfo.environment["ACS_RECORD_EXAMPLES"] == "1" {
                try Data(try document.jsonBytes(prettyPrinted: true) + [0x0A]).write(to: url)
            }
            let decoded = try ElementDocument.decode([UInt8](try Data(contentsOf: url)))
            #expect(decoded == document, "\(file) differs from its Swift tree")
        }
    }

    @Test func theReferenceCardJSONDrawsTheGolden() async throws {
        let url = Self.folder.appendingPathComponent("reference-card.json")
        let document = try ElementDocument.decode([UInt8](try Data(contentsOf: url)))
        let renderer = ElementRenderer(limits: .testing, imageLoader: BundledImageLoader())
        let bitmap = try await renderer.render(document.root, size: try #require(document.size), scale: 1)
        try goldenImages.assertMatches(bitmap, named: "element-reference-card-0", tolerance: 12, maxDifferingFraction: 0.01)
    }
}
