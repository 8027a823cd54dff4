import Flexbox
import Foundation
import Testing

/// Yoga's gentest fixtures (expected frames computed by Chrome) as the engine's conformance suite.
/// One figure over all enabled in-scope cases rather than a test per case: while the engine is
/// incomplete, hundreds of failures would be noise. `make layout-conformance` runs this suite.
@Suite struct YogaConformanceTests {
    /// The fixtures, the manifest and every case's outcome, computed once for the suite.
    struct Run: Sendable {
        let files: [(name: String, file: YogaFixtureFile)]
        let manifest: YogaManifest
        let results: [YogaCaseResult]
    }

    static let run = Task<Run, any Error> {
        let files = try YogaFixtureData.loadFiles()
        return Run(files: files, manifest: try YogaFixtureData.loadManifest(), results: try await YogaConformance.runAll(files))
    }

    /// The pass rate over the enabled in-scope cases reaches the threshold. N must be the number
    /// of enabled cases the converter emitted, so an empty or truncated run cannot pass.
    @Test func passRateReachesTheThreshold() async throws {
        let run = try await Self.run.value
        let enabled = run.results.filter { !$0.disabled }
        let passed = enabled.filter(\.passed).count
        let figure = YogaConformance.figure(passed: passed, of: enabled.count)
        print(figure)
        try writeReport(run)
        #expect(enabled.count == run.manifest.totals.enabled)
        #expect(enabled.count > 0)
        #expect(Double(passed) >= YogaConformance.threshold * Double(enabled.count),
                "\(figure), below \(Int(YogaConformance.threshold * 100)) %; failures in \(YogaKnownFailures.runReport.path)")
    }

    /// The failing enabled cases are exactly the committed known failures: a regression (a new
    /// failure) or a silent fix (a listed case that passes) is reported by name.
    @Test func failuresMatchTheKnownFailures() async throws {
        let run = try await Self.run.value
        let failing = Set(run.results.filter { !$0.disabled && !$0.passed }.map(\.key))
        let enabledKeys = Set(run.results.filter { !$0.disabled }.map(\.key))
        if ProcessInfo.processInfo.environment[YogaKnownFailures.updateVariable] == "1" {
            try report(run).write(to: YogaKnownFailures.file, atomically: true, encoding: .utf8)
            print("Yoga conformance: wrote \(YogaKnownFailures.file.path)")
        }
        let listed = YogaKnownFailures.parse(try String(contentsOf: YogaKnownFailures.file, encoding: .utf8))
        #expect(Set(listed).count == listed.count, "KNOWN-FAILURES.md lists a case twice")
        let unknown = Set(listed).subtracting(enabledKeys)
        #expect(unknown.isEmpty, "KNOWN-FAILURES.md lists cases that are not enabled fixtures: \(unknown.sorted())")
        let regressions = failing.subtracting(listed)
        #expect(regressions.isEmpty, "newly failing (see \(YogaKnownFailures.runReport.path)): \(regressions.sorted())")
        let fixed = Set(listed).subtracting(failing).intersection(enabledKeys)
        #expect(fixed.isEmpty, "now passing, remove from KNOWN-FAILURES.md (make layout-conformance UPDATE=1): \(fixed.sorted())")
    }

    /// The data accounts for every Yoga test it was converted from: per file, cases + skipped =
    /// the `TEST(` count of the source, the manifest agrees with the files, and the totals are
    /// this Yoga commit's (so the data cannot shrink silently).
    @Test func fixtureDataIsComplete() async throws {
        let run = try await Self.run.value
        let manifest = run.manifest
        #expect(run.files.map(\.name) == manifest.files.keys.sorted())
        #expect(run.files.count == YogaFixtureData.sourceFiles)
        #expect(manifest.totals.sourceTests == YogaFixtureData.sourceTests)
        var sums = [0, 0, 0, 0, 0, 0]
        for (name, file) in run.files {
            let disabled = file.cases.filter(\.disabled).count
            let counts = YogaManifest.Counts(
                sourceTests: file.sourceTestCount, cases: file.cases.count, enabled: file.cases.count - disabled,
                disabled: disabled, skipped: file.skipped.count, nodes: file.cases.reduce(0) { $0 + $1.nodeCount })
            #expect(manifest.files[name] == counts, "\(name)")
            #expect(file.cases.count + file.skipped.count == file.sourceTestCount, "\(name)")
            #expect(file.yogaCommit == manifest.yogaCommit, "\(name)")
            #expect(file.skipped.allSatisfy { !$0.reasons.isEmpty }, "\(name): a skipped test without a reason")
            #expect(file.cases.allSatisfy { $0.file == name }, "\(name)")
            let values = [counts.sourceTests, counts.cases, counts.enabled, counts.disabled, counts.skipped, counts.nodes]
            sums = zip(sums, values).map(+)
        }
        let totals = manifest.totals
        #expect(sums == [totals.sourceTests, totals.cases, totals.enabled, totals.disabled, totals.skipped, totals.nodes])
        #expect(manifest.skippedByReason.values.reduce(0, +) >= totals.skipped)
        #expect(run.results.count == totals.cases)
        // Keys are unique, so the known-failures list names each case once.
        #expect(Set(run.results.map(\.key)).count == run.results.count)
    }

    /// A fixture node decodes onto FlexStyle with Yoga's defaults, not CSS's.
    @Test func nodesCarryYogaDefaults() async throws {
        let run = try await Self.run.value
        let file = try #require(run.files.first { $0.name == "YGFlexTest" }?.file)
        let testCase = try #require(file.cases.first { $0.name == "flex_basis_flex_grow_column" })
        let root = testCase.tree.style
        var expected = FlexStyle()
        expected.position = .absolute
        expected.flexDirection = .column
        expected.flexShrink = 0
        expected.alignContent = .flexStart
        expected.width = .points(100)
        expected.height = .points(100)
        #expect(root == expected)
        #expect(testCase.tree.children.first?.style.flexBasis == .points(50))
        #expect(testCase.tree.children.first?.style.flexGrow == 1)
    }

    /// The measure stub gives Yoga's answers (TestUtil.cpp) on its edge cases, and a text's
    /// longest word for the min-content question.
    @Test func measureStubFollowsYogasTestMeasure() {
        typealias Stub = YogaMeasureStub
        let text = "Lorem ipsum dolor sit amet"  // 26 bytes, longest word 5
        #expect(Stub.size(of: text, isColumn: true, width: .infinity, widthMode: .undefined, height: .infinity, heightMode: .undefined)
                == FlexSize(width: 260, height: 10))
        // "Lorem ipsum" fits 110: 2 words a line at 120 → 3 lines.
        #expect(Stub.size(of: text, isColumn: true, width: 120, widthMode: .atMost, height: .infinity, heightMode: .undefined)
                == FlexSize(width: 120, height: 30))
        #expect(Stub.size(of: text, isColumn: true, width: 300, widthMode: .atMost, height: 5, heightMode: .atMost)
                == FlexSize(width: 260, height: 5))
        // A row wraps at no less than its longest word; a column at the measured width (each
        // word wider than 20 takes its own line: 5 lines).
        #expect(Stub.size(of: text, isColumn: false, width: 20, widthMode: .exactly, height: 0, heightMode: .undefined)
                == FlexSize(width: 20, height: 50))
        #expect(Stub.size(of: text, isColumn: true, width: 20, widthMode: .exactly, height: 0, heightMode: .undefined)
                == FlexSize(width: 20, height: 50))
        #expect(Stub.size(of: "ab cd", isColumn: true, width: 30, widthMode: .exactly, height: 7, heightMode: .exactly)
                == FlexSize(width: 30, height: 7))
        // The min-content question (at most 0): the longest word, as a browser's text answers.
        #expect(Stub.size(of: text, isColumn: true, width: 0, widthMode: .atMost, height: .infinity, heightMode: .undefined).width == 50)
        #expect(Stub.longestWordWidth("a bcd ef") == 30)
        #expect(Stub.textHeight("ab cd", width: 30) == 20)
        #expect(Stub.textHeight("ab cd", width: 50) == 10)
        #expect(Stub.textHeight("abcdef", width: 30) == 10)  // one over-wide word: lines 1 + 1, then − 1 (line empty)
    }

    /// Writes this run's report under .build (always) so the failures can be read.
    private func writeReport(_ run: Run) throws {
        let url = YogaKnownFailures.runReport
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try report(run).write(to: url, atomically: true, encoding: .utf8)
    }

    private func report(_ run: Run) -> String {
        YogaKnownFailures.report(run.results, yogaCommit: run.manifest.yogaCommit, skipped: run.manifest.totals.skipped)
    }
}
