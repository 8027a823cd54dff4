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

    /// The text the text cards hold: a two-line headline.
    static let headline = ##"[{"type": "text", "text": {"text": "Fireworks over the river tonight, and the crowd that came for them"}, "style": {"width": 900, "fontFamily": "DejaVu Sans", "fontSize": 48, "fontWeight": 700, "color": "#ffffff"@TEXTSTYLE@}}]"##

    /// The effects: a name and the panel's style (JSON object members), and for the text cards
    /// the headline's extra style.
    static let cards: [(String, String)] = [
        ("plain fill", ##""backgroundColor": "#3366ff""##),
        ("linear gradient", ##""backgroundImage": "linear-gradient(135deg, #f06 0%, #48f 100%)""##),
        ("radial gradient", ##""backgroundImage": "radial-gradient(circle at 30% 30%, #fff, #f06 60%, #48f)""##),
        ("conic gradient", ##""backgroundImage": "conic-gradient(from 45deg, red, yellow, lime, aqua, blue, magenta, red)""##),
        ("repeating stripes", ##""backgroundImage": "repeating-linear-gradient(45deg, #000 0 6px, #fff 6px 12px)""##),
        ("3 box shadows", ##""backgroundColor": "#3366ff", "borderRadius": 24, "boxShadow": "0 1px 2px rgba(0,0,0,.3), 0 4px 12px -2px rgba(0,0,0,.25), 0 24px 48px rgba(0,0,0,.2)""##),
        ("inset shadow", ##""backgroundColor": "#3366ff", "borderRadius": 24, "boxShadow": "inset 0 2px 16px rgba(0,0,0,.5)""##),
        ("dashed border", ##""backgroundColor": "#3366ff", "border": "6px dashed #fff", "borderRadius": 24"##),
        ("blur filter 8px", ##""backgroundImage": "linear-gradient(135deg, #f06 0%, #48f 100%)", "filter": "blur(8px)""##),
        ("backdrop blur 12px", ##""backgroundColor": "rgb(255 255 255 / 30%)", "backdropFilter": "blur(12px)""##),
        ("clip path", ##""backgroundColor": "#3366ff", "clipPath": "polygon(50% 0, 100% 50%, 50% 100%, 0 50%)""##),
        ("transform", ##""backgroundColor": "#3366ff", "transform": "rotate(-8deg) scale(0.9)""##),
    ]

    /// The text effects: a name and the headline's extra style, on the plain panel; their ratio
    /// is also given against the plain headline ("plain text").
    static let textCards: [(String, String)] = [
        ("plain text", ""),
        ("4 text shadows", ##", "textShadow": "0 0 4px #fff, 0 0 10px #f0f, 0 0 22px #f0f, 0 0 40px #70f""##),
        ("text stroke", ##", "WebkitTextStroke": "2px #000""##),
        ("gradient text", ##", "color": "transparent", "background": "linear-gradient(90deg, #fde047, #f06)", "backgroundClip": "text""##),
        ("wavy underline", ##", "textDecoration": "underline wavy #fde047 3px""##),
        ("balanced lines", ##", "textWrap": "balance""##),
        ("justified", ##", "textAlign": "justify""##),
    ]

    static func document(_ style: String, children: String = "[]") -> String {
        ##"{"version": 2, "size": {"width": 1200, "height": 630}, "root": {"type": "view", "style": {"backgroundColor": "#f4f4f4", "alignItems": "center", "justifyContent": "center"}, "children": [{"type": "view", "style": {"width": 1000, "height": 430, "alignItems": "center", "justifyContent": "center", \##(style)}, "children": \##(children)}]}}"##
    }

    /// Every card as (name, document text): the paint effects, then the text effects on the plain panel.
    static var allCards: [(String, String)] {
        cards.map { ($0.0, document($0.1)) }
            + textCards.map { ($0.0, document(cards[0].1, children: headline.replacingOccurrences(of: "@TEXTSTYLE@", with: $0.1))) }
    }

    func run() async throws {
        let renderer = ElementRenderer()
        let documents = try Self.allCards.map { name, text in (name, try ElementDocument.decode(Array(text.utf8))) }
        if let json {
            try FileManager.default.createDirectory(atPath: json, withIntermediateDirectories: true)
            for (index, (name, text)) in Self.allCards.enumerated() {
                let file = "\(json)/\(index)-\(name.replacingOccurrences(of: " ", with: "-")).json"
                try text.write(toFile: file, atomically: true, encoding: .utf8)
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
        let plain = times[0].median, plainText = times[Self.cards.count].median
        print("1200×630 pt at scale 2 (2400×1260 px), median of \(rounds) interleaved rounds × \(iterations) renders")
        print("| effect | ms per card | × plain fill | × plain text |")
        print("|---|---:|---:|---:|")
        for (index, (name, _)) in documents.enumerated() {
            let median = times[index].median
            let text = index >= Self.cards.count ? String(format: "%.2f", median / plainText) : ""
            print(String(format: "| %@ | %.2f | %.2f | %@ |", name, median * 1000, median / plain, text))
        }
        if sink == 42 { print("") }
    }
}
