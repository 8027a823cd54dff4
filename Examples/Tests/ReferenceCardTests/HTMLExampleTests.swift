import AsyncLayerKit
import AsyncLayerKitTesting
import ExampleTestSupport
import Foundation
import Testing

/// The HTML example cards in `Examples/html-cards/`: each reads without a warning (strict), draws
/// its reviewed golden at scale 2 (`Golden/html-<name>.png`; `ACS_RECORD_GOLDEN=1` records), and
/// lays out as headless Chromium does: every element's border box within 1 px on every edge and
/// every text on as many lines as in Chromium's record of the same file, so a golden recorded from
/// a wrong layout cannot pass unnoticed. The record, `Golden/html-cards-chromium.jsonl`, is
/// `scripts/html-diff/chromium.py`'s output (Chromium 156, scale 2, DejaVu fonts as the generic
/// families), rewritten after a card changes with
///
///     python3 scripts/html-diff/chromium.py Examples/html-cards/*.html \
///         > Examples/Tests/ReferenceCardTests/Golden/html-cards-chromium.jsonl
@Suite struct HTMLExampleTests {
    static let folder = ExampleFolders.examples.appendingPathComponent("html-cards")

    /// Every card in the folder, by name without `.html`: a new card needs its golden and its
    /// Chromium record.
    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".html") }.map { String($0.dropLast(5)) }.sorted()

    /// Elements known to be placed otherwise than Chromium places them, by card and index in
    /// ``HTMLCard/frames(in:)``, with why. Every other element must be within 1 px, and these
    /// must still differ (one that matches now is taken off the list).
    static let knownDifferences: [String: [Int: String]] = [:]

    /// One card's answers from headless Chromium (a line of `chromium.py`'s output).
    struct ChromiumRecord: Decodable {
        var id: String
        var width: Double
        var height: Double
        var boxes: [[Double]]
        var tags: [String]
        var lines: [Int]
        var lineTexts: [String]
    }

    /// Chromium's records by card name (empty when the file is missing: the folder test fails then).
    static let chromium: [String: ChromiumRecord] = {
        let url = goldenImages.directory.appendingPathComponent("html-cards-chromium.jsonl")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [:] }
        let records = text.split(separator: "\n").compactMap { try? JSONDecoder().decode(ChromiumRecord.self, from: Data($0.utf8)) }
        return Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }()

    /// The card `name`.html, read in strict mode: any warning is an error.
    static func card(_ name: String) throws -> HTMLCard {
        let html = try String(contentsOf: folder.appendingPathComponent("\(name).html"), encoding: .utf8)
        var options = HTMLOptions()
        options.strict = true
        return try HTMLCard(html: html, options: options)
    }

    @Test func theFolderHoldsTheCardsAndTheirRecords() {
        #expect(Self.names.count >= 8, "Examples/html-cards holds \(Self.names.count) cards")
        for name in Self.names {
            #expect(Self.chromium[name] != nil, "\(name): no Chromium record in html-cards-chromium.jsonl")
        }
    }

    @Test(arguments: names)
    func theCardDrawsItsGolden(name: String) async throws {
        let card = try Self.card(name)
        #expect(card.warnings.isEmpty, "\(name): \(card.warnings)")
        let renderer = ElementRenderer(limits: .testing, imageLoader: FolderImageLoader(folder: Self.folder.path), fonts: card.fonts)
        let bitmap = try await renderer.render(card.root, size: card.size, scale: 2)
        try goldenImages.assertMatches(bitmap, named: "html-\(name)", tolerance: 12, maxDifferingFraction: 0.01)
    }

    @Test(arguments: names)
    func theCardLaysOutAsChromiumDoes(name: String) throws {
        let card = try Self.card(name)
        let record = try #require(Self.chromium[name], "\(name): no Chromium record")
        #expect(card.size == Size(width: record.width, height: record.height))
        let layout = try ElementLayout.layout(card.root, in: card.size, limits: .testing, scale: 2, fonts: card.fonts)
        let frames = card.frames(in: layout)
        try #require(frames.map(\.tag) == record.tags, "\(name): elements \(frames.map(\.tag)) vs Chromium's \(record.tags)")
        let known = Self.knownDifferences[name] ?? [:]
        for (index, (frame, box)) in zip(frames, record.boxes).enumerated() {
            let f = frame.frame
            let edges = [f.minX - box[0], f.minY - box[1], f.maxX - box[0] - box[2], f.maxY - box[1] - box[3]]
            let within = edges.allSatisfy { abs($0) <= 1 }
            if let reason = known[index] {
                #expect(!within, "\(name) #\(index) \(frame.tag) now matches Chromium: remove it from knownDifferences (\(reason))")
            } else {
                #expect(within, "\(name) #\(index) \(frame.tag): ours \(f) vs Chromium's \(box)")
            }
        }
        let lines = card.textLines(in: layout).map(\.lines)
        try #require(lines.count == record.lines.count, "\(name): \(lines.count) texts vs Chromium's \(record.lines.count)")
        for (index, (ours, theirs)) in zip(lines, record.lines).enumerated() {
            #expect(ours == theirs, "\(name) \"\(record.lineTexts[index])\": \(ours) lines vs Chromium's \(theirs)")
        }
    }
}
