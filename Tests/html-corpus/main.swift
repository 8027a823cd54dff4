// html-corpus: our side of the HTML conformance bench (scripts/html-diff).
//
//   html-corpus compare CARDS.json [--pngs DIR] [--diff-out DIR] [--only ID,ID] [--quiet]
//       every card against Chromium's answers (boxes, line counts, png/<id>.png beside CARDS.json
//       or in DIR): a line per card (every card, or those below target with --quiet), then the
//       totals; --diff-out writes <id>.ours.png and copies Chromium's as <id>.chromium.png
import Foundation
import HTMLCorpus
import PaintCorpus

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

func option(_ flag: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, arguments[0] == "compare" else {
    fail("usage: html-corpus compare CARDS.json [--pngs DIR] [--diff-out DIR] [--only ID,ID] [--quiet] [--detail]")
}
do {
    let url = URL(fileURLWithPath: arguments[1])
    let pngs = option("--pngs", in: arguments).map { URL(fileURLWithPath: $0) } ?? url.deletingLastPathComponent().appendingPathComponent("png")
    let diffOut = option("--diff-out", in: arguments).map { URL(fileURLWithPath: $0) }
    let only = option("--only", in: arguments).map { Set($0.split(separator: ",").map(String.init)) }
    let quiet = arguments.contains("--quiet")
    if let diffOut { try FileManager.default.createDirectory(at: diffOut, withIntermediateDirectories: true) }
    var outcomes: [HTMLOutcome] = []
    for card in try HTMLCorpusCard.load(url) where only?.contains(card.id) ?? true {
        let chromium = try HTMLConformance.chromiumImage(card, in: pngs)
        let (outcome, ours) = await HTMLConformance.outcome(card, chromium: chromium)
        outcomes.append(outcome)
        if !quiet || !outcome.meetsTargets {
            var line = "\(outcome.id): elements \(outcome.elementsWithin)/\(outcome.elements), lines \(outcome.textsSame)/\(outcome.texts), ssim \(String(format: "%.3f", outcome.ssim))"
            if let failure = outcome.failure { line += " FAILED: \(failure)" }
            if let first = outcome.firstDifference { line += "\n    box: \(first)" }
            if let first = outcome.firstLineDifference { line += "\n    lines: \(first)" }
            if arguments.contains("--detail") { line += "\n" + (outcome.detail + outcome.lineDetail).map { "      " + $0 }.joined(separator: "\n") }
            print(line)
        }
        if let diffOut, let ours {
            try Data(try ours.pngBytes()).write(to: diffOut.appendingPathComponent(card.id + ".ours.png"))
            if let chromium { try Data(try chromium.pngBytes()).write(to: diffOut.appendingPathComponent(card.id + ".chromium.png")) }
        }
    }
    print(HTMLConformance.summary(outcomes))
} catch {
    fail("html-corpus: \(error)")
}
