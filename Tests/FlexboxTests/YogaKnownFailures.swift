import Foundation

/// The committed list of enabled cases the engine fails (`YogaFixtures/KNOWN-FAILURES.md`), and
/// the report it is written from: each failing case with its first differing node.
enum YogaKnownFailures {
    static let file = YogaFixtureData.folder.appendingPathComponent("KNOWN-FAILURES.md")
    /// Where every run writes its report (same format), to compare with the committed list.
    static let runReport = YogaFixtureData.packageRoot.appendingPathComponent(".build/yoga-conformance/REPORT.md")
    /// Set to 1 (`make layout-conformance UPDATE=1`) to rewrite the committed list from this run.
    static let updateVariable = "YOGA_CONFORMANCE_UPDATE"

    /// The report of a run: the figure, then every failing enabled case (`- \`key\` …` lines, the
    /// ones ``parse(_:)`` reads), then the disabled cases' outcomes.
    static func report(_ results: [YogaCaseResult], yogaCommit: String, skipped: Int) -> String {
        let enabled = results.filter { !$0.disabled }
        let disabled = results.filter(\.disabled)
        let failing = enabled.filter { !$0.passed }
        var lines = [
            "# Yoga conformance: known failures",
            "",
            "<!-- Written by `make layout-conformance UPDATE=1` (YogaConformanceTests); the suite fails",
            "when the failing enabled cases differ from the ones listed under \"Failing\". -->",
            "",
            YogaConformance.figure(passed: enabled.count - failing.count, of: enabled.count)
                + ", threshold \(Int(YogaConformance.threshold * 100)) %.",
            "Data: facebook/yoga \(yogaCommit), converted by scripts/yoga-fixtures/convert.py;",
            "\(skipped) Yoga tests are out of scope (SKIPPED.md); \(disabled.filter(\.passed).count) of "
                + "\(disabled.count) cases disabled in Yoga pass (not counted).",
            "",
            "## Failing (\(failing.count))",
            "",
            "Each failing case with its first node that differs: direction, Yoga's node name, expected",
            "(Chrome) and actual left top width height.",
            "",
        ]
        lines += failing.map { "- `\($0.key)` \($0.mismatch?.summary ?? "")" }
        lines += ["", "## Disabled in Yoga (\(disabled.count))", ""]
        lines += disabled.map { "* `\($0.key)` " + ($0.mismatch.map { "fails: \($0.summary)" } ?? "passes") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The keys listed as failing in a report.
    static func parse(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("- `") else { return nil }
            return line.dropFirst(3).split(separator: "`", maxSplits: 1).first.map(String.init)
        }
    }
}
