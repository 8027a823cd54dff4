// paint-corpus: our side of the paint conformance bench (scripts/paint-diff).
//
//   paint-corpus compare CASES.json [--pngs DIR] [--diff-out DIR] [--quiet]
//       each case against Chromium's <id>.png (beside CASES.json, or in DIR): a line per case,
//       then the per-group table; --diff-out writes <id>.ours.png and <id>.diff.png (differing
//       pixels red) and copies Chromium's as <id>.chromium.png
//   paint-corpus render CASES.json OUT_DIR
//       our picture of every case as OUT_DIR/<id>.png (a line per case the decoder refuses)
//   paint-corpus score A.png B.png [--tolerance T] [--blend-tolerance E]
//       the scores of two PNGs of the same size (the channel and blend tolerances: the standard ones by default)
//   paint-corpus lines CASES.json ID...
//       where our layout puts each text's lines (content frame, then each line's rect, baseline and text),
//       to set beside Chromium's character boxes when a text case differs
import Canvas
import Elements
import Foundation
import PaintCorpus

/// Prints `message` to standard error and exits with status 2.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

/// The value after `flag` in the arguments, if present.
func option(_ flag: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

/// The command line, without the program's name.
let arguments = Array(CommandLine.arguments.dropFirst())
/// What the commands are.
let usage = "usage: paint-corpus compare CASES.json [--pngs DIR] [--diff-out DIR] [--quiet] | render CASES.json OUT_DIR | score A.png B.png [--tolerance T] [--blend-tolerance E] | lines CASES.json ID..."
guard let command = arguments.first, arguments.count >= 2 else { fail(usage) }
/// The thresholds every command uses (the test's).
let thresholds = PaintThresholds.standard
do {
    switch command {
    case "compare":
        let url = URL(fileURLWithPath: arguments[1])
        let pngs = option("--pngs", in: arguments).map { URL(fileURLWithPath: $0) } ?? url.deletingLastPathComponent()
        let diffOut = option("--diff-out", in: arguments).map { URL(fileURLWithPath: $0) }
        let quiet = arguments.contains("--quiet")
        if let diffOut { try FileManager.default.createDirectory(at: diffOut, withIntermediateDirectories: true) }
        var outcomes: [PaintOutcome] = []
        for paintCase in try PaintCase.load(url) {
            let chromium = try PaintConformance.chromiumImage(paintCase, in: pngs)
            let outcome = await PaintConformance.outcome(paintCase, chromium: chromium, thresholds: thresholds)
            outcomes.append(outcome)
            if !quiet || !outcome.passed {
                let score = outcome.score.map { " [\($0.summary), max \($0.maxDifference)]" } ?? ""
                print("\(outcome.id): \(outcome.passed ? "passed" : outcome.reason)\(outcome.passed ? score : "")")
            }
            if let diffOut, case .success(let ours) = await PaintConformance.render(paintCase) {
                try Data(try ours.pngBytes()).write(to: diffOut.appendingPathComponent(paintCase.id + ".ours.png"))
                if let chromium, chromium.width == ours.width, chromium.height == ours.height {
                    let diff = ImageComparison.diffImage(ours, chromium, tolerance: thresholds.channelTolerance, blendTolerance: thresholds.blendTolerance)
                    try Data(try diff.pngBytes()).write(to: diffOut.appendingPathComponent(paintCase.id + ".diff.png"))
                    try Data(try chromium.pngBytes()).write(to: diffOut.appendingPathComponent(paintCase.id + ".chromium.png"))
                }
            }
        }
        print(PaintConformance.groupTable(outcomes))
    case "render":
        guard arguments.count >= 3 else { fail(usage) }
        let out = URL(fileURLWithPath: arguments[2])
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        for paintCase in try PaintCase.load(URL(fileURLWithPath: arguments[1])) {
            switch await PaintConformance.render(paintCase) {
            case .success(let image): try Data(try image.pngBytes()).write(to: out.appendingPathComponent(paintCase.id + ".png"))
            case .failure(let failure): print("\(paintCase.id): \(failure.reason)")
            }
        }
    case "score":
        guard arguments.count >= 3 else { fail(usage) }
        let a = try RGBAImage(encoded: [UInt8](Data(contentsOf: URL(fileURLWithPath: arguments[1]))))
        let b = try RGBAImage(encoded: [UInt8](Data(contentsOf: URL(fileURLWithPath: arguments[2]))))
        guard a.width == b.width, a.height == b.height else { fail("sizes differ: \(a.width)×\(a.height) and \(b.width)×\(b.height)") }
        var chosen = thresholds
        if let t = option("--tolerance", in: arguments).flatMap({ Int($0) }) { chosen.channelTolerance = t }
        if let t = option("--blend-tolerance", in: arguments).flatMap({ Int($0) }) { chosen.blendTolerance = t }
        let s = chosen.score(a, b)
        print("\(s.summary) luma=\(s.lumaSSIM) alpha=\(s.alphaSSIM) differing=\(s.differingPixels) max=\(s.maxDifference) "
              + (chosen.passes(s) ? "passes" : "fails"))
    case "lines":
        let wanted = Set(arguments.dropFirst(2))
        for paintCase in try PaintCase.load(URL(fileURLWithPath: arguments[1])) where wanted.contains(paintCase.id) {
            let document = try ElementDocument.decode(try paintCase.documentBytes())
            guard let size = document.size else { fail("\(paintCase.id): the document has no size") }
            let result = try ElementLayout.layout(document.root, in: size, scale: PaintConformance.scale)
            print("== \(paintCase.id)")
            for node in result.nodes {
                guard let text = node.text else { continue }
                print(" content \(node.contentFrame)")
                for line in text.lines {
                    print("  line \(line.rect) baseline \(line.baseline) \(String(reflecting: String(text.text(of: line))))")
                }
            }
        }
    default:
        fail("unknown command \(command)\n\(usage)")
    }
} catch {
    fail("\(error)")
}
