import Foundation
import PaintCorpus
import Testing

/// The paint corpus (scripts/paint-diff): element documents painted by the renderer and by headless
/// Chromium, whose PNGs are committed as data so no browser is needed here. Each case passes when
/// the two pictures are the same by ``PaintThresholds/standard`` (SSIM and a tolerant pixel count);
/// the failing cases must be exactly the committed KNOWN-FAILURES.json. `make paint-conformance`
/// runs this suite and prints the per-group table.
@Suite struct PaintConformanceTests {
    /// The corpus folder beside this file.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("PaintCorpus")
    /// The package's root, three levels up.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// The committed known failures: id → reason.
    static let knownFailures = folder.appendingPathComponent("KNOWN-FAILURES.json")
    /// Where every run writes its failures (the known-failures format), to compare with the committed list.
    static let runReport = packageRoot.appendingPathComponent(".build/paint-conformance/REPORT.json")
    /// Set to 1 (`UPDATE=1 make paint-conformance`) to rewrite the committed list from this run.
    static let updateVariable = "PAINT_CONFORMANCE_UPDATE"

    /// Every case's outcome, computed once for the suite.
    static let run = Task { try await PaintConformance.run(cases: folder.appendingPathComponent("cases.json")) }

    /// MANIFEST.json, as far as the suite reads it.
    struct Manifest: Decodable {
        /// The counts.
        struct Totals: Decodable {
            /// Every case.
            var cases: Int
            /// The hand-made ones (cases.py).
            var handMade: Int
            /// The generated ones (generate.py).
            var random: Int
        }
        /// Chromium's version line.
        var chromium: String
        /// The counts.
        var totals: Totals
    }

    /// The failing cases are exactly the committed known failures: a regression (a new failure)
    /// or a fix (a listed case that passes) is reported by id. Prints the per-group table.
    @Test func failuresMatchTheKnownFailures() async throws {
        let outcomes = try await Self.run.value
        print(PaintConformance.groupTable(outcomes))
        let report = try PaintConformance.knownFailuresJSON(outcomes)
        try FileManager.default.createDirectory(at: Self.runReport.deletingLastPathComponent(), withIntermediateDirectories: true)
        try report.write(to: Self.runReport)
        if ProcessInfo.processInfo.environment[Self.updateVariable] == "1" {
            try report.write(to: Self.knownFailures)
        }
        let listed = try PaintConformance.knownFailures(Self.knownFailures)
        let failing = Dictionary(uniqueKeysWithValues: outcomes.filter { !$0.passed }.map { ($0.id, $0.reason) })
        let regressions = Set(failing.keys).subtracting(listed.keys).sorted()
        #expect(regressions.isEmpty, "newly failing (see \(Self.runReport.path)): \(regressions.map { "\($0): \(failing[$0]!)" })")
        let fixed = Set(listed.keys).subtracting(failing.keys).sorted()
        #expect(fixed.isEmpty, "now passing, remove from KNOWN-FAILURES.json (UPDATE=1 make paint-conformance): \(fixed)")
    }

    /// The data is what the manifest says: unique ids, a Chromium PNG of 2W × 2H pixels per case,
    /// at least 150 hand-made cases and 100 random ones.
    @Test func corpusIsComplete() throws {
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: Self.folder.appendingPathComponent("MANIFEST.json")))
        let cases = try PaintCase.load(Self.folder.appendingPathComponent("cases.json"))
        #expect(cases.count == manifest.totals.cases)
        #expect(Set(cases.map(\.id)).count == cases.count)
        #expect(manifest.totals.handMade >= 150)
        #expect(manifest.totals.random >= 100)
        #expect(cases.filter { $0.group.hasPrefix("random") }.count == manifest.totals.random)
        for c in cases {
            let size = try #require(c.canvasSize, "\(c.id) has no canvas size")
            let image = try #require(try PaintConformance.chromiumImage(c, in: Self.folder), "\(c.id) has no Chromium PNG")
            #expect(image.width == size.width * 2 && image.height == size.height * 2, "\(c.id)")
        }
    }

    /// The comparison: the same picture scores 1 and 0 differing pixels; an edge one pixel to the
    /// side passes; a missing one-pixel line or a wrong colour fails.
    @Test func comparisonSeparatesTheSameFromTheDifferent() {
        func image(_ draw: (Int, Int) -> [UInt8]) -> RGBAImage {
            RGBAImage(width: 64, height: 48, pixels: (0..<48).flatMap { y in (0..<64).flatMap { x in draw(x, y) } })
        }
        let blue: [UInt8] = [40, 70, 200, 255], clear: [UInt8] = [0, 0, 0, 0], red: [UInt8] = [200, 40, 40, 255]
        let box = image { x, y in (10..<50).contains(x) && (10..<40).contains(y) ? blue : clear }
        let shifted = image { x, y in (11..<51).contains(x) && (10..<40).contains(y) ? blue : clear }
        let lined = image { x, y in x == 55 && (10..<40).contains(y) ? red : (10..<50).contains(x) && (10..<40).contains(y) ? blue : clear }
        let recoloured = image { x, y in (10..<50).contains(x) && (10..<40).contains(y) ? red : clear }
        let t = PaintThresholds.standard
        let same = t.score(box, box)
        #expect(same.ssim > 1 - 1e-9 && same.differingPixels == 0 && same.maxDifference == 0)
        #expect(t.score(box, shifted).differingPixels == 0)
        #expect(t.score(box, lined).differingPixels == 30)
        #expect(!t.passes(t.score(box, lined)))
        #expect(!t.passes(t.score(box, recoloured)))
    }
}
