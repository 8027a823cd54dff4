import Testing

@testable import Canvas

/// Measuring and drawing text from many tasks at once gives exactly the single-threaded results.
/// Run under ThreadSanitizer too: `swift test --sanitize=thread --filter Text`.
@Suite struct TextConcurrencyTests {
    /// What one measurement and drawing produced, comparable across threads.
    struct Outcome: Equatable, Sendable {
        var size: Size
        var lines: [TextLayout.Line]
        var fontsUsed: [String]
        var glyphs: [UInt32]
        var pixels: [UInt8]
    }

    static let cases: [(AttributedText, TextStyle, TextLayoutOptions)] = {
        let title = TextStyle(size: 15, color: Color(red255: 17, green255: 17, blue255: 17), lineHeight: 20)
        var linked = AttributedText("Live from the Bund: ")
        linked.append("上海外滩夜景漫步", style: .init(weight: .bold, color: .red), link: "acs://bund")
        linked.append(" + Q&A with special guests 🎉")
        return [
            (AttributedText("【周末特别企划】Live from the Bund: 上海外滩夜景漫步 + Q&A with special guests，一起聊聊城市旅行、街头美食和手机摄影技巧"),
             title, TextLayoutOptions(maxWidth: 272, maxLines: 2)),
            (AttributedText("Ranked grind to Grandmaster tonight — 今晚冲分宗师! Come hang out 🎮🔥"),
             title, TextLayoutOptions(maxWidth: 272, maxLines: 2)),
            (AttributedText("夏天的小鹿SummerDeer官方直播间·欢迎常来玩"),
             TextStyle(size: 14, weight: .bold, color: .white), TextLayoutOptions(maxWidth: 220, maxLines: 1)),
            (AttributedText("1.2万 watching"), TextStyle(size: 12, alignment: .right), TextLayoutOptions(maxWidth: 100, maxLines: 1)),
            (linked, TextStyle(fontFamily: "DejaVu Sans, Noto Sans CJK SC", size: 13, underline: false), TextLayoutOptions(maxWidth: 150)),
            (AttributedText("مرحبا بالعالم — שלום עולם — Hello"), TextStyle(size: 16, alignment: .natural), TextLayoutOptions(maxWidth: 120)),
            (AttributedText("Struck through, underlined, spaced"), TextStyle(fontFamily: "DejaVu Serif", size: 18, italic: true, letterSpacing: 1.5, underline: true, strikethrough: true), TextLayoutOptions(maxWidth: 160, maxLines: 3, truncation: .middle)),
        ]
    }()

    static func outcome(_ index: Int) throws -> Outcome {
        let (text, style, options) = cases[index]
        let layout = try TextLayout(text: text, style: style, options: options)
        let bitmap = try Bitmap.render(size: Size(width: 300, height: 80), scale: 2) { context in
            context.draw(layout, at: Point(x: 4, y: 4))
        }
        return Outcome(
            size: layout.size,
            lines: layout.lines,
            fontsUsed: layout.fontsUsed,
            glyphs: layout.runs.flatMap(\.glyphIDs),
            pixels: bitmap.premultipliedBGRABytes()
        )
    }

    @Test func manyTasksMatchTheSingleThreadedResult() async throws {
        let expected = try (0..<Self.cases.count).map(Self.outcome)
        for outcome in expected {
            #expect(outcome.pixels.contains { $0 != 0 }, "something was drawn")
        }
        let taskCount = 32, rounds = 4
        for round in 0..<rounds {
            let results = await withTaskGroup(of: (Int, Result<Outcome, any Error>).self) { group in
                for task in 0..<taskCount {
                    // Round 0: every task the same text; later rounds: a mix.
                    let index = round == 0 ? 0 : (task + round) % Self.cases.count
                    group.addTask {
                        (index, Result { try Self.outcome(index) })
                    }
                }
                var results: [(Int, Result<Outcome, any Error>)] = []
                for await result in group { results.append(result) }
                return results
            }
            #expect(results.count == taskCount)
            for (index, result) in results {
                let outcome = try result.get()
                #expect(outcome.size == expected[index].size, "round \(round), case \(index)")
                #expect(outcome.lines == expected[index].lines, "round \(round), case \(index)")
                #expect(outcome.fontsUsed == expected[index].fontsUsed, "round \(round), case \(index)")
                #expect(outcome.glyphs == expected[index].glyphs, "round \(round), case \(index)")
                #expect(outcome.pixels == expected[index].pixels, "round \(round), case \(index): pixels differ")
            }
        }
    }

    @Test func oneLayoutDrawnFromManyTasksAtOnce() async throws {
        let (text, style, options) = Self.cases[0]
        let layout = try TextLayout(text: text, style: style, options: options)
        func draw() throws -> [UInt8] {
            try Bitmap.render(size: Size(width: 290, height: 50), scale: 2) { $0.draw(layout, at: Point(x: 8, y: 4)) }
                .premultipliedBGRABytes()
        }
        let expected = try draw()
        try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<32 {
                group.addTask { try draw() }
            }
            for try await pixels in group {
                #expect(pixels == expected)
            }
        }
    }
}
