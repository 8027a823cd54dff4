import Canvas
public import Foundation
import Elements

/// One case's result against Chromium's picture.
public struct PaintOutcome: Sendable, Hashable {
    /// The case's id.
    public var id: String
    /// The case's group.
    public var group: String
    /// Whether the pictures are the same by ``PaintThresholds``.
    public var passed: Bool
    /// Why not: `unsupported: <the decoder's error>`, `differs: ssim=…, pixels=…%`,
    /// `not rendered: <error>` or `no chromium image`; empty when passed.
    public var reason: String
    /// The scores, when both pictures exist.
    public var score: PaintScore?

    /// Creates an outcome.
    public init(id: String, group: String, passed: Bool, reason: String, score: PaintScore? = nil) {
        self.id = id
        self.group = group
        self.passed = passed
        self.reason = reason
        self.score = score
    }
}

/// Our side of the bench: a case's document decoded with the library's public decoder, rendered
/// at scale 2 by the library's renderer, compared with Chromium's PNG.
public enum PaintConformance {
    /// Device pixels per CSS px, on both sides.
    public static let scale = 2.0
    /// The renderer's limits: the defaults with a generous deadline, since `make test` runs the
    /// bench beside every other suite (the HTML bench among them) on a loaded machine, where a
    /// case that takes milliseconds alone once went past the default 10 s.
    static let limits: ElementLimits = {
        var limits = ElementLimits.default
        limits.maxRenderDuration = .seconds(120)
        return limits
    }()

    /// The case rendered by the library, or the reason it could not be: `unsupported: …` when
    /// the decoder refuses the document, `not rendered: …` when rendering fails.
    public static func render(_ paintCase: PaintCase) async -> Result<RGBAImage, PaintFailure> {
        let document: ElementDocument
        do {
            document = try ElementDocument.decode(try paintCase.documentBytes())
        } catch let error as ElementError {
            return .failure(PaintFailure(reason: "unsupported: \(error)"))
        } catch {
            return .failure(PaintFailure(reason: "unsupported: \(error)"))
        }
        guard let size = document.size else { return .failure(PaintFailure(reason: "not rendered: the document has no size")) }
        do {
            let bitmap = try await ElementRenderer(limits: limits).render(document.root, size: size, scale: scale)
            return .success(RGBAImage(bitmap))
        } catch {
            return .failure(PaintFailure(reason: "not rendered: \(error)"))
        }
    }

    /// The case compared with Chromium's picture (`nil`: Chromium has none for it).
    public static func outcome(_ paintCase: PaintCase, chromium: RGBAImage?,
                               thresholds: PaintThresholds = .standard) async -> PaintOutcome {
        /// A failing outcome for this case.
        func fail(_ reason: String, _ score: PaintScore? = nil) -> PaintOutcome {
            PaintOutcome(id: paintCase.id, group: paintCase.group, passed: false, reason: reason, score: score)
        }
        let ours: RGBAImage
        switch await render(paintCase) {
        case .success(let image): ours = image
        case .failure(let failure): return fail(failure.reason)
        }
        guard let chromium else { return fail("no chromium image") }
        guard chromium.width == ours.width, chromium.height == ours.height else {
            return fail("differs: size \(ours.width)×\(ours.height), chromium \(chromium.width)×\(chromium.height)")
        }
        // A case that draws text is judged by the text rule, unless other thresholds were asked for.
        let rule = thresholds == .standard && paintCase.drawsText ? PaintThresholds.text : thresholds
        let score = rule.score(ours, chromium)
        guard rule.passes(score) else { return fail("differs: \(score.summary)\(rule.refusesBlocks ? ", blocks=\(score.differingBlocks)" : "")", score) }
        return PaintOutcome(id: paintCase.id, group: paintCase.group, passed: true, reason: "", score: score)
    }

    /// Chromium's picture of a case, `<id>.png` in `folder`; `nil` when there is none.
    public static func chromiumImage(_ paintCase: PaintCase, in folder: URL) throws -> RGBAImage? {
        let url = folder.appendingPathComponent(paintCase.id + ".png")
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try RGBAImage(encoded: [UInt8](Data(contentsOf: url)))
    }

    /// Every case of a cases file against the PNGs in `pngs` (default: beside the file).
    public static func run(cases url: URL, pngs: URL? = nil, thresholds: PaintThresholds = .standard) async throws -> [PaintOutcome] {
        let folder = pngs ?? url.deletingLastPathComponent()
        var outcomes: [PaintOutcome] = []
        for paintCase in try PaintCase.load(url) {
            outcomes.append(await outcome(paintCase, chromium: try chromiumImage(paintCase, in: folder), thresholds: thresholds))
            // A case's render never suspends: without this the run would hold a thread of the
            // cooperative pool for minutes, starving every test that runs beside it.
            await Task.yield()
        }
        return outcomes
    }

    /// "Paint conformance: P of N cases (X %)".
    public static func figure(_ outcomes: [PaintOutcome]) -> String {
        let passed = outcomes.count { $0.passed }
        let percent = outcomes.isEmpty ? 0 : Double(passed) * 100 / Double(outcomes.count)
        return "Paint conformance: \(passed) of \(outcomes.count) cases (\(PaintScore.format(percent, 1)) %)"
    }

    /// The per-group table: passed, unsupported (refused by the decoder), differing, total, in
    /// the order groups first appear, then the figure.
    public static func groupTable(_ outcomes: [PaintOutcome]) -> String {
        var order: [String] = []
        var rows: [String: (passed: Int, unsupported: Int, differs: Int, total: Int)] = [:]
        for o in outcomes {
            if rows[o.group] == nil { order.append(o.group); rows[o.group] = (0, 0, 0, 0) }
            rows[o.group]!.total += 1
            if o.passed { rows[o.group]!.passed += 1 } else if o.reason.hasPrefix("unsupported") { rows[o.group]!.unsupported += 1 } else { rows[o.group]!.differs += 1 }
        }
        let width = max(5, order.map(\.count).max() ?? 0)
        /// `s` padded with spaces to `n` characters, on the left for numbers.
        func pad(_ s: String, _ n: Int, left: Bool = false) -> String {
            let space = String(repeating: " ", count: max(0, n - s.count))
            return left ? space + s : s + space
        }
        var lines = [pad("group", width) + "  passed  unsupported  differs  total"]
        for group in order {
            let r = rows[group]!
            lines.append(pad(group, width) + "  " + pad(String(r.passed), 6, left: true) + "  " + pad(String(r.unsupported), 11, left: true)
                         + "  " + pad(String(r.differs), 7, left: true) + "  " + pad(String(r.total), 5, left: true))
        }
        lines.append(figure(outcomes))
        return lines.joined(separator: "\n")
    }

    /// The known-failures file's content: every failing case's id and reason, as sorted JSON.
    public static func knownFailuresJSON(_ outcomes: [PaintOutcome]) throws -> Data {
        var failures: [String: String] = [:]
        for o in outcomes where !o.passed { failures[o.id] = o.reason }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var data = try encoder.encode(failures)
        data.append(0x0A)
        return data
    }

    /// Reads a known-failures file: id → reason.
    public static func knownFailures(_ url: URL) throws -> [String: String] {
        try JSONDecoder().decode([String: String].self, from: Data(contentsOf: url))
    }
}

/// Why a case has no picture of ours.
public struct PaintFailure: Error, Sendable, Hashable {
    /// `unsupported: …` or `not rendered: …`.
    public var reason: String
}
