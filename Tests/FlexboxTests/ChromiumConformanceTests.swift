import Flexbox
import FlexboxCorpus
import Foundation
import Testing

/// The differential corpus (scripts/layout-diff): random flex trees (and, in `block-*.json`, trees
/// in CSS normal flow) nobody wrote a test for, with
/// the frames Chromium gave them, committed as data so no browser is needed here. Every rendered
/// node's four edges must match Chromium's within 0.5 px. `make layout-conformance` runs this
/// suite and prints "Chromium conformance: P of N trees (X %)" and the block part's "… block trees …".
@Suite struct ChromiumConformanceTests {
    /// Every case's outcome, computed once for the suite.
    static let run = Task<(manifest: ChromiumCorpus.Manifest, outcomes: [ChromiumCorpus.Outcome]), any Error> {
        let manifest = try ChromiumCorpus.loadManifest()
        return (manifest, await outcomes(of: try ChromiumCorpus.loadCases()))
    }

    /// The block part's outcomes (CSS normal flow, `block-*.json`), computed once for the suite.
    static let blockRun = Task<(manifest: ChromiumCorpus.Manifest, outcomes: [ChromiumCorpus.Outcome]), any Error> {
        let manifest = try ChromiumCorpus.loadManifest()
        return (manifest, await outcomes(of: try ChromiumCorpus.loadCases(prefix: "block-")))
    }

    /// Each case's outcome, with a suspension point after each: a run that never suspended would
    /// hold one of the cooperative pool's threads (two here) for its whole length, and every other
    /// test's wake-up would queue behind it (stop 41's and 42's red CI runs).
    static func outcomes(of cases: [CorpusCase]) async -> [ChromiumCorpus.Outcome] {
        var outcomes: [ChromiumCorpus.Outcome] = []
        outcomes.reserveCapacity(cases.count)
        for c in cases {
            outcomes.append(ChromiumCorpus.outcome(c))
            await Task.yield()
        }
        return outcomes
    }

