import ArgumentParser
import AsyncLayerKit
import BenchSupport
import Foundation

/// What an emoji set (``EmojiImages``) costs on a text-heavy card: the split of its texts into
/// image runs alone, and whole renders with and without the set, in interleaved rounds.
struct EmojiSplit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emoji",
        abstract: "A text-heavy card rendered with and without an emoji set (Twemoji-style SVG folder), and the split alone.",
        discussion: """
            The card: 400 pt wide, six CSS paragraphs of Latin and CJK text (about 1,700 \
            characters), once with three emoji per paragraph (18, six distinct) and once with a word \
            in place of each. The set is a folder of six small SVGs, listed once. Each round times, \
            `--iterations` times each: the split alone (EmojiImages.applied(to:)) on both cards; \
            cold renders at scale 2 with a plain ElementRenderer (no cache: every text measured and \
            every picture loaded and decoded in each render), with and without the set; and warm \
            renders of the emoji card with a renderer that keeps texts and images in an \
            ElementCache, with and without the set. Medians over the rounds, and their ratios.
            """
    )

    @Option(help: "Interleaved rounds.") var rounds = 5
    @Option(help: "Operations per round and kind.") var iterations = 20

    static let emoji: [Character] = ["😀", "🎉", "❤️", "🇫🇷", "👍🏽", "👨‍👩‍👧"]

    /// Six paragraphs; `emoji` puts three emoji in each, otherwise a word stands in their place.
    static func card(emoji: Bool) -> Element {
        let latin = "The river festival opened with lanterns along both banks, and the crowd stayed until the last boat came back "
        let cjk = "江边的灯会从傍晚开始，人们沿着河岸一直走到最后一条船回来。"
        var paragraphs: [Element] = []
        for index in 0..<6 {
            let marks = (0..<3).map { emoji ? String(Self.emoji[(index + $0 * 2) % Self.emoji.count]) : "word" }
            let text = "\(marks[0]) " + latin + marks[1] + " " + cjk + " " + latin.uppercased() + " " + marks[2]
            paragraphs.append(Element.paragraph(AttributedText(text)).textStyle { $0.fontSize = .points(index == 0 ? 18 : 13) })
        }
        return Element.vstack(spacing: 8, alignment: .start, children: paragraphs)
            .padding(EdgeInsets(all: 16))
            .background(.white)
            .font(["DejaVu Sans", "Noto Sans CJK SC"])
    }

    /// A folder holding one small SVG per emoji of the card, by Twemoji's names.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("card-bench-emoji-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (index, grapheme) in emoji.enumerated() {
            let hue = ["#FFCC33", "#F4900C", "#E0245E", "#002395", "#C1694F", "#77B255"][index]
            let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><circle cx="18" cy="18" r="17" fill="\##(hue)"/><circle cx="12" cy="14" r="3" fill="#333"/><circle cx="24" cy="14" r="3" fill="#333"/><path d="M9 21 Q18 31 27 21" stroke="#333" stroke-width="2.5" fill="none"/></svg>"##
            let name = EmojiImages.fileNames(for: grapheme)[0] + ".svg"
            try Data(svg.utf8).write(to: url.appendingPathComponent(name))
        }
        return url
    }

    func run() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let set = try EmojiImages(folder: folder.path)
        let withEmoji = Self.card(emoji: true), withoutEmoji = Self.card(emoji: false)
        let size = Size(width: 400, height: 900)
        let limits = ElementLimits(maxRenderDuration: nil)
        let plain = ElementRenderer(limits: limits), emojiRenderer = ElementRenderer(limits: limits, emojiImages: set)
        let warmPlain = ElementRenderer(limits: limits, cache: ElementCache(byteLimit: 64 << 20))
        let warmEmoji = ElementRenderer(limits: limits, emojiImages: set, cache: ElementCache(byteLimit: 64 << 20))
        let pictures = try ElementLayout.layout(set.applied(to: withEmoji), in: size).nodes.compactMap(\.text).map(\.attachments.count).reduce(0, +)
        let clock = ContinuousClock()
        var sink = 0
        func timed(_ body: () async throws -> Int) async rethrows -> Double {
            var elapsed = Duration.zero
            for _ in 0..<iterations {
                let start = clock.now
                sink &+= try await body()
                elapsed += clock.now - start
            }
            return elapsed.seconds / Double(iterations)
        }
        var splitPlain: [Double] = [], splitEmoji: [Double] = []
        var coldPlainNone: [Double] = [], coldSetNone: [Double] = [], coldPlainEmoji: [Double] = [], coldSetEmoji: [Double] = []
        var warmPlainEmoji: [Double] = [], warmSetEmoji: [Double] = []
        for _ in 0..<rounds {
            splitPlain.append(await timed { set.applied(to: withoutEmoji).children.count })
            splitEmoji.append(await timed { set.applied(to: withEmoji).children.count })
            coldPlainNone.append(try await timed { try await plain.render(withoutEmoji, size: size, scale: 2).width })
            coldSetNone.append(try await timed { try await emojiRenderer.render(withoutEmoji, size: size, scale: 2).width })
            coldPlainEmoji.append(try await timed { try await plain.render(withEmoji, size: size, scale: 2).width })
            coldSetEmoji.append(try await timed { try await emojiRenderer.render(withEmoji, size: size, scale: 2).width })
            warmPlainEmoji.append(try await timed { try await warmPlain.render(withEmoji, size: size, scale: 2).width })
            warmSetEmoji.append(try await timed { try await warmEmoji.render(withEmoji, size: size, scale: 2).width })
        }
        let characters = Self.card(emoji: true).children.map { element -> Int in
            if case .text(let text) = element.kind { return text.text.string.count }
            return 0
        }.reduce(0, +)
        print("card: \(characters) characters in 6 paragraphs, \(pictures) emoji pictures from \(set.folderFileCount) SVGs; median of \(rounds) rounds of \(iterations)")
        print("| | without the set | with the set | with / without |")
        print("|---|---:|---:|---:|")
        print(String(format: "| card without emoji, cold render (ms) | %.3f | %.3f | %.3f |", coldPlainNone.median * 1000, coldSetNone.median * 1000, coldSetNone.median / coldPlainNone.median))
        print(String(format: "| card with emoji, cold render (ms) | %.3f | %.3f | %.3f |", coldPlainEmoji.median * 1000, coldSetEmoji.median * 1000, coldSetEmoji.median / coldPlainEmoji.median))
        print(String(format: "| card with emoji, warm render: texts and images cached (ms) | %.3f | %.3f | %.3f |", warmPlainEmoji.median * 1000, warmSetEmoji.median * 1000, warmSetEmoji.median / warmPlainEmoji.median))
        print("")
        print("| the split alone, EmojiImages.applied(to:) | µs | share of the cold render with the set |")
        print("|---|---:|---:|")
        print(String(format: "| card without emoji (nothing to split) | %.1f | %.2f %% |", splitPlain.median * 1e6, 100 * splitPlain.median / coldSetNone.median))
        print(String(format: "| card with emoji | %.1f | %.2f %% |", splitEmoji.median * 1e6, 100 * splitEmoji.median / coldSetEmoji.median))
        if sink == 42 { print("") }
    }
}
