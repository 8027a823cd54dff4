import ArgumentParser
import AsyncLayerKit
import BenchSupport
import Foundation

/// The cost of each CSS paint effect on a 1200×630 card at scale 2, as a ratio to the same card
/// with a plain fill, measured in interleaved rounds in one process.
struct Effects: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Each CSS paint effect on a 1200×630 card at scale 2, against a plain fill in the same run.",
        discussion: """
            One card per effect: a 1200×630 root with a 1000×430 panel in the middle; the plain card \
            fills the panel with a colour, each other card gives it one effect. Every round renders \
            every card `--iterations` times (layout and paint, no cache); the table gives the median \
            time per card and its ratio to the plain card's median. `--html DIR` writes each card as \
            an HTML page too, for scripts/paint-diff/bench-chromium.py.
            """
    )

    @Option(help: "Interleaved rounds.") var rounds = 5
    @Option(help: "Renders per card per round.") var iterations = 10
    @Option(help: "Write each effect's element document (JSON) into this folder.") var json: String?

    /// The effects: a name and the panel's style (JSON object members).
    static let cards: [(String, String)] = [
        ("plain fill", ##""backgroundColor": "#3366ff""##),
        ("linear gradient", ##""backgroundImage": "linear-gradient(135deg, #f06 0%, #48f 100%)""##),
        ("radial gradient", ##""backgroundImage": "radial-gradient(circle at 30% 30%, #fff, #f06 60%, #48f)""##),
        ("conic gradient", ##""backgroundImage": "conic-gradient(from 45deg, red, yellow, lime, aqua, blue, magenta, red)""##),
        ("repeating stripes", ##""backgroundImage": "repeating-linear-gradient(45deg, #000 0 6px, #fff 6px 12px)""##),
        ("3 box shadows", ##""backgroundColor": "#3366ff", "borderRadius": 24, "boxShadow": "0 1px 2px rgba(0,0,0,.3), 0 4px 12px -2px rgba(0,0,0,.25), 0 24px 48px rgba(0,0,0,.2)""##),
        ("inset shadow", ##""backgroundColor": "#3366ff", "borderRadius": 24, "boxShadow": "inset 0 2px 16px rgba(0,0,0,.5)""##),
        ("dashed border", ##""backgroundColor": "#3366ff", "border": "6px dashed #fff", "borderRadius": 24"##),
    ]

    static func document(_ style: String) -> String {
        ##"{"version": 2, "size": {"width": 1200, "height": 630}, "root": {"type": "view", "style": {"backgroundColor": "#f4f4f4", "alignItems": "center", "justifyContent": "center"}, "children": [{"type": "view", "style": {"width": 1000, "height": 430, \##(style)}}]}}"##
    }

    func run() async throws {
        let renderer = ElementRenderer()
        let documents = try Self.cards.map { name, style in (name, try ElementDocument.decode(Array(Self.document(style).utf8))) }
        if let json {
            try FileManager.default.createDirectory(atPath: json, withIntermediateDirectories: true)
            for (index, (name, style)) in Self.cards.enumerated() {
                let file = "\(json)/\(index)-\(name.replacingOccurrences(of: " ", with: "-")).json"
                try Self.document(style).write(toFile: file, atomically: true, encoding: .utf8)
            }
        }
        let clock = ContinuousClock()
        var times = Array(repeating: [Double](), count: documents.count)
        var sink = 0
        for _ in 0..<rounds {
            for (index, (_, document)) in documents.enumerated() {
                let size = document.size ?? Size(width: 1200, height: 630)
                let elapsed = try await clock.measure {
                    for _ in 0..<iterations {
                        let bitmap = try await renderer.render(document.root, size: size, scale: 2)
                        sink &+= Int(bitmap.pixel(x: 1200, y: 630)?.alpha ?? 0)
                    }
                }
                times[index].append(elapsed.seconds / Double(iterations))
            }
        }
        let plain = times[0].median
        print("1200×630 pt at scale 2 (2400×1260 px), median of \(rounds) interleaved rounds × \(iterations) renders")
        print("| effect | ms per card | × plain fill |")
        print("|---|---:|---:|")
        for (index, (name, _)) in documents.enumerated() {
            let median = times[index].median
            print(String(format: "| %@ | %.2f | %.2f |", name, median * 1000, median / plain))
        }
        if sink == 42 { print("") }
    }
}
