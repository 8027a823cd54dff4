import FlexboxCorpus
import Foundation

/// The committed Chromium corpus (`ChromiumCorpus/`, written by scripts/layout-diff/corpus.py), its
/// known failures, and the report every run writes.
enum ChromiumCorpus {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ChromiumCorpus")
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let knownFailures = folder.appendingPathComponent("KNOWN-FAILURES.md")
    /// The block part's known failures (`block-*.json`).
    static let blockKnownFailures = folder.appendingPathComponent("KNOWN-FAILURES-BLOCK.md")
    /// Where every run writes the block part's report.
    static let blockRunReport = packageRoot.appendingPathComponent(".build/chromium-conformance/REPORT-BLOCK.md")
    /// The share of the block part's trees that must match.
    static let blockThreshold = 0.98
    /// Where every run writes its report (the known-failures format), to compare with the committed list.
    static let runReport = packageRoot.appendingPathComponent(".build/chromium-conformance/REPORT.md")
    /// Set to 1 (`make layout-conformance UPDATE=1`) to rewrite the committed list from this run.
    static let updateVariable = "CHROMIUM_CONFORMANCE_UPDATE"
    /// The share of trees that must match.
    static let threshold = 0.99

    /// MANIFEST.json.
    struct Manifest: Decodable {
        struct Totals: Decodable {
            var cases: Int
            var cards: Int
            var rtl: Int
            var nodes: Int
            var textLeaves: Int
        }
        /// The block part (CSS normal flow): its own files and totals.
        struct Part: Decodable {
            var command: String
            var totals: Totals
        }
        var chromium: String
        var command: String
        var totals: Totals
        var block: Part
    }

    /// One case's result.
    struct Outcome: Sendable {
        var id: String
        var passed: Bool
        /// The first differing node, or the reason the case could not be read.
        var summary: String
    }

    static func loadManifest() throws -> Manifest {
        try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: folder.appendingPathComponent("MANIFEST.json")))
    }

    /// Every case of every `corpus-*.json` (`prefix` "block-": every `block-*.json`), in file order.
    static func loadCases(prefix: String = "corpus-") throws -> [CorpusCase] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
        return try names.flatMap { name in
            try JSONDecoder().decode([CorpusCase].self, from: Data(contentsOf: folder.appendingPathComponent(name)))
        }
    }

    static func outcome(_ c: CorpusCase) -> Outcome {
        do {
            let o = try CorpusLayout.run(c)
            guard let d = o.firstDifference else { return Outcome(id: c.id, passed: true, summary: "") }
            func box(_ b: [Double]) -> String { b.map { String(format: "%g", ($0 * 100).rounded() / 100) }.joined(separator: " ") }
            return Outcome(id: c.id, passed: false,
                           summary: "\(o.differingNodes) nodes; node \(d.node): chromium \(box(d.chromium)), engine \(box(d.engine))")
        } catch {
            return Outcome(id: c.id, passed: false, summary: "not read: \(error)")
        }
    }

    /// "Chromium conformance: P of N trees (X %)"; `kind` names the part ("block trees").
    static func figure(passed: Int, of total: Int, kind: String = "trees") -> String {
        let percent = total == 0 ? 0 : Double(passed) * 100 / Double(total)
        return "Chromium conformance: \(passed) of \(total) \(kind) (\(String(format: "%.1f", percent)) %)"
    }

    /// The report: the figure, then every failing case (`- \`id\` …`, the lines ``parseKnownFailures(_:)`` reads).
    static func report(_ outcomes: [Outcome], block: Bool = false) -> String {
        let failing = outcomes.filter { !$0.passed }
        var lines = [
            block ? "# Chromium conformance, block flow: known failures" : "# Chromium conformance: known failures",
            "",
            "<!-- Written by `make layout-conformance UPDATE=1` (ChromiumConformanceTests); the suite fails",
            "when the failing cases differ from the ones listed under \"Failing\". -->",
            "",
            figure(passed: outcomes.count - failing.count, of: outcomes.count, kind: block ? "block trees" : "trees")
                + ", threshold \((block ? blockThreshold : threshold) * 100) %.",
            "",
            "## Failing (\(failing.count))",
            "",
            "Each failing case: how many nodes differ, the first one (pre-order index), Chromium's and the",
            "engine's x y width height relative to the root.",
            "",
        ]
        lines += failing.map { "- `\($0.id)` \($0.summary)" }
        return lines.joined(separator: "\n") + "\n"
    }

    static func writeReport(_ outcomes: [Outcome], block: Bool = false) throws {
        let url = block ? blockRunReport : runReport
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try report(outcomes, block: block).write(to: url, atomically: true, encoding: .utf8)
    }

    static func parseKnownFailures(_ text: String) -> [String] { YogaKnownFailures.parse(text) }
}