    /// The pass rate reaches the threshold, over every case of the corpus.
    @Test func passRateReachesTheThreshold() async throws {
        let (manifest, outcomes) = try await Self.run.value
        let passed = outcomes.filter(\.passed).count
        let figure = ChromiumCorpus.figure(passed: passed, of: outcomes.count)
        print(figure)
        try ChromiumCorpus.writeReport(outcomes)
        #expect(outcomes.count == manifest.totals.cases)
        #expect(Double(passed) >= ChromiumCorpus.threshold * Double(outcomes.count),
                "\(figure), below \(ChromiumCorpus.threshold * 100) %; failures in \(ChromiumCorpus.runReport.path)")
    }

    /// The failing cases are exactly the committed known failures: a regression (a new failure)
    /// or a silent fix (a listed case that passes) is reported by id.
    @Test func failuresMatchTheKnownFailures() async throws {
        let (_, outcomes) = try await Self.run.value
        if ProcessInfo.processInfo.environment[ChromiumCorpus.updateVariable] == "1" {
            try ChromiumCorpus.report(outcomes).write(to: ChromiumCorpus.knownFailures, atomically: true, encoding: .utf8)
        }
        let listed = ChromiumCorpus.parseKnownFailures(try String(contentsOf: ChromiumCorpus.knownFailures, encoding: .utf8))
        let failing = Set(outcomes.filter { !$0.passed }.map(\.id))
        #expect(Set(listed).count == listed.count, "KNOWN-FAILURES.md lists a case twice")
        let regressions = failing.subtracting(listed)
        #expect(regressions.isEmpty, "newly failing (see \(ChromiumCorpus.runReport.path)): \(regressions.sorted())")
        let fixed = Set(listed).subtracting(failing)
        #expect(fixed.isEmpty, "now passing, remove from KNOWN-FAILURES.md (make layout-conformance UPDATE=1): \(fixed.sorted())")
    }

    /// The data is what the manifest says: every case has a frame per node, the totals add up,
    /// and the corpus holds at least 2,000 trees with text leaves and right-to-left cases.
    @Test func corpusIsComplete() async throws {
        let manifest = try ChromiumCorpus.loadManifest()
        let cases = try ChromiumCorpus.loadCases()
        #expect(cases.count == manifest.totals.cases)
        #expect(cases.count >= 2000)
        #expect(Set(cases.map(\.id)).count == cases.count)
        var nodes = 0
        for c in cases {
            let frames = try #require(c.frames, "\(c.id) has no Chromium frames")
            #expect(frames.count == c.tree.count, "\(c.id)")
            #expect(frames.allSatisfy { $0 == nil || $0!.count == 4 }, "\(c.id)")
            nodes += frames.count
        }
        #expect(nodes == manifest.totals.nodes)
        #expect(cases.filter { $0.direction == "rtl" }.count == manifest.totals.rtl)
        #expect(manifest.totals.rtl > cases.count / 5)
        #expect(manifest.totals.textLeaves > cases.count)
    }

    /// Block flow: the pass rate reaches the block threshold over the block part; it prints
    /// "Chromium conformance: P of N block trees (X %)".
    @Test func blockPassRateReachesTheThreshold() async throws {
        let (manifest, outcomes) = try await Self.blockRun.value
        let passed = outcomes.filter(\.passed).count
        let figure = ChromiumCorpus.figure(passed: passed, of: outcomes.count, kind: "block trees")
        print(figure)
        try ChromiumCorpus.writeReport(outcomes, block: true)
        #expect(outcomes.count == manifest.block.totals.cases)
        #expect(Double(passed) >= ChromiumCorpus.blockThreshold * Double(outcomes.count),
                "\(figure), below \(ChromiumCorpus.blockThreshold * 100) %; failures in \(ChromiumCorpus.blockRunReport.path)")
    }

    /// Block flow: the failing cases are exactly those in KNOWN-FAILURES-BLOCK.md.
    @Test func blockFailuresMatchTheKnownFailures() async throws {
        let (_, outcomes) = try await Self.blockRun.value
        if ProcessInfo.processInfo.environment[ChromiumCorpus.updateVariable] == "1" {
            try ChromiumCorpus.report(outcomes, block: true).write(to: ChromiumCorpus.blockKnownFailures, atomically: true, encoding: .utf8)
        }
        let listed = ChromiumCorpus.parseKnownFailures(try String(contentsOf: ChromiumCorpus.blockKnownFailures, encoding: .utf8))
        let failing = Set(outcomes.filter { !$0.passed }.map(\.id))
        #expect(Set(listed).count == listed.count, "KNOWN-FAILURES-BLOCK.md lists a case twice")
        let regressions = failing.subtracting(listed)
        #expect(regressions.isEmpty, "newly failing (see \(ChromiumCorpus.blockRunReport.path)): \(regressions.sorted())")
        let fixed = Set(listed).subtracting(failing)
        #expect(fixed.isEmpty, "now passing, remove from KNOWN-FAILURES-BLOCK.md (make layout-conformance UPDATE=1): \(fixed.sorted())")
    }

    /// Block flow: the block part is what the manifest says, 300 trees of block containers with
    /// text leaves, flex containers inside and right-to-left cases.
    @Test func blockCorpusIsComplete() async throws {
        let manifest = try ChromiumCorpus.loadManifest()
        let cases = try ChromiumCorpus.loadCases(prefix: "block-")
        #expect(cases.count == manifest.block.totals.cases)
        #expect(cases.count >= 300)
        #expect(Set(cases.map(\.id)).count == cases.count)
        #expect(cases.allSatisfy { $0.profile == "block" && ["block", "flow-root"].contains($0.tree.style["display"]) })
        var nodes = 0, flexInside = 0
        for c in cases {
            let frames = try #require(c.frames, "\(c.id) has no Chromium frames")
            #expect(frames.count == c.tree.count, "\(c.id)")
            nodes += frames.count
            func hasFlex(_ n: CorpusNode) -> Bool { n.text == nil && n.style["display"] == nil || (n.children ?? []).contains(where: hasFlex) }
            if (c.tree.children ?? []).contains(where: hasFlex) { flexInside += 1 }
        }
        #expect(nodes == manifest.block.totals.nodes)
        #expect(cases.filter { $0.direction == "rtl" }.count == manifest.block.totals.rtl)
        #expect(manifest.block.totals.rtl > cases.count / 5)
        #expect(manifest.block.totals.textLeaves > cases.count)
        #expect(flexInside > cases.count / 4)
    }

    /// The text measurer answers as Chromium sets the LayoutBlock font (10 px a character and a line).
    @Test func blockTextMeasurerFollowsChromium() {
        var m = BlockTextMeasurer(texts: [0: "abc de fghij"])
        let node = FlexTree.NodeID(0)
        #expect(m.measure(node, width: .infinity, widthMode: .undefined, height: .infinity, heightMode: .undefined)
                == FlexSize(width: 120, height: 10))
        #expect(m.measure(node, width: 0, widthMode: .atMost, height: .infinity, heightMode: .undefined)
                == FlexSize(width: 50, height: 30))
        // fit-content: 75 lies between min-content (50) and max-content (120); "abc de" fits in 60.
        #expect(m.measure(node, width: 75, widthMode: .atMost, height: .infinity, heightMode: .undefined)
                == FlexSize(width: 75, height: 20))
        #expect(m.measure(node, width: 60, widthMode: .exactly, height: .infinity, heightMode: .undefined)
                == FlexSize(width: 60, height: 20))
        #expect(m.baseline(node, size: FlexSize(width: 60, height: 20)) == 8)
    }

    /// A corpus tree reads into the styles its CSS says, on the engine's defaults.
    @Test func cssPropertiesReadOntoFlexStyle() async throws {
        let style = try CSSStyle.style(["flex-direction": "column", "justify-content": "safe center", "width": "fit-content",
                                        "margin-inline-start": "5%", "border-top-width": "2px", "order": "-1",
                                        "flex-basis": "content", "aspect-ratio": "16 / 9", "max-height": "none"])
        var expected = FlexStyle()
        expected.flexDirection = .column
        expected.justifyContent = .center
        expected.safeAlignment = .justifyContent
        expected.width = .fitContent
        expected.margin.start = .percent(5)
        expected.border.top = 2
        expected.order = -1
        expected.flexBasis = .content
        expected.aspectRatio = 16.0 / 9
        #expect(style == expected)
        #expect(throws: CorpusStyleError.self) { try CSSStyle.style(["grid-template-columns": "1fr"]) }
        #expect(throws: CorpusStyleError.self) { try CSSStyle.style(["width": "12em"]) }
    }
}
