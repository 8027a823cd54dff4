import Foundation
import HTMLCorpus
import PaintCorpus
import Testing

/// The HTML card corpus (scripts/html-diff): cards read by `HTMLCard`, laid out and rendered at
/// scale 2, their element frames, line counts and pictures compared with headless Chromium's,
/// committed as data. The cards below target must be exactly those listed in
/// ChromiumCards/KNOWN-FAILURES.json, and no total may fall below the one recorded there.
/// `make html-conformance` runs this suite and prints the figures (`UPDATE=1` rewrites the list).
@Suite struct HTMLConformanceTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ChromiumCards")
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let knownFailures = folder.appendingPathComponent("KNOWN-FAILURES.json")
    static let runReport = packageRoot.appendingPathComponent(".build/html-conformance/REPORT.json")
    static let updateVariable = "HTML_CONFORMANCE_UPDATE"

    /// Every card's outcome, computed once for the suite.
    static let run = Task { try await HTMLConformance.run(cards: folder.appendingPathComponent("cards.json")) }

    @Test func cardsBelowTargetAreTheKnownOnesAndNoTotalFalls() async throws {
        let outcomes = try await Self.run.value
        print("HTML conformance: " + HTMLConformance.summary(outcomes))
        let known = HTMLConformance.knownFailures(outcomes)
        let report = try HTMLConformance.encode(known)
        try FileManager.default.createDirectory(at: Self.runReport.deletingLastPathComponent(), withIntermediateDirectories: true)
        try report.write(to: Self.runReport)
        if ProcessInfo.processInfo.environment[Self.updateVariable] == "1" { try report.write(to: Self.knownFailures) }
        let listed = try JSONDecoder().decode(HTMLConformance.KnownFailures.self, from: Data(contentsOf: Self.knownFailures))
        let regressions = Set(known.cards.keys).subtracting(listed.cards.keys).sorted()
        #expect(regressions.isEmpty, "newly below target (see \(Self.runReport.path)): \(regressions.map { "\($0): \(known.cards[$0]!)" })")
        let fixed = Set(listed.cards.keys).subtracting(known.cards.keys).sorted()
        #expect(fixed.isEmpty, "now meeting every target, remove from KNOWN-FAILURES.json (UPDATE=1 make html-conformance): \(fixed)")
        #expect(known.elementsWithin >= listed.elementsWithin, "elements within 1 px fell: \(known.elementsWithin) < \(listed.elementsWithin)")
        #expect(known.textsSame >= listed.textsSame, "texts on as many lines fell: \(known.textsSame) < \(listed.textsSame)")
        #expect(known.cardsAtSSIM >= listed.cardsAtSSIM, "cards at SSIM ≥ 0.97 fell: \(known.cardsAtSSIM) < \(listed.cardsAtSSIM)")
    }

    /// The data is whole: unique ids, a PNG of 2W × 2H for every card, boxes and tags of one length.
    @Test func corpusIsComplete() throws {
        let cards = try HTMLCorpusCard.load(Self.folder.appendingPathComponent("cards.json"))
        #expect(cards.count >= 200)
        #expect(Set(cards.map(\.id)).count == cards.count)
        for card in cards {
            #expect(card.boxes.count == card.tags.count && card.lines.count == card.lineTexts.count, "\(card.id)")
            let image = try #require(try HTMLConformance.chromiumImage(card, in: Self.folder.appendingPathComponent("png")), "\(card.id) has no PNG")
            #expect(Double(image.width) == card.width * 2 && Double(image.height) == card.height * 2, "\(card.id)")
        }
    }
}
